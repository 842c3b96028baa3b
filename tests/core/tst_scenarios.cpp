// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// End to end on every simulator scenario: generate a bundle (with clock skew and, in a second
// variant, NCCL lines without timestamps), ingest and analyse it, and compare the verdict and the
// top diagnosis with the truth the simulator wrote apart from the bundle.
#include "analyzer.h"
#include "ingestor.h"
#include "knowledgebase.h"
#include "scenario.h"
#include "simulator.h"

#include <QHash>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;

namespace {
std::shared_ptr<const kb::KnowledgeBase> knowledgeBase()
{
    static auto kb = [] {
        Warnings w;
        return kb::KnowledgeBase::open(QStringLiteral(RANKSCOPE_BINARY_DIR "/share/rankscope/encyclopedia.sqlite"), QString(), &w);
    }();
    return kb;
}
} // namespace

class TestScenarios : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void verdictMatchesTruth_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<bool>("ncclTimestamps");
        QTest::addColumn<double>("skew");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("seed");
        for (const sim::Scenario &s : sim::Scenario::all()) {
            QTest::addRow("%s skew", qPrintable(s.id)) << s.id << true << 45.0 << 3 << 2 << 11;
            QTest::addRow("%s no-nccl-timestamps", qPrintable(s.id)) << s.id << false << 3.0 << 3 << 2 << 11;
        }
        // Shapes that once went wrong in bench_accuracy: the store host's own "waiting for
        // clients" timeout came first; every rank of a node printed the plugin failure.
        QTest::addRow("store-unreachable 4x4 seed 3") << u"store-unreachable"_s << false << 30.0 << 4 << 4 << 3;
        QTest::addRow("nccl-net-plugin-mismatch 4x4 seed 2") << u"nccl-net-plugin-mismatch"_s << true << 30.0 << 4 << 4 << 2;
    }
    void verdictMatchesTruth()
    {
        QFETCH(QString, scenario);
        QFETCH(bool, ncclTimestamps);
        QFETCH(double, skew);
        QFETCH(int, nodes);
        QFETCH(int, gpus);
        QFETCH(int, seed);
        QTemporaryDir dir;
        sim::SimConfig cfg;
        cfg.scenario = scenario;
        cfg.outDir = dir.filePath(u"bundle"_s);
        cfg.truthFile = dir.filePath(u"truth.json"_s);
        cfg.nodes = nodes;
        cfg.gpusPerNode = gpus;
        cfg.seed = quint64(seed);
        cfg.clockSkewSeconds = skew;
        cfg.ncclTimestamps = ncclTimestamps;
        const sim::SimResult sr = sim::Simulator::run(cfg);
        QVERIFY2(sr.ok(), qPrintable(sr.error));
        const sim::Truth &truth = sr.truth;

        ingest::IngestConfig icfg;
        icfg.fingerprints = analysis::Analyzer::fingerprintSpecs(*knowledgeBase());
        const auto in = ingest::Ingestor::run({cfg.outDir}, icfg);
        const auto r = analysis::Analyzer::run(in, *knowledgeBase());
        const analysis::Verdict &v = r->verdict;
        const QString got = u"entry=%1 rank=%2 node=%3 external=%4 (%5)"_s.arg(v.entry).arg(v.rank).arg(v.node).arg(v.external).arg(v.summary);
        const QString want = u"entry=%1 rank=%2 node=%3 external=%4"_s.arg(truth.entry).arg(truth.rank.value_or(-1)).arg(truth.node).arg(truth.external);
        const QString both = u"\n  got:  "_s + got + u"\n  want: "_s + want;

        if (truth.entry.isEmpty()) { // healthy: no initiating failure claimed
            QVERIFY2(v.entry.isEmpty() || v.confidence < 0.5, qPrintable(both));
            return;
        }
        QStringList wrong;
        if (v.external != truth.external)
            wrong << u"external"_s;
        if (v.entry != truth.entry)
            wrong << u"entry"_s;
        // Ranks that failed the same way less than a second apart are equally right answers.
        // A pod is its machine under another name when the bundle's kubectl output says so: the
        // verdict names the machine and lists the pod.
        bool who = truth.acceptsInitiator(v.rank, v.node);
        for (const QString &alias : v.nodeAliases)
            who |= truth.acceptsInitiator(v.rank, alias);
        if (!who)
            wrong << u"rank/node"_s;
        if (r->diagnoses.isEmpty() || r->diagnoses.first().entry != truth.entry)
            wrong << u"top diagnosis"_s;
        for (const sim::Truth::Outlier &o : truth.outliers) {
            bool found = false;
            for (const auto &m : r->matrix.outliers)
                found |= m.node == o.node && m.component == o.component;
            if (!found)
                wrong << u"outlier %1/%2"_s.arg(o.node, o.component);
        }
        QVERIFY2(wrong.isEmpty(), qPrintable(u"wrong: "_s + wrong.join(u", "_s) + both));
    }
};

QTEST_GUILESS_MAIN(TestScenarios)
#include "tst_scenarios.moc"
