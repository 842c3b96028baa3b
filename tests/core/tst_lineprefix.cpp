// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The stacked launcher prefixes of log-formats.md §0, on lines as real bundles have them.
#include "lineprefix.h"
#include "pathattribution.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope::ingest;

class TestLinePrefix : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void prefixes_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<int>("globalRank");
        QTest::addColumn<int>("localRank");
        QTest::addColumn<int>("slurmTask");
        QTest::addColumn<int>("mpiRank");
        QTest::addColumn<QString>("host");
        QTest::addColumn<QString>("content");
        QTest::addRow("c10 global rank") << "[rank3]:[E1218 20:27:21.426415540 ProcessGroupNCCL.cpp:629] x"_ba << 3 << -1 << -1 << -1 << QString() << u"[E1218 20:27:21.426415540 ProcessGroupNCCL.cpp:629] x"_s;
        QTest::addRow("excepthook") << "[rank13]: torch.distributed.DistBackendError: NCCL error"_ba << 13 << -1 << -1 << -1 << QString() << u"torch.distributed.DistBackendError: NCCL error"_s;
        QTest::addRow("torch._logging 2.4") << "[rank2]:W0724 20:47:35.222000 1237 a.py:1] x"_ba << 2 << -1 << -1 << -1 << QString() << u"W0724 20:47:35.222000 1237 a.py:1] x"_s;
        QTest::addRow("tee local + c10 global") << "[default3]:[rank11]:[E1218 20:27:21.426415540 f.cpp:1] x"_ba << 11 << 3 << -1 << -1 << QString() << u"[E1218 20:27:21.426415540 f.cpp:1] x"_s;
        QTest::addRow("tee with --role rank") << "[rank0]:[rank8]:[E1218 20:27:21.426415540 f.cpp:1] x"_ba << 8 << 0 << -1 << -1 << QString() << u"[E1218 20:27:21.426415540 f.cpp:1] x"_s;
        QTest::addRow("tee then plain") << "[default5]:step 10 loss 2.3"_ba << -1 << 5 << -1 << -1 << QString() << u"step 10 loss 2.3"_s;
        QTest::addRow("slurm label padded") << "  3: [rank3]: RuntimeError: x"_ba << 3 << -1 << 3 << -1 << QString() << u"RuntimeError: x"_s;
        QTest::addRow("slurm label wide") << "12: node-03:2456:2456 [0] NCCL INFO x"_ba << -1 << -1 << 12 << -1 << QString() << u"node-03:2456:2456 [0] NCCL INFO x"_s;
        QTest::addRow("slurm het job") << "P1  3: hello"_ba << -1 << -1 << 3 << -1 << QString() << u"hello"_s;
        QTest::addRow("open mpi orte") << "[1,3]<stdout>:test-nccl-efa-worker-0:23:75 [3] NCCL INFO x"_ba << -1 << -1 << -1 << 3 << QString() << u"test-nccl-efa-worker-0:23:75 [3] NCCL INFO x"_s;
        QTest::addRow("open mpi pmix") << "[1,7]<stderr>: Traceback"_ba << -1 << -1 << -1 << 7 << QString() << u"Traceback"_s;
        QTest::addRow("horovod gloo") << "[3]<stdout>:Epoch 1 loss 0.41"_ba << -1 << -1 << -1 << 3 << QString() << u"Epoch 1 loss 0.41"_s;
        QTest::addRow("line number is not a rank") << "[80746] NCCL WARN x"_ba << -1 << -1 << -1 << -1 << QString() << u"[80746] NCCL WARN x"_s;
        QTest::addRow("pdsh ip") << "104.171.201.172: [2023-04-16 02:38:19,113] [INFO] [launch.py:246:main] x"_ba << -1 << -1 << -1 << -1 << u"104.171.201.172"_s << u"[2023-04-16 02:38:19,113] [INFO] [launch.py:246:main] x"_s;
        QTest::addRow("srun is not a host") << "srun: error: node-12: task 3: Exited with exit code 1"_ba << -1 << -1 << -1 << -1 << QString() << u"srun: error: node-12: task 3: Exited with exit code 1"_s;
        QTest::addRow("exception is not a host") << "RuntimeError: CUDA error"_ba << -1 << -1 << -1 << -1 << QString() << u"RuntimeError: CUDA error"_s;
        QTest::addRow("ray + c10") << "(WorkerDict pid=3490362) [rank1]:[E1118 10:00:00.000000000 f.cpp:1] x"_ba << 1 << -1 << -1 << -1 << QString() << u"[E1118 10:00:00.000000000 f.cpp:1] x"_s;
        QTest::addRow("kubectl prefix + timestamps") << "2024-05-01T12:00:00.123456789Z [pod/job-worker-3/pytorch] [rank24]: boom"_ba << 24 << -1 << -1 << -1 << QString() << u"boom"_s;
        QTest::addRow("CRI") << "2024-05-01T12:00:00.123456789Z stderr F [rank2]: boom"_ba << 2 << -1 << -1 << -1 << QString() << u"boom"_s;
        QTest::addRow("no prefix") << "Traceback (most recent call last):"_ba << -1 << -1 << -1 << -1 << QString() << u"Traceback (most recent call last):"_s;
    }
    void prefixes()
    {
        QFETCH(QByteArray, line);
        QFETCH(int, globalRank);
        QFETCH(int, localRank);
        QFETCH(int, slurmTask);
        QFETCH(int, mpiRank);
        QFETCH(QString, host);
        QFETCH(QString, content);
        const LinePrefix p = LinePrefix::parse(line);
        QCOMPARE(p.globalRank, globalRank);
        QCOMPARE(p.localRank, localRank);
        QCOMPARE(p.slurmTask, slurmTask);
        QCOMPARE(p.mpiRank, mpiRank);
        QCOMPARE(QString::fromUtf8(p.host.toByteArray()), host);
        QCOMPARE(QString::fromUtf8(line.mid(p.contentOffset)), content);
    }

    void kubectlUtcIsKept()
    {
        const LinePrefix p = LinePrefix::parse("2024-05-01T12:00:00.5Z [pod/job-worker-3/c] x");
        QVERIFY(p.outerTime.utc);
        QCOMPARE(QString::fromUtf8(p.pod.toByteArray()), u"job-worker-3"_s);
    }

    void nccl_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("host");
        QTest::addColumn<qint64>("pid");
        QTest::addColumn<int>("dev");
        QTest::addRow("INFO") << "node-03:2456:2456 [0] NCCL INFO Bootstrap : Using eth0:10.10.6.118<0>"_ba << u"node-03"_s << qint64(2456) << 0;
        QTest::addRow("WARN old") << "gpu004:2200689:2200706 [3] misc/socket.cc:49 NCCL WARN socketProgress"_ba << u"gpu004"_s << qint64(2200689) << 3;
        QTest::addRow("WARN 2.26 timestamp") << "[2025-06-01 12:34:56] node-03:2456:2470 [3] transport/net_ib/p2p.cc:688 (f) NCCL WARN x"_ba << u"node-03"_s << qint64(2456) << 3;
        QTest::addRow("CALL has no dev") << "node-03:2456:2456 NCCL CALL ncclAllReduce"_ba << u"node-03"_s << qint64(2456) << -1;
        QTest::addRow("time is not NCCL") << "10:22:33 something NCCL-ish"_ba << QString() << qint64(-1) << -1;
    }
    void nccl()
    {
        QFETCH(QByteArray, line);
        QFETCH(QString, host);
        QFETCH(qint64, pid);
        QFETCH(int, dev);
        const NcclPrefix p = NcclPrefix::parse(line);
        QCOMPARE(p.valid, !host.isEmpty());
        QCOMPARE(QString::fromUtf8(p.host.toByteArray()), host);
        QCOMPARE(p.pid, pid);
        QCOMPARE(p.cudaDev, dev);
    }

    void pgRank_data()
    {
        QTest::addColumn<QByteArray>("message");
        QTest::addColumn<int>("rank");
        QTest::addRow("plain") << "[Rank 7] Watchdog caught collective operation timeout"_ba << 7;
        QTest::addRow("PG 2.3") << "[PG 1 Rank 2] Exception (either an error or timeout)"_ba << 2;
        QTest::addRow("PG GUID 2.5") << "[PG ID 0 PG GUID 0(default_pg) Rank 3]  failure detected by watchdog"_ba << 3;
        QTest::addRow("DeepSpeed log_dist") << "[INFO] [logging.py:96:log_dist] [Rank 0] step=10"_ba << 0;
        QTest::addRow("none") << "Rank 5 is running collective"_ba << -1;
    }
    void pgRank()
    {
        QFETCH(QByteArray, message);
        QFETCH(int, rank);
        QCOMPARE(pgRankInMessage(message), rank);
    }

    void paths_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("node");
        QTest::addColumn<int>("globalRank");
        QTest::addColumn<int>("localRank");
        QTest::addRow("torchrun log-dir") << u"gpu-a01/train_ab12cd/attempt_0/3/stderr.log"_s << u"gpu-a01"_s << -1 << 3;
        QTest::addRow("torchelastic tmp") << u"node-7/torchelastic_x1y2/none_ab12/attempt_1/0/error.json"_s << u"node-7"_s << -1 << 0;
        QTest::addRow("rank-3.log") << u"logs/rank-3.log"_s << QString() << 3 << -1;
        QTest::addRow("rank3.out in node folder") << u"node-b/rank3.out"_s << u"node-b"_s << 3 << -1;
        QTest::addRow("k8s pod") << u"pods/llama-worker-3.log"_s << u"llama-worker-3"_s << -1 << -1;
        QTest::addRow("NCCL_DEBUG_FILE") << u"nccl/nccl.node-03.2456"_s << u"node-03"_s << -1 << -1;
        QTest::addRow("archive member") << u"bundle.tar.gz!/gpu-b07/rank_12.log"_s << u"gpu-b07"_s << 12 << -1;
        QTest::addRow("no hint") << u"slurm-4891784.out"_s << QString() << -1 << -1;
        QTest::addRow("warm-up is not a rank") << u"frank7/notes.txt"_s << u"frank7"_s << -1 << -1;
    }
    void paths()
    {
        QFETCH(QString, path);
        QFETCH(QString, node);
        QFETCH(int, globalRank);
        QFETCH(int, localRank);
        const PathAttribution a = PathAttribution::parse(path);
        QCOMPARE(a.node, node);
        QCOMPARE(a.globalRank, globalRank);
        QCOMPARE(a.localRank, localRank);
    }
};

QTEST_GUILESS_MAIN(TestLinePrefix)
#include "tst_lineprefix.moc"
