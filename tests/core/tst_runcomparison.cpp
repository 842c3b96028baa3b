// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Comparing a failed run with a good one: on a hand-made pair (one node's NCCL and transport
// changed, steps slowed, then timeouts) and on simulated pairs of the same seed.
#include "builtencyclopedia.h"
#include "comparisonreport.h"
#include "incidentreport.h"
#include "redactor.h"
#include "runcomparison.h"
#include "simulator.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;
using analysis::RunComparison;

namespace {

const QString pair = QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/compare/");

const RunComparison::VersionChange *change(const RunComparison &c, const QString &component)
{
    for (const auto &v : c.versions)
        if (v.component == component)
            return &v;
    return nullptr;
}

sim::SimResult simulate(const QString &scenario, const QString &dir)
{
    sim::SimConfig cfg;
    cfg.scenario = scenario;
    cfg.outDir = dir + u"/bundle"_s;
    cfg.truthFile = dir + u"/truth.json"_s;
    cfg.nodes = 4;
    cfg.gpusPerNode = 2;
    cfg.seed = 11;
    cfg.inventories = sim::SimConfig::Inventories::All;
    return sim::Simulator::run(cfg);
}

} // namespace

class TestRunComparison : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void handMadePair()
    {
        const auto good = test::analysePath(pair + u"good"_s);
        const auto bad = test::analysePath(pair + u"bad"_s);
        const RunComparison c = RunComparison::compare(*good, *bad);

        // gpu-a02 loads NCCL 2.18.1 where the good run had 2.21.5; gpu-a01 did not change.
        const auto *nccl = change(c, u"nccl"_s);
        QVERIFY(nccl);
        QCOMPARE(nccl->kind, RunComparison::VersionChange::Kind::Changed);
        QCOMPARE(nccl->good, u"2.21.5"_s);
        QCOMPARE(nccl->bad, u"2.18.1"_s);
        QCOMPARE(nccl->nodes, QStringList{u"gpu-a02"_s});
        QCOMPARE(nccl->nodesOfBad, 2);
        QVERIFY(!nccl->againstMajority);
        QCOMPARE(nccl->evidence.path, u"gpu-a02/rank2.log"_s);
        QVERIFY(nccl->evidence.text.contains(u"NCCL version 2.18.1"_s));
        // ...and falls back from IB to sockets.
        const auto *transport = change(c, u"transport"_s);
        QVERIFY(transport);
        QCOMPARE(transport->nodes, QStringList{u"gpu-a02"_s});
        QCOMPARE(transport->good, u"IB"_s);
        QCOMPARE(transport->bad, u"Socket"_s);
        QCOMPARE(c.fabric.size(), 1);
        QCOMPARE(c.fabric.at(0).good, QStringList{u"IB"_s});
        QCOMPARE(c.fabric.at(0).bad, (QStringList{u"IB"_s, u"Socket"_s}));

        QVERIFY(c.nodesOnlyBad.isEmpty() && c.nodesOnlyGood.isEmpty());
        QCOMPARE(c.bad.ranks, 4);
        // The watchdog timeouts appear only in the failed run, the first of them with its line.
        const auto timeout = std::find_if(c.newFailures.cbegin(), c.newFailures.cend(),
                                          [](const auto &f) { return f.entry == u"nccl-watchdog-timeout"_s; });
        QVERIFY(timeout != c.newFailures.cend());
        QCOMPARE(timeout->lines, 4);
        QVERIFY(timeout->first.text.contains(u"Watchdog caught collective operation timeout"_s));

        // One step a second before, 1.6 s in the failed run, which stopped at step 120.
        QCOMPARE(c.goodSteps.secondsPerStep, 1.0);
        QCOMPARE(c.badSteps.secondsPerStep, 1.6);
        QCOMPARE(c.goodSteps.lastStep, 300);
        QCOMPARE(c.badSteps.lastStep, 120);
        QCOMPARE(c.goodSteps.lastLoss, u"1.800"_s);
        QCOMPARE(c.badSteps.lastLoss, u"2.520"_s);

        const QString text = report::ComparisonReport::toText(c, u"good"_s, u"bad"_s);
        QVERIFY2(text.contains(u"nccl 2.21.5 → 2.18.1 on gpu-a02 (1 of 2 nodes)"_s), qPrintable(text));
        QVERIFY2(text.contains(u"steps 60% slower in the failed run"_s), qPrintable(text));
        const QString markdown = report::ComparisonReport::toMarkdown(c, u"good"_s, u"bad"_s);
        QVERIFY2(markdown.contains(u"| changed | nccl | 2.21.5 | 2.18.1 | gpu-a02 | `gpu-a02/rank2.log:1` |"_s), qPrintable(markdown));
        const QJsonObject json = report::ComparisonReport::toJson(c, u"good"_s, u"bad"_s);
        QCOMPARE(json.value(u"schema"_s).toString(), u"rankscope.diff/1"_s);
        QCOMPARE(json.value(u"bad"_s).toObject().value(u"steps"_s).toObject().value(u"seconds_per_step"_s).toDouble(), 1.6);
    }

    // The reports' "Compared with" section: every format carries it, and a redacted report
    // hides the good run's hosts and paths in it as it does elsewhere.
    void reportSection()
    {
        const auto good = test::analysePath(pair + u"good"_s);
        const auto bad = test::analysePath(pair + u"bad"_s);
        const RunComparison c = RunComparison::compare(*good, *bad);
        const QString goodName = pair + u"good"_s;

        report::IncidentReport plain = report::IncidentReport::build(*bad, nullptr, {}, report::Redactor());
        QVERIFY(plain.toJson().value(u"comparison"_s).isNull());
        QVERIFY(!plain.toMarkdown().contains(u"Compared with"_s));
        plain.setComparison(c, goodName, u"bad"_s, report::Redactor());
        const QString md = plain.toMarkdown();
        QVERIFY2(md.contains(u"## Compared with a good run"_s), qPrintable(md));
        QVERIFY2(md.contains(u"| changed | nccl | 2.21.5 | 2.18.1 | gpu-a02 |"_s), qPrintable(md));
        const QString html = plain.toHtml();
        QVERIFY(html.contains(u"<h2>Compared with a good run</h2>"_s));
        QVERIFY2(html.contains(u"<td class=\"outlier\">2.18.1</td><td>gpu-a02</td>"_s), qPrintable(html));
        const QJsonObject json = plain.toJson().value(u"comparison"_s).toObject();
        QCOMPARE(json.value(u"schema"_s).toString(), u"rankscope.diff/1"_s);
        QCOMPARE(json.value(u"good"_s).toObject().value(u"input"_s).toString(), goodName);
        const QString summary = plain.copySummary();
        QVERIFY2(summary.contains(u"Compared with "_s + goodName + u": nccl 2.21.5 → 2.18.1 on gpu-a02"_s), qPrintable(summary));

        const report::Redactor redactor = report::Redactor::fromResults({bad.get(), good.get()}, {goodName});
        report::IncidentReport hidden = report::IncidentReport::build(*bad, nullptr, {}, redactor);
        hidden.setComparison(c, goodName, u"bad"_s, redactor);
        const QString all = hidden.toMarkdown() + hidden.toHtml()
            + QString::fromUtf8(QJsonDocument(hidden.toJson()).toJson()) + hidden.copySummary();
        QVERIFY(all.contains(u"Compared with a good run"_s));
        QVERIFY2(!all.contains(u"gpu-a02"_s, Qt::CaseInsensitive), "a node name left in a redacted report");
        QVERIFY(all.contains(u"| changed | nccl | 2.21.5 | 2.18.1 | node-02 |"_s));
    }

    void aRunComparedWithItselfHasNoDifferences()
    {
        const auto run = test::analysePath(pair + u"bad"_s);
        const RunComparison c = RunComparison::compare(*run, *run);
        QVERIFY(c.sameVersions());
        QVERIFY(c.newFailures.isEmpty());
        QVERIFY(c.notRecordedInGood.isEmpty());
        QVERIFY(report::ComparisonReport::toText(c, u"a"_s, u"a"_s).contains(u"no difference"_s));
    }

    void simulatedPairs_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("nccl-version-conflict") << u"nccl-version-conflict"_s;
        QTest::newRow("cuda-oom") << u"cuda-oom"_s;
        QTest::newRow("gpu-xid-fallen-off-bus") << u"gpu-xid-fallen-off-bus"_s;
    }
    // The healthy run and a failure of the same seed: the failure's own entry is new, first and
    // initiating, on the truth's node; a version outlier of the truth shows as that node's change.
    void simulatedPairs()
    {
        QFETCH(QString, scenario);
        QTemporaryDir dir;
        const auto healthy = simulate(u"healthy"_s, dir.filePath(u"good"_s));
        const auto failed = simulate(scenario, dir.filePath(u"bad"_s));
        QVERIFY2(healthy.ok() && failed.ok(), qPrintable(healthy.error + failed.error));
        const auto good = test::analysePath(dir.filePath(u"good/bundle"_s));
        const auto bad = test::analysePath(dir.filePath(u"bad/bundle"_s));
        const RunComparison c = RunComparison::compare(*good, *bad);
        const sim::Truth &truth = failed.truth;
        for (const auto &o : truth.outliers) {
            const auto *v = change(c, o.component);
            QVERIFY2(v, qPrintable(o.component));
            QCOMPARE(v->nodes, QStringList{o.node});
        }
        QVERIFY(!c.newFailures.isEmpty());
        const auto &first = c.newFailures.constFirst();
        if (truth.outliers.isEmpty()) {
            QCOMPARE(first.entry, truth.entry);
            QCOMPARE(first.role, analysis::ChainStep::Role::Initiating);
            QCOMPARE(first.first.node, truth.node);
        }
    }
};

QTEST_GUILESS_MAIN(TestRunComparison)
#include "tst_runcomparison.moc"
