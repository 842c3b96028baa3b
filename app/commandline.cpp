// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandline.h"

#include "rankscopeconfig.h"
#include "subcommand.h"
#include "sqlitesupport.h"

#include <QFileInfo>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace rankscope {

namespace {

bool isHelp(const QString &a) { return a == u"--help"_s || a == u"-h"_s || a == u"help"_s; }
bool isVersion(const QString &a) { return a == u"--version"_s || a == u"-v"_s; }

} // namespace

bool CommandLine::isHeadless(const QStringList &args)
{
    if (args.size() < 2)
        return false;
    const QString &first = args.at(1);
    if (isHelp(first) || isVersion(first) || SubCommand::find(first))
        return true;
    // A bare word that is no file here is a mistyped command, not an incident to open: answer on
    // the terminal instead of opening a window that only says "not found".
    return !first.startsWith(u'-') && !first.contains(u'/') && !first.contains(u'.') && !QFileInfo::exists(first);
}

bool CommandLine::needsGuiApplication(const QStringList &args)
{
    const SubCommand *cmd = args.size() >= 2 ? SubCommand::find(args.at(1)) : nullptr;
    return cmd && cmd->needsGuiApplication;
}

bool CommandLine::useOffscreenPlatform(const QByteArray &qpaPlatform, const QByteArray &display, const QByteArray &waylandDisplay)
{
    return qpaPlatform.isEmpty() && display.isEmpty() && waylandDisplay.isEmpty();
}

void CommandLine::prepareHeadlessGui()
{
    if (useOffscreenPlatform(qgetenv("QT_QPA_PLATFORM"), qgetenv("DISPLAY"), qgetenv("WAYLAND_DISPLAY")))
        qputenv("QT_QPA_PLATFORM", "offscreen");
}

CommandLine::Versions CommandLine::coreVersions()
{
    const QString sqlite = SqliteSupport::sqliteVersion();
    return {
        {u"RankScope"_s, QString::fromLatin1(RANKSCOPE_VERSION_STRING)},
        {u"Qt"_s, QString::fromLatin1(qVersion()) + u" (built with "_s + QString::fromLatin1(QT_VERSION_STR) + u')'},
        {u"SQLite"_s, sqlite.isEmpty() ? u"driver missing (install libqt6sql6-sqlite)"_s : sqlite},
    };
}

namespace {
QString commandList()
{
    QString s;
    for (const SubCommand &c : SubCommand::all())
        s += u"  "_s + c.name.leftJustified(16) + u' ' + c.summary + u'\n';
    return s.isEmpty() ? u"  (none yet)\n"_s : s;
}
} // namespace

QString CommandLine::helpText()
{
    return u"Usage: rankscope [PATH... | CASE.rscase]\n"
           "       rankscope COMMAND [OPTIONS]\n"
           "\n"
           "RankScope triages failed distributed-training jobs from their logs, offline.\n"
           "Without a command it opens the workbench window, with PATH (a folder, log file or\n"
           "archive of an incident bundle) or a saved case (CASE.rscase) loaded.\n"
           "\n"
           "Commands:\n"_s + commandList() + u"\n"
           "Options:\n"
           "  -h, --help       Show this help\n"
           "  -v, --version    Show the versions of RankScope and the libraries it uses\n"_s;
}

int CommandLine::run(const QStringList &args, const Versions &libraryVersions, QTextStream &out, QTextStream &err)
{
    if (args.size() < 2 || isHelp(args.at(1))) {
        out << helpText();
        return 0;
    }
    const QString &first = args.at(1);
    if (isVersion(first)) {
        for (const auto &[name, version] : libraryVersions)
            out << name << u' ' << version << u'\n';
        return 0;
    }
    if (const SubCommand *cmd = SubCommand::find(first))
        return cmd->run(args.mid(2), out, err);
    err << u"rankscope: unknown command '"_s << first << u"'\n"_s << helpText();
    return 2;
}

} // namespace rankscope
