// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `rankscope analyze PATH… [--format text|json|markdown]`: the headless analysis for pipelines.
#include "analysisreport.h"
#include "analyzer.h"
#include "ingestoptions.h"
#include "ingestor.h"
#include "knowledgebase.h"
#include "standardinput.h"

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
           "  --events                      list every event in the JSON output\n"_s
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

    ingest::IngestConfig &config = ingestOptions.config;
    const QString &dbPath = ingestOptions.encyclopedia;
    Warnings kbWarnings;
    const auto kb = kb::KnowledgeBase::open(dbPath.isEmpty() ? kb::KnowledgeBase::defaultDatabasePath() : dbPath,
                                            kb::KnowledgeBase::defaultUserDir(), &kbWarnings);
    for (const Warning &w : kbWarnings)
        err << u"rankscope: encyclopedia: "_s << w.toString() << u'\n';
    config.fingerprints = analysis::Analyzer::fingerprintSpecs(*kb);

    const auto ingested = ingest::Ingestor::run(paths, config);
    if (ingested->files.isEmpty()) {
        for (const Warning &w : ingested->warnings)
            err << u"rankscope: "_s << w.toString() << u'\n';
        err << u"rankscope analyze: nothing readable in "_s << paths.join(u", "_s) << u'\n';
        return 3;
    }
    const auto result = analysis::Analyzer::run(ingested, *kb);
    if (format == u"json"_s) {
        out << QString::fromUtf8(QJsonDocument(report::AnalysisReport::toJson(*result, options)).toJson(QJsonDocument::Indented));
    } else if (format == u"markdown"_s) {
        out << report::AnalysisReport::toMarkdown(*result, kb.get());
    } else {
        options.colour = ::isatty(STDOUT_FILENO) && qEnvironmentVariableIsEmpty("NO_COLOR");
        out << report::AnalysisReport::toText(*result, kb.get(), options);
    }
    return 0;
}

} // namespace rankscope
