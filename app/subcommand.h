// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

class QTextStream;

namespace rankscope {

// One headless sub-command (`rankscope analyze`, `rankscope kb`, …). Each lives in its own
// file and is listed in SubCommand::all(); run() receives the arguments after the command name.
// Exit codes: 0 done, 2 bad usage, 3 nothing readable, 1 any other failure.
struct SubCommand
{
    QString name;
    QString summary;
    int (*run)(const QStringList &args, QTextStream &out, QTextStream &err) = nullptr;
    // The command paints (images, PDF): main() starts a QGuiApplication, offscreen when there
    // is no display, instead of a QCoreApplication.
    bool needsGuiApplication = false;

    static const QList<SubCommand> &all();
    static const SubCommand *find(const QString &name);
};

} // namespace rankscope
