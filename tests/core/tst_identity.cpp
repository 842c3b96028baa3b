// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Who wrote a line, joined across files: Slurm's printed layout, kubectl's pod placement, a
// Ray worker's address, nvidia-smi's bus ids. The parsers on the exact text the tools print,
// then small bundles whose sources agree or conflict, checked as a user reads the result:
// the node and rank named, and the warning that cites both sources.
#include "acceptancecase.h"
#include "analyzer.h"
#include "builtencyclopedia.h"
#include "bundlefiles.h"
#include "ingestor.h"
#include "inventoryparser.h"
#include "knowledgebase.h"
#include "linereader.h"
#include "linesource.h"
#include "podplacement.h"
#include "slurmlayout.h"

#include <QDirIterator>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;

namespace {
struct Bundle
{
    QTemporaryDir dir;
    bool add(const QString &name, const QByteArray &text) { return test::writeBundleFile(dir.path(), name, text); }
    analysis::AnalysisResultPtr analyse() const { return test::analysePath(dir.path()); }
};

bool warns(const analysis::AnalysisResult &r, const QString &part)
{
    for (const Warning &w : r.ingest->warnings) {
        if (w.message.contains(part))
            return true;
    }
    return false;
}

const QByteArray GetPods = "NAME              READY   STATUS   RESTARTS      AGE   IP            NODE         NOMINATED NODE   READINESS GATES\n"
                           "trainer-worker-0  0/1     Error    0             31m   10.244.1.17   gpu-node-a   <none>           <none>\n"
                           "trainer-worker-1  0/1     Error    2 (5m ago)    31m   10.244.2.17   gpu-node-b   <none>           <none>\n";
} // namespace

class TestIdentity : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(test::sharedEncyclopedia()->entries().size() >= 64); }

    void hostlist_data()
    {
        QTest::addColumn<QString>("list");
        QTest::addColumn<QStringList>("nodes");
        QTest::addRow("one") << u"gpu-07"_s << QStringList{u"gpu-07"_s};
        QTest::addRow("range keeps zero padding") << u"gpu-[08-10]"_s << QStringList{u"gpu-08"_s, u"gpu-09"_s, u"gpu-10"_s};
        QTest::addRow("list and range") << u"hal-gpu[017,021-022]"_s << QStringList{u"hal-gpu017"_s, u"hal-gpu021"_s, u"hal-gpu022"_s};
        QTest::addRow("several items") << u"a[1-2],login3"_s << QStringList{u"a1"_s, u"a2"_s, u"login3"_s};
        QTest::addRow("two bracket groups") << u"r[1-2]n[01-02]"_s << QStringList{u"r1n01"_s, u"r1n02"_s, u"r2n01"_s, u"r2n02"_s};
        QTest::addRow("unclosed bracket") << u"gpu-[01-02"_s << QStringList();
        QTest::addRow("reversed range") << u"gpu-[05-02]"_s << QStringList();
        QTest::addRow("huge range refused") << u"n[0-999999999]"_s << QStringList();
    }
    void hostlist()
    {
        QFETCH(QString, list);
        QFETCH(QStringList, nodes);
        QCOMPARE(ingest::SlurmLayout::expandHostlist(list), nodes);
    }

    void taskLayout_data()
    {
        QTest::addColumn<QString>("tasksPerNode");
        QTest::addColumn<bool>("cyclic");
        QTest::addColumn<QStringList>("nodeOfTask");
        const QStringList nodes = {u"a"_s, u"b"_s};
        QTest::addRow("block") << u"2(x2)"_s << false << QStringList{u"a"_s, u"a"_s, u"b"_s, u"b"_s};
        QTest::addRow("cyclic") << u"2(x2)"_s << true << QStringList{u"a"_s, u"b"_s, u"a"_s, u"b"_s};
        QTest::addRow("uneven block") << u"3,1"_s << false << QStringList{u"a"_s, u"a"_s, u"a"_s, u"b"_s};
        QTest::addRow("uneven cyclic") << u"3,1"_s << true << QStringList{u"a"_s, u"b"_s, u"a"_s, u"a"_s};
        QTest::addRow("counts do not fit the nodes") << u"4(x3)"_s << false << QStringList();
        QTest::addRow("malformed") << u"4(x"_s << false << QStringList();
    }
    void taskLayout()
    {
        QFETCH(QString, tasksPerNode);
        QFETCH(bool, cyclic);
        QFETCH(QStringList, nodeOfTask);
        QCOMPARE(ingest::SlurmLayout::taskNodes({u"a"_s, u"b"_s}, ingest::SlurmLayout::expandTasksPerNode(tasksPerNode), cyclic), nodeOfTask);
    }

    void podPlacement_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QStringList>("placed"); // "pod@node:line"
        QTest::addRow("get pods -o wide, restarts with a note")
            << GetPods << QStringList{u"trainer-worker-0@gpu-node-a:2"_s, u"trainer-worker-1@gpu-node-b:3"_s};
        QTest::addRow("get pods -A -o wide")
            << QByteArray("NAMESPACE   NAME      READY   STATUS    RESTARTS   AGE   IP          NODE    NOMINATED NODE   READINESS GATES\n"
                          "research    job-m-0   1/1     Running   0          2d    10.1.0.4    n-17    <none>           <none>\n")
            << QStringList{u"job-m-0@n-17:2"_s};
        QTest::addRow("describe pod")
            << QByteArray("Name:             llm-worker-3\nNamespace:        research\nPriority:         0\n"
                          "Node:             gpu-node-c/10.0.3.12\nStart Time:       Tue, 04 Mar 2025 09:58:40 +0000\n")
            << QStringList{u"llm-worker-3@gpu-node-c:4"_s};
        QTest::addRow("scheduler event")
            << QByteArray("  Normal  Scheduled  31m  default-scheduler  Successfully assigned research/llm-worker-2 to gpu-node-d\n")
            << QStringList{u"llm-worker-2@gpu-node-d:1"_s};
        QTest::addRow("pending pod names no node")
            << QByteArray("Name:             llm-worker-4\nNamespace:        research\nNode:             <none>\n") << QStringList();
        QTest::addRow("a plain get pods has no NODE column")
            << QByteArray("NAME              READY   STATUS   RESTARTS   AGE\ntrainer-worker-0  0/1     Error    0          31m\n") << QStringList();
    }
    void podPlacement()
    {
        QFETCH(QByteArray, text);
        QFETCH(QStringList, placed);
        QStringList got;
        for (const ingest::PodPlacement &p : ingest::PodPlacement::parse(ingest::LineReader::split(text)))
            got << u"%1@%2:%3"_s.arg(p.pod, p.node).arg(p.line);
        QCOMPARE(got, placed);
    }

    void busNumber_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<bool>("same");
        QTest::addRow("Xid and nvidia-smi") << u"0000:5d:00"_s << u"00000000:5D:00.0"_s << true;
        QTest::addRow("Xid and NCCL busId") << u"0000:5d:00"_s << u"5d000"_s << true;
        QTest::addRow("nvidia-smi and NCCL busId") << u"00000000:BA:00.0"_s << u"ba000"_s << true;
        QTest::addRow("other bus") << u"0000:5d:00"_s << u"5e000"_s << false;
        QTest::addRow("other function") << u"0000:5d:00.1"_s << u"5d000"_s << false;
        // Power9: two GPUs on bus 04 of different domains; NCCL's busId carries the domain.
        QTest::addRow("Xid and NCCL busId, domain 0035") << u"0035:04:00"_s << u"3504000"_s << true;
        QTest::addRow("other domain") << u"0035:04:00"_s << u"404000"_s << false;
        QTest::addRow("lspci without a domain") << u"04:00.0"_s << u"0035:04:00.0"_s << true;
    }
    void busNumber()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(bool, same);
        QVERIFY(analysis::InventoryParser::busNumber(a) != 0);
        QCOMPARE(analysis::InventoryParser::sameBus(analysis::InventoryParser::busNumber(a), analysis::InventoryParser::busNumber(b)), same);
    }

    void nvidiaSmiSlots()
    {
        const QByteArray table =
            "| NVIDIA-SMI 550.54.15              Driver Version: 550.54.15      CUDA Version: 12.4     |\n"
            "|   0  NVIDIA H100 80GB HBM3          On  |   00000000:18:00.0 Off |                    0 |\n"
            "| N/A   27C    P0             69W /  700W |       4MiB /  81559MiB |      0%      Default |\n"
            "|   1  NVIDIA H100 80GB HBM3          On  |   00000000:2A:00.0 Off |                    0 |\n";
        ingest::InputFile f;
        f.path = u"gpu-1/nvidia-smi.txt"_s;
        const auto r = analysis::InventoryParser::parse(f, FileId(0), ingest::LineReader::split(table));
        QCOMPARE(r.gpus.size(), 2);
        QCOMPARE(r.gpus.at(1).index, 1);
        QCOMPARE(r.gpus.at(1).busId, u"00000000:2A:00.0"_s);
        QCOMPARE(r.gpus.at(1).evidence.source.line, 4);
        const QByteArray env = "HOSTNAME=gpu-1\nCUDA_VISIBLE_DEVICES=4,5, 6,7\n";
        const auto e = analysis::InventoryParser::parse(f, FileId(0), ingest::LineReader::split(env));
        QCOMPARE(e.visibleDevices, (QStringList{u"4"_s, u"5"_s, u"6"_s, u"7"_s}));
        QCOMPARE(e.visibleDevicesEvidence.source.line, 2);
    }

    // Pods are the machine under another name once kubectl says so; without it they stay nodes.
    void podsJoinTheirMachines()
    {
        Bundle b;
        QVERIFY(b.add(u"pods/trainer-worker-1.log"_s,
                      "[pod/trainer-worker-1/pytorch] trainer-worker-1:52:88 [1] NCCL INFO ncclCommInitRank comm 0x55d1c2a10 rank 3 nranks 4 cudaDev 1 nvmlDev 1 busId 2a000 commId 0x7a3c91e2b4d5f601 localSize 2 - Init COMPLETE\n"));
        QVERIFY(b.add(u"pods/trainer-worker-0.log"_s,
                      "[pod/trainer-worker-0/pytorch] trainer-worker-0:52:88 [0] NCCL INFO ncclCommInitRank comm 0x55d1c2a00 rank 0 nranks 4 cudaDev 0 nvmlDev 0 busId 18000 commId 0x7a3c91e2b4d5f601 localSize 2 - Init COMPLETE\n"));
        QVERIFY(b.add(u"nodes/gpu-node-b/kern.log"_s,
                      "Mar  4 10:14:03 gpu-node-b kernel: [874434.201884] NVRM: Xid (PCI:0000:2a:00): 79, pid=2214877, name=python, GPU has fallen off the bus.\n"));
        {
            const auto r = b.analyse();
            QCOMPARE(r->verdict.node, u"gpu-node-b"_s);
            QCOMPARE(r->verdict.rank, -1); // the pod's init line is another node's until joined
            QVERIFY(r->ingest->job.nodes.contains(u"trainer-worker-1"_s));
        }
        QVERIFY(b.add(u"kubectl-get-pods.txt"_s, GetPods));
        const auto r = b.analyse();
        QCOMPARE(r->verdict.node, u"gpu-node-b"_s);
        QCOMPARE(r->verdict.rank, 3);
        QCOMPARE(r->verdict.nodeAliases, QStringList{u"trainer-worker-1"_s});
        QVERIFY2(r->verdict.summary.contains(u"gpu-node-b (pod trainer-worker-1)"_s), qPrintable(r->verdict.summary));
        QCOMPARE(r->ingest->job.nodes, (QStringList{u"gpu-node-a"_s, u"gpu-node-b"_s}));
        // Both pods use pid 52 in their own namespaces: the host:pid of one machine keeps both.
        QCOMPARE(r->ingest->processRanks.value(u"trainer-worker-1:52"_s), 3);
        QCOMPARE(r->ingest->processRanks.value(u"gpu-node-b:52"_s), 3);
        // The log view reads a line no event came from by the same names.
        const ingest::LineAttribution lines(r->ingest);
        const auto id = lines.identity("[pod/trainer-worker-1/pytorch] epoch 3 done", {r->ingest->events.first().source.file, 99});
        QCOMPARE(id.node, u"gpu-node-b"_s);
        QCOMPARE(id.nodeFrom, ingest::IdentitySource::PodPlacement);
    }

    void podPlacedTwiceIsAConflict()
    {
        Bundle b;
        QVERIFY(b.add(u"pods/trainer-worker-1.log"_s, "[pod/trainer-worker-1/pytorch] [rank1]: RuntimeError: CUDA error: an illegal memory access was encountered\n"));
        QVERIFY(b.add(u"kubectl-get-pods.txt"_s, GetPods));
        QVERIFY(b.add(u"events.txt"_s, "  Normal  Scheduled  31m  default-scheduler  Successfully assigned research/trainer-worker-1 to gpu-node-z\n"));
        const auto r = b.analyse();
        // Files are read in name order: events.txt first, so its placement is kept and the table's is the conflict.
        QCOMPARE(r->verdict.node, u"gpu-node-z"_s);
        QVERIFY(warns(*r, u"places pod trainer-worker-1 on gpu-node-b, but events.txt:1 places it on gpu-node-z"_s));
    }

    // The batch script's env dump places labelled tasks that no srun error line names; where
    // srun's own line says otherwise, srun wins and the disagreement is said.
    void slurmLayoutPlacesTasks()
    {
        Bundle b;
        QVERIFY(b.add(u"slurm-17.out"_s,
                      "SLURM_JOB_NODELIST=gpu-[07-08]\n"
                      "SLURM_TASKS_PER_NODE=2(x2)\n"
                      "3: [rank3]: RuntimeError: CUDA error: an illegal memory access was encountered\n"));
        auto r = b.analyse();
        QCOMPARE(r->verdict.rank, 3);
        QCOMPARE(r->verdict.node, u"gpu-08"_s);

        QVERIFY(b.add(u"slurm-17.out"_s,
                      "SLURM_JOB_NODELIST=gpu-[07-08]\n"
                      "SLURM_TASKS_PER_NODE=2(x2)\n"
                      "SLURM_DISTRIBUTION=cyclic\n"
                      "3: [rank3]: RuntimeError: CUDA error: an illegal memory access was encountered\n"));
        r = b.analyse();
        QCOMPARE(r->verdict.node, u"gpu-08"_s); // cyclic: task 3 is on the second node too

        QVERIFY(b.add(u"slurm-17.out"_s,
                      "SLURM_JOB_NODELIST=gpu-[07-08]\n"
                      "SLURM_TASKS_PER_NODE=2(x2)\n"
                      "2: [rank2]: RuntimeError: CUDA error: an illegal memory access was encountered\n"
                      "srun: error: gpu-07: task 2: Exited with exit code 1\n"));
        r = b.analyse();
        QCOMPARE(r->verdict.node, u"gpu-07"_s);
        QVERIFY(warns(*r, u"the block layout puts task 2 on gpu-08, but srun's error line puts it on gpu-07"_s));

        QVERIFY(b.add(u"slurm-17.out"_s,
                      "SLURM_JOB_NODELIST=gpu-[07-08]\n"
                      "SLURM_TASKS_PER_NODE=2(x3)\n"
                      "3: [rank3]: RuntimeError: CUDA error: an illegal memory access was encountered\n"));
        r = b.analyse();
        QVERIFY(r->verdict.node.isEmpty());
        QVERIFY(warns(*r, u"do not describe one layout"_s));
    }

    // An HCA's kernel event: the ranks whose NCCL uses it; one rank when each has its own.
    void hcaEventNamesItsRanks()
    {
        Bundle b;
        QByteArray nccl;
        for (int l = 0; l < 4; ++l)
            nccl += u"gpu-b08:%1:%2 [%3] NCCL INFO NET/IB : Using [0]mlx5_%3:1/IB [RO]; OOB bond0:10.0.8.2<0>\n"
                    "gpu-b08:%1:%2 [%3] NCCL INFO ncclCommInitRank comm 0x55d1c2a%3 rank %4 nranks 8 cudaDev %3 nvmlDev %3 busId %3a000 commId 0x7a3c91e2b4d5f601 localSize 4 - Init COMPLETE\n"_s
                        .arg(4100 + l).arg(4200 + l).arg(l).arg(4 + l).toUtf8();
        QVERIFY(b.add(u"gpu-b08/nccl.log"_s, nccl));
        QVERIFY(b.add(u"gpu-b08/dmesg.txt"_s, "[Tue Mar  4 10:07:41 2025] mlx5_core 0000:9b:00.0 mlx5_2: Port: 1 Link DOWN\n"));
        auto r = b.analyse();
        QCOMPARE(r->verdict.node, u"gpu-b08"_s);
        QCOMPARE(r->verdict.rank, 6);
        // One HCA per process is the node's four HCAs, not a conflict between its processes.
        const analysis::MatrixCell hcas = r->matrix.cells.value(u"gpu-b08"_s).value(u"hca"_s);
        QCOMPARE(hcas.value, u"mlx5_0,mlx5_1,mlx5_2,mlx5_3"_s);
        QVERIFY(hcas.state != analysis::MatrixCell::State::Conflicting);

        // Every process lists every HCA: the node, and the ranks that use the HCA.
        QVERIFY(b.add(u"gpu-b08/nccl.log"_s, QByteArray(nccl).replace("Using [0]mlx5_", "Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_")));
        r = b.analyse();
        QCOMPARE(r->verdict.rank, -1);
        QVERIFY2(r->verdict.summary.contains(u"ranks 4-7"_s), qPrintable(r->verdict.summary));
    }

    // Slurm's --output=%N.out: a file whose lines name no host is the node its name holds.
    void fileNamedAfterItsNode()
    {
        Bundle b;
        QVERIFY(b.add(u"logs/train-gpu-b07.out"_s, "[rank1]: RuntimeError: CUDA error: an illegal memory access was encountered\n"));
        QVERIFY(b.add(u"logs/nccl.log"_s, "gpu-b07:4100:4100 [0] NCCL INFO Bootstrap : Using bond0:10.0.8.1<0>\n"
                                           "gpu-b08:4100:4100 [0] NCCL INFO Bootstrap : Using bond0:10.0.8.2<0>\n"));
        const auto r = b.analyse();
        QCOMPARE(r->verdict.rank, 1);
        QCOMPARE(r->verdict.node, u"gpu-b07"_s);
        QVERIFY(warns(*r, u"taken to be from gpu-b07, which its file name holds"_s));
    }

    // Ray Train's worker table ties pid to rank: the kernel's OOM kill of that pid on the host
    // that the NCCL bootstrap line names for the worker's address is that rank's death.
    void rayWorkerTableNamesTheKilledRank()
    {
        Bundle b;
        QVERIFY(b.add(u"driver.log"_s,
                      "(TorchTrainer pid=7236) Started distributed worker processes: \n"
                      "(TorchTrainer pid=7236) - (ip=10.0.59.242, pid=7410) rank=0, local_rank=0, node_rank=0\n"
                      "(TorchTrainer pid=7236) - (ip=10.0.59.242, pid=7411) rank=1, local_rank=1, node_rank=0\n"
                      "(TorchTrainer pid=7236) - (ip=10.0.12.174, pid=3381) rank=2, local_rank=0, node_rank=1\n"
                      "(TorchTrainer pid=7236) - (ip=10.0.12.174, pid=3383) rank=3, local_rank=1, node_rank=1\n"
                      "(RayTrainWorker pid=3383, ip=10.0.12.174) ip-10-0-12-174:3383:3502 [1] NCCL INFO Bootstrap : Using ens5:10.0.12.174<0>\n"
                      "(RayTrainWorker pid=7410, ip=10.0.59.242) ip-10-0-59-242:7410:7500 [0] NCCL INFO Bootstrap : Using ens5:10.0.59.242<0>\n"
                      "(RayTrainWorker pid=3383, ip=10.0.12.174) step 10 loss 2.31\n"));
        QVERIFY(b.add(u"ip-10-0-12-174/dmesg.txt"_s,
                      "[Tue Jun  4 10:22:31 2024] ray::RayTrainW invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0\n"
                      "[Tue Jun  4 10:22:31 2024] Out of memory: Killed process 3383 (ray::RayTrainW) total-vm:98123456kB, anon-rss:61234567kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:123456kB oom_score_adj:0\n"));
        const auto r = b.analyse();
        QCOMPARE(r->verdict.node, u"ip-10-0-12-174"_s);
        QCOMPARE(r->verdict.rank, 3);
        // The worker's own lines carry its rank too, from the table, and say so.
        const auto &events = r->ingest->events;
        const auto step = std::find_if(events.cbegin(), events.cend(), [](const ingest::Event &e) { return e.kind == ingest::Event::Kind::TrainingStep; });
        QVERIFY(step != events.cend());
        QCOMPARE(step->rank, 3);
        QCOMPARE(step->rankFrom, ingest::IdentitySource::WorkerTable);
    }

    // MPICH's "[N] " label is the only per-line rank; the labelled NCCL init line places it.
    void mpichLabelsNameTheRank()
    {
        Bundle b;
        QVERIFY(b.add(u"job.out"_s,
                      "[0] ampere-n03:5101:5101 [0] NCCL INFO comm 0x55d0c8a0 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x9f1e - Init COMPLETE\n"
                      "[1] ampere-n04:8812:8812 [0] NCCL INFO comm 0x55e1d9b0 rank 1 nranks 2 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x9f1e - Init COMPLETE\n"
                      "[1] Traceback (most recent call last):\n"
                      "[1]   File \"train.py\", line 88, in <module>\n"
                      "[1] torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.05 GiB is free.\n"
                      "[0] step 40 loss 1.92\n"));
        const auto r = b.analyse();
        QCOMPARE(r->verdict.rank, 1);
        QCOMPARE(r->verdict.node, u"ampere-n04"_s);
    }

    // Slurm --output=train-%j-%t.out: the task id in the name, srun's error line for the node.
    void slurmTaskIdInFileName()
    {
        Bundle b;
        QVERIFY(b.add(u"slurm-5528113.out"_s, "srun: error: dgx-b07: task 2: Exited with exit code 1\n"));
        QVERIFY(b.add(u"logs/train-5528113-0.out"_s, "step 40 loss 1.92\n"));
        QVERIFY(b.add(u"logs/train-5528113-1.out"_s, "step 40 loss 1.93\n"));
        QVERIFY(b.add(u"logs/train-5528113-2.out"_s,
                      "Traceback (most recent call last):\n"
                      "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.05 GiB is free.\n"));
        const auto r = b.analyse();
        QCOMPARE(r->verdict.rank, 2);
        QCOMPARE(r->verdict.node, u"dgx-b07"_s);
        QVERIFY(warns(*r, u"taken to be Slurm tasks"_s));
    }

    // A number the lines contradict is not the task: nothing is named by it.
    void fileNumberContradictedByLines()
    {
        Bundle b;
        QVERIFY(b.add(u"logs/out-0.log"_s, "[rank1]: step 40 loss 1.92\n"));
        QVERIFY(b.add(u"logs/out-1.log"_s, "[rank0]: step 40 loss 1.93\n"));
        const auto r = b.analyse();
        for (const ingest::InputFile &f : r->ingest->files)
            QCOMPARE(f.rank, f.path.endsWith(u"0.log"_s) ? 1 : 0);
        QVERIFY(!warns(*r, u"taken to be Slurm tasks"_s));
    }

    // The log view answers "who wrote this line, and when" for every line, the ingest for its
    // event lines: with one rule over the ingest's own tables, the view reading an event's line
    // afresh (as if no event came from it) names the rank, node and time the event has. Over
    // every real and hand-made case, so a rule changed in one place only shows here.
    void viewReadsLinesAsTheIngestDid_data()
    {
        QTest::addColumn<QString>("folder");
        for (const char *set : {"/tests/data/real", "/tests/data/handmade"}) {
            const QString dir = QStringLiteral(RANKSCOPE_SOURCE_DIR) + QLatin1StringView(set);
            for (const QString &name : QDir(dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
                QTest::newRow(qPrintable(name)) << dir + u'/' + name;
        }
    }
    void viewReadsLinesAsTheIngestDid()
    {
        QFETCH(QString, folder);
        const auto r = test::analyseCase(folder).result;
        auto withoutEvents = std::make_shared<ingest::IngestResult>(*r->ingest);
        withoutEvents->events.clear();
        const ingest::LineAttribution view(withoutEvents);
        QHash<FileId, QByteArrayList> lines;
        QStringList differ;
        int compared = 0;
        for (const ingest::Event &ev : r->ingest->events) {
            if (ev.kind != ingest::Event::Kind::Fingerprint && ev.kind != ingest::Event::Kind::Fact)
                continue;
            const ingest::InputFile &f = r->ingest->files.at(ev.source.file);
            if (!lines.contains(ev.source.file))
                lines.insert(ev.source.file, ingest::LineReader::read(f, 1, f.lines));
            const QByteArray text = lines.value(ev.source.file).value(ev.source.line - 1);
            const auto id = view.identity(text, ev.source);
            ++compared;
            const QString where = f.path + u':' + QString::number(ev.source.line);
            if (id.rank != ev.rank || id.node != ev.node)
                differ << u"%1: view rank %2 node '%3' (%4/%5), event rank %6 node '%7' (%8/%9)"_s.arg(
                    where, QString::number(id.rank), id.node, ingest::identitySourceName(id.rankFrom), ingest::identitySourceName(id.nodeFrom),
                    QString::number(ev.rank), ev.node, ingest::identitySourceName(ev.rankFrom), ingest::identitySourceName(ev.nodeFrom));
            if (!ev.timeInferred && ev.timeMs != ingest::NoTime && view.time(text, ev.source) != ev.timeMs)
                differ << u"%1: view time %2, event time %3"_s.arg(where, QString::number(view.time(text, ev.source)), QString::number(ev.timeMs));
        }
        QVERIFY2(differ.isEmpty(), qPrintable(u"%1 of %2 event lines read otherwise:\n"_s.arg(differ.size()).arg(compared) + differ.join(u'\n')));
    }

    // A Ray worker's line names its address; NCCL's bootstrap line says whose address it is.
    void rayAddressNamesTheHost()
    {
        Bundle b;
        QVERIFY(b.add(u"driver.log"_s,
                      "(RayTrainWorker pid=3490362, ip=10.0.0.12) ray-w2:3490362:3490362 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.12<0>\n"
                      "(RayTrainWorker pid=3490362, ip=10.0.0.12) [rank1]: RuntimeError: CUDA error: an illegal memory access was encountered\n"));
        const auto r = b.analyse();
        QCOMPARE(r->verdict.rank, 1);
        QCOMPARE(r->verdict.node, u"ray-w2"_s);
    }
};

QTEST_GUILESS_MAIN(TestIdentity)
#include "tst_identity.moc"
