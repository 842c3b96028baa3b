// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ingestoptions.h"
#include "incidentpipeline.h"
#include "knowledgebase.h"
#include "readinglimit.h"

#include <QTextStream>

using namespace Qt::StringLiterals;

namespace rankscope {

bool IngestOptions::value(const QStringList &args, qsizetype &i, QString &into)
{
    const QString &a = args.at(i);
    if (a.startsWith(u"--"_s) && a.contains(u'=')) {
        into = a.section(u'=', 1);
        return true;
    }
    if (i + 1 >= args.size())
        return false;
    into = args.at(++i);
    return true;
}

QString IngestOptions::usage()
{
    return u"  --clock-offset NODE=SECONDS   add SECONDS to NODE's clock (repeatable; wins over the estimate)\n"
           "  --attribute PATH=[RANK][@NODE]  the rank and/or node that wrote PATH (repeatable; PATH as\n"
           "                                RankScope shows it, relative to the bundle)\n"
           "  --threads N                   read with N threads (default: one per core)\n"
           "  --encyclopedia DB             use this encyclopedia database\n"_s
        + u"Caps that bound memory and time on hostile bundles (SIZE as 16G, 512M or bytes):\n"_s
        + limitsUsage();
}

QString IngestOptions::limitsUsage()
{
    QString out;
    for (const ingest::ReadingLimit &l : ingest::ReadingLimit::all()) {
        const QString metavar = l.unit() == ingest::ReadingLimit::Unit::Bytes ? u"SIZE"_s
                              : l.unit() == ingest::ReadingLimit::Unit::Count ? u"N"_s : u"R"_s;
        const QString option = u"  --"_s + l.key() + u' ' + metavar;
        out += option.leftJustified(32) + l.label().toLower() + u" (default "_s + l.format(l.defaultValue()) + u")\n"_s;
    }
    return out;
}

bool IngestOptions::parseAttribution(const QString &spec, QString &path, ingest::FileAttributionOverride &into)
{
    const qsizetype eq = spec.lastIndexOf(u'=');
    if (eq <= 0)
        return false;
    path = spec.left(eq);
    const QString who = spec.mid(eq + 1);
    const qsizetype at = who.indexOf(u'@');
    const QString rank = at < 0 ? who : who.left(at);
    into = {};
    if (at >= 0) {
        into.node = who.mid(at + 1).trimmed();
        if (into.node.isEmpty())
            return false;
    }
    if (!rank.isEmpty()) {
        bool ok = false;
        into.rank = rank.toInt(&ok);
        if (!ok || into.rank < 0)
            return false;
    }
    return into.rank >= 0 || !into.node.isEmpty();
}

IngestOptions::IngestOptions()
{
    bool ok = false;
    const qint64 epoch = qEnvironmentVariable("SOURCE_DATE_EPOCH").toLongLong(&ok);
    if (ok && epoch > 0)
        config.nowMs = epoch * 1000;
}

IngestOptions::Outcome IngestOptions::take(const QString &command, const QStringList &args, qsizetype &i, QTextStream &err)
{
    const QString option = args.at(i).section(u'=', 0, 0);
    const QString prefix = u"rankscope "_s + command + u": "_s;
    QString v;
    if (option == u"--encyclopedia"_s) {
        if (!value(args, i, encyclopedia) || encyclopedia.isEmpty()) {
            err << prefix << u"--encyclopedia needs a path\n"_s;
            return Outcome::BadUsage;
        }
    } else if (option == u"--threads"_s) {
        bool ok = false;
        if (!value(args, i, v) || (config.threads = v.toInt(&ok), !ok) || config.threads < 1) {
            err << prefix << u"--threads needs a positive number\n"_s;
            return Outcome::BadUsage;
        }
    } else if (option == u"--clock-offset"_s) {
        bool ok = false;
        double seconds = 0;
        if (value(args, i, v))
            seconds = v.section(u'=', 1).toDouble(&ok);
        if (!ok || v.section(u'=', 0, 0).isEmpty()) {
            err << prefix << u"--clock-offset takes NODE=SECONDS, e.g. gpu-07=-2.5\n"_s;
            return Outcome::BadUsage;
        }
        config.manual.clockOffsets.insert(v.section(u'=', 0, 0), seconds);
    } else if (option == u"--attribute"_s) {
        QString path;
        ingest::FileAttributionOverride who;
        if (!value(args, i, v) || !parseAttribution(v, path, who)) {
            err << prefix << u"--attribute takes PATH=RANK, PATH=@NODE or PATH=RANK@NODE, e.g. node-a/out.log=12@gpu-07\n"_s;
            return Outcome::BadUsage;
        }
        config.manual.attribution.insert(path, who);
    } else if (const ingest::ReadingLimit *limit = option.startsWith(u"--"_s) ? ingest::ReadingLimit::find(QStringView(option).mid(2)) : nullptr) {
        double number = 0;
        QString why;
        if (!value(args, i, v)) {
            err << prefix << option << u" needs a value\n"_s;
            return Outcome::BadUsage;
        }
        if (!limit->parse(v, &number, &why)) {
            err << prefix << option << u' ' << why << u'\n';
            return Outcome::BadUsage;
        }
        limit->setValue(config, number);
    } else {
        return Outcome::NotMine;
    }
    return Outcome::Taken;
}

std::shared_ptr<const kb::KnowledgeBase> IngestOptions::openEncyclopedia(QTextStream &err) const
{
    Warnings warnings;
    auto kb = kb::KnowledgeBase::open(encyclopedia.isEmpty() ? kb::KnowledgeBase::defaultDatabasePath() : encyclopedia,
                                      kb::KnowledgeBase::defaultUserDir(), &warnings);
    for (const Warning &w : warnings)
        err << u"rankscope: encyclopedia: "_s << w.toString() << u'\n';
    return kb;
}

analysis::AnalysisResultPtr IngestOptions::analyze(const QString &command, const QStringList &paths, const kb::KnowledgeBase &kb,
                                                   QTextStream &err) const
{
    const auto outcome = analysis::IncidentPipeline::run(paths, config, &kb);
    if (!outcome.ingested->files.isEmpty())
        return outcome.result;
    for (const Warning &w : outcome.ingested->warnings)
        err << u"rankscope: "_s << w.toString() << u'\n';
    err << u"rankscope "_s << command << u": nothing readable in "_s << paths.join(u", "_s) << u'\n';
    return nullptr;
}

} // namespace rankscope
