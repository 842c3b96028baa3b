// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `rankscope analyze PATH… [--format text|json|markdown]`: the headless analysis for pipelines.
#include "analysisreport.h"
#include "incidentlibrary.h"
#include "ingestoptions.h"
#include "knowledgebase.h"
#include "standardinput.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QTextStream>

#include <unistd.h>

using namespace Qt::StringLiterals;

namespace rankscope {

namespace {
QString usage()
{
    return u"Usage: rankscope analyze PATH... [--format text|json|markdown] [--events] [OPTIONS]\n"
           "Reads an incident bundle (folders, log files, archives; '-' for standard input) and prints who started the failure,\n"
           "the evidence chain, the version matrix, ranked diagnoses and warnings.\n"
           "  --format text|json|markdown   what to print (default text)\n"
           "  --events                      list every event in the JSON output\n"
           "  --record[=LIBRARY]            also keep the incident in the local incident library (rankscope history;\n"
           "                                default $RANKSCOPE_HISTORY or the application data folder)\n"_s
        + IngestOptions::usage()
        + u"Exit codes: 0 analysed (even with warnings), 2 bad usage, 3 nothing readable.\n"_s;
}
} // namespace

int runAnalyzeCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QStringList paths;
    QString format = u"text"_s;
    IngestOptions ingestOptions;
    report::AnalysisReport::Options options;
    bool record = false;
    QString libraryPath;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args.at(i);
        const QString option = a.section(u'=', 0, 0);
        switch (ingestOptions.take(u"analyze"_s, args, i, err)) {
        case IngestOptions::Outcome::Taken:
            continue;
        case IngestOptions::Outcome::BadUsage:
            return 2;
        case IngestOptions::Outcome::NotMine:
            break;
        }
        if (a == u"--help"_s || a == u"-h"_s) {
            out << usage();
            return 0;
        } else if (option == u"--format"_s) {
            if (!IngestOptions::value(args, i, format)) {
                err << u"rankscope analyze: --format needs a value\n"_s << usage();
                return 2;
            }
        } else if (a == u"--events"_s) {
            options.includeEvents = true;
        } else if (option == u"--record"_s) {
            record = true;
            if (a.contains(u'='))
                libraryPath = a.section(u'=', 1);
            if (libraryPath.isEmpty() && a.contains(u'=')) {
                err << u"rankscope analyze: --record= needs a library file\n"_s;
                return 2;
            }
        } else if (a.startsWith(u"--"_s) || (a.startsWith(u'-') && a != u"-"_s)) {
            err << u"rankscope analyze: unknown option "_s << a << u'\n' << usage();
            return 2;
        } else {
            paths.append(a);
        }
    }
    if (paths.isEmpty()) {
        err << u"rankscope analyze: no PATH given\n"_s << usage();
        return 2;
    }
    if (format != u"text"_s && format != u"json"_s && format != u"markdown"_s) {
        err << u"rankscope analyze: unknown format '"_s << format << u"' (text, json or markdown)\n"_s;
        return 2;
    }

    QTemporaryDir stdinDir;
    if (!spoolStandardInput(u"analyze"_s, paths, stdinDir, err))
        return 3;

    const auto kb = ingestOptions.openEncyclopedia(err);
    const auto result = ingestOptions.analyze(u"analyze"_s, paths, *kb, err);
    if (!result)
        return 3;
    if (format == u"json"_s) {
        out << QString::fromUtf8(QJsonDocument(report::AnalysisReport::toJson(*result, options)).toJson(QJsonDocument::Indented));
    } else if (format == u"markdown"_s) {
        out << report::AnalysisReport::toMarkdown(*result, kb.get());
    } else {
        options.colour = ::isatty(STDOUT_FILENO) && qEnvironmentVariableIsEmpty("NO_COLOR");
        out << report::AnalysisReport::toText(*result, kb.get(), options);
    }
    if (record) {
        const history::IncidentLibrary library(libraryPath.isEmpty() ? history::IncidentLibrary::defaultPath() : libraryPath);
        QStringList opened;
        for (const QString &p : std::as_const(paths))
            opened << QFileInfo(p).absoluteFilePath();
        QString problem;
        auto incident = history::IncidentRecord::fromAnalysisJson(report::AnalysisReport::toJson(*result, {}), opened.join(u'\n'), &problem);
        bool updated = false;
        const history::LibraryResult written = incident ? library.record(*incident, &updated) : history::LibraryResult{false, problem};
        if (!written.ok) {
            err << u"rankscope analyze: not recorded: "_s << written.message << u'\n';
            return 1;
        }
        err << (updated ? u"rankscope analyze: updated incident %1 in %2\n"_s : u"rankscope analyze: recorded incident %1 in %2\n"_s)
                   .arg(incident->id).arg(library.path());
    }
    return 0;
}

} // namespace rankscope
