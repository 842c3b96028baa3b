// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Verdict accuracy on every simulator scenario, next to the naive baseline "the earliest
// error-level line wins", with clock skew and NCCL lines without timestamps.
//   bench_accuracy [--nodes N] [--gpus-per-node G] [--skew SECONDS] [--seeds K]
#include "analyzer.h"
#include "ingestor.h"
#include "knowledgebase.h"
#include "scenario.h"
#include "simulator.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace rankscope;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    auto opt = [&](const QString &name, double def) {
        const qsizetype i = args.indexOf(name);
        return i > 0 && i + 1 < args.size() ? args.at(i + 1).toDouble() : def;
    };
    const int nodes = int(opt(u"--nodes"_s, 4)), gpus = int(opt(u"--gpus-per-node"_s, 4)), seeds = int(opt(u"--seeds"_s, 2));
    const double skew = opt(u"--skew"_s, 30);
    Warnings w;
    const auto kb = kb::KnowledgeBase::open(kb::KnowledgeBase::defaultDatabasePath(), QString(), &w);
    ingest::IngestConfig icfg;
    icfg.fingerprints = analysis::Analyzer::fingerprintSpecs(*kb);

    int total = 0, oursOk = 0, baseOk = 0;
    std::printf("%-32s %-5s %-28s %-28s\n", "scenario", "seed", "rankscope", "baseline (earliest error)");
    for (const sim::Scenario &s : sim::Scenario::all()) {
        for (int seed = 1; seed <= seeds; ++seed) {
            QTemporaryDir dir;
            sim::SimConfig cfg;
            cfg.scenario = s.id;
            cfg.outDir = dir.filePath(u"b"_s);
            cfg.truthFile = dir.filePath(u"t.json"_s);
            cfg.nodes = nodes;
            cfg.gpusPerNode = gpus;
            cfg.seed = quint64(seed);
            cfg.clockSkewSeconds = skew;
            cfg.ncclTimestamps = seed % 2 == 0;
            const auto sr = sim::Simulator::run(cfg);
            if (!sr.ok())
                continue;
            const auto in = ingest::Ingestor::run({cfg.outDir}, icfg);
            const auto r = analysis::Analyzer::run(in, *kb);
            const sim::Truth &t = sr.truth;
            auto matches = [&](const QString &entry, int rank, const QString &node, bool external) {
                if (t.entry.isEmpty())
                    return entry.isEmpty();
                if (external != t.external)
                    return false;
                if (!t.acceptsInitiator(rank, node))
                    return false;
                return entry.isEmpty() || entry == t.entry;
            };
            // Baseline: the earliest line of error or fatal severity, whatever it says.
            const ingest::Event *first = nullptr;
            for (const ingest::Event &e : in->events) {
                if (e.kind != ingest::Event::Kind::Fingerprint || e.timeMs == ingest::NoTime)
                    continue;
                const auto sev = in->fingerprints.at(e.fingerprint).severity;
                if (sev == ingest::FingerprintSpec::Severity::Error || sev == ingest::FingerprintSpec::Severity::Fatal) {
                    first = &e;
                    break;
                }
            }
            const bool ours = matches(r->verdict.entry, r->verdict.rank, r->verdict.node, r->verdict.external)
                              && (t.entry.isEmpty() || r->verdict.entry == t.entry);
            const bool base = first ? matches(QString(), first->rank, first->node, false) : t.entry.isEmpty();
            ++total;
            oursOk += ours;
            baseOk += base;
            std::printf("%-32s %-5d %-28s %-28s\n", qPrintable(s.id), seed,
                        qPrintable((ours ? u"ok "_s : u"MISS "_s) + QString::number(r->verdict.rank) + u'@' + r->verdict.node),
                        qPrintable((base ? u"ok "_s : u"MISS "_s) + (first ? QString::number(first->rank) + u'@' + first->node : u"-"_s)));
        }
    }
    std::printf("\naccuracy: rankscope %d/%d (%.0f %%), baseline %d/%d (%.0f %%)\n", oursOk, total, 100.0 * oursOk / std::max(1, total),
                baseOk, total, 100.0 * baseOk / std::max(1, total));
    return 0;
}
