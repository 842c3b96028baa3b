// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A synthetic incident of any size for the timeline's benchmark and tests: no files, only the
// events of an IngestResult and the roles of an AnalysisResult, shaped like a hung collective
// after an out-of-memory error. Every rank starts, initialises NCCL and logs training steps; one
// rank runs out of memory; ten minutes later every other rank's watchdog times out and the
// processes end. Events left over after that are context warnings at random ranks and times.
// With uniform set, every event lands at a random time and rank instead: the bucketing's worst
// case, since nothing clusters.

#include "analysisresult.h"

#include <QRandomGenerator>

#include <algorithm>

namespace rankscope::testing {

struct SyntheticIncident
{
    int ranks = 16384;
    int events = 100000;
    int gpusPerNode = 8;
    bool uniform = false;
    quint32 seed = 1;
    bool paddedNames = true; // node00007; false: node-7, whose text order is not their order
    bool nodeLines = false;  // also a kernel-log line of no rank on every node (a node row each)
};

inline analysis::AnalysisResultPtr makeSyntheticIncident(const SyntheticIncident &cfg)
{
    using namespace Qt::StringLiterals;
    using ingest::Event;
    using ingest::FingerprintSpec;
    enum Fp { Oom, Watchdog, Warning };
    auto in = std::make_shared<ingest::IngestResult>();
    in->fingerprints = {
        {u"cuda-oom"_s, u"out of memory"_s, QString(), 0.9, FingerprintSpec::Role::Initiating, FingerprintSpec::Severity::Fatal},
        {u"nccl-watchdog-timeout"_s, u"Watchdog"_s, QString(), 0.6, FingerprintSpec::Role::Collateral,
         FingerprintSpec::Severity::Error},
        {u"ib-port-event"_s, u"port"_s, QString(), 0.2, FingerprintSpec::Role::Context, FingerprintSpec::Severity::Warning},
    };
    const int ranks = std::max(1, cfg.ranks);
    const int gpus = std::max(1, cfg.gpusPerNode);
    QStringList nodes;
    for (int n = 0; n < (ranks + gpus - 1) / gpus; ++n)
        nodes.append(cfg.paddedNames ? u"node%1"_s.arg(n, 5, 10, QChar(u'0')) : u"node-%1"_s.arg(n));
    in->job.nodes = nodes;
    in->job.worldSize = ranks;
    QRandomGenerator rng(cfg.seed);
    const QString oomText = u"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"_s;
    const QString watchdogText = u"[PG 0 Rank %1] Watchdog caught collective operation timeout"_s;
    const QString stepText = u"step %1 loss 2.31"_s;
    const QString warningText = u"NET/IB : port event on mlx5_0"_s;
    const QString initText = u"NCCL INFO comm 0x1 rank %1 nranks %2 - Init COMPLETE"_s;

    const qint64 t0 = 1767225600000; // 2026-01-01 00:00:00 UTC
    const int oomRank = ranks * 3 / 7;
    QList<Event> events;
    events.reserve(cfg.events);
    auto add = [&](Event::Kind kind, int fingerprint, int rank, qint64 t, const QString &text) {
        if (events.size() >= cfg.events)
            return;
        Event e;
        e.kind = kind;
        e.fingerprint = fingerprint;
        e.source = {0, events.size() + 1};
        e.timeMs = e.localTimeMs = t;
        e.rank = rank;
        e.localRank = rank % gpus;
        e.node = nodes.at(rank / gpus);
        e.text = text;
        events.append(e);
    };
    auto jitter = [&](int ms) { return qint64(rng.bounded(std::max(1, ms))); };

    qint64 oomTime = t0;
    if (cfg.uniform) {
        const qint64 span = 2 * 3600 * 1000;
        oomTime = t0 + span / 2;
        add(Event::Kind::Fingerprint, Oom, oomRank, oomTime, oomText);
        while (events.size() < cfg.events) {
            const int rank = int(rng.bounded(ranks));
            const bool collateral = rng.bounded(10) == 0;
            add(Event::Kind::Fingerprint, collateral ? Watchdog : Warning, rank, t0 + jitter(int(span)),
                collateral ? watchdogText.arg(rank) : warningText);
        }
    } else {
        const int steps = std::max(0, cfg.events / ranks - 4);
        const qint64 stepGap = 600'000;
        oomTime = t0 + 300'000 + steps * stepGap + 120'000;
        const qint64 timeout = oomTime + 600'000;
        add(Event::Kind::Fingerprint, Oom, oomRank, oomTime, oomText);
        for (int r = 0; r < ranks; ++r) {
            add(Event::Kind::ProcessStart, -1, r, t0 + jitter(30'000), u"starting"_s);
            add(Event::Kind::NcclInitComplete, -1, r, t0 + 60'000 + jitter(60'000), initText.arg(r).arg(ranks));
            for (int k = 0; k < steps; ++k)
                add(Event::Kind::TrainingStep, -1, r, t0 + 300'000 + k * stepGap + jitter(5000), stepText.arg(k));
            if (r != oomRank)
                add(Event::Kind::Fingerprint, Watchdog, r, timeout + jitter(2000), watchdogText.arg(r));
            add(Event::Kind::LastLine, -1, r, (r == oomRank ? oomTime : timeout) + 5000 + jitter(1000), u"exiting"_s);
        }
        while (events.size() < cfg.events) {
            add(Event::Kind::Fingerprint, Warning, int(rng.bounded(ranks)), t0 + jitter(int(timeout - t0)), warningText);
        }
    }
    if (cfg.nodeLines) {
        for (const QString &node : std::as_const(nodes)) {
            Event e;
            e.kind = Event::Kind::Fingerprint;
            e.fingerprint = Warning;
            e.source = {0, events.size() + 1};
            e.timeMs = e.localTimeMs = t0 + 200'000;
            e.node = node;
            e.text = u"mlx5_core 0000:0c:00.0: Port module event"_s;
            events.append(e);
        }
    }
    std::stable_sort(events.begin(), events.end(), [](const Event &a, const Event &b) { return a.timeMs < b.timeMs; });
    in->events = events;
    in->stats.events = events.size();
    for (int r = 0; r < ranks; ++r)
        in->job.ranks.append(r);

    auto result = std::make_shared<analysis::AnalysisResult>();
    result->ingest = in;
    result->eventRoles.reserve(events.size());
    analysis::Verdict &v = result->verdict;
    v.rank = oomRank;
    v.node = nodes.at(oomRank / gpus);
    v.timeMs = oomTime;
    v.entry = u"cuda-oom"_s;
    v.confidence = 0.9;
    v.summary = u"Rank %1 on node %2 started the failure: CUDA out of memory"_s.arg(oomRank).arg(v.node);
    for (qsizetype i = 0; i < events.size(); ++i) {
        const Event &e = events.at(i);
        analysis::ChainStep::Role role = analysis::ChainStep::Role::Context;
        if (e.kind == Event::Kind::Fingerprint && e.fingerprint == Oom)
            role = analysis::ChainStep::Role::Initiating;
        else if (e.kind == Event::Kind::Fingerprint && e.fingerprint == Watchdog)
            role = analysis::ChainStep::Role::Collateral;
        result->eventRoles.append(role);
        if (role == analysis::ChainStep::Role::Context || v.chain.size() > 64)
            continue;
        analysis::ChainStep step;
        step.role = role;
        step.entry = in->fingerprints.at(e.fingerprint).entryId;
        step.evidence.source = e.source;
        step.evidence.rank = e.rank;
        step.evidence.node = e.node;
        step.evidence.timeMs = e.timeMs;
        step.evidence.text = e.text;
        if (role == analysis::ChainStep::Role::Initiating)
            v.evidence = step.evidence;
        v.chain.append(step);
    }
    return result;
}

// The index into IngestResult::events of the (one) initiating event, or -1.
inline int syntheticInitiatingEvent(const analysis::AnalysisResult &result)
{
    return int(result.eventRoles.indexOf(analysis::ChainStep::Role::Initiating));
}

} // namespace rankscope::testing
