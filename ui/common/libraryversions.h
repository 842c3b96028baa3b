// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPair>
#include <QString>

namespace rankscope::ui {

// Versions of the libraries only the GUI links (QCustomPlot, KSyntaxHighlighting), for
// --version and the About dialog. Kept here so nothing outside ui includes their headers.
QList<QPair<QString, QString>> guiLibraryVersions();

} // namespace rankscope::ui
