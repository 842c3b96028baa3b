// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "subcommand.h"

using namespace Qt::StringLiterals;

namespace rankscope {

// Sub-command entry points, each defined in its own <name>command.cpp.
// (Declared here rather than in headers of their own: nothing else calls them.)
int runSimulateCommand(const QStringList &args, QTextStream &out, QTextStream &err);
int runKbCommand(const QStringList &args, QTextStream &out, QTextStream &err);
int runAnalyzeCommand(const QStringList &args, QTextStream &out, QTextStream &err);
int runReportCommand(const QStringList &args, QTextStream &out, QTextStream &err);
int runHistoryCommand(const QStringList &args, QTextStream &out, QTextStream &err);
int runDiffCommand(const QStringList &args, QTextStream &out, QTextStream &err);

const QList<SubCommand> &SubCommand::all()
{
    static const QList<SubCommand> commands = {
        {u"simulate"_s, u"Generate a realistic incident bundle with a known answer"_s, &runSimulateCommand},
        {u"analyze"_s, u"Analyse an incident bundle headless (text, JSON or Markdown)"_s, &runAnalyzeCommand},
        {u"report"_s, u"Write an incident report (HTML, Markdown, PDF, JSON, summary, trace)"_s, &runReportCommand, true},
        {u"kb"_s, u"Browse, search and validate the failure encyclopedia"_s, &runKbCommand},
        {u"history"_s, u"The local incident library: list, show, stats (recurring culprits), import"_s, &runHistoryCommand},
        {u"diff"_s, u"Compare a failed run with a good one (versions, topology, new failures, steps)"_s, &runDiffCommand},
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
