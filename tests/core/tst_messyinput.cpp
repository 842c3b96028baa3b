// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Recognition on log text as users bring it: pasted into tickets (quote markers, table pipes,
// line numbers, HTML entities), hard-wrapped by a terminal, cut at the edge of a paste,
// anonymised, continued over several lines, or typed in the users' own words. Each row is one
// small hand-made file; the check is what the user sees: the diagnosis, the line it points
// at, and whether the match was whole.
#include "analyzer.h"
#include "builtencyclopedia.h"
#include "bundlefiles.h"
#include "filescanner.h"
#include "ingestor.h"
#include "knowledgebase.h"
#include "linesource.h"
#include "pastenormaliser.h"

#include <QTemporaryDir>
#include <QDateTime>
#include <QTimeZone>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;

namespace {
std::shared_ptr<const kb::KnowledgeBase> knowledgeBase() { return test::sharedEncyclopedia(); }

analysis::AnalysisResultPtr analyseText(const QByteArray &text, const QString &name = u"pasted.log"_s)
{
    QTemporaryDir dir;
    if (!test::writeBundleFile(dir.path(), name, text))
        return {};
    return test::analysePath(dir.path());
}

// Eighty columns, as a terminal wraps: the line cut into pieces of exactly that width.
QByteArray wrap(const QByteArray &line, int width = 80)
{
    QByteArray out;
    for (qsizetype i = 0; i < line.size(); i += width)
        out += line.mid(i, width) + '\n';
    return out;
}
} // namespace

class TestMessyInput : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY2(knowledgeBase()->entries().size() >= 64, "the built encyclopedia is missing"); }

    void normaliser_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QByteArray>("expected");
        QTest::addRow("quote marker") << QByteArray("> [rank3]: RuntimeError: x") << QByteArray("[rank3]: RuntimeError: x");
        QTest::addRow("nested quote") << QByteArray("> > NCCL WARN y") << QByteArray("NCCL WARN y");
        QTest::addRow("line number and bar") << QByteArray("  42 | node1:1:2 [0] NCCL WARN z") << QByteArray("node1:1:2 [0] NCCL WARN z");
        QTest::addRow("line number and tab") << QByteArray("7\tnode1:1:2 [0] NCCL WARN z") << QByteArray("node1:1:2 [0] NCCL WARN z");
        QTest::addRow("table cell") << QByteArray("| RuntimeError: x |") << QByteArray("RuntimeError: x");
        QTest::addRow("table rule") << QByteArray("| --- | :---: |") << QByteArray();
        QTest::addRow("dash rule") << QByteArray("-- | --") << QByteArray();
        QTest::addRow("entities") << QByteArray("Connect to 10.0.0.7&lt;43221&gt; &quot;a&quot; &#39;b&#39; &amp;")
                                  << QByteArray("Connect to 10.0.0.7<43221> \"a\" 'b' &");
        QTest::addRow("quote then number") << QByteArray("> 12 | text") << QByteArray("text");
    }
    void normaliser()
    {
        QFETCH(QByteArray, line);
        QFETCH(QByteArray, expected);
        QVERIFY(ingest::PasteNormaliser::needed(line));
        QByteArray out;
        ingest::PasteNormaliser::normalise(line, out);
        QCOMPARE(out, expected);
    }

    void ordinaryLinesAreLeftAlone_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addRow("iso timestamp") << QByteArray("2024-05-01 12:00:00,123 | INFO | train | loss 3.2");
        QTest::addRow("nccl line") << QByteArray("node1:1234:1290 [2] NCCL INFO Channel 00/02 : 0 1");
        QTest::addRow("number then text") << QByteArray("12 ranks joined");
    }
    void ordinaryLinesAreLeftAlone()
    {
        QFETCH(QByteArray, line);
        QVERIFY(!ingest::PasteNormaliser::needed(line));
    }

    void wrapWidth_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("width");
        const QByteArray longLine(200, 'x');
        QTest::addRow("wrapped at 80") << (wrap(longLine) + "short\n" + wrap(longLine)) << 80;
        QByteArray inits; // eight ranks' init lines: one length, each a record of its own
        for (int r = 0; r < 8; ++r)
            inits += "gpu-b08:410" + QByteArray::number(r) + ":420" + QByteArray::number(r) + " [" + QByteArray::number(r)
                     + "] NCCL INFO ncclCommInitRank comm 0x55d1c2a" + QByteArray::number(r) + " rank " + QByteArray::number(r)
                     + " nranks 8 cudaDev " + QByteArray::number(r) + " busId " + QByteArray::number(r) + "a000 - Init COMPLETE\n"
                     + "gpu-b08:410" + QByteArray::number(r) + ":420" + QByteArray::number(r) + " [" + QByteArray::number(r) + "] NCCL INFO Using network IB\n";
        QTest::addRow("records of one length are not a wrap") << inits << 0;
        QTest::addRow("ordinary log") << QByteArray("a line of some length that is long enough to count as long, really\n"
                                                    "another line of another length, also long enough to be counted here\n"
                                                    "and a third one, which is a good deal longer than the two lines before it\n")
                                      << 0;
        QTest::addRow("too few") << wrap(QByteArray(100, 'y')) << 0;
    }
    void wrapWidth()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, width);
        QCOMPARE(int(ingest::FileScanner::detectWrapWidth(text)), width);
    }

    void recognised_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("entry");     // the top diagnosis
        QTest::addColumn<int>("line");          // the line the verdict's evidence points at
        QTest::addColumn<bool>("partial");
        QTest::addColumn<bool>("joined");
        QTest::addColumn<QString>("node");      // empty: not checked

        QTest::addRow("quoted CUDA OOM")
            << QByteArray("Some context the user wrote\n"
                          "> torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.54 GiB is free.\n")
            << u"cuda-oom"_s << 2 << false << false << QString();
        QTest::addRow("table of NCCL lines")
            << QByteArray("| line |\n| --- |\n| [3] include/shm.h:48 NCCL WARN Error while creating shared memory segment nccl-shm-recv-1462445a6f01cbfc-1-2-3 (size 9637888) |\n")
            << u"nccl-shm-exhausted"_s << 3 << false << false << QString();
        QTest::addRow("numbered lines, old NCCL prefix")
            << QByteArray("  11 | e66aa18dc444:3171:3171 [0] misc/ibvwrap.cu:61 WARN Failed to open libibverbs.so[.1]\n"
                          "  12 | e66aa18dc444:3171:3171 [0] include/socket.h:311 WARN Socket creation failed : Address family not supported by protocol\n")
            << u"nccl-socket-bootstrap-failure"_s << 2 << false << false << u"e66aa18dc444"_s;
        QTest::addRow("HTML entities in an address")
            << QByteArray("gpu-3:811:900 [1] NCCL INFO socketStartConnect: Connect to 10.0.0.12&lt;43315&gt; failed : Connection refused\n")
            << u"nccl-socket-bootstrap-failure"_s << 1 << false << false << QString();
        QTest::addRow("hard-wrapped at 80 columns")
            << (wrap("[rank1]:[E109 22:46:25.933527530 ProcessGroupNCCL.cpp:632] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=493, OpType=ALLGATHER, NumelIn=1, NumelOut=4, Timeout(ms)=60000) ran for 60044 milliseconds before timing out.")
                + wrap("[rank1]:[E109 22:46:26.000000000 ProcessGroupNCCL.cpp:2268] [PG ID 0 PG GUID 0(default_pg) Rank 1]  failure detected by watchdog at work sequence id: 493 PG status: last enqueued work: 493, last completed work: 492")
                + "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 15.78 GiB of\n"
                  " which 4.75 MiB is free.\n")
            << u"cuda-oom"_s << 7 << false << false << QString();
        QTest::addRow("Ray message over six lines")
            << QByteArray("RuntimeError: Version mismatch: The cluster was started with:\n"
                          "    Ray: 2.12.0\n"
                          "    Python: 3.11.11\n"
                          "This process on node 10.123.3.87 was started with:\n"
                          "    Ray: 2.42.0\n"
                          "    Python: 3.9.21\n")
            << u"mixed-software-versions"_s << 1 << false << true << u"10.123.3.87"_s;
        QTest::addRow("cut by the paste")
            << QByteArray("RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 15.78 GiB tot\n")
            << u"cuda-oom"_s << 1 << false << false << QString();
        QTest::addRow("cut before the fields")
            << QByteArray("node1:1234:1290 [2] misc/shmutils.cc:87 NCCL WARN Error: failed to extend /dev/shm/nccl-03v824 to\n")
            << u"nccl-shm-exhausted"_s << 1 << true << false << QString();
        QTest::addRow("anonymised numbers")
            << QByteArray("xxx:xxx:xxx [0] misc/shmutils.cc:87 NCCL WARN Error: failed to extend /dev/shm/nccl-XXXX to XXXX bytes\n")
            << u"nccl-shm-exhausted"_s << 1 << true << false << QString();
        QTest::addRow("an elision in the paste")
            << QByteArray("node1:1234:1290 [2] misc/shmutils.cc:129 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-… (size …)\n")
            << u"nccl-shm-exhausted"_s << 1 << true << false << QString();
        QTest::addRow("the users' own words")
            << QByteArray("after the upgrade the job dies at init with: nccl version mismatch detected\n")
            << u"nccl-version-conflict"_s << 1 << false << false << QString();
        QTest::addRow("DeepSpeed pdsh host prefix names the node")
            << QByteArray("worker-1: [rank4]:[E109 22:46:25.933527530 ProcessGroupNCCL.cpp:632] [Rank 4] Watchdog caught collective operation timeout: "
                          "WorkNCCL(SeqNum=5, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600010 milliseconds before timing out.\n"
                          "worker-3: [rank12]: RuntimeError: CUDA error: an illegal memory access was encountered\n")
            << u"cuda-illegal-memory-access"_s << 2 << false << false << u"worker-3"_s;
        QTest::addRow("kubectl --prefix pod names the node")
            << QByteArray("[pod/trainer-worker-1/pytorch] [rank5]: RuntimeError: CUDA error: an illegal memory access was encountered\n")
            << u"cuda-illegal-memory-access"_s << 1 << false << false << u"trainer-worker-1"_s;
        QTest::addRow("an exception's class path is not a pdsh host")
            << QByteArray("torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with signal SIGKILL\n")
            << u"worker-sigkill"_s << 1 << false << false << QString();
        QTest::addRow("journal host names the node")
            << QByteArray("Feb 24 09:28:18 ip-172-31-92-157 kernel: NVRM: Xid (PCI:0000:3b:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.\n")
            << u"gpu-xid-fallen-off-bus"_s << 1 << false << false << u"ip-172-31-92-157"_s;
        QTest::addRow("generic wrapper alone")
            << QByteArray("RuntimeError: NCCL error in: /pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:825, unhandled system error, NCCL version 2.7.8\n")
            << u"nccl-shm-exhausted"_s << 1 << false << false << QString();
    }
    void recognised()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, entry);
        QFETCH(int, line);
        QFETCH(bool, partial);
        QFETCH(bool, joined);
        QFETCH(QString, node);
        const auto r = analyseText(text);
        QVERIFY(r);
        const analysis::Verdict &v = r->verdict;
        QVERIFY2(r->diagnoses.value(0).entry == entry, qPrintable(r->diagnoses.value(0).entry + u": "_s + v.summary));
        QCOMPARE(v.entry, entry);
        QCOMPARE(v.evidence.source.line, qint64(line));
        QCOMPARE(v.evidence.partial, partial);
        QCOMPARE(v.evidence.joinedLines > 0, joined);
        if (!node.isEmpty())
            QCOMPARE(v.node, node);
    }

    // A paste without any timestamp has no year to guess, and says nothing about one.
    void noYearWarningWithoutTimestamps()
    {
        const auto r = analyseText("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.54 GiB is free.\n");
        QVERIFY(r);
        for (const Warning &w : r->ingest->warnings)
            QVERIFY2(!w.message.contains(u"year"_s), qPrintable(w.message));
    }

    // Without any year in the bundle, a year-less time is of the last twelve months: on
    // 1 June 2026, "Dec 31" is December 2025, not a date in the future.
    void guessedYearIsNeverInTheFuture()
    {
        QTemporaryDir dir;
        QVERIFY(test::writeBundleFile(dir.path(), u"gpu-1/kern.log"_s,
            "Dec 31 23:59:59 gpu-1 kernel: NVRM: Xid (PCI:0000:3b:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.\n"));
        ingest::IngestConfig cfg;
        cfg.fingerprints = analysis::Analyzer::fingerprintSpecs(*knowledgeBase());
        cfg.nowMs = QDateTime(QDate(2026, 6, 1), QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch();
        const auto in = ingest::Ingestor::run({dir.path()}, cfg);
        QVERIFY(!in->events.isEmpty());
        const qint64 t = in->events.first().timeMs;
        QVERIFY(t != ingest::NoTime);
        QVERIFY2(t < cfg.nowMs, qPrintable(QDateTime::fromMSecsSinceEpoch(t, QTimeZone::utc()).toString(Qt::ISODate)));
        QCOMPARE(QDateTime::fromMSecsSinceEpoch(t, QTimeZone::utc()).date().year(), 2025);
    }

    // The exception path row above must not invent a node.
    void exceptionPathIsNoNode()
    {
        const auto r = analyseText("torch.multiprocessing.spawn.ProcessExitedException: process 0 terminated with signal SIGKILL\n");
        QVERIFY(r);
        QVERIFY2(r->verdict.node.isEmpty(), qPrintable(r->verdict.node));
        QVERIFY(r->ingest->job.nodes.isEmpty());
    }

    // Open MPI --output-filename DIR writes DIR/1/rank.N/stdout: N is the rank.
    void openMpiOutputFilenameNamesTheRank()
    {
        QTemporaryDir dir;
        QVERIFY(test::writeBundleFile(dir.path(), u"out/1/rank.6/stdout"_s, "RuntimeError: CUDA error: an illegal memory access was encountered\n"));
        QVERIFY(test::writeBundleFile(dir.path(), u"out/1/rank.2/stdout"_s, "step 10 loss 2.0\n"));
        ingest::IngestConfig cfg;
        cfg.fingerprints = analysis::Analyzer::fingerprintSpecs(*knowledgeBase());
        const auto r = analysis::Analyzer::run(ingest::Ingestor::run({dir.path()}, cfg), *knowledgeBase());
        QCOMPARE(r->verdict.entry, u"cuda-illegal-memory-access"_s);
        QCOMPARE(r->verdict.rank, 6);
    }

    // The kernel kills a pid; torchrun's agent says which local rank had that pid; the local
    // rank's own output says its global rank: the verdict names rank 11 on gpu-n2.
    void oomKilledPidJoinsTheAgentsLocalRank()
    {
        QTemporaryDir dir;
        QVERIFY(test::writeBundleFile(dir.path(), u"gpu-n2/dmesg.txt"_s,
            "[Tue May  7 10:00:05 2024] python invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0\n"
            "[Tue May  7 10:00:05 2024] Out of memory: Killed process 3101 (python) total-vm:98765432kB, anon-rss:87654321kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:180000kB oom_score_adj:0\n"));
        QVERIFY(test::writeBundleFile(dir.path(), u"gpu-n2/torchrun.log"_s,
            "[2024-05-07 10:00:06,120] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -9) local_rank: 3 (pid: 3101) of binary: /usr/bin/python3\n"));
        QVERIFY(test::writeBundleFile(dir.path(), u"gpu-n2/torchelastic_k2/none_q1/attempt_0/3/stderr.log"_s,
            "[rank11]: [2024-05-07 09:59:50,000] step 120 loss 2.31\n"));
        QVERIFY(test::writeBundleFile(dir.path(), u"gpu-n2/torchelastic_k2/none_q1/attempt_0/2/stderr.log"_s,
            "[rank10]: [2024-05-07 09:59:50,000] step 120 loss 2.30\n"));
        ingest::IngestConfig cfg;
        cfg.fingerprints = analysis::Analyzer::fingerprintSpecs(*knowledgeBase());
        const auto r = analysis::Analyzer::run(ingest::Ingestor::run({dir.path()}, cfg), *knowledgeBase());
        QCOMPARE(r->verdict.entry, u"host-oom-kill"_s);
        QCOMPARE(r->verdict.node, u"gpu-n2"_s);
        QCOMPARE(r->verdict.rank, 11);
    }

    // Thin evidence: the verdict says what to collect, from the entry, and is not confident.
    void thinEvidenceSaysWhatIsMissing()
    {
        const auto r = analyseText("[rank2]:[E109 22:46:25.933527530 ProcessGroupNCCL.cpp:632] [Rank 2] Watchdog caught collective operation timeout: "
                                   "WorkNCCL(SeqNum=493, OpType=ALLGATHER, NumelIn=1, NumelOut=4, Timeout(ms)=60000) ran for 60044 milliseconds before timing out.\n");
        QVERIFY(r);
        QCOMPARE(r->verdict.entry, u"nccl-watchdog-timeout"_s);
        QVERIFY(r->verdict.confidence < 0.4);
        const QString hints = r->verdict.hints.join(u'\n');
        QVERIFY2(hints.contains(u"TORCH_NCCL_TRACE_BUFFER_SIZE"_s), qPrintable(hints));
        QVERIFY2(hints.contains(u"every rank"_s), qPrintable(hints));
    }

    // A progress bar overwrites its line with "\r" and the traceback of another stream follows
    // right after the last update: the error is a line of its own, with its rank prefix, and
    // its number is the line the log view shows.
    void progressBarCarriageReturns()
    {
        QByteArray text = "[rank3]: Epoch 1 starting\n";
        for (int i = 0; i <= 40; ++i)
            text += "[rank3]: " + QByteArray::number(i) + "/40 [00:0" + QByteArray::number(i % 10) + "<00:10]\r";
        text += "[rank3]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 3 has a total capacity of 79.15 GiB\n";
        QTemporaryDir dir;
        QVERIFY(test::writeBundleFile(dir.path(), u"train.log"_s, text));
        const auto r = test::analysePath(dir.path());
        QVERIFY(r);
        QCOMPARE(r->verdict.entry, u"cuda-oom"_s);
        QCOMPARE(r->verdict.rank, 3);
        QCOMPARE(r->ingest->stats.lines, qint64(43));
        const auto oom = std::find_if(r->ingest->events.cbegin(), r->ingest->events.cend(),
                                      [](const ingest::Event &e) { return e.rank == 3 && e.text.contains(u"out of memory"_s); });
        QVERIFY(oom != r->ingest->events.cend());
        QCOMPARE(oom->source.line, qint64(43));
        ingest::FileLineSource src(oom->source.file, r->ingest->files.at(oom->source.file));
        QVERIFY(src.prepare());
        QVERIFY(src.lines(42, 1).value(0).startsWith("[rank3]: torch.OutOfMemoryError"));
    }

    // Slurm's "task N" names the rank when srun started each rank itself, and only the node when
    // the lines show that the tasks are torchrun agents (their labels and rank numbers differ).
    void slurmTaskIsTheRankUnlessTasksAreAgents_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("rank");
        QTest::addRow("srun starts the ranks") << QByteArray("0: reading input\n2: reading input\n"
                                                         "slurmstepd: error: Detected 1 oom_kill event in StepId=775.0. Some of the step tasks have been OOM Killed.\n"
                                                         "srun: error: k300: task 2: Out Of Memory\n") << 2;
        QTest::addRow("srun starts torchrun") << QByteArray("0: [rank1]: step 10 loss 2.0\n1: [rank5]: step 10 loss 2.1\n"
                                                         "srun: error: k301: task 1: Out Of Memory\n") << -1;
    }

    void slurmTaskIsTheRankUnlessTasksAreAgents()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, rank);
        const auto r = analyseText(text, u"slurm-775.out"_s);
        QVERIFY(r);
        QCOMPARE(r->verdict.entry, u"slurm-cgroup-oom"_s);
        QCOMPARE(r->verdict.rank, rank);
        QVERIFY(r->verdict.node.startsWith(u"k30"_s));
    }

    // A crafted or corrupt NCCL init line with a world of two billion ranks is named and
    // ignored; the analysis stays small and the real failure is still found.
    void impossibleWorldSizeIsIgnored()
    {
        const auto r = analyseText("gpu-01:100:100 [0] NCCL INFO comm 0x5555 rank 0 nranks 2147483000 cudaDev 0 busId 1b000 - Init COMPLETE\n"
                                   "[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n");
        QVERIFY(r);
        QCOMPARE(r->verdict.entry, u"cuda-oom"_s);
        QVERIFY(r->ingest->job.worldSize <= ingest::MaxWorldSize);
        QVERIFY(r->ingest->job.missingRanks.size() < 16);
        const auto w = std::find_if(r->ingest->warnings.cbegin(), r->ingest->warnings.cend(),
                                    [](const Warning &x) { return x.message.contains(u"beyond what a job can be"_s); });
        QVERIFY(w != r->ingest->warnings.cend());
        QCOMPARE(w->line, qint64(1));
    }

    // A rank that logs every step: the events stay bounded, the last step is kept (where the
    // rank stopped), and every line is still counted.
    void stepLinesAreBounded()
    {
        QByteArray text;
        const int steps = 200000;
        for (int i = 1; i <= steps; ++i)
            text += "[rank0]: step " + QByteArray::number(i) + " loss 2.0\n";
        const auto r = analyseText(text);
        QVERIFY(r);
        QCOMPARE(r->ingest->stats.lines, qint64(steps));
        qint64 kept = 0, last = 0;
        for (const ingest::Event &e : r->ingest->events) {
            if (e.kind == ingest::Event::Kind::TrainingStep) {
                ++kept;
                last = std::max(last, e.source.line);
            }
        }
        QVERIFY2(kept <= ingest::FileScanner::MaxKeptSteps + ingest::FileScanner::LastSteps, qPrintable(QString::number(kept)));
        QVERIFY(kept > 256);
        QCOMPARE(last, qint64(steps));
    }
};

QTEST_GUILESS_MAIN(TestMessyInput)
#include "tst_messyinput.moc"
