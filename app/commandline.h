// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

class QTextStream;

namespace rankscope {

// Headless front end: `rankscope --help`, `--version` and the sub-commands. It only parses
// arguments and prints; every sub-command calls the same core entry points as the GUI.
class CommandLine
{
public:
    using Versions = QList<QPair<QString, QString>>;

    // True when argv asks for headless work, so main() can pick QCoreApplication and never
    // needs a display for pipelines and tests.
    static bool isHeadless(const QStringList &args);
    // True when the headless command paints (report images, PDF need fonts): main() then starts
    // a QGuiApplication after prepareHeadlessGui().
    static bool needsGuiApplication(const QStringList &args);
    // The offscreen platform is chosen when none is (QT_QPA_PLATFORM unset) and there is no X11
    // or Wayland display, so `rankscope report` works over ssh, in CI and in containers.
    static bool useOffscreenPlatform(const QByteArray &qpaPlatform, const QByteArray &display, const QByteArray &waylandDisplay);
    // Sets QT_QPA_PLATFORM=offscreen when useOffscreenPlatform() says so for this environment.
    static void prepareHeadlessGui();

    // args includes the program name. Returns the process exit code:
    // 0 done, 2 bad usage, 3 nothing readable (per sub-command), 1 other failure.
    static int run(const QStringList &args, const Versions &libraryVersions, QTextStream &out, QTextStream &err);

    static Versions coreVersions();
    static QString helpText();
};

} // namespace rankscope
