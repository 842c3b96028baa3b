// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Acceptance on real incidents (tests/data/real: log text pasted into public issue threads, with
// the thread's conclusion in expected.json) and on hand-made bundles written in the exact
// formats of log-formats.md (tests/data/handmade/*/expected.json). Each case is read as a user
// would open it — the whole folder — and checked for what the user would check: the top
// diagnosis, and the initiating rank and node where the case establishes them.
//
// A case the analysis still gets wrong is listed in knownMisses() with the reason; it then runs
// as an expected failure, and when it starts to pass (XPASS) the test fails so that the list
// cannot go stale.
#include "analyzer.h"
#include "acceptancecase.h"
#include "ingestor.h"
#include "knowledgebase.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QFileInfo>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;

namespace {

const QHash<QString, QString> &knownMisses()
{
    static const QHash<QString, QString> misses = {
        {u"nemo-rl-564-non-colocated-refit-cumem-disabled-legacy-ipc"_s,
         u"the paste is only NCCL's generic 'unhandled system error'; the P2P/IPC cause is in the thread's prose, not in any log line"_s},
        {u"nccl-1267-problem-node-nccl-2-14-vs-2-19-socket-family-0"_s,
         u"the two NCCL versions are in separate per-node pastes and the 2.14.3 one names no host, so no node is an outlier; the healthy node's 'NET/IB : No device found' wins"_s},
        {u"vllm-1160-tp4-export-all-logits-raylet-oom-kill"_s,
         u"the raylet summary naming the node's IP was hard-wrapped and its first physical line shortened by the reporter's [DATE]; the line matches only in part, without its IP capture"_s},
        {u"slurm-label-ib-port-down-timelimit"_s,
         u"the node is right, but all eight ranks of gn021 print the port error; that the failed rail 4 is rank 20's is only in NCCL's channel lines ('via NET/IB/4'), which are not joined to the HCA yet"_s},
        {u"slurm-label-node-fail-hung-task"_s,
         u"entry and node are right; the answer key also names rank 6, the process the node's hung-task report names before the panic (pid 51234, joined through NCCL's host:pid), but a node failure's verdict is the node, not one of its ranks"_s},
        {u"opennmt-tf-985-horovod-early-stop-rank0-exits-allreduce-shut-down"_s,
         u"entry is right; the initiator is rank 0, which printed nothing (it stopped early), but rank 2 wrote only traceback lines that make no event, so the ranks the analysis knows (1 and 3) do not single out rank 0 as the one that is silent"_s},
        {u"k8s-efa-ofi-one-pod-device-missing"_s,
         u"the master pod's clock runs 9 s ahead and nothing in the bundle ties the pods' clocks together, so the workers' SIGTERM from the operator deleting their pods (a consequence of the master's failed aws-ofi-nccl start) reads as the first failure"_s},
        {u"pytorch-lightning-6206-slurm-two-nodes-no-ntasks-per-node-ddp-stuck"_s,
         u"no line is an error: the only sign is that each 'GLOBAL_RANK: N, MEMBER: k/4' line appears twice (one process per node claims each rank) and ranks 2 and 3 never appear, and no rule yet compares the ranks claimed with the world size"_s},
        {u"deepspeed-pdsh-lustre-quota-barrier"_s,
         u"entry and node are right; the failing line names only its pid ('[pid 41986]'), and the pid's rank is in DeepSpeed's 'process 41986 spawned with command: [... --local_rank=5 ...]' line and the node_rank, a join not made yet"_s},
    };
    return misses;
}

struct Case
{
    QString folder;
    QJsonObject expected;
};

QList<Case> casesIn(const QString &dir)
{
    QList<Case> out;
    const QStringList names = QDir(dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &name : names) {
        QFile f(dir + u'/' + name + u"/expected.json"_s);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        out.append({dir + u'/' + name, QJsonDocument::fromJson(f.readAll()).object()});
    }
    return out;
}

std::shared_ptr<const kb::KnowledgeBase> knowledgeBase(const QString &userDir)
{
    return test::builtEncyclopedia(userDir);
}

analysis::AnalysisResultPtr analyse(const QString &folder) { return test::analyseCase(folder).result; }

} // namespace

class TestRealIncidents : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(knowledgeBase(QString())->entries().size() >= 64, "the built encyclopedia is missing");
        QVERIFY2(casesIn(QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/real")).size() >= 50, "tests/data/real is incomplete");
        QVERIFY2(casesIn(QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade")).size() >= 8, "tests/data/handmade is incomplete");
    }

    void realIncidents_data() { addRows(QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/real")); }
    void realIncidents()
    {
        QFETCH(QString, folder);
        QFETCH(QJsonObject, expected);
        const auto r = analyse(folder);
        const QString name = QFileInfo(folder).fileName();
        const QString top = r->diagnoses.isEmpty() ? QString() : r->diagnoses.first().entry;
        QStringList accept;
        for (const QJsonValue &v : expected.value(u"accept"_s).toArray())
            accept.append(v.toString());
        QStringList wrong;
        if (!accept.contains(top))
            wrong << u"top diagnosis %1 (accept %2)"_s.arg(top.isEmpty() ? u"none"_s : top, accept.join(u", "_s));
        const QJsonValue rank = expected.value(u"initiating_rank"_s);
        if (!rank.isNull() && !rank.isUndefined() && r->verdict.rank != rank.toInt())
            wrong << u"rank %1 (want %2)"_s.arg(r->verdict.rank).arg(rank.toInt());
        const QJsonValue node = expected.value(u"initiating_node"_s);
        if (node.isString() && r->verdict.node != node.toString() && !r->ingest->aliasesOf(r->verdict.node).contains(node.toString()))
            wrong << u"node '%1' (want '%2')"_s.arg(r->verdict.node, node.toString());
        if (knownMisses().contains(name))
            QEXPECT_FAIL("", qPrintable(knownMisses().value(name)), Abort);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(u"; "_s) + u" — "_s + r->verdict.summary));
        // Evidence first: the diagnosis points at a line of the case.
        QVERIFY(!r->diagnoses.first().evidence.isEmpty());
        QVERIFY(r->diagnoses.first().evidence.first().source.line > 0);
    }

    void handmadeBundles_data() { addRows(QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade")); }
    void handmadeBundles()
    {
        QFETCH(QString, folder);
        QFETCH(QJsonObject, expected);
        const auto r = analyse(folder);
        const analysis::Verdict &v = r->verdict;
        QStringList wrong;
        if (v.entry != expected.value(u"entry"_s).toString())
            wrong << u"entry %1 (want %2)"_s.arg(v.entry, expected.value(u"entry"_s).toString());
        if (v.external != expected.value(u"external"_s).toBool())
            wrong << u"external %1"_s.arg(v.external);
        const QJsonValue rank = expected.value(u"rank"_s);
        if (!rank.isNull() && !rank.isUndefined() && v.rank != rank.toInt())
            wrong << u"rank %1 (want %2)"_s.arg(v.rank).arg(rank.toInt());
        // A pod is a name of the machine it ran on (kubectl get pods -o wide says which): an
        // answer key may name either.
        const QJsonValue node = expected.value(u"node"_s);
        if (node.isString() && v.node != node.toString() && !r->ingest->aliasesOf(v.node).contains(node.toString()))
            wrong << u"node '%1' (want '%2')"_s.arg(v.node, node.toString());
        if (const QString name = QFileInfo(folder).fileName(); knownMisses().contains(name))
            QEXPECT_FAIL("", qPrintable(knownMisses().value(name)), Abort);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(u"; "_s) + u" — "_s + v.summary));
        QVERIFY(v.evidence.source.line > 0);
        QCOMPARE(r->diagnoses.value(0).entry, v.entry);
    }

    // The rule of part 1: an error-level line of a known class is never "no failure found".
    void neverNoFailureWithAnErrorLine()
    {
        for (const Case &c : casesIn(QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/real"))) {
            const auto r = analyse(c.folder);
            bool anyError = false;
            for (const ingest::Event &e : r->ingest->events) {
                if (e.kind == ingest::Event::Kind::Fingerprint) {
                    const auto sev = r->ingest->fingerprints.at(e.fingerprint).severity;
                    anyError |= sev == ingest::FingerprintSpec::Severity::Error || sev == ingest::FingerprintSpec::Severity::Fatal;
                }
            }
            if (anyError)
                QVERIFY2(!r->verdict.entry.isEmpty(), qPrintable(c.folder));
        }
    }

    // Verdict rules live in the entries: the analysis code spells no entry id, so a user's
    // overlay entry can do everything a built-in one does.
    void analysisSpellsNoEntryId()
    {
        QStringList ids;
        for (const QString &f : QDir(QStringLiteral(RANKSCOPE_SOURCE_DIR "/resources/encyclopedia")).entryList({u"*.md"_s}))
            if (f != u"README.md"_s)
                ids.append(f.chopped(3));
        QVERIFY(ids.size() >= 64);
        const QDir code(QStringLiteral(RANKSCOPE_SOURCE_DIR "/core/analysis"));
        for (const QString &name : code.entryList({u"*.cpp"_s, u"*.h"_s})) {
            QFile f(code.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QString text = QString::fromUtf8(f.readAll());
            for (const QString &id : std::as_const(ids))
                QVERIFY2(!text.contains(u'"' + id + u'"'), qPrintable(name + u" spells the entry id "_s + id));
        }
    }

private:
    void addRows(const QString &dir)
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QJsonObject>("expected");
        for (const Case &c : casesIn(dir))
            QTest::newRow(qPrintable(QFileInfo(c.folder).fileName())) << c.folder << c.expected;
    }
};

QTEST_GUILESS_MAIN(TestRealIncidents)
#include "tst_realincidents.moc"
