// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rankscopeconfig.h"

#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
namespace KSyntaxHighlighting {
class Repository;
}

namespace rankscope::ui {

// The one KSyntaxHighlighting repository of the process (STYLE.md 15): constructing one loads
// every definition, so it is built on first use on the GUI thread and shared by pointer.
// NOTE: kept beside the encyclopedia for now; the log view should take the same pointer.
KSyntaxHighlighting::Repository *syntaxRepository();

} // namespace rankscope::ui
#endif
