// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The incident library: what an incident record keeps of an analysis, the library file (record,
// update, list, forget; what it refuses), "seen before" and the recurring-culprit rule.
#include "analysisreport.h"
#include "builtencyclopedia.h"
#include "incidentlibrary.h"
#include "jobidentity.h"
#include "recurringculprits.h"
#include "seenbefore.h"
#include "simulator.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QDir>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;
using history::IncidentLibrary;
using history::IncidentRecord;

namespace {

const QString handmade = QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade/");

IncidentRecord recordOf(const QString &bundle)
{
    const auto result = test::analysePath(bundle);
    QString problem;
    const auto r = IncidentRecord::fromAnalysisJson(report::AnalysisReport::toJson(*result, {}), bundle, &problem);
    if (!r)
        qFatal("%s: %s", qPrintable(bundle), qPrintable(problem));
    return *r;
}

// A record made by hand, for the rules that look only at a record's fields.
IncidentRecord made(const QString &identity, const QString &entry, const QString &node, qint64 when, const QString &gpu = {})
{
    IncidentRecord r;
    r.identity = identity;
    r.entry = entry;
    r.node = node;
    r.gpu = gpu;
    r.timeMs = when;
    r.recordedMs = when;
    return r;
}

constexpr qint64 Day = qint64(24) * 3600 * 1000;

QByteArray bytesOf(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void runSql(const QString &path, const QStringList &statements)
{
    const QString name = u"tst-history-raw"_s;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        for (const QString &s : statements)
            QVERIFY2(q.exec(s), qPrintable(s));
    }
    QSqlDatabase::removeDatabase(name);
}

} // namespace

class TestHistory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // What the library keeps of an analysis is what the analysis said: the verdict with its
    // line, the GPU the kernel named, the job the logs named, the matrix with its outliers.
    void recordKeepsTheVerdictAndItsEvidence()
    {
        const IncidentRecord r = recordOf(handmade + u"xid-busid-to-rank"_s);
        QCOMPARE(r.entry, u"gpu-xid-fallen-off-bus"_s);
        QCOMPARE(r.node, u"g4-r3n04"_s);
        QCOMPARE(r.rank, 2);
        // The kernel's "NVRM: Xid (PCI:0000:3b:00): 79" on g4-r3n04.
        QCOMPARE(r.gpu, u"0000:3b:00"_s);
        QVERIFY(!r.evidencePath.isEmpty());
        QVERIFY(r.evidenceLine > 0);
        QCOMPARE(r.nodes.size(), 2);
        QVERIFY(r.firstMs != history::NoTime && r.lastMs >= r.firstMs);
        QCOMPARE(r.identity.size(), 64);
    }

    void gpuAddress_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("address");
        QTest::newRow("kernel Xid") << u"NVRM: Xid (PCI:0000:3b:00): 79, pid=1661999, GPU has fallen off the bus."_s << u"0000:3b:00"_s;
        QTest::newRow("nvidia-smi") << u"GPU 00000000:3B:00.0: Detected Critical Xid Error"_s << u"0000:3b:00"_s;
        QTest::newRow("NCCL busId") << u"comm 0x55 rank 2 nranks 8 cudaDev 2 busId 3b000 - Init COMPLETE"_s << u"0000:3b:00"_s;
        QTest::newRow("NCCL busId, domain 1") << u"cudaDev 0 busId 10011b000 commId"_s << u"1001:1b:00"_s;
        QTest::newRow("no address") << u"CUDA error: an illegal memory access was encountered"_s << QString();
        QTest::newRow("a time is not an address") << u"[E304 10:13:12.512000000 ProcessGroupNCCL.cpp:632]"_s << QString();
    }
    void gpuAddress()
    {
        QFETCH(QString, text);
        QFETCH(QString, address);
        QCOMPARE(IncidentRecord::gpuAddress(text), address);
    }

    void jobIds_data()
    {
        QTest::addColumn<QString>("bundle");
        QTest::addColumn<QString>("id");
        // slurm-%j.out in the bundle.
        QTest::newRow("slurm output file") << u"slurm-jobid-task-files"_s << u"slurm:5528113"_s;
    }
    void jobIds()
    {
        QFETCH(QString, bundle);
        QFETCH(QString, id);
        QVERIFY2(recordOf(handmade + bundle).jobIds.contains(id), qPrintable(recordOf(handmade + bundle).jobIds.join(u", "_s)));
    }

    void jobIdsFromLogText()
    {
        ingest::IngestResult in;
        ingest::Event e;
        e.text = u"slurmstepd: error: *** STEP 4891784.0 ON gpu-17 CANCELLED AT 2024-06-01T10:22:33 DUE TO TIME LIMIT ***"_s;
        in.events.append(e);
        in.nodeAliases.append({u"bert-large-worker-3"_s, u"gke-pool-a-7"_s, {}, {}, 0, ingest::NodeAlias::Kind::Pod});
        QCOMPARE(analysis::JobIdentity::find(in), (QStringList{u"k8s:bert-large"_s, u"slurm:4891784"_s}));
        // Nodes that are all pods of one job name it; unrelated host names do not.
        ingest::IngestResult pods;
        pods.job.nodes = {u"llama-master-0"_s, u"llama-worker-0"_s, u"llama-worker-1"_s};
        QCOMPARE(analysis::JobIdentity::find(pods), QStringList{u"k8s:llama"_s});
        ingest::IngestResult hosts;
        hosts.job.nodes = {u"gpu-17"_s, u"gpu-18"_s};
        QVERIFY(analysis::JobIdentity::find(hosts).isEmpty());
    }

    // Analysing the same bundle twice gives the same identity, and recording it again updates
    // its row; another bundle is another incident.
    void sameBundleIsOneIncident()
    {
        QTemporaryDir dir;
        const IncidentLibrary library(dir.filePath(u"history.sqlite"_s));
        IncidentRecord a = recordOf(handmade + u"xid-busid-to-rank"_s);
        IncidentRecord again = recordOf(handmade + u"xid-busid-to-rank"_s);
        IncidentRecord other = recordOf(handmade + u"cuda-oom-slurm"_s);
        QCOMPARE(a.identity, again.identity);
        QVERIFY(a.identity != other.identity);
        bool updated = true;
        QVERIFY(library.record(a, &updated).ok);
        QVERIFY(!updated);
        QVERIFY(library.record(other, &updated).ok);
        QVERIFY(!updated);
        again.origin = u"imported.json"_s;
        QVERIFY(library.record(again, &updated).ok);
        QVERIFY(updated);
        QCOMPARE(again.id, a.id);
        QList<IncidentRecord> all;
        QVERIFY(library.list(&all).ok);
        QCOMPARE(all.size(), 2);
        IncidentRecord back;
        QVERIFY(library.find(a.id, &back).ok);
        QCOMPARE(back.origin, u"imported.json"_s);
    }

    // Everything recorded comes back as it was, most recent incident first; forget removes one.
    void recordListFindForget()
    {
        QTemporaryDir dir;
        const IncidentLibrary library(dir.filePath(u"sub/folder/history.sqlite"_s)); // folders are made
        IncidentRecord conflict = recordOf(handmade + u"version-conflict"_s);
        IncidentRecord xid = recordOf(handmade + u"xid-busid-to-rank"_s);
        QVERIFY(!conflict.outliers().isEmpty());
        conflict.timeMs = 1'000 * Day;
        xid.timeMs = 1'001 * Day;
        const auto first = library.record(conflict);
        QVERIFY2(first.ok, qPrintable(first.message));
        QVERIFY(library.record(xid).ok);

        QList<IncidentRecord> all;
        QVERIFY(library.list(&all).ok);
        QCOMPARE(all.size(), 2);
        QCOMPARE(all.at(0).id, xid.id); // the later incident first
        const IncidentRecord &back = all.at(1);
        QCOMPARE(back.entry, conflict.entry);
        QCOMPARE(back.node, conflict.node);
        QCOMPARE(back.rank, conflict.rank);
        QCOMPARE(back.summary, conflict.summary);
        QCOMPARE(back.evidenceText, conflict.evidenceText);
        QCOMPARE(back.matrix, conflict.matrix);
        QCOMPARE(back.outliers(), conflict.outliers());
        QCOMPARE(back.jobIds, conflict.jobIds);
        QCOMPARE(back.nodes, conflict.nodes);
        // A list for Seen before and the culprits reads the outlier cells only; find reads all.
        QList<IncidentRecord> light;
        QVERIFY(library.list(&light, IncidentLibrary::Cells::Outliers).ok);
        QCOMPARE(light.at(1).matrix, conflict.outliers());
        QVERIFY(light.at(1).matrix.size() < conflict.matrix.size());
        IncidentRecord full;
        QVERIFY(library.find(conflict.id, &full).ok);
        QCOMPARE(full.matrix, conflict.matrix);
        QVERIFY(library.find(xid.id, &full).ok);
        QCOMPARE(full.matrix, xid.matrix); // one incident's cells, not every incident's

        QVERIFY(library.forget(conflict.id).ok);
        QVERIFY(library.list(&all).ok);
        QCOMPARE(all.size(), 1);
        IncidentRecord gone;
        const auto missing = library.find(conflict.id, &gone);
        QVERIFY(!missing.ok);
        QVERIFY2(missing.message.contains(u"no incident %1"_s.arg(conflict.id)), qPrintable(missing.message));
        QVERIFY(!library.forget(conflict.id).ok);
    }

    // Reading a library that is not there yet shows no incidents and creates nothing.
    void missingLibraryIsEmpty()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"history.sqlite"_s);
        QList<IncidentRecord> all{IncidentRecord()};
        QVERIFY(IncidentLibrary(path).list(&all).ok);
        QVERIFY(all.isEmpty());
        QVERIFY(!QFile::exists(path));
    }

    void refusesWhatItCannotWrite_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("message");
        QTest::newRow("a log file") << u"text"_s << u"not a RankScope incident library (the file is not an SQLite database)"_s;
        QTest::newRow("another program's database") << u"foreign"_s << u"another application"_s;
        QTest::newRow("a newer RankScope's library") << u"newer"_s << u"written by a newer RankScope"_s;
        QTest::newRow("cut short") << u"truncated"_s << u"cut short"_s;
        QTest::newRow("a folder") << u"folder"_s << u"this is a folder"_s;
    }
    // Nothing is changed in a file the library is not, and the message names the file.
    void refusesWhatItCannotWrite()
    {
        QFETCH(QString, kind);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"history.sqlite"_s);
        if (kind == u"text"_s) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("[rank0]: Watchdog caught collective operation timeout\n");
        } else if (kind == u"foreign"_s) {
            runSql(path, {u"CREATE TABLE t (x)"_s, u"PRAGMA application_id = 1234"_s});
        } else if (kind == u"newer"_s || kind == u"truncated"_s) {
            IncidentRecord r = made(u"a"_s, u"cuda-oom"_s, u"gpu-1"_s, Day);
            QVERIFY(IncidentLibrary(path).record(r).ok);
            if (kind == u"newer"_s) {
                runSql(path, {u"PRAGMA user_version = 99"_s});
            } else {
                const QByteArray whole = bytesOf(path);
                QFile f(path);
                QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
                f.write(whole.left(whole.size() / 2 + 10));
            }
        } else if (kind == u"folder"_s) {
            QVERIFY(QDir().mkpath(path));
        }
        const QByteArray before = bytesOf(path);
        const IncidentLibrary library(path);
        IncidentRecord r = made(u"b"_s, u"cuda-oom"_s, u"gpu-2"_s, 2 * Day);
        const auto written = library.record(r);
        QVERIFY(!written.ok);
        QVERIFY2(written.message.startsWith(path), qPrintable(written.message));
        QVERIFY2(written.message.contains(message), qPrintable(written.message));
        QList<IncidentRecord> all;
        const auto read = library.list(&all);
        QVERIFY(!read.ok);
        QVERIFY2(read.message.contains(message), qPrintable(read.message));
        QCOMPARE(bytesOf(path), before);
    }

    void importRejectsWhatIsNoAnalysis_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        QTest::newRow("another tool's JSON") << QByteArray(R"({"results": []})") << u"not a RankScope analysis"_s;
        QTest::newRow("a newer schema") << QByteArray(R"({"schema": "rankscope.analysis/2"})") << u"newer RankScope"_s;
        QTest::newRow("no verdict") << QByteArray(R"({"schema": "rankscope.analysis/1", "inputs": []})") << u"no inputs or no verdict"_s;
    }
    void importRejectsWhatIsNoAnalysis()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        QString problem;
        QVERIFY(!IncidentRecord::fromAnalysisJson(QJsonDocument::fromJson(json).object(), {}, &problem));
        QVERIFY2(problem.contains(message), qPrintable(problem));
    }

    void seenBefore()
    {
        IncidentRecord current = made(u"now"_s, u"gpu-xid-fallen-off-bus"_s, u"gpu-17"_s, 100 * Day, u"0000:3b:00"_s);
        current.matrix = {{u"gpu-17"_s, u"nccl"_s, u"2.18.1"_s, true, u"2.21.5"_s}};
        IncidentRecord sameGpu = made(u"a"_s, u"gpu-ecc-error"_s, u"gpu-17"_s, 90 * Day, u"0000:3b:00"_s);
        sameGpu.id = 1;
        IncidentRecord sameEntry = made(u"b"_s, u"gpu-xid-fallen-off-bus"_s, u"gpu-40"_s, 80 * Day);
        sameEntry.id = 2;
        IncidentRecord sameOutlier = made(u"c"_s, u"nccl-version-conflict"_s, u"gpu-3"_s, 70 * Day);
        sameOutlier.id = 3;
        sameOutlier.matrix = {{u"gpu-3"_s, u"nccl"_s, u"2.18.1"_s, true, u"2.21.5"_s}};
        IncidentRecord unrelated = made(u"d"_s, u"cuda-oom"_s, u"gpu-5"_s, 95 * Day);
        unrelated.id = 4;
        unrelated.matrix = {{u"gpu-5"_s, u"nccl"_s, u"2.18.1"_s, false, {}}}; // the same value, but no outlier there
        IncidentRecord itself = current;
        itself.id = 5;

        const auto seen = history::SeenBefore::find(current, {sameGpu, sameEntry, sameOutlier, unrelated, itself});
        QCOMPARE(seen.size(), 3);
        QCOMPARE(seen.at(0).incident.id, 1);
        QCOMPARE(seen.at(0).reasons, QStringList{u"started on the same GPU (gpu-17 0000:3b:00)"_s});
        QCOMPARE(seen.at(1).incident.id, 2);
        QCOMPARE(seen.at(1).reasons, QStringList{u"the same failure (gpu-xid-fallen-off-bus)"_s});
        QCOMPARE(seen.at(2).incident.id, 3);
        QCOMPARE(seen.at(2).reasons, QStringList{u"the same outlier (nccl 2.18.1)"_s});
    }

    // "gpu-17 started 3 of the last 10 incidents: Xid 79 twice, ECC once" — the rule and the
    // sentence an engineer takes to the RMA ticket.
    void recurringCulprits()
    {
        QList<IncidentRecord> library;
        auto add = [&](const QString &entry, const QString &node, int day, const QString &gpu = {}) {
            IncidentRecord r = made(QString::number(library.size()), entry, node, day * Day, gpu);
            r.id = library.size() + 1;
            library.prepend(r); // most recent first, as IncidentLibrary::list gives them
        };
        add(u"gpu-xid-fallen-off-bus"_s, u"gpu-17"_s, 1, u"0000:3b:00"_s);
        add(u"cuda-oom"_s, u"gpu-2"_s, 2);
        add(u"gpu-ecc-error"_s, u"gpu-17"_s, 40, u"0000:3b:00"_s);
        add(u"cuda-oom"_s, u"gpu-3"_s, 41);
        add(u"gpu-xid-fallen-off-bus"_s, u"gpu-17"_s, 50, u"0000:86:00"_s);
        add(u"nan-loss"_s, u"gpu-4"_s, 51);
        add(u"cuda-oom"_s, u"gpu-5"_s, 52);
        add(u"dataloader-worker-exception"_s, u"gpu-6"_s, 53);
        add(u"cuda-oom"_s, u"gpu-7"_s, 54);
        // A time limit names a node too, but the scheduler stopped the job: no culprit.
        add(u"slurm-time-limit"_s, u"gpu-2"_s, 55);
        library.first().external = true;

        const auto all = history::RecurringCulprit::find(library, 0, 60 * Day);
        QVERIFY(!all.isEmpty());
        QCOMPARE(all.at(0).kind, history::RecurringCulprit::Kind::Node);
        QCOMPARE(all.at(0).subject, u"gpu-17"_s);
        QCOMPARE(all.at(0).count, 3);
        QCOMPARE(all.at(0).sentence,
                 u"gpu-17 started 3 of the last 10 incidents: gpu-xid-fallen-off-bus twice, gpu-ecc-error once"_s);
        const auto gpu = std::find_if(all.cbegin(), all.cend(), [](const auto &c) { return c.kind == history::RecurringCulprit::Kind::Gpu; });
        QVERIFY(gpu != all.cend());
        QCOMPARE(gpu->subject, u"gpu-17 0000:3b:00"_s);
        QCOMPARE(gpu->count, 2);
        // gpu-2's second incident was the time limit.
        QVERIFY(std::none_of(all.cbegin(), all.cend(), [](const auto &c) { return c.subject == u"gpu-2"_s; }));

        // In the last 15 days (since day 45) gpu-17 started only the incident of day 50.
        const auto recent = history::RecurringCulprit::find(library, 15, 60 * Day);
        QVERIFY(std::none_of(recent.cbegin(), recent.cend(), [](const auto &c) { return c.subject.startsWith(u"gpu-17"_s); }));
    }

    // Simulated incidents recorded as analysed: the nodes the truths name more than once are
    // exactly the recurring nodes, with their failures counted.
    void recurringCulpritsOfSimulatedIncidents()
    {
        QTemporaryDir dir;
        const IncidentLibrary library(dir.filePath(u"history.sqlite"_s));
        QHash<QString, QStringList> truthNodes; // node -> entries
        const QList<QPair<QString, int>> runs = {{u"gpu-xid-fallen-off-bus"_s, 1}, {u"gpu-xid-fallen-off-bus"_s, 2},
                                                 {u"gpu-ecc-error"_s, 2}, {u"gpu-ecc-error"_s, 3}};
        for (const auto &[scenario, seed] : runs) {
            sim::SimConfig cfg;
            cfg.scenario = scenario;
            cfg.outDir = dir.filePath(u"%1-%2"_s.arg(scenario).arg(seed));
            cfg.truthFile = cfg.outDir + u".truth.json"_s;
            cfg.nodes = 4;
            cfg.gpusPerNode = 2;
            cfg.seed = quint64(seed);
            const sim::SimResult sr = sim::Simulator::run(cfg);
            QVERIFY2(sr.ok(), qPrintable(sr.error));
            truthNodes[sr.truth.node].append(sr.truth.entry);
            IncidentRecord r = recordOf(cfg.outDir);
            QVERIFY(library.record(r).ok);
        }
        QList<IncidentRecord> all;
        QVERIFY(library.list(&all).ok);
        QCOMPARE(all.size(), runs.size());
        QHash<QString, QStringList> recurring;
        for (auto it = truthNodes.cbegin(); it != truthNodes.cend(); ++it)
            if (it.value().size() > 1)
                recurring.insert(it.key(), it.value());
        QVERIFY2(!recurring.isEmpty(), "the seeds were chosen so that one node starts two incidents");
        const auto culprits = history::RecurringCulprit::find(all, 0, QDateTime::currentMSecsSinceEpoch());
        QHash<QString, int> found;
        for (const auto &c : culprits) {
            if (c.kind != history::RecurringCulprit::Kind::Node)
                continue;
            found.insert(c.subject, c.count);
            for (const QString &entry : recurring.value(c.subject))
                QVERIFY2(c.sentence.contains(entry), qPrintable(c.sentence));
        }
        QCOMPARE(found.size(), recurring.size());
        for (auto it = recurring.cbegin(); it != recurring.cend(); ++it)
            QCOMPARE(found.value(it.key()), int(it.value().size()));
    }

    void recurringOutliers()
    {
        QList<IncidentRecord> library;
        for (int i = 0; i < 3; ++i) {
            IncidentRecord r = made(QString::number(i), u"nccl-version-conflict"_s, u"gpu-%1"_s.arg(i), (10 - i) * Day);
            r.id = i + 1;
            r.matrix = {{r.node, u"nccl"_s, i < 2 ? u"2.18.1"_s : u"2.19.3"_s, true, u"2.21.5"_s}};
            library.append(r);
        }
        const auto culprits = history::RecurringCulprit::find(library, 0, 20 * Day);
        QCOMPARE(culprits.size(), 1);
        QCOMPARE(culprits.at(0).kind, history::RecurringCulprit::Kind::Outlier);
        QCOMPARE(culprits.at(0).sentence, u"nccl 2.18.1 was an outlier in 2 of the last 3 incidents: nccl-version-conflict twice"_s);
    }
};

QTEST_GUILESS_MAIN(TestHistory)
#include "tst_history.moc"
