// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPair>
#include <QStringList>

class QApplication;

namespace rankscope::ui {

// Starts the workbench: theme, start-up checks, the main window, the paths from the command line.
class GuiLauncher
{
public:
    static int run(QApplication &app, const QStringList &paths);
    static QList<QPair<QString, QString>> libraryVersions();
};

} // namespace rankscope::ui
