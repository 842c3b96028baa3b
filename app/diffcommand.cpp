// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `rankscope diff GOOD BAD`: what changed between a run that worked and one that failed.
#include "comparisonreport.h"
#include "ingestoptions.h"
#include "knowledgebase.h"
#include "runcomparison.h"

#include <QJsonDocument>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace rankscope {

namespace {
QString usage()
{
    return u"Usage: rankscope diff GOOD BAD [--format text|json|markdown] [OPTIONS]\n"
           "Compares a failed run (BAD) with one of the same job that worked (GOOD); each is a folder, log file or\n"
           "archive. Prints the version and setting differences per node, the job's shape and fabric, the failures only\n"
           "the failed run shows (with their first lines), and the training step time and loss before it stopped.\n"
           "  --format text|json|markdown   what to print (default text)\n"_s
        + IngestOptions::usage()
        + u"Exit codes: 0 compared, 2 bad usage, 3 a run with nothing readable.\n"_s;
}
} // namespace

int runDiffCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QStringList paths;
    QString format = u"text"_s;
    IngestOptions ingestOptions;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args.at(i);
        switch (ingestOptions.take(u"diff"_s, args, i, err)) {
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
        } else if (a.section(u'=', 0, 0) == u"--format"_s) {
            if (!IngestOptions::value(args, i, format)) {
                err << u"rankscope diff: --format needs a value\n"_s << usage();
                return 2;
            }
        } else if (a.startsWith(u'-')) {
            err << u"rankscope diff: unknown option "_s << a << u'\n' << usage();
            return 2;
        } else {
            paths.append(a);
        }
    }
    if (paths.size() != 2) {
        err << u"rankscope diff: give two runs, GOOD then BAD ("_s << paths.size() << u" given)\n"_s << usage();
        return 2;
    }
    if (format != u"text"_s && format != u"json"_s && format != u"markdown"_s) {
        err << u"rankscope diff: unknown format '"_s << format << u"' (text, json or markdown)\n"_s;
        return 2;
    }
    // Manual corrections (--attribute, --clock-offset) name files of one bundle; they apply to
    // both runs, which is right for the clock of a node both used.
    const auto kb = ingestOptions.openEncyclopedia(err);
    const auto good = ingestOptions.analyze(u"diff"_s, {paths.at(0)}, *kb, err);
    if (!good)
        return 3;
    const auto bad = ingestOptions.analyze(u"diff"_s, {paths.at(1)}, *kb, err);
    if (!bad)
        return 3;
    const analysis::RunComparison c = analysis::RunComparison::compare(*good, *bad);
    if (format == u"json"_s)
        out << QString::fromUtf8(QJsonDocument(report::ComparisonReport::toJson(c, paths.at(0), paths.at(1))).toJson(QJsonDocument::Indented));
    else if (format == u"markdown"_s)
        out << report::ComparisonReport::toMarkdown(c, paths.at(0), paths.at(1));
    else
        out << report::ComparisonReport::toText(c, paths.at(0), paths.at(1));
    return 0;
}

} // namespace rankscope
