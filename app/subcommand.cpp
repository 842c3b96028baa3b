// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "subcommand.h"

using namespace Qt::StringLiterals;

namespace rankscope {

// Sub-command entry points, each defined in its own <name>command.cpp.
// (Declared here rather than in headers of their own: nothing else calls them.)

const QList<SubCommand> &SubCommand::all()
{
    static const QList<SubCommand> commands = {
    };
    return commands;
}

const SubCommand *SubCommand::find(const QString &name)
{
    for (const SubCommand &c : all()) {
        if (c.name == name)
            return &c;
    }
    return nullptr;
}

} // namespace rankscope
