// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The stacked launcher prefixes of log-formats.md §0, on lines as real bundles have them.
#include "filescanner.h"
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
        // Found by fuzz_lineprefix: the unclosed detailed form read past the end of the line.
        QTest::addRow("open mpi detailed form cut short") << "[1,3][gpu-1:2"_ba << -1 << -1 << -1 << -1 << QString() << u"[1,3][gpu-1:2"_s;
        QTest::addRow("horovod gloo") << "[3]<stdout>:Epoch 1 loss 0.41"_ba << -1 << -1 << -1 << 3 << QString() << u"Epoch 1 loss 0.41"_s;
        QTest::addRow("line number is not a rank") << "[80746] NCCL WARN x"_ba << -1 << -1 << -1 << -1 << QString() << u"[80746] NCCL WARN x"_s;
        QTest::addRow("pdsh ip") << "104.171.201.172: [2023-04-16 02:38:19,113] [INFO] [launch.py:246:main] x"_ba << -1 << -1 << -1 << -1 << u"104.171.201.172"_s << u"[2023-04-16 02:38:19,113] [INFO] [launch.py:246:main] x"_s;
        QTest::addRow("srun is not a host") << "srun: error: node-12: task 3: Exited with exit code 1"_ba << -1 << -1 << -1 << -1 << QString() << u"srun: error: node-12: task 3: Exited with exit code 1"_s;
        QTest::addRow("exception is not a host") << "RuntimeError: CUDA error"_ba << -1 << -1 << -1 << -1 << QString() << u"RuntimeError: CUDA error"_s;
        QTest::addRow("ray + c10") << "(WorkerDict pid=3490362) [rank1]:[E1118 10:00:00.000000000 f.cpp:1] x"_ba << 1 << -1 << -1 << -1 << QString() << u"[E1118 10:00:00.000000000 f.cpp:1] x"_s;
        QTest::addRow("kubectl prefix + timestamps") << "2024-05-01T12:00:00.123456789Z [pod/job-worker-3/pytorch] [rank24]: boom"_ba << 24 << -1 << -1 << -1 << QString() << u"boom"_s;
        QTest::addRow("CRI") << "2024-05-01T12:00:00.123456789Z stderr F [rank2]: boom"_ba << 2 << -1 << -1 << -1 << QString() << u"boom"_s;
        // Open MPI's own messages name their writer (horovod/horovod#300, a Docker container id).
        QTest::addRow("open mpi host:pid") << "[96c7e3d99641:24984] Read -1, expected 122880, errno = 1"_ba << -1 << -1 << -1 << -1 << u"96c7e3d99641"_s << u"Read -1, expected 122880, errno = 1"_s;
        QTest::addRow("open mpi tag then host:pid") << "[1,0]<stderr>:[gpu-node-3:01234] *** Process received signal ***"_ba << -1 << -1 << -1 << 0 << u"gpu-node-3"_s << u"*** Process received signal ***"_s;
        QTest::addRow("a time is no host") << "[12:34] epoch 3"_ba << -1 << -1 << -1 << -1 << QString() << u"[12:34] epoch 3"_s;
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

    // MPICH / Intel MPI "-prepend-rank" labels, read only where the file says they are ranks.
    void bracketRankLabel()
    {
        const LinePrefix labelled = LinePrefix::parse("[5] ampere-n04:8812:8812 [1] NCCL INFO Bootstrap : Using ib0:10.1.0.4<0>", true);
        QCOMPARE(labelled.mpiRank, 5);
        QVERIFY(NcclPrefix::parse(QByteArrayView("[5] ampere-n04:8812:8812 [1] NCCL INFO x").sliced(labelled.contentOffset)).valid);
        QCOMPARE(LinePrefix::parse("[5] Traceback (most recent call last):").mpiRank, -1);
    }

    void bracketRankFiles_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<bool>("ranks");
        QTest::addRow("hydra, interleaved") << "[0] step 1 loss 2.3\n[1] step 1 loss 2.4\n[1] step 2 loss 2.2\n[0] step 2 loss 2.1\n"_ba << true;
        QTest::addRow("round robin goes back to 0")
            << "[0] a\n[1] a\n[2] a\n[3] a\n[0] b\n[1] b\n[2] b\n[3] b\n[0] c\n"_ba << true;
        QTest::addRow("with mpiexec's own banner")
            << "[3] RuntimeError: x\n[3] y\n===================\n=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES\n[2] z\n"_ba << true;
        QTest::addRow("log viewer line numbers")
            << "[80746] NCCL INFO a\n[80747] step 3\n[80748] step 4\n[80749] RuntimeError\n"_ba << false;
        QTest::addRow("device index of a stripped NCCL line (NVIDIA/nccl#525)")
            << "[3] include/shm.h:28 NCCL WARN Call to posix_fallocate failed : No space left on device\n"
               "[3] NCCL INFO include/shm.h:41 -> 2\n"
               "[3] include/shm.h:48 NCCL WARN Error while creating shared memory segment nccl-shm-recv-1 (size 9637888)\n"_ba
            << false;
        QTest::addRow("one stray label") << "[0] hello\nplain\nplain\n"_ba << false;
        QTest::addRow("mostly unlabelled") << "[0] a\n[1] b\nc\nd\ne\nf\n"_ba << false;
    }
    void bracketRankFiles()
    {
        QFETCH(QByteArray, head);
        QFETCH(bool, ranks);
        QCOMPARE(FileScanner::detectBracketRanks(head), ranks);
    }

    void raySystemProcess()
    {
        const QByteArray line = "(raylet, ip=10.0.12.174) A worker died or was killed while executing a task"_ba;
        const LinePrefix p = LinePrefix::parse(line);
        QCOMPARE(QString::fromUtf8(p.rayIp.toByteArray()), u"10.0.12.174"_s);
        QCOMPARE(p.rayPid, -1);
        QCOMPARE(QString::fromUtf8(line.mid(p.contentOffset)), u"A worker died or was killed while executing a task"_s);
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
    void taskIdsFromNames_data()
    {
        QTest::addColumn<QStringList>("paths");
        QTest::addColumn<QList<int>>("ids");
        QTest::newRow("job id and task id") << QStringList{u"logs/train-5528113-1.out"_s, u"logs/train-5528113-0.out"_s, u"logs/train-5528113-2.out"_s}
                               << QList<int>{1, 0, 2};
        QTest::newRow("name, job and task, one task missing") << QStringList{u"o/llm7b_91_0.log"_s, u"o/llm7b_91_1.log"_s, u"o/llm7b_91_3.log"_s}
                                             << QList<int>{0, 1, 3};
        QTest::addRow("two numbers vary") << QStringList{u"a-1-0.out"_s, u"a-2-1.out"_s} << QList<int>{-1, -1};
        QTest::addRow("rotated logs start at 1") << QStringList{u"train.log.1"_s, u"train.log.2"_s} << QList<int>{-1, -1};
        QTest::addRow("node numbers") << QStringList{u"gpu-07.log"_s, u"gpu-08.log"_s, u"gpu-09.log"_s} << QList<int>{-1, -1, -1};
        QTest::addRow("other folder, other group") << QStringList{u"a/t-0.out"_s, u"b/t-1.out"_s} << QList<int>{-1, -1};
        QTest::addRow("alone") << QStringList{u"slurm-4891784.out"_s} << QList<int>{-1};
    }
    void taskIdsFromNames()
    {
        QFETCH(QStringList, paths);
        QFETCH(QList<int>, ids);
        QCOMPARE(PathAttribution::taskIdsFromNames(paths), ids);
    }

    void hostOfLine_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QByteArray>("host");
        QTest::newRow("syslog") << QByteArray("Feb 24 09:28:18 gpu-17 kernel: NVRM: Xid (PCI:0000:3b:00): 79") << QByteArray("gpu-17");
        QTest::newRow("journal short-iso") << QByteArray("2024-05-01T12:00:00+00:00 gpu-17 systemd[1]: Started") << QByteArray("gpu-17");
        QTest::newRow("root prompt") << QByteArray("root@gpu-17:~# dmesg -T | grep Xid") << QByteArray("gpu-17");
        QTest::newRow("RHEL prompt") << QByteArray("[alice@dgx-a100-03 ~]$ nvidia-smi") << QByteArray("dgx-a100-03");
        // Pasted from a terminal with a conda environment active (lyulyul/shine-cluster#171).
        QTest::newRow("conda prompt") << QByteArray("(htranstrack) wangcui@hoth:~/shared/STGTrack/H-TransTrack_test2$ nvidia-smi")
                                      << QByteArray("hoth");
        QTest::newRow("a time, not a host") << QByteArray("12:00:00 INFO: step 10 loss 2.31 lr 3e-4") << QByteArray();
        QTest::newRow("parenthesis, no prompt") << QByteArray("(pid=7410) rank=0, local_rank=0 started worker") << QByteArray();
        QTest::newRow("an e-mail address") << QByteArray("contact alice@example.com for access to the cluster") << QByteArray();
    }
    void hostOfLine()
    {
        QFETCH(QByteArray, line);
        QFETCH(QByteArray, host);
        QCOMPARE(rankscope::ingest::hostOfLine(line).toByteArray(), host);
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
