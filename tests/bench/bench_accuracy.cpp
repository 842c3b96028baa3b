// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Verdict accuracy on every simulator scenario, next to the naive baseline "the earliest
// error-level line wins", with clock skew and NCCL lines without timestamps; then on the real
// incidents and hand-made bundles (tests/data/real, tests/data/handmade: a table per case), and
// the calibration of the confidence (how often verdicts of each confidence band are right).
//   bench_accuracy [--nodes N] [--gpus-per-node G] [--skew SECONDS] [--seeds K] [--real DIR]...
#include "analyzer.h"
#include "ingestor.h"
#include "knowledgebase.h"
#include "scenario.h"
#include "simulator.h"

#include <algorithm>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <array>

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

    // Calibration: per confidence band [0, .4), [.4, .6), [.6, .8), [.8, 1]: verdicts and right ones.
    std::array<int, 4> bandTotal{}, bandOk{};
    auto band = [&](double c, bool ok) {
        const int b = c < 0.4 ? 0 : c < 0.6 ? 1 : c < 0.8 ? 2 : 3;
        ++bandTotal[b];
        bandOk[b] += ok;
    };
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
            auto matches = [&](const QString &entry, int rank, const QString &node, bool external,
                               const QStringList &aliases = {}) {
                if (t.entry.isEmpty())
                    return entry.isEmpty();
                if (external != t.external)
                    return false;
                const bool who = t.acceptsInitiator(rank, node)
                                 || std::any_of(aliases.cbegin(), aliases.cend(), [&](const QString &a) { return t.acceptsInitiator(rank, a); });
                if (!who)
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
            const bool ours = matches(r->verdict.entry, r->verdict.rank, r->verdict.node, r->verdict.external, r->verdict.nodeAliases)
                              && (t.entry.isEmpty() || r->verdict.entry == t.entry);
            const bool base = first ? matches(QString(), first->rank, first->node, false) : t.entry.isEmpty();
            ++total;
            oursOk += ours;
            baseOk += base;
            band(r->verdict.confidence, ours);
            std::printf("%-32s %-5d %-28s %-28s\n", qPrintable(s.id), seed,
                        qPrintable((ours ? u"ok "_s : u"MISS "_s) + QString::number(r->verdict.rank) + u'@' + r->verdict.node),
                        qPrintable((base ? u"ok "_s : u"MISS "_s) + (first ? QString::number(first->rank) + u'@' + first->node : u"-"_s)));
        }
    }
    std::printf("\naccuracy: rankscope %d/%d (%.0f %%), baseline %d/%d (%.0f %%)\n", oursOk, total, 100.0 * oursOk / std::max(1, total),
                baseOk, total, 100.0 * baseOk / std::max(1, total));

    // Real incidents and hand-made bundles: each folder with an expected.json.
    for (qsizetype a = args.indexOf(u"--real"_s); a > 0 && a + 1 < args.size(); a = args.indexOf(u"--real"_s, a + 1)) {
        const QString dir = args.at(a + 1);
        int cases = 0, topOk = 0, whoCases = 0, whoOk = 0, whoBase = 0;
        std::printf("\n%-64s %-30s %-30s %-5s %s\n", qPrintable(dir), "expected", "rankscope", "conf", "initiator (ours / earliest error)");
        for (const QString &name : QDir(dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            QFile f(dir + u'/' + name + u"/expected.json"_s);
            if (!f.open(QIODevice::ReadOnly))
                continue;
            const QJsonObject x = QJsonDocument::fromJson(f.readAll()).object();
            // The real set's keys (accept, initiating_*) or the hand-made one's (entry, rank, node).
            QStringList accept;
            for (const QJsonValue &v : x.value(u"accept"_s).toArray())
                accept.append(v.toString());
            if (accept.isEmpty())
                accept.append(x.value(u"entry"_s).toString());
            const QJsonValue wantRank = x.contains(u"initiating_rank"_s) ? x.value(u"initiating_rank"_s) : x.value(u"rank"_s);
            const QJsonValue wantNode = x.contains(u"initiating_node"_s) ? x.value(u"initiating_node"_s) : x.value(u"node"_s);
            QStringList inputs;
            for (const QString &n : QDir(dir + u'/' + name).entryList(QDir::AllEntries | QDir::NoDotAndDotDot))
                if (n != u"overlay"_s && n != u"expected.json"_s) // the answer key is no incident data
                    inputs.append(dir + u'/' + name + u'/' + n);
            const QString overlay = dir + u'/' + name + u"/overlay"_s;
            Warnings ow;
            const auto caseKb = QDir(overlay).exists() ? kb::KnowledgeBase::open(kb::KnowledgeBase::defaultDatabasePath(), overlay, &ow) : kb;
            ingest::IngestConfig ccfg;
            ccfg.fingerprints = analysis::Analyzer::fingerprintSpecs(*caseKb);
            const auto in = ingest::Ingestor::run(inputs, ccfg);
            const auto r = analysis::Analyzer::run(in, *caseKb);
            const QString top = r->diagnoses.isEmpty() ? QString() : r->diagnoses.first().entry;
            const bool okTop = accept.contains(top);
            ++cases;
            topOk += okTop;
            const bool namesWho = (!wantRank.isNull() && !wantRank.isUndefined()) || wantNode.isString();
            bool okWho = true, baseWho = false;
            if (namesWho) {
                okWho = (wantRank.isNull() || wantRank.isUndefined() || r->verdict.rank == wantRank.toInt())
                        && (!wantNode.isString() || r->verdict.node == wantNode.toString()
                            || in->aliasesOf(r->verdict.node).contains(wantNode.toString())); // a pod names its machine
                const ingest::Event *first = nullptr;
                for (const ingest::Event &e : in->events) {
                    if (e.kind != ingest::Event::Kind::Fingerprint)
                        continue;
                    const auto sev = in->fingerprints.at(e.fingerprint).severity;
                    if (sev == ingest::FingerprintSpec::Severity::Error || sev == ingest::FingerprintSpec::Severity::Fatal) {
                        first = &e;
                        break;
                    }
                }
                baseWho = first && (wantRank.isNull() || wantRank.isUndefined() || first->rank == wantRank.toInt())
                          && (!wantNode.isString() || first->node == wantNode.toString());
                ++whoCases;
                whoOk += okWho;
                whoBase += baseWho;
            }
            band(r->verdict.confidence, okTop && okWho);
            std::printf("%-64s %-30s %-30s %-5.2f %s\n", qPrintable(name.left(64)), qPrintable(accept.first().left(30)),
                        qPrintable((okTop ? u""_s : u"MISS "_s) + top.left(25)), r->verdict.confidence,
                        namesWho ? qPrintable((okWho ? u"ok"_s : u"MISS"_s) + u" / "_s + (baseWho ? u"ok"_s : u"MISS"_s)) : "-");
        }
        std::printf("top diagnosis right: %d/%d (%.0f %%); initiator right where the case names one: %d/%d (%.0f %%), baseline %d/%d\n",
                    topOk, cases, 100.0 * topOk / std::max(1, cases), whoOk, whoCases, 100.0 * whoOk / std::max(1, whoCases),
                    whoBase, whoCases);
    }

    std::printf("\ncalibration (all verdicts above): confidence band -> share right\n");
    const char *bands[] = {"[0.0, 0.4)", "[0.4, 0.6)", "[0.6, 0.8)", "[0.8, 1.0]"};
    for (int b = 0; b < 4; ++b)
        std::printf("  %s  %3d verdicts, %5.1f %% right\n", bands[b], bandTotal[b], 100.0 * bandOk[b] / std::max(1, bandTotal[b]));
    return 0;
}
