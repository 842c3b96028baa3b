// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The analysis on hand-made bundles written the way real ones look (tests/data/handmade):
// stacked prefixes, combined Slurm output, torchrun agents, dmesg -T, clock differences,
// inventories of every kind. The expected answers are what an engineer reading them would say.
#include "analysisreport.h"
#include "analyzer.h"
#include "builtencyclopedia.h"
#include "bundlefiles.h"
#include "versionmatrixbuilder.h"
#include "ingestor.h"
#include "knowledgebase.h"

#include <QDir>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTimeZone>
#include <QJsonDocument>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;

namespace {
std::shared_ptr<const kb::KnowledgeBase> knowledgeBase()
{
    static const std::shared_ptr<const kb::KnowledgeBase> kb = test::builtEncyclopedia();
    return kb;
}

analysis::AnalysisResultPtr analyse(const QString &bundle)
{
    ingest::IngestConfig cfg;
    cfg.fingerprints = analysis::Analyzer::fingerprintSpecs(*knowledgeBase());
    const auto in = ingest::Ingestor::run({QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade/") + bundle}, cfg);
    return analysis::Analyzer::run(in, *knowledgeBase());
}
} // namespace

class TestAnalyzer : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY2(knowledgeBase()->entries().size() >= 64, "the built encyclopedia is missing"); }

    void verdict_data()
    {
        QTest::addColumn<QString>("bundle");
        QTest::addColumn<QString>("entry");
        QTest::addColumn<int>("rank");
        QTest::addColumn<QString>("node");
        QTest::addColumn<bool>("external");
        QTest::addColumn<QString>("evidenceFile");
        QTest::addRow("CUDA OOM in combined Slurm output") << u"cuda-oom-slurm"_s << u"cuda-oom"_s << 3 << u"gpu-c02"_s << false << u"slurm-77123.out"_s;
        QTest::addRow("host OOM killer, pid tied to rank 0") << u"host-oom-torchrun"_s << u"host-oom-kill"_s << 0 << u"gpu-n1"_s << false << u"gpu-n1/dmesg.txt"_s;
        QTest::addRow("straggler by logical clocks") << u"straggler"_s << u"straggler-hang"_s << 2 << QString() << false << u"rank-2.log"_s;
        QTest::addRow("Slurm time limit is external") << u"time-limit"_s << u"slurm-time-limit"_s << -1 << QString() << true << u"slurm-494583.out"_s;
        QTest::addRow("truncated message between NCCL versions") << u"version-conflict"_s << u"nccl-version-conflict"_s << 2 << u"gpu-b07"_s << false << u"node-b/rank2.log"_s;
    }
    void verdict()
    {
        QFETCH(QString, bundle);
        QFETCH(QString, entry);
        QFETCH(int, rank);
        QFETCH(QString, node);
        QFETCH(bool, external);
        QFETCH(QString, evidenceFile);
        const auto r = analyse(bundle);
        const analysis::Verdict &v = r->verdict;
        QVERIFY2(v.entry == entry, qPrintable(v.entry + u": "_s + v.summary));
        QCOMPARE(v.rank, rank);
        QCOMPARE(v.node, node);
        QCOMPARE(v.external, external);
        QCOMPARE(v.evidence.path, evidenceFile);
        QVERIFY(v.evidence.source.line > 0);
        QVERIFY(v.confidence > 0.3);
        QVERIFY(!v.chain.isEmpty());
        // The top diagnosis is the verdict's entry, with evidence lines.
        QCOMPARE(r->diagnoses.value(0).entry, entry);
    }

    void collateralIsLabelled()
    {
        const auto r = analyse(u"cuda-oom-slurm"_s);
        int collateral = 0;
        for (const auto &step : r->verdict.chain) {
            if (step.role == analysis::ChainStep::Role::Collateral) {
                ++collateral;
                QCOMPARE(step.entry, u"nccl-watchdog-timeout"_s);
                QVERIFY(step.evidence.rank != 3);
            }
        }
        QCOMPARE(collateral, 3); // ranks 0, 1 and 2 timed out waiting for rank 3
    }

    void inventoriesMatrix()
    {
        const auto r = analyse(u"inventories"_s);
        const analysis::VersionMatrix &m = r->matrix;
        QCOMPARE(m.nodes, (QStringList{u"node-1"_s, u"node-2"_s, u"node-3"_s}));
        for (const QString &c : {u"nccl"_s, u"cuda"_s, u"driver"_s, u"torch"_s, u"transport"_s, u"gpu"_s, u"image"_s})
            QVERIFY2(m.components.contains(c), qPrintable(c));
        QCOMPARE(m.cell(u"node-2"_s, u"nccl"_s)->value, u"2.21.5"_s);
        QCOMPARE(m.cell(u"node-3"_s, u"torch"_s)->value, u"2.5.1+cu124"_s);
        QCOMPARE(m.cell(u"node-2"_s, u"driver"_s)->state, analysis::MatrixCell::State::Outlier);
        QCOMPARE(m.cell(u"node-2"_s, u"driver"_s)->majority, u"550.54.15"_s);
        QCOMPARE(m.cell(u"node-1"_s, u"image"_s)->state, analysis::MatrixCell::State::Unknown);
        // The differing environment variable becomes a column; its evidence names file and line.
        QVERIFY(m.components.contains(u"NCCL_IB_HCA"_s));
        const auto *hca = m.cell(u"node-3"_s, u"NCCL_IB_HCA"_s);
        QCOMPARE(hca->state, analysis::MatrixCell::State::Outlier);
        QCOMPARE(hca->evidence.first().path, u"node-3/printenv.txt"_s);
        QCOMPARE(hca->evidence.first().source.line, 1);
        // The truncated JSON is a warning with its line, not a crash, and the rest is used.
        bool warned = false;
        for (const Warning &w : r->warnings)
            warned |= w.path == u"node-3/inventory-truncated.json"_s && w.line == 3;
        QVERIFY(warned);
    }

    void conflictingValuesOnOneNode()
    {
        QList<analysis::Fact> facts = {
            {u"a"_s, u"nccl"_s, u"2.21.5"_s, u"pip"_s, {}},
            {u"a"_s, u"nccl"_s, u"2.18.1"_s, u"log"_s, {}},
            {u"b"_s, u"nccl"_s, u"2.21.5"_s, u"pip"_s, {}},
            {u"c"_s, u"nccl"_s, u"2.21.5"_s, u"pip"_s, {}},
        };
        const auto m = analysis::VersionMatrixBuilder::build(facts, {});
        QCOMPARE(m.cell(u"a"_s, u"nccl"_s)->state, analysis::MatrixCell::State::Conflicting);
        QCOMPARE(m.cell(u"b"_s, u"nccl"_s)->state, analysis::MatrixCell::State::Consistent);
        // The value only this node has (the library its banner says it loaded) is its outlier.
        QCOMPARE(m.outliers.size(), 1);
        QCOMPARE(m.outliers.first().node, u"a"_s);
        QCOMPARE(m.outliers.first().value, u"2.18.1"_s);
        QCOMPARE(m.outliers.first().majority, u"2.21.5"_s);
    }

    void noMajorityNoOutlierUntilTheVerdict()
    {
        // Two nodes, two values: both cells differ, neither is the odd one out by itself.
        QList<analysis::Fact> facts = {
            {u"a"_s, u"driver"_s, u"550.54.15"_s, u"nvidia-smi"_s, {}},
            {u"b"_s, u"driver"_s, u"470.182.03"_s, u"nvidia-smi"_s, {}},
        };
        auto m = analysis::VersionMatrixBuilder::build(facts, {});
        QCOMPARE(m.cell(u"a"_s, u"driver"_s)->state, analysis::MatrixCell::State::Outlier);
        QCOMPARE(m.cell(u"b"_s, u"driver"_s)->state, analysis::MatrixCell::State::Outlier);
        QVERIFY(m.outliers.isEmpty());
        // Once the verdict names node b, its differing value is listed against the others'.
        analysis::VersionMatrixBuilder::singleOutFailingNode(m, u"b"_s);
        QCOMPARE(m.outliers.size(), 1);
        QCOMPARE(m.outliers.first().node, u"b"_s);
        QCOMPARE(m.outliers.first().value, u"470.182.03"_s);
        QCOMPARE(m.outliers.first().majority, u"550.54.15"_s);
        analysis::VersionMatrixBuilder::singleOutFailingNode(m, u"b"_s);
        QCOMPARE(m.outliers.size(), 1); // idempotent
    }

    void failureBeforeNcclIsAttributedByTheLauncher()
    {
        // No NCCL line ties gpu-a02's workers to ranks; torchrun's failure summary and the
        // agents' rendezvous lines do. The node's dmesg reaches back to its boot three weeks
        // earlier and must not pull the workers' inferred times with it.
        const auto r = analyse(u"driver-before-nccl"_s);
        const analysis::Verdict &v = r->verdict;
        QCOMPARE(v.entry, u"driver-too-old"_s);
        QCOMPARE(v.node, u"gpu-a02"_s);
        QCOMPARE(v.rank, 5); // "Root Cause (first observed failure)": rank 5 (local_rank: 1)
        QVERIFY2(v.evidence.path.endsWith(u"attempt_0/1/error.json"_s), qPrintable(v.evidence.path));
        QMap<QString, QList<int>> ranksOf;
        for (const ingest::InputFile &f : r->ingest->files)
            ranksOf.insert(f.path, f.ranks);
        QCOMPARE(ranksOf.value(u"gpu-a02/torchelastic_k2x9/9913_q1w2e3/attempt_0/3/stderr.log"_s), QList<int>{7});
        QCOMPARE(ranksOf.value(u"gpu-a01/torchelastic_a7b7/9913_z9x8c7/attempt_0/2/stdout.log"_s), QList<int>{2});
        const qint64 jobStart = QDateTime(QDate(2025, 2, 3), QTime(9, 13, 0), QTimeZone::utc()).toMSecsSinceEpoch();
        for (const ingest::Event &e : r->ingest->events) {
            const ingest::InputFile *f = r->ingest->file(e.source.file);
            if (f && f->path.startsWith(u"gpu-a02/torchelastic"_s) && e.timeMs != ingest::NoTime)
                QVERIFY2(e.timeMs >= jobStart, qPrintable(f->path + u" has a time before the job started"_s));
        }
    }

    void lossScaleOverflowsAlignClocks()
    {
        // Only rank 0 logs its steps, but every rank logs the same overflow at the same loss
        // scale: node-2's clock runs 42 s ahead and is corrected from those lines.
        QTemporaryDir dir;
        auto write = [&](const QString &name, const QByteArray &text) { QVERIFY(test::writeBundleFile(dir.path(), name, text)); };
        auto overflow = [](int rank, const char *time, int scale) -> QByteArray {
            return QByteArray("[2024-04-15 ") + time + "] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank "
                   + QByteArray::number(rank) + " Skipping step. Attempted loss scale: " + QByteArray::number(scale)
                   + ", reducing to " + QByteArray::number(scale / 2) + "\n";
        };
        write(u"node-1/rank0.log"_s, overflow(0, "01:43:02,216", 65536) + overflow(0, "01:43:03,241", 32768) + overflow(0, "01:43:04,290", 16384));
        write(u"node-2/rank1.log"_s, overflow(1, "01:43:44,230", 65536) + overflow(1, "01:43:45,250", 32768) + overflow(1, "01:43:46,301", 16384));
        write(u"node-3/rank2.log"_s, overflow(2, "01:43:02,219", 65536) + overflow(2, "01:43:03,244", 32768) + overflow(2, "01:43:04,291", 16384));
        ingest::IngestConfig cfg;
        cfg.fingerprints = analysis::Analyzer::fingerprintSpecs(*knowledgeBase());
        const auto in = ingest::Ingestor::run({dir.path()}, cfg);
        bool found = false;
        for (const ingest::ClockOffset &co : in->clockOffsets) {
            if (co.node != u"node-2"_s)
                continue;
            found = true;
            QVERIFY2(co.seconds < -41.5 && co.seconds > -42.5, qPrintable(QString::number(co.seconds)));
            QVERIFY2(co.method.contains(u"overflow"_s), qPrintable(co.method));
        }
        QVERIFY(found);
    }

    void jsonContract()
    {
        const auto r = analyse(u"cuda-oom-slurm"_s);
        const QJsonObject j = report::AnalysisReport::toJson(*r);
        QCOMPARE(j.value(u"schema"_s).toString(), u"rankscope.analysis/1"_s);
        for (const QString &k : {u"inputs"_s, u"job"_s, u"verdict"_s, u"diagnoses"_s, u"version_matrix"_s, u"clock_offsets"_s, u"warnings"_s, u"stats"_s})
            QVERIFY2(j.contains(k), qPrintable(k));
        const QJsonObject v = j.value(u"verdict"_s).toObject();
        QCOMPARE(v.value(u"rank"_s).toInt(), 3);
        QCOMPARE(v.value(u"evidence"_s).toObject().value(u"line"_s).toInt(), 13);
        QVERIFY(v.value(u"time"_s).toString().endsWith(u'Z'));
        QCOMPARE(v.value(u"chain"_s).toArray().first().toObject().value(u"role"_s).toString(), u"initiating"_s);
        const QJsonObject job = j.value(u"job"_s).toObject();
        QCOMPARE(job.value(u"world_size"_s).toInt(), 4);
        QCOMPARE(job.value(u"nodes"_s).toArray().size(), 2);
        const QJsonObject input = j.value(u"inputs"_s).toArray().first().toObject();
        QCOMPARE(input.value(u"path"_s).toString(), u"slurm-77123.out"_s);
        QCOMPARE(input.value(u"ranks"_s).toArray().size(), 4);
    }
};

QTEST_GUILESS_MAIN(TestAnalyzer)
#include "tst_analyzer.moc"
