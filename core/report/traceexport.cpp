// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "traceexport.h"
#include "naturalorder.h"

#include "analysisreport.h"
#include "knowledgebase.h"
#include "redactor.h"
#include "reportnames.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <algorithm>
#include <map>

using namespace Qt::StringLiterals;

namespace rankscope::report {

namespace an = rankscope::analysis;

namespace {

QJsonObject metadata(const QString &name, int pid, int tid, const QJsonObject &args)
{
    return QJsonObject { { u"name"_s, name }, { u"ph"_s, u"M"_s }, { u"pid"_s, pid }, { u"tid"_s, tid },
        { u"args"_s, args } };
}

} // namespace

QJsonObject TraceExport::toJson(const an::AnalysisResult &result, const Redactor &redactor, const kb::KnowledgeBase *kb)
{
    QJsonArray events;
    const ingest::IngestResult *in = result.ingest.get();
    if (!in)
        return QJsonObject { { u"traceEvents"_s, events }, { u"displayTimeUnit"_s, u"ms"_s } };

    // Each rank lives on one node: the one most of its lines name (ties: natural order).
    std::map<int, QHash<QString, qsizetype>> rankNodeVotes;
    QSet<int> ranks(in->job.ranks.cbegin(), in->job.ranks.cend());
    QSet<QString> nodeSet(in->job.nodes.cbegin(), in->job.nodes.cend());
    qint64 origin = ingest::NoTime;
    const auto earliest = [&origin](qint64 t) {
        if (t != ingest::NoTime)
            origin = origin == ingest::NoTime ? t : std::min(origin, t);
    };
    for (const ingest::Event &e : in->events) {
        if (e.kind == ingest::Event::Kind::Fact)
            continue;
        if (e.rank >= 0) {
            ranks.insert(e.rank);
            if (!e.node.isEmpty())
                ++rankNodeVotes[e.rank][e.node];
        }
        if (!e.node.isEmpty())
            nodeSet.insert(e.node);
        earliest(e.timeMs);
    }
    for (const ingest::InputFile &f : in->files) {
        if (f.rank >= 0) {
            ranks.insert(f.rank);
            if (!f.node.isEmpty())
                ++rankNodeVotes[f.rank][f.node];
            earliest(f.firstTimeMs);
        }
    }
    QStringList nodes = nodeSet.values();
    std::sort(nodes.begin(), nodes.end(), NaturalLess());
    QHash<QString, int> pidOf;
    for (qsizetype i = 0; i < nodes.size(); ++i)
        pidOf.insert(nodes.at(i), int(i + 1));
    const int jobPid = int(nodes.size() + 1);

    QList<int> sortedRanks = ranks.values();
    std::sort(sortedRanks.begin(), sortedRanks.end());
    QHash<int, int> rankPid;
    for (int rank : sortedRanks) {
        QString best;
        qsizetype votes = 0;
        const auto &byNode = rankNodeVotes[rank];
        for (auto it = byNode.cbegin(); it != byNode.cend(); ++it) {
            if (it.value() > votes || (it.value() == votes && naturalLess(it.key(), best))) {
                best = it.key();
                votes = it.value();
            }
        }
        rankPid.insert(rank, best.isEmpty() ? jobPid : pidOf.value(best));
    }
    const auto us = [&origin](qint64 ms) { return (ms - origin) * 1000; };

    // Where each event goes, and each rank's span.
    struct Span
    {
        qint64 first = ingest::NoTime;
        qint64 last = ingest::NoTime;
    };
    std::map<int, Span> spans;
    const auto extend = [&spans](int rank, qint64 first, qint64 last) {
        if (first == ingest::NoTime)
            return;
        Span &s = spans[rank];
        s.first = s.first == ingest::NoTime ? first : std::min(s.first, first);
        s.last = s.last == ingest::NoTime ? last : std::max(s.last, last);
    };
    for (const ingest::InputFile &f : in->files) {
        if (f.rank >= 0)
            extend(f.rank, f.firstTimeMs, f.lastTimeMs == ingest::NoTime ? f.firstTimeMs : f.lastTimeMs);
    }
    QSet<int> nodeTracks; // pids with a "node events" thread
    QHash<QString, QString> titles;
    QJsonArray instants;
    qsizetype untimed = 0;
    for (qsizetype i = 0; i < in->events.size(); ++i) {
        const ingest::Event &e = in->events.at(i);
        if (e.kind == ingest::Event::Kind::Fact)
            continue;
        if (e.timeMs == ingest::NoTime) {
            ++untimed;
            continue;
        }
        int pid = 0, tid = 0;
        if (e.rank >= 0) {
            pid = rankPid.value(e.rank, jobPid);
            tid = e.rank + 1;
            extend(e.rank, e.timeMs, e.timeMs);
        } else {
            pid = e.node.isEmpty() ? jobPid : pidOf.value(e.node, jobPid);
            nodeTracks.insert(pid);
        }
        QString entry, name = ReportNames::eventKind(e.kind);
        if (e.kind == ingest::Event::Kind::Fingerprint && e.fingerprint >= 0
            && e.fingerprint < in->fingerprints.size()) {
            entry = in->fingerprints.at(e.fingerprint).entryId;
            auto it = titles.constFind(entry);
            if (it == titles.cend()) {
                const kb::Entry *k = kb ? kb->entry(entry) : nullptr;
                it = titles.insert(entry, redactor.apply(k ? k->title : entry));
            }
            name = *it;
        }
        const ingest::InputFile *f = in->file(e.source.file);
        const QString role = ReportNames::role(result.eventRoles.value(i, an::ChainStep::Role::Context));
        instants.append(QJsonObject {
            { u"name"_s, name },
            { u"cat"_s, role },
            { u"ph"_s, u"i"_s },
            { u"s"_s, u"t"_s },
            { u"ts"_s, us(e.timeMs) },
            { u"pid"_s, pid },
            { u"tid"_s, tid },
            { u"args"_s,
                QJsonObject { { u"path"_s, redactor.apply(f ? f->path : QString()) }, { u"line"_s, e.source.line },
                    { u"text"_s, redactor.apply(e.text) }, { u"role"_s, role }, { u"entry"_s, entry } } },
        });
    }

    // Metadata: processes in node order, then one thread per rank.
    QSet<int> usedPids(rankPid.cbegin(), rankPid.cend());
    usedPids.unite(nodeTracks);
    for (qsizetype i = 0; i < nodes.size(); ++i) {
        const int pid = int(i + 1);
        events.append(metadata(u"process_name"_s, pid, 0, { { u"name"_s, redactor.apply(nodes.at(i)) } }));
        events.append(metadata(u"process_sort_index"_s, pid, 0, { { u"sort_index"_s, pid } }));
    }
    if (usedPids.contains(jobPid)) {
        events.append(metadata(u"process_name"_s, jobPid, 0, { { u"name"_s, u"job (scheduler, launcher)"_s } }));
        events.append(metadata(u"process_sort_index"_s, jobPid, 0, { { u"sort_index"_s, jobPid } }));
    }
    for (int rank : std::as_const(sortedRanks)) {
        const int pid = rankPid.value(rank);
        events.append(metadata(u"thread_name"_s, pid, rank + 1, { { u"name"_s, u"rank %1"_s.arg(rank) } }));
        events.append(metadata(u"thread_sort_index"_s, pid, rank + 1, { { u"sort_index"_s, rank + 1 } }));
    }
    QList<int> trackPids = nodeTracks.values();
    std::sort(trackPids.begin(), trackPids.end());
    for (int pid : std::as_const(trackPids)) {
        events.append(metadata(u"thread_name"_s, pid, 0, { { u"name"_s, u"node events (kernel, launcher)"_s } }));
        events.append(metadata(u"thread_sort_index"_s, pid, 0, { { u"sort_index"_s, 0 } }));
    }

    for (const auto &[rank, s] : spans) {
        events.append(QJsonObject { { u"name"_s, u"rank %1"_s.arg(rank) }, { u"cat"_s, u"span"_s }, { u"ph"_s, u"X"_s },
            { u"ts"_s, us(s.first) }, { u"dur"_s, (s.last - s.first) * 1000 },
            { u"pid"_s, rankPid.value(rank, jobPid) }, { u"tid"_s, rank + 1 },
            { u"args"_s,
                QJsonObject { { u"first"_s, AnalysisReport::isoTime(s.first) },
                    { u"last"_s, AnalysisReport::isoTime(s.last) } } } });
    }
    for (const QJsonValue &v : std::as_const(instants))
        events.append(v);

    const an::Verdict &v = result.verdict;
    if (v.timeMs != ingest::NoTime && origin != ingest::NoTime) {
        events.append(QJsonObject { { u"name"_s, u"verdict"_s }, { u"cat"_s, u"initiating"_s }, { u"ph"_s, u"i"_s },
            { u"s"_s, u"g"_s }, { u"ts"_s, us(std::max(v.timeMs, origin)) },
            { u"pid"_s, v.rank >= 0 ? rankPid.value(v.rank, jobPid) : pidOf.value(v.node, jobPid) },
            { u"tid"_s, v.rank >= 0 ? v.rank + 1 : 0 },
            { u"args"_s, QJsonObject { { u"summary"_s, redactor.apply(v.summary) }, { u"entry"_s, v.entry } } } });
    }

    return QJsonObject {
        { u"traceEvents"_s, events },
        { u"displayTimeUnit"_s, u"ms"_s },
        { u"otherData"_s,
            QJsonObject { { u"generator"_s, u"RankScope"_s },
                { u"origin"_s, origin == ingest::NoTime ? QString() : AnalysisReport::isoTime(origin) },
                { u"redacted"_s, redactor.isEnabled() ? u"yes"_s : u"no"_s },
                { u"verdict"_s, redactor.apply(v.summary) }, { u"untimed_events"_s, QString::number(untimed) } } },
    };
}

QByteArray TraceExport::toBytes(const an::AnalysisResult &result, const Redactor &redactor, const kb::KnowledgeBase *kb)
{
    return QJsonDocument(toJson(result, redactor, kb)).toJson(QJsonDocument::Compact);
}

} // namespace rankscope::report
