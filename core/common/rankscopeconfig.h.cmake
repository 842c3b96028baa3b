// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#define RANKSCOPE_VERSION_STRING "@PROJECT_VERSION@"
#cmakedefine01 RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
#cmakedefine01 RANKSCOPE_HAVE_QCUSTOMPLOT
