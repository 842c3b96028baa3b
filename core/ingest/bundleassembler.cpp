// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bundleassembler.h"

#include "identityrules.h"
#include "naturalorder.h"
#include "pathattribution.h"
#include "podplacement.h"
#include "linereader.h"
#include "readinglimit.h"
#include "slurmlayout.h"

#include <QDateTime>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QTimeZone>

#include <algorithm>
#include <limits>
#include <map>

using namespace Qt::StringLiterals;

namespace rankscope::ingest {

namespace {

// An unstamped line between two stamped ones further apart than this takes the later stamp: an
// hour without a stamp means the stamps are sparse (a launcher's banner, then its reaction to a
// crash), so being near the first says nothing. Shorter gaps keep the earlier stamp, which is
// right for an error printed just after a stamped step line and before the watchdog's timeout.
constexpr qint64 MaxUnstampedGapMs = 3'600'000;

int majorityKey(const QHash<int, qint64> &claims, double share, qint64 *total = nullptr)
{
    qint64 sum = 0, best = 0;
    int key = -1;
    for (auto it = claims.cbegin(); it != claims.cend(); ++it) {
        sum += it.value();
        if (it.value() > best || (it.value() == best && it.key() < key)) {
            best = it.value();
            key = it.key();
        }
    }
    if (total)
        *total = sum;
    return (sum > 0 && double(best) >= share * double(sum)) ? key : -1;
}

QByteArray majorityKey(const QHash<QByteArray, qint64> &claims)
{
    qint64 best = 0;
    QByteArray key;
    for (auto it = claims.cbegin(); it != claims.cend(); ++it) {
        if (it.value() > best || (it.value() == best && it.key() < key)) {
            best = it.value();
            key = it.key();
        }
    }
    return key;
}

qint64 median(QList<qint64> v)
{
    if (v.isEmpty())
        return NoTime;
    std::sort(v.begin(), v.end());
    return v.at(v.size() / 2);
}

// The bundle's node names, for looking up stretches of file names: by hash first, so that a
// stretch that is no node (nearly all of them) costs no allocation.
class KnownNodes
{
public:
    void insert(const QString &node)
    {
        if (node.isEmpty())
            return;
        m_names.insert(node);
        m_hashes.insert(qHash(QStringView(node)));
        m_longest = std::max(m_longest, node.size());
    }
    // The hash stays: a stale one costs a lookup, never a wrong answer.
    bool remove(const QString &node) { return m_names.remove(node); }
    bool isEmpty() const { return m_names.isEmpty(); }
    qsizetype longest() const { return m_longest; }
    const QString *find(QStringView name) const
    {
        if (!m_hashes.contains(qHash(name)))
            return nullptr;
        const auto it = m_names.constFind(name.toString());
        return it == m_names.cend() ? nullptr : &*it;
    }

private:
    QSet<QString> m_names;
    QSet<size_t> m_hashes;
    qsizetype m_longest = 0;
};

// Output files named after their node (Slurm's --output=%N-%t.out, "nvidia-smi-gpu-07.txt",
// "dmesg.gpu-07.log"): a file no line ties to a node takes the node of the job whose name its
// own name holds, as a whole word. Only names the bundle's lines or folders already gave count.
// The longest known node that a file name holds as a whole word ("train_trn-n03.log"), or none.
QString nodeNamedIn(const QString &name, const KnownNodes &known)
{
    // Looked up, not searched: every stretch of the name that begins and ends at a word border
    // is a candidate. Searching the name for every known node made a bundle of many files on
    // many nodes quadratic (a tar of 10^6 members spent minutes here).
    QString best;
    for (qsizetype at = 0; at < name.size(); ++at) {
        if (at > 0 && name.at(at - 1).isLetterOrNumber())
            continue;
        const qsizetype last = std::min(name.size(), at + known.longest());
        for (qsizetype end = at + std::max<qsizetype>(3, best.size() + 1); end <= last; ++end) {
            if (end < name.size() && name.at(end).isLetterOrNumber())
                continue;
            if (const QString *node = known.find(QStringView(name).sliced(at, end - at)))
                best = *node;
        }
    }
    return best;
}

// A folder is taken for a node when its name looks like a host ("logs/llm7b-sft-0412/…"); but
// when two or more of its files are named after different nodes of the bundle
// ("trn-a100-07.log", "trn-a100-08.log"), it is a run's folder of per-node logs, and each of
// those files comes from the node its name holds.
void nodesFromNamesInRunFolders(IngestResult &result, QList<Event> &events)
{
    QHash<QString, QList<int>> byFolder; // files whose node is their folder's name
    for (int fi = 0; fi < result.files.size(); ++fi) {
        const InputFile &f = result.files.at(fi);
        const QString folder = f.path.section(u'/', -2, -2);
        if (!f.node.isEmpty() && !f.attributionByHand && folder == f.node)
            byFolder[f.path.section(u'/', 0, -2)].append(fi);
    }
    // Every node of the bundle, made once; each folder leaves its own name out while it looks.
    KnownNodes known;
    for (const InputFile &f : std::as_const(result.files))
        known.insert(f.node);
    QHash<int, QString> renamed; // file -> the node its name holds, over every run folder
    for (auto it = byFolder.cbegin(); it != byFolder.cend(); ++it) {
        if (it.value().size() < 2)
            continue;
        const QString folderNode = result.files.at(it.value().first()).node;
        const bool wasKnown = known.remove(folderNode);
        QHash<int, QString> named;
        for (int fi : it.value()) {
            if (const QString n = nodeNamedIn(result.files.at(fi).path.section(u'/', -1), known); !n.isEmpty())
                named.insert(fi, n);
        }
        if (wasKnown)
            known.insert(folderNode);
        if (QSet<QString>(named.cbegin(), named.cend()).size() < 2)
            continue;
        renamed.insert(named);
    }
    if (renamed.isEmpty())
        return;
    // Events first: they still carry the folder's name, which the file held until now.
    for (Event &ev : events) {
        if (const auto n = renamed.constFind(int(ev.source.file)); n != renamed.cend() && ev.node == result.files.at(n.key()).node)
            ev.node = n.value();
    }
    for (auto n = renamed.cbegin(); n != renamed.cend(); ++n)
        result.files[n.key()].node = n.value();
}

void nodesFromFileNames(IngestResult &result, QList<Event> &events, Warnings &warnings)
{
    nodesFromNamesInRunFolders(result, events);
    KnownNodes known;
    for (const InputFile &f : std::as_const(result.files))
        known.insert(f.node);
    for (const Event &ev : std::as_const(events))
        known.insert(ev.node);
    if (known.isEmpty())
        return;
    QHash<FileId, QString> named;
    for (int fi = 0; fi < result.files.size(); ++fi) {
        InputFile &f = result.files[fi];
        if (!f.node.isEmpty() || (f.kinds & KindBinary))
            continue;
        const QString best = nodeNamedIn(f.path.section(u'/', -1), known);
        if (best.isEmpty())
            continue;
        f.node = best;
        named.insert(FileId(fi), best);
        warnings.append({Warning::Kind::Attribution, f.path, 0, u"names no host in its lines; taken to be from %1, which its file name holds"_s.arg(best)});
    }
    for (Event &ev : events) {
        if (ev.node.isEmpty() && named.contains(ev.source.file)) {
            ev.node = named.value(ev.source.file);
            ev.nodeFrom = IdentitySource::File;
        }
    }
}

// torchrun writes each node's worker output under a folder of its own,
// <log dir>/<run id>_<8 random characters>/attempt_N/<local rank>/: every file under one such
// folder comes from one node. The agent names the folder in its log ("log directory set to:
// …"), so the folder takes the agent's node; without that line, the node one of its files
// names (an NCCL line, a [pod/…] prefix) is the node of the others.
void nodesFromTorchrunLogDirs(const QList<Scanned> &scanned, IngestResult &result, Warnings &warnings)
{
    static const QRegularExpression runFolder(uR"(^((?:.*/)?([^/]+_[a-z0-9_]{8}))/attempt_\d+/)"_s);
    QHash<QString, QString> named; // folder name -> the node of the agent that named it
    QSet<QString> ambiguous;
    for (int fi = 0; fi < scanned.size(); ++fi) {
        const QString &node = result.files.at(fi).node;
        if (node.isEmpty())
            continue;
        for (const QString &dir : scanned.at(fi).scan.logDirs) {
            if (named.contains(dir) && named.value(dir) != node)
                ambiguous.insert(dir);
            named.insert(dir, node);
        }
    }
    QHash<QString, QSet<QString>> claimed; // folder path -> nodes its files name
    for (const InputFile &f : std::as_const(result.files)) {
        const auto m = runFolder.match(f.path);
        if (m.hasMatch() && !f.node.isEmpty())
            claimed[m.captured(1)].insert(f.node);
    }
    for (int fi = 0; fi < result.files.size(); ++fi) {
        InputFile &f = result.files[fi];
        const auto m = runFolder.match(f.path);
        if (!f.node.isEmpty() || !m.hasMatch() || scanned.at(fi).scan.hostClaims.size() > 1)
            continue;
        const QString name = m.captured(2);
        const QSet<QString> nodes = claimed.value(m.captured(1));
        QString node;
        if (named.contains(name) && !ambiguous.contains(name))
            node = named.value(name);
        else if (nodes.size() == 1)
            node = *nodes.cbegin();
        if (node.isEmpty())
            continue;
        if (!nodes.isEmpty() && !nodes.contains(node)) {
            warnings.append({Warning::Kind::Attribution, f.path, 0,
                             u"the agent on %1 names this folder, but other files in it name another host; left unattributed"_s.arg(node)});
            continue;
        }
        f.node = node;
    }
}

// Slurm --output=%j-%t.out and the like: the task id a file's name holds, for the files that
// nothing else attributes, when their lines do not say otherwise (a file whose lines claim
// another rank, or several, shows the number is not the task).
void taskIdsFromFileNames(const QList<Scanned> &scanned, QList<PathAttribution> &paths, Warnings &warnings)
{
    QStringList names;
    QList<int> index;
    for (int fi = 0; fi < scanned.size(); ++fi) {
        const Scanned &s = scanned.at(fi);
        const PathAttribution &pa = paths.at(fi);
        if (pa.globalRank >= 0 || pa.localRank >= 0 || !pa.ncclHost.isEmpty() || s.skipped || s.chunkIndex > 0
            || (s.kinds & (KindInventory | KindKernelLog | KindPlacement | KindErrorJson | KindBinary)) || s.scan.rankClaims.size() > 1)
            continue;
        if (s.scan.hostClaims.size() == 1 && s.displayPath.section(u'/', -1).contains(QString::fromUtf8(s.scan.hostClaims.cbegin().key())))
            continue; // a per-node file named by its host
        names.append(s.displayPath);
        index.append(fi);
    }
    const QList<int> ids = PathAttribution::taskIdsFromNames(names);
    for (qsizetype i = 0; i < ids.size(); ++i) {
        const FileScan &scan = scanned.at(index.at(i)).scan;
        if (ids.at(i) >= 0 && scan.rankClaims.size() == 1 && scan.rankClaims.cbegin().key() != ids.at(i))
            return; // the lines of one file name another rank: the numbers are something else
    }
    int named = 0;
    QString first;
    for (qsizetype i = 0; i < ids.size(); ++i) {
        if (ids.at(i) < 0)
            continue;
        paths[index.at(i)].globalRank = ids.at(i);
        if (named++ == 0)
            first = scanned.at(index.at(i)).displayPath;
    }
    if (named > 0) // one note for the lot: a 4,096-task job must not bury the other warnings
        warnings.append({Warning::Kind::Attribution, first, 0,
                         u"%1 file(s) like this one are taken to be Slurm tasks by the one number in which their names differ (--output=…%t…)"_s.arg(named)});
}

// The step's layout, when the bundle prints it (SLURM_STEP_NODELIST or SLURM_JOB_NODELIST with
// the matching TASKS_PER_NODE, and SLURM_DISTRIBUTION): the node of every task id that no
// "srun: error: <node>: task N" line placed. The step's own variables win over the job's.
void addSlurmLayout(const QList<Scanned> &scanned, const IngestResult &result, QHash<int, QString> &taskNode, Warnings &warnings)
{
    QHash<QString, std::pair<FileScan::SlurmVariable, QString>> first; // key -> (variable, file)
    for (int fi = 0; fi < scanned.size(); ++fi) {
        for (const FileScan::SlurmVariable &v : scanned.at(fi).scan.slurmVariables) {
            if (!first.contains(v.key))
                first.insert(v.key, {v, result.files.at(fi).path});
        }
    }
    for (const char *scope : {"SLURM_STEP_", "SLURM_JOB_", "SLURM_"}) {
        const QString s = QString::fromLatin1(scope);
        const QString listKey = s + u"NODELIST"_s;
        const QString tasksKey = s == u"SLURM_JOB_"_s ? u"SLURM_TASKS_PER_NODE"_s : s + u"TASKS_PER_NODE"_s;
        if (!first.contains(listKey) || !first.contains(tasksKey))
            continue;
        const auto &[list, listFile] = first.value(listKey);
        const auto &[tasks, tasksFile] = first.value(tasksKey);
        const QStringList nodes = SlurmLayout::expandHostlist(list.value);
        const QList<int> perNode = SlurmLayout::expandTasksPerNode(tasks.value);
        const bool cyclic = first.value(u"SLURM_DISTRIBUTION"_s).first.value.startsWith(u"cyclic"_s);
        const QStringList placed = SlurmLayout::taskNodes(nodes, perNode, cyclic);
        if (placed.isEmpty()) {
            warnings.append({Warning::Kind::Attribution, listFile, list.line,
                             u"%1=%2 and %3=%4 (%5:%6) do not describe one layout; tasks are not placed by them"_s.arg(
                                 listKey, list.value, tasksKey, tasks.value, tasksFile, QString::number(tasks.line))});
            return;
        }
        for (int t = 0; t < placed.size(); ++t) {
            if (!taskNode.contains(t))
                taskNode.insert(t, placed.at(t));
            else if (taskNode.value(t) != placed.at(t))
                warnings.append({Warning::Kind::Attribution, listFile, list.line,
                                 u"the %1 layout puts task %2 on %3, but srun's error line puts it on %4; srun's line is kept"_s.arg(
                                     cyclic ? u"cyclic"_s : u"block"_s, QString::number(t), placed.at(t), taskNode.value(t))});
        }
        return;
    }
}

// Other names of a node, applied everywhere. Inside a pod the host name is the pod's name: NCCL
// and torch lines name the pod, the kernel log of the same machine names the node. kubectl's placement statements join the two; the
// machine's name is kept (it is what a drain or an RMA ticket needs), the pod stays an alias.
void applyNodeAliases(IngestResult &result, QList<Event> &events, Warnings &warnings)
{
    QHash<QString, NodeAlias> podNode;
    // A node known only by its address (a Ray worker's "ip=") is the host whose NCCL bootstrap
    // line says it uses that address.
    for (const Event &ev : std::as_const(events)) {
        if (ev.kind != Event::Kind::Fact || ev.capture(u"component"_s) != u"ip"_s || ev.node.isEmpty())
            continue;
        const QString ip = ev.capture(u"value"_s);
        if (!ip.isEmpty() && ip != ev.node && !podNode.contains(ip))
            podNode.insert(ip, {ip, ev.node, ip, result.files.at(ev.source.file).path, ev.source.line, NodeAlias::Kind::Address});
    }
    for (const InputFile &f : std::as_const(result.files)) {
        if (!(f.kinds & KindPlacement) || f.keptText.isNull())
            continue;
        for (const PodPlacement &p : PodPlacement::parse(LineReader::split(f.keptText))) {
            if (p.pod == p.node)
                continue;
            const auto known = podNode.constFind(p.pod);
            if (known != podNode.cend() && known->node != p.node) {
                warnings.append({Warning::Kind::Attribution, f.path, p.line,
                                 u"places pod %1 on %2, but %3:%4 places it on %5; the first is kept"_s.arg(
                                     p.pod, p.node, known->path, QString::number(known->line), known->node)});
                continue;
            }
            if (known == podNode.cend())
                podNode.insert(p.pod, {p.pod, p.node, p.ip, f.path, p.line, NodeAlias::Kind::Pod});
        }
    }
    if (podNode.isEmpty())
        return;
    for (NodeAlias &a : podNode) { // an address of a pod is an address of the pod's machine
        for (int hop = 0; hop < 4 && podNode.contains(a.node) && podNode.value(a.node).node != a.node; ++hop)
            a.node = podNode.value(a.node).node;
    }
    auto rename = [&podNode](QString &node) {
        if (const auto it = podNode.constFind(node); it != podNode.cend())
            node = it->node;
    };
    QSet<QString> used;
    for (InputFile &f : result.files) {
        used.insert(f.node);
        rename(f.node);
    }
    for (Event &ev : events) {
        used.insert(ev.node);
        if (const auto it = podNode.constFind(ev.node); it != podNode.cend()) {
            ev.node = it->node;
            ev.nodeFrom = it->kind == NodeAlias::Kind::Pod ? IdentitySource::PodPlacement : IdentitySource::Address;
        }
    }
    // Pods on one machine each have their own pid namespace: a renamed "node:pid" is added only
    // where no other pod of that machine claims the same pid.
    QHash<QString, int> renamed;
    QSet<QString> clashing;
    for (auto it = result.processRanks.cbegin(); it != result.processRanks.cend(); ++it) {
        QString host = it.key().section(u':', 0, -2);
        const QString pid = it.key().section(u':', -1);
        if (!podNode.contains(host))
            continue;
        rename(host);
        const QString key = host + u':' + pid;
        if (renamed.contains(key) || result.processRanks.contains(key))
            clashing.insert(key);
        renamed.insert(key, it.value());
    }
    for (auto it = renamed.cbegin(); it != renamed.cend(); ++it) {
        if (!clashing.contains(it.key()))
            result.processRanks.insert(it.key(), it.value());
    }
    for (const NodeAlias &a : std::as_const(podNode)) {
        if (used.contains(a.alias))
            result.nodeAliases.append(a);
    }
    std::sort(result.nodeAliases.begin(), result.nodeAliases.end(),
              [](const NodeAlias &a, const NodeAlias &b) { return a.node != b.node ? a.node < b.node : a.alias < b.alias; });
}

// What the attribution steps learn about who ran where: the rules the event step (and later the
// log view) applies per line, and what only the attribution itself needs.
struct Identities : IdentityRules
{
    int worldFromInit = -1;
    QList<PathAttribution> paths; // per file, what its path says
};
using ProcRank = Identities::ProcRank;

// NCCL processes to ranks: the world communicator (the init with the most ranks) for each
// host:pid, then a launcher's worker table where NCCL says nothing.
void ranksOfProcesses(const QList<Scanned> &scanned, Identities &id, Warnings &warnings)
{
    auto &procRank = id.procRank;
    auto &worldFromInit = id.worldFromInit;
    auto &rankOfLonePid = id.rankOfLonePid;
    for (const Scanned &s : std::as_const(scanned)) {
        for (const FileScan::NcclInit &init : s.scan.inits) {
            if (init.nranks > MaxWorldSize || init.rank >= MaxWorldSize || init.rank >= std::max(1, init.nranks)) {
                // A corrupt or crafted line: a world of two billion ranks would be a list of two
                // billion missing ones.
                warnings.append({Warning::Kind::Attribution, s.displayPath, init.line,
                                    u"NCCL init line claims rank %1 of %2 ranks, beyond what a job can be (%3); ignored"_s.arg(
                                        QString::number(init.rank), QString::number(init.nranks), QString::number(MaxWorldSize))});
                continue;
            }
            const QByteArray key = init.host + ':' + QByteArray::number(init.pid);
            worldFromInit = std::max(worldFromInit, init.nranks);
            ProcRank &pr = procRank[key];
            const QString where = s.displayPath + u':' + QString::number(init.line);
            if (init.nranks > pr.nranks) {
                pr = {init.rank, init.nranks, where};
            } else if (init.nranks == pr.nranks && init.rank != pr.rank) {
                warnings.append({Warning::Kind::Attribution, s.displayPath, init.line,
                                    u"NCCL process %1 claims rank %2 here but rank %3 at %4; keeping %3"_s.arg(
                                        QString::fromUtf8(key), QString::number(init.rank), QString::number(pr.rank), pr.source)});
            }
        }
    }

    // A launcher's worker table (Ray Train) ties host:pid to a rank where NCCL's init lines do
    // not; NCCL's word wins where both speak. A pid listed once in the whole bundle also names
    // the rank of Ray lines that give no address ("(RayTrainWorker pid=7410) …").
    {
        QHash<qint64, int> pidCount;
        for (const Scanned &s : std::as_const(scanned)) {
            for (const FileScan::NcclInit &w : s.scan.workerRanks) {
                const QByteArray key = w.host + ':' + QByteArray::number(w.pid);
                ProcRank &pr = procRank[key];
                const QString where = s.displayPath + u':' + QString::number(w.line);
                if (pr.rank < 0)
                    pr = {w.rank, -1, where};
                else if (pr.rank != w.rank)
                    warnings.append({Warning::Kind::Attribution, s.displayPath, w.line,
                                        u"the worker table gives process %1 rank %2, but %3 says rank %4; keeping %4"_s.arg(
                                            QString::fromUtf8(key), QString::number(w.rank), pr.source, QString::number(pr.rank))});
                if (pidCount[w.pid]++ == 0)
                    rankOfLonePid.insert(w.pid, pr.rank);
                else if (rankOfLonePid.value(w.pid, -1) != pr.rank)
                    rankOfLonePid.insert(w.pid, -1);
            }
        }
    }
}

// Each scanned file becomes an InputFile: its node and rank from its lines, its path and its
// NCCL processes, in that order of trust.
void describeFiles(const QList<Scanned> &scanned, const IngestConfig &config, Identities &id, IngestResult &result, Warnings &warnings)
{
    auto &procRank = id.procRank;
    auto &paths = id.paths;
    auto &rankNode = id.rankNode;
    QHash<QString, QString> folderAlias; // per-node folder name -> host name seen in its files
    for (const Scanned &s : std::as_const(scanned)) {
        PathAttribution pa = PathAttribution::parse(s.displayPath);
        const QByteArray host = majorityKey(s.scan.hostClaims);
        if (!pa.node.isEmpty() && !host.isEmpty() && pa.node != QString::fromUtf8(host) && pa.ncclHost.isEmpty())
            folderAlias.insert(pa.node, QString::fromUtf8(host));
        paths.append(pa);
    }
    taskIdsFromFileNames(scanned, paths, warnings);

    // Where each rank runs, from the lines that say it for certain: NCCL init lines.
    for (auto it = procRank.cbegin(); it != procRank.cend(); ++it) {
        result.processRanks.insert(QString::fromUtf8(it.key()), it.value().rank);
        if (it.value().rank >= 0 && !rankNode.contains(it.value().rank))
            rankNode.insert(it.value().rank, QString::fromUtf8(it.key().left(it.key().lastIndexOf(':'))));
    }
    for (int fi = 0; fi < scanned.size(); ++fi) {
        const Scanned &s = scanned.at(fi);
        const PathAttribution &pa = paths.at(fi);
        InputFile f;
        f.path = s.displayPath;
        f.diskPath = s.diskPath;
        f.identity = s.identity;
        f.member = s.member;
        f.kinds = s.kinds;
        f.bytes = s.scan.bytes;
        f.lines = s.scan.lines;
        f.checkpoints = s.scan.checkpoints;
        f.crlf = s.scan.crlf;
        f.encoding = s.encoding;
        if (s.encoding != TextEncoding::Utf8)
            warnings.append({Warning::Kind::Encoding, f.path, 0, u"is %1 text (byte-order mark); read as UTF-8"_s.arg(encodingName(s.encoding))});
        f.bracketRanks = s.scan.bracketRanks;
        f.ansi = s.scan.ansi;
        f.truncatedLastLine = s.scan.endsWithoutNewline;
        f.overlongLines = s.scan.overlongLines > 0;
        f.runBoundaries = s.scan.runBoundaries;
        f.jobEnds = s.scan.jobEnds;
        f.localRank = pa.localRank;
        f.keptText = s.keptText;
        if (s.keptTooLarge)
            warnings.append({Warning::Kind::Inventory, f.path, 0,
                                u"inventory larger than %1; not read for the version matrix (%2)"_s
                                    .arg(ReadingLimit::find(u"max-inventory-size")->format(double(config.maxKeptTextBytes)),
                                         ReadingLimit::howToRaise(u"max-inventory-size"))});

        // A combined log (Slurm --label, MPI) holds several hosts: it has no node of its own.
        const QByteArray host = s.scan.hostClaims.size() == 1 ? majorityKey(s.scan.hostClaims) : QByteArray();
        // A kubectl listing (get pods, describe pod) is written on the engineer's machine: a pod
        // name in its file name ("describe-pod-trainer-master-0.txt") is what it describes.
        const QString pathNode = (s.kinds & KindPlacement) ? QString() : folderAlias.value(pa.node, pa.node);
        f.node = !host.isEmpty() ? QString::fromUtf8(host) : s.scan.hostClaims.size() > 1 ? QString() : pathNode;
        if (f.node.isEmpty() && s.scan.hostClaims.isEmpty() && s.scan.lineHostClaims.size() == 1)
            f.node = QString::fromUtf8(s.scan.lineHostClaims.cbegin().key()); // a pasted journal or prompt

        qint64 claimTotal = 0;
        const int claimed = majorityKey(s.scan.rankClaims, 0.9, &claimTotal);
        if (pa.globalRank >= 0) {
            f.rank = pa.globalRank;
        } else if (claimed >= 0) {
            f.rank = claimed;
        } else if (!pa.ncclHost.isEmpty()) {
            f.rank = procRank.value(pa.ncclHost.toUtf8() + ':' + QByteArray::number(pa.ncclPid)).rank;
        } else if (s.scan.ncclProcs.size() == 1) {
            f.rank = procRank.value(s.scan.ncclProcs.cbegin().key()).rank;
        }
        if (claimed < 0 && s.scan.rankClaims.size() > 8 && !(f.kinds & (KindLauncherLog | KindSchedulerLog)))
            warnings.append({Warning::Kind::Attribution, f.path, 0,
                                u"lines claim %1 different ranks; each line is attributed on its own"_s.arg(s.scan.rankClaims.size())});
        if (s.scan.overlongLines > 0) {
            const qint64 n = s.scan.overlongLines;
            warnings.append({Warning::Kind::Encoding, f.path, s.scan.firstOverlongLine,
                                n > 1 ? u"has %1 lines longer than 1 MiB, the first at line %2; only their first MiB is scanned and shown"_s.arg(n).arg(s.scan.firstOverlongLine)
                                      : u"line %1 is longer than 1 MiB; only its first MiB is scanned and shown"_s.arg(s.scan.firstOverlongLine)});
        }
        result.files.append(f);
    }
    nodesFromTorchrunLogDirs(scanned, result, warnings);
}

void ranksFromAgents(const QList<Scanned> &scanned, Identities &id, IngestResult &result, Warnings &warnings)
{
    auto &rankOffset = id.rankOffset;
    auto &ambiguousOffset = id.ambiguousOffset;
    // A node's torchrun agent knows the global rank of its local ranks: its failure summary
    // names them, and its rendezvous line gives its group rank (x nproc_per_node). The offset
    // attributes that node's per-local-rank files (attempt_0/<local>/stderr.log) when no NCCL
    // init line did — failures before NCCL starts (old driver, bad import) have none.
    for (int fi = 0; fi < scanned.size(); ++fi) {
        const InputFile &f = result.files.at(fi);
        const FileScan &scan = scanned.at(fi).scan;
        QList<FileScan::LauncherRank> claims = scan.launcherRanks;
        // The agent's rendezvous line counts only in a file of one node; the summaries of
        // several agents gathered by pdsh carry their host in each line's prefix.
        if (!f.node.isEmpty() && scan.agentGroupRank >= 0 && scan.agentProcsPerNode > 0
            && qint64(scan.agentGroupRank) * scan.agentProcsPerNode < MaxWorldSize)
            claims.prepend({scan.agentGroupRank * scan.agentProcsPerNode, 0, 0, {}});
        for (const FileScan::LauncherRank &lr : std::as_const(claims)) {
            const QString node = !f.node.isEmpty() ? f.node : QString::fromUtf8(lr.host);
            const int offset = lr.rank - lr.localRank;
            if (offset < 0 || node.isEmpty())
                continue;
            if (rankOffset.contains(node) && rankOffset.value(node) != offset && !ambiguousOffset.contains(node)) {
                ambiguousOffset.insert(node);
                warnings.append({Warning::Kind::Attribution, f.path, lr.line,
                                    u"the failure summary maps local ranks of %1 to global ranks inconsistently; its per-rank files stay unattributed"_s.arg(node)});
            }
            rankOffset.insert(node, offset);
        }
    }
    for (InputFile &f : result.files) {
        if (f.rank < 0 && f.localRank >= 0 && rankOffset.contains(f.node) && !ambiguousOffset.contains(f.node))
            f.rank = rankOffset.value(f.node) + f.localRank;
    }}

void nodesOfSlurmTasks(const QList<Scanned> &scanned, Identities &id, IngestResult &result, Warnings &warnings)
{
    auto &taskNode = id.taskNode;
    auto &rankNode = id.rankNode;
    auto &paths = id.paths;
    // srun's "srun: error: <node>: task N" is where Slurm task N ran: the node of the lines
    // labelled "N: " (srun --label) and of a file named by the task (--output=rank-%t.log)
    // whose lines name no host. NCCL's init lines, where they place a rank, win.
    for (int fi = 0; fi < scanned.size(); ++fi) {
        for (const FileScan::TaskNode &tn : scanned.at(fi).scan.taskNodes) {
            for (int t : tn.tasks) {
                if (taskNode.contains(t) && taskNode.value(t) != tn.node)
                    warnings.append({Warning::Kind::Attribution, result.files.at(fi).path, tn.line,
                                        u"srun places task %1 on %2 here and on %3 in an earlier line; the earlier is kept"_s.arg(
                                            QString::number(t), tn.node, taskNode.value(t))});
                else
                    taskNode.insert(t, tn.node);
            }
        }
    }
    addSlurmLayout(scanned, result, taskNode, warnings);
    for (int fi = 0; fi < result.files.size(); ++fi) {
        InputFile &f = result.files[fi];
        if (!f.node.isEmpty() || f.rank < 0 || paths.at(fi).globalRank != f.rank || !taskNode.contains(f.rank))
            continue;
        f.node = rankNode.value(f.rank, taskNode.value(f.rank));
        if (rankNode.contains(f.rank) && rankNode.value(f.rank) != taskNode.value(f.rank))
            warnings.append({Warning::Kind::Attribution, f.path, 0,
                                u"srun places task %1 on %2, but NCCL's init lines put rank %1 on %3; NCCL's lines are kept"_s.arg(
                                    QString::number(f.rank), taskNode.value(f.rank), rankNode.value(f.rank))});
    }
}

void attributionByHand(const IngestConfig &config, Identities &id, IngestResult &result, Warnings &warnings)
{
    auto &rankNode = id.rankNode;
    // The user's word: a file's rank and node as set by hand hold for all its lines, and say
    // where that rank runs. What it replaces is kept in a note, so the change stays visible.
    QHash<QString, int> fileByPath;
    for (int fi = 0; fi < result.files.size(); ++fi)
        fileByPath.insert(result.files.at(fi).path, fi);
    for (auto it = config.manual.attribution.cbegin(); it != config.manual.attribution.cend(); ++it) {
        const auto found = fileByPath.constFind(it.key());
        if (found == fileByPath.cend()) {
            warnings.append({Warning::Kind::Attribution, it.key(), 0,
                                u"an attribution set by hand names this file, but the bundle has no such file; it was ignored"_s});
            continue;
        }
        InputFile &f = result.files[*found];
        const QString before = u"rank %1 on %2"_s.arg(f.rank >= 0 ? QString::number(f.rank) : u"?"_s,
                                                        f.node.isEmpty() ? u"?"_s : f.node);
        if (it.value().rank >= 0)
            f.rank = it.value().rank;
        if (!it.value().node.isEmpty())
            f.node = it.value().node;
        f.attributionByHand = true;
        if (f.rank >= 0 && !f.node.isEmpty())
            rankNode.insert(f.rank, f.node);
        warnings.append({Warning::Kind::Attribution, f.path, 0,
                            u"attributed by hand to rank %1 on %2 (the ingest found %3)"_s.arg(
                                f.rank >= 0 ? QString::number(f.rank) : u"?"_s, f.node.isEmpty() ? u"?"_s : f.node, before)});
    }
}

// The bundle's time reference: the median of its absolute stamps for the year of year-less ones,
// and each node's boot time (from an inventory) for seconds since boot.
TimeReference timeReferenceOf(const QList<Scanned> &scanned, const IngestConfig &config, const IngestResult &result, Warnings &warnings)
{
    QList<qint64> absolute;
    bool anyYearLess = false;
    for (const Scanned &s : std::as_const(scanned)) {
        for (const auto &t : s.scan.times) {
            if (t.time.kind == ParsedTime::Kind::Absolute)
                absolute.append(t.time.ms);
            anyYearLess |= t.time.kind == ParsedTime::Kind::YearLess;
        }
        for (const auto &e : s.scan.events)
            anyYearLess |= e.time.kind == ParsedTime::Kind::YearLess;
    }
    const qint64 refTime = median(absolute);
    // Without a year anywhere, the incident is taken to be of the last twelve months: a guessed
    // year never puts it in the future.
    TimeReference times(refTime, config.nowMs > 0 ? config.nowMs : QDateTime::currentMSecsSinceEpoch());
    if (refTime == NoTime && anyYearLess)
        warnings.append({Warning::Kind::Timestamp, QString(), 0,
                         u"no timestamp in the bundle carries a year; year-less times are taken to be of the last twelve months"_s});
    // dmesg counts seconds since boot: with the node's boot time (from an inventory) they become
    // wall-clock times; without it they stay untimed rather than guessed.
    for (int fi = 0; fi < scanned.size(); ++fi) {
        const qint64 boot = scanned.at(fi).scan.bootTimeMs;
        const QString &node = result.files.at(fi).node;
        if (boot < 0 || node.isEmpty())
            continue;
        if (times.hasBootTime(node) && std::llabs(times.bootTime(node) - boot) > 60'000)
            warnings.append({Warning::Kind::Timestamp, result.files.at(fi).path, 0,
                             u"gives another boot time for %1 than an earlier file; the earlier one is kept"_s.arg(node)});
        else
            times.setBootTime(node, boot);
    }
    return times;
}

// Completed sample times of every file, and the time span of each rank and node, for lines
// without a time of their own.
struct TimeSpans
{
    QList<QList<std::pair<qint64, qint64>>> fileSamples; // per file: (line, ms)
    QHash<int, std::pair<qint64, qint64>> rankSpan;
    QHash<QString, std::pair<qint64, qint64>> nodeSpan;
};

TimeSpans sampleTimes(const QList<Scanned> &scanned, const TimeReference &times, const IngestResult &result)
{
    TimeSpans spans;
    auto widen = [](std::pair<qint64, qint64> &span, qint64 ms) {
        span.first = span.first == NoTime ? ms : std::min(span.first, ms);
        span.second = span.second == NoTime ? ms : std::max(span.second, ms);
    };
    for (int fi = 0; fi < scanned.size(); ++fi) {
        QList<std::pair<qint64, qint64>> samples;
        for (const auto &t : scanned.at(fi).scan.times) {
            const qint64 ms = times.complete(t.time, result.files.at(fi).node);
            if (ms != NoTime)
                samples.append({t.line, ms});
        }
        const InputFile &f = result.files.at(fi);
        for (const auto &[line, ms] : samples) {
            if (f.rank >= 0) {
                if (!spans.rankSpan.contains(f.rank))
                    spans.rankSpan.insert(f.rank, {NoTime, NoTime});
                widen(spans.rankSpan[f.rank], ms);
            }
            // A node's kernel log reaches back to its boot, weeks before the job: only the job's
            // own files say when the job was alive on the node.
            if (!f.node.isEmpty() && !(f.kinds & (KindInventory | KindKernelLog))) {
                if (!spans.nodeSpan.contains(f.node))
                    spans.nodeSpan.insert(f.node, {NoTime, NoTime});
                widen(spans.nodeSpan[f.node], ms);
            }
        }
        spans.fileSamples.append(samples);
    }
    return spans;
}

// Every line event of every file, with its time (stamped, completed or inferred) and its rank and
// node (from the line, its process, its file, or where its rank ran), and each rank's first and
// last line.
QList<Event> bundleEvents(QList<Scanned> &scanned, const TimeReference &times, const TimeSpans &spans, Identities &id, IngestResult &result, Warnings &warnings)
{
    auto &rankNode = id.rankNode;
    // Each file's raw events become the bundle's events and are freed on the way: holding both,
    // and a list grown by doubling, was most of the peak on a bundle of 16,384 ranks.
    QList<Event> events;
    {
        qsizetype total = 0;
        for (const Scanned &s : std::as_const(scanned))
            total += s.scan.events.size();
        events.reserve(total + 2 * scanned.size()); // and a rank's first and last line
    }
    for (int fi = 0; fi < scanned.size(); ++fi) {
        Scanned &s = scanned[fi];
        InputFile &f = result.files[fi];
        const QList<std::pair<qint64, qint64>> &samples = spans.fileSamples.at(fi);
        // A file without any timestamp (a worker's stderr, an NCCL file before 2.26) is spread
        // over the span its rank (or node) was seen alive in the other files, by line position:
        // coarse, flagged as inferred, but it keeps the file's order and its place in the job.
        std::pair<qint64, qint64> span{NoTime, NoTime};
        if (samples.isEmpty()) {
            if (f.rank >= 0 && spans.rankSpan.contains(f.rank))
                span = spans.rankSpan.value(f.rank);
            else if (spans.nodeSpan.contains(f.node))
                span = spans.nodeSpan.value(f.node);
        }
        auto inferred = [&samples, &span, &f](qint64 line) -> qint64 {
            if (samples.isEmpty()) {
                if (span.first == NoTime || f.lines <= 0)
                    return NoTime;
                return span.first + qint64(double(span.second - span.first) * double(line - 1) / double(std::max<qint64>(1, f.lines - 1)));
            }
            auto it = std::upper_bound(samples.cbegin(), samples.cend(), std::pair<qint64, qint64>(line, std::numeric_limits<qint64>::max()));
            if (it == samples.cbegin())
                return it != samples.cend() ? it->second : NoTime;
            const qint64 before = std::prev(it)->second;
            // Between two stamped lines hours apart (a banner, hours of unstamped training output,
            // then the launcher's stamped reaction to a crash), an unstamped error line belongs to
            // the burst before the later stamp, not to the start of the silence: taking the
            // earlier one would put a late error hours early and make it the first.
            if (it != samples.cend() && it->second - before > MaxUnstampedGapMs)
                return it->second;
            return before;
        };
        QSet<int> ranks;
        if (f.rank >= 0)
            ranks.insert(f.rank);
        if (!f.runBoundaries.isEmpty() && !s.scan.taskNodes.isEmpty()) {
            auto &placed = id.taskNodeInRun[FileId(fi)];
            for (const FileScan::TaskNode &tn : s.scan.taskNodes) {
                const qsizetype run = std::upper_bound(f.runBoundaries.cbegin(), f.runBoundaries.cend(), tn.line) - f.runBoundaries.cbegin();
                for (int t : tn.tasks)
                    placed.insert({run, t}, tn.node);
            }
        }
        for (FileScan::RawEvent &raw : s.scan.events) {
            Event ev = std::move(raw.event);
            ev.source.file = FileId(fi);
            qint64 ms = times.complete(raw.time, f.node);
            if (ms == NoTime) {
                ms = inferred(ev.source.line);
                ev.timeInferred = ms != NoTime;
                ev.timeCoarse = ev.timeInferred && samples.isEmpty();
            }
            ev.localTimeMs = ms;
            LineIdentity who = id.identify(raw.claims, f, FileId(fi), ev.source.line);
            const int rank = who.rank;
            ev.rank = rank;
            ev.rankFrom = who.rankFrom;
            ev.node = std::move(who.node);
            ev.nodeFrom = who.nodeFrom;
            if (ev.localRank < 0)
                ev.localRank = f.localRank;
            if (rank >= 0) {
                ranks.insert(rank);
                if (!ev.node.isEmpty() && !rankNode.contains(rank))
                    rankNode.insert(rank, ev.node);
            }
            events.append(std::move(ev));
        }
        s.scan.events = {};
        // Lifecycle: the first and last line of a single rank's output.
        if (f.rank >= 0 && f.lines > 0 && !(f.kinds & (KindInventory | KindErrorJson))) {
            Event start;
            start.kind = Event::Kind::ProcessStart;
            start.source = {FileId(fi), 1};
            start.rank = f.rank;
            start.localRank = f.localRank;
            start.node = f.node;
            start.rankFrom = f.attributionByHand ? IdentitySource::ByHand : IdentitySource::File;
            start.nodeFrom = f.node.isEmpty() ? IdentitySource::None : start.rankFrom;
            start.localTimeMs = samples.isEmpty() ? NoTime : samples.first().second;
            start.timeInferred = true;
            events.append(start);
            Event last = start;
            last.kind = Event::Kind::LastLine;
            last.source.line = f.lines;
            last.localTimeMs = samples.isEmpty() ? NoTime : samples.last().second;
            events.append(last);
        }
        if (!samples.isEmpty()) {
            f.firstTimeMs = samples.first().second;
            f.lastTimeMs = samples.last().second;
        }
        f.ranks = QList<int>(ranks.cbegin(), ranks.cend());
        std::sort(f.ranks.begin(), f.ranks.end());
        if (f.node.isEmpty() && f.rank >= 0)
            f.node = rankNode.value(f.rank);
    }
    for (Event &ev : events) {
        if (ev.node.isEmpty() && ev.rank >= 0) {
            ev.node = rankNode.value(ev.rank);
            ev.nodeFrom = ev.node.isEmpty() ? IdentitySource::None : IdentitySource::RankNode;
        }
    }
    for (InputFile &f : result.files) {
        if (f.node.isEmpty() && f.rank >= 0)
            f.node = rankNode.value(f.rank);
    }

    nodesFromFileNames(result, events, warnings);
    applyNodeAliases(result, events, warnings);
    return events;
}

// Clock offsets from events that happen at nearly the same moment on every node: the same
// collective timing out (same SeqNum) and NCCL init completing. Applied to every event and
// file; the events come back sorted by corrected time.
void alignClocks(const QList<Scanned> &scanned, const IngestConfig &config, QList<Event> &events, IngestResult &result, Warnings &warnings)
{
    // the same collective timing out (same SeqNum) and NCCL init completing.
    {
        std::map<QString, std::map<QString, QList<qint64>>> groups; // key -> node -> local times
        for (const Event &ev : std::as_const(events)) {
            if (ev.node.isEmpty() || ev.localTimeMs == NoTime || ev.timeInferred)
                continue;
            QString key;
            if (ev.kind == Event::Kind::NcclInitComplete)
                key = u"init"_s;
            else if (ev.kind == Event::Kind::Fingerprint && !ev.capture(u"seq"_s).isEmpty()
                     && !ev.capture(u"timeout_ms"_s).isEmpty())
                key = u"seq:"_s + ev.capture(u"seq"_s);
            else if (ev.kind == Event::Kind::TrainingStep && !ev.capture(u"step"_s).isEmpty())
                key = u"step:"_s + ev.capture(u"step"_s); // synchronous steps end together everywhere
            else if (ev.kind == Event::Kind::TrainingStep && !ev.capture(u"marker"_s).isEmpty())
                key = u"overflow:"_s + ev.capture(u"marker"_s);
            if (!key.isEmpty())
                groups[key][ev.node].append(ev.localTimeMs);
        }
        std::map<QString, QList<qint64>> deltas;
        std::map<QString, QString> methodOf;
        for (const auto &[key, byNode] : groups) {
            if (byNode.size() < 2)
                continue;
            QList<qint64> nodeTimes;
            for (const auto &[node, times] : byNode)
                nodeTimes.append(median(times));
            const qint64 ref = median(nodeTimes);
            for (const auto &[node, times] : byNode) {
                deltas[node].append(ref - median(times));
                methodOf[node] = key == u"init"_s        ? u"NCCL init completion"_s
                                 : key.startsWith(u"step:"_s) ? u"training steps"_s
                                 : key.startsWith(u"overflow:"_s) ? u"loss-scale overflows"_s
                                                              : u"collective timeouts (SeqNum)"_s;
            }
        }
        QSet<QString> nodeSet;
        for (const InputFile &f : std::as_const(result.files))
            nodeSet.insert(f.node);
        for (const Event &ev : std::as_const(events))
            nodeSet.insert(ev.node);
        nodeSet.remove(QString());
        QStringList nodes(nodeSet.cbegin(), nodeSet.cend());
        std::sort(nodes.begin(), nodes.end(), NaturalLess());
        // Hosts the lines themselves name (NCCL, pdsh, pods, syslog, prompts), not a folder guess.
        QSet<QString> namedByLines;
        for (const Scanned &s : std::as_const(scanned)) {
            for (auto it = s.scan.hostClaims.cbegin(); it != s.scan.hostClaims.cend(); ++it)
                namedByLines.insert(QString::fromUtf8(it.key()));
            for (auto it = s.scan.lineHostClaims.cbegin(); it != s.scan.lineHostClaims.cend(); ++it)
                namedByLines.insert(QString::fromUtf8(it.key()));
        }
        if (nodes.size() == 1 && namedByLines.contains(nodes.first())) {
            // One machine's output (a paste, an upload from one node): a file that names no host
            // is that machine's too. Said, so that a multi-node bundle with one host named is
            // not silently folded onto it.
            QSet<FileId> adopted;
            for (int fi = 0; fi < result.files.size(); ++fi) {
                InputFile &f = result.files[fi];
                if (!f.node.isEmpty() || (f.kinds & (KindInventory | KindBinary)))
                    continue;
                f.node = nodes.first();
                adopted.insert(FileId(fi));
                warnings.append({Warning::Kind::Attribution, f.path, 0,
                                    u"names no host; taken to be from %1, the only node in the bundle"_s.arg(f.node)});
            }
            for (Event &ev : events) {
                if (ev.node.isEmpty() && adopted.contains(ev.source.file)) {
                    ev.node = nodes.first();
                    ev.nodeFrom = IdentitySource::OnlyNode;
                }
            }
        }
        QHash<QString, qint64> offsetMs;
        for (const QString &node : std::as_const(nodes)) {
            ClockOffset co{node, 0.0, u"none"_s};
            if (deltas.count(node)) {
                const qint64 d = median(deltas[node]);
                // Below a second the estimate is noise from the events themselves.
                if (std::llabs(d) >= 1000) {
                    co.seconds = double(d) / 1000.0;
                    co.method = methodOf[node];
                } else {
                    co.method = methodOf[node] + u" (within 1 s; not applied)"_s;
                }
            }
            co.estimatedSeconds = co.seconds;
            co.estimateMethod = co.method;
            if (config.manual.clockOffsets.contains(node)) {
                co.seconds = config.manual.clockOffsets.value(node);
                co.method = u"manual"_s;
            }
            offsetMs.insert(node, qint64(co.seconds * 1000.0));
            result.clockOffsets.append(co);
        }
        for (auto it = config.manual.clockOffsets.cbegin(); it != config.manual.clockOffsets.cend(); ++it) {
            if (!nodes.contains(it.key()))
                warnings.append({Warning::Kind::Timestamp, QString(), 0,
                                    u"a clock offset set by hand names node %1, which no file of the bundle is from; it was ignored"_s.arg(it.key())});
        }
        for (Event &ev : events)
            ev.timeMs = ev.localTimeMs == NoTime ? NoTime : ev.localTimeMs + offsetMs.value(ev.node);
        for (InputFile &f : result.files) {
            const qint64 o = offsetMs.value(f.node);
            if (f.firstTimeMs != NoTime)
                f.firstTimeMs += o;
            if (f.lastTimeMs != NoTime)
                f.lastTimeMs += o;
        }
        result.job.nodes = nodes;
    }

    std::stable_sort(events.begin(), events.end(), [](const Event &a, const Event &b) {
        if ((a.timeMs == NoTime) != (b.timeMs == NoTime))
            return a.timeMs != NoTime;
        if (a.timeMs != b.timeMs)
            return a.timeMs < b.timeMs;
        if (a.source.file != b.source.file)
            return a.source.file < b.source.file;
        return a.source.line < b.source.line;
    });
    result.events = std::move(events);
}

// The job's ranks, its world size and the ranks it is missing.
void describeJob(const Identities &id, IngestResult &result)
{
    QSet<int> ranks;
    int worldSize = id.worldFromInit;
    for (const Event &ev : std::as_const(result.events)) {
        if (ev.rank >= 0)
            ranks.insert(ev.rank);
        const QString ws = ev.capture(u"nranks"_s);
        if (const int n = ws.toInt(); n > 0 && n <= MaxWorldSize)
            worldSize = std::max(worldSize, n);
    }
    for (const InputFile &f : std::as_const(result.files)) {
        for (int r : f.ranks)
            ranks.insert(r);
    }
    result.job.ranks = QList<int>(ranks.cbegin(), ranks.cend());
    std::sort(result.job.ranks.begin(), result.job.ranks.end());
    result.job.worldSize = worldSize;
    result.job.tasksAreAgents = id.tasksAreAgents;
    if (worldSize > 0) {
        for (int r = 0; r < worldSize; ++r) {
            if (!ranks.contains(r))
                result.job.missingRanks.append(r);
        }
    }
}

} // namespace

void BundleAssembler::assemble(QList<Scanned> &scanned, const IngestConfig &config, IngestResult &result, Warnings &warnings,
                               const std::function<void(const char *)> &phaseDone)
{
    Identities id;
    id.tasksAreAgents = std::any_of(scanned.cbegin(), scanned.cend(), [](const Scanned &x) { return x.scan.tasksAreAgents; });
    ranksOfProcesses(scanned, id, warnings);
    describeFiles(scanned, config, id, result, warnings);
    ranksFromAgents(scanned, id, result, warnings);
    nodesOfSlurmTasks(scanned, id, result, warnings);
    attributionByHand(config, id, result, warnings);
    phaseDone("attribution");

    TimeReference times = timeReferenceOf(scanned, config, result, warnings);
    const TimeSpans spans = sampleTimes(scanned, times, result);
    QList<Event> events = bundleEvents(scanned, times, spans, id, result, warnings);
    // The view completes the times of a node's lines under its final name (a pod's is its machine's).
    for (const NodeAlias &a : std::as_const(result.nodeAliases)) {
        if (times.hasBootTime(a.alias) && !times.hasBootTime(a.node))
            times.setBootTime(a.node, times.bootTime(a.alias));
    }
    result.times = std::move(times);
    phaseDone("times and events");

    alignClocks(scanned, config, events, result, warnings);
    phaseDone("clock offsets");

    describeJob(id, result);
    result.identities = std::make_shared<const IdentityRules>(std::move(static_cast<IdentityRules &>(id)));
    phaseDone("job shape");
}

} // namespace rankscope::ingest
