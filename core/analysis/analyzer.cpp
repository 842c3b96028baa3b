// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analyzer.h"

#include "inventoryparser.h"
#include "knowledgebase.h"
#include "linereader.h"
#include "versionmatrixbuilder.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QTimeZone>

#include <map>

using namespace Qt::StringLiterals;

namespace rankscope::analysis {

using ingest::Event;
using ingest::FingerprintSpec;

namespace {

// Entries whose initiating line means the scheduler ended the job: nothing in it failed.
bool isExternal(const QString &entry) { return entry == u"slurm-time-limit"_s || entry == u"preemption"_s; }

bool isHardwareOrKernel(const kb::Entry *e, const ingest::InputFile *file)
{
    if (!e)
        return false;
    static const QSet<QString> kernelEntries = {u"host-oom-kill"_s, u"pcie-aer-error"_s, u"filesystem-readonly"_s,
                                                u"ib-port-event"_s, u"slurm-node-failure"_s, u"slurm-cgroup-oom"_s,
                                                u"k8s-oomkilled"_s};
    if (kernelEntries.contains(e->id))
        return true;
    return e->category == u"gpu-hardware"_s && file && (file->kinds & ingest::KindKernelLog);
}

QString timeText(qint64 ms)
{
    if (ms == NoTime)
        return u"(time unknown)"_s;
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(u"yyyy-MM-dd hh:mm:ss"_s);
}

QString rankText(int rank) { return rank >= 0 ? u"rank %1"_s.arg(rank) : u"an unknown rank"_s; }

struct Builder
{
    const ingest::IngestResult &in;
    const kb::KnowledgeBase &kb;
    AnalysisResult &out;

    const FingerprintSpec *spec(const Event &e) const
    {
        return e.kind == Event::Kind::Fingerprint && e.fingerprint >= 0 && e.fingerprint < in.fingerprints.size()
                   ? &in.fingerprints.at(e.fingerprint)
                   : nullptr;
    }
    QString entryOf(const Event &e) const
    {
        const FingerprintSpec *s = spec(e);
        return s ? s->entryId : QString();
    }
    Evidence evidence(const Event &e) const
    {
        Evidence ev;
        ev.source = e.source;
        const ingest::InputFile *f = in.file(e.source.file);
        ev.path = f ? f->path : QString();
        ev.rank = e.rank;
        ev.node = e.node;
        ev.timeMs = e.timeMs;
        ev.text = e.text;
        return ev;
    }
    QList<int> ranksOnNode(const QString &node) const
    {
        QSet<int> r;
        for (const Event &e : in.events) {
            if (e.node == node && e.rank >= 0)
                r.insert(e.rank);
        }
        for (const ingest::InputFile &f : in.files) {
            if (f.node == node)
                for (int x : f.ranks)
                    r.insert(x);
        }
        QList<int> l(r.cbegin(), r.cend());
        std::sort(l.begin(), l.end());
        return l;
    }

    void collectFacts()
    {
        for (int i = 0; i < in.files.size(); ++i) {
            const ingest::InputFile &f = in.files.at(i);
            if (!(f.kinds & ingest::KindInventory) || f.lines > 200'000)
                continue;
            const QByteArrayList lines = ingest::LineReader::read(f, 1, f.lines);
            InventoryParser::Result r = InventoryParser::parse(f, FileId(i), lines);
            QString node = !r.node.isEmpty() ? r.node : f.node;
            // A host name from the content wins, but the file's folder may use a short alias.
            if (!r.node.isEmpty() && !in.job.nodes.contains(r.node)) {
                const QString shortName = r.node.section(u'.', 0, 0);
                node = in.job.nodes.contains(shortName) ? shortName : (f.node.isEmpty() ? r.node : f.node);
            }
            if (node.isEmpty()) {
                out.warnings.append({Warning::Kind::Inventory, f.path, 0,
                                     u"inventory cannot be tied to a node (no host in its path, name or content); not used in the version matrix"_s});
                continue;
            }
            for (Fact &fact : r.facts) {
                fact.node = node;
                fact.evidence.node = node;
                out.facts.append(fact);
            }
            out.warnings.append(r.warnings);
        }
        // Facts read from log lines (what processes actually loaded).
        for (const Event &e : in.events) {
            if (e.node.isEmpty())
                continue;
            if (e.kind == Event::Kind::Fact) {
                Fact f;
                f.node = e.node;
                f.component = e.capture(u"component"_s);
                f.value = InventoryParser::normaliseVersion(f.component, e.capture(u"value"_s));
                f.sourceKind = u"log"_s;
                f.evidence = evidence(e);
                if (f.component == u"cuda_driver"_s) {
                    // cudaDriverVersion 12080 -> the driver supports CUDA 12.8
                    const int v = f.value.toInt();
                    f.value = u"%1.%2"_s.arg(v / 1000).arg((v % 1000) / 10);
                }
                out.facts.append(f);
            }
        }
    }

    void buildVerdict()
    {
        Verdict &v = out.verdict;
        out.eventRoles = QList<ChainStep::Role>(in.events.size(), ChainStep::Role::Context);

        int external = -1;
        QList<int> candidates;
        for (int i = 0; i < in.events.size(); ++i) {
            const Event &e = in.events.at(i);
            const FingerprintSpec *s = spec(e);
            if (!s)
                continue;
            if (s->role == FingerprintSpec::Role::Collateral)
                out.eventRoles[i] = ChainStep::Role::Collateral;
            if (s->role != FingerprintSpec::Role::Initiating || s->weight < 0.5)
                continue;
            if (isExternal(s->entryId)) {
                if (external < 0)
                    external = i;
                continue;
            }
            candidates.append(i);
        }

        auto tier = [&](int i) {
            const Event &e = in.events.at(i);
            const kb::Entry *entry = kb.entry(entryOf(e));
            if (entryOf(e) == u"slurm-node-failure"_s)
                return 0;
            return isHardwareOrKernel(entry, in.file(e.source.file)) ? 1 : 2;
        };
        // A line without a timestamp of its own got a coarse time from its neighbours; when the
        // same failure on the same node (a launcher's copy, the worker's traceback) also has a
        // line with a real timestamp (error.json, a stamped WARN), that time is the better one.
        QHash<int, qint64> effective;
        for (int i : std::as_const(candidates)) {
            const Event &e = in.events.at(i);
            if (!e.timeInferred || e.node.isEmpty())
                continue;
            qint64 best = NoTime;
            for (int j : std::as_const(candidates)) {
                const Event &o = in.events.at(j);
                if (!o.timeInferred && o.timeMs != NoTime && o.node == e.node && entryOf(o) == entryOf(e)
                    && (e.rank < 0 || o.rank == e.rank) && (best == NoTime || o.timeMs < best))
                    best = o.timeMs;
            }
            if (best != NoTime)
                effective.insert(i, best);
        }
        auto timeOf = [&](int i) { return effective.value(i, in.events.at(i).timeMs); };
        auto earlier = [&](int a, int b) {
            const Event &x = in.events.at(a);
            const Event &y = in.events.at(b);
            if ((x.timeMs == NoTime) != (y.timeMs == NoTime))
                return x.timeMs != NoTime;
            // On one rank, an inferred time cannot order two lines of different files (the NCCL
            // WARN in stdout and torch's exception about it in stderr): the more specific
            // fingerprint names the cause, the generic one its wrapping.
            if (x.rank >= 0 && x.rank == y.rank && (x.timeInferred || y.timeInferred) && spec(x)->weight != spec(y)->weight)
                return spec(x)->weight > spec(y)->weight;
            // A time spread over a rank's or node's span by line position is a guess; a line
            // with a timestamp of its own (or of its own failure elsewhere) orders better.
            const bool cx = x.timeCoarse && !effective.contains(a), cy = y.timeCoarse && !effective.contains(b);
            if (cx != cy)
                return cy;
            if (timeOf(a) != timeOf(b))
                return timeOf(a) < timeOf(b);
            const double wx = spec(x)->weight, wy = spec(y)->weight;
            if (wx != wy)
                return wx > wy;
            return x.rank < y.rank;
        };

        int chosen = -1;
        if (external >= 0) {
            const Event &e = in.events.at(external);
            v.external = true;
            v.entry = entryOf(e);
            v.timeMs = e.timeMs;
            v.confidence = 0.9;
            v.basis = u"scheduler"_s;
            v.evidence = evidence(e);
            const kb::Entry *entry = kb.entry(v.entry);
            v.summary = u"External: the scheduler ended the job (%1) at %2; the errors on the ranks are its consequence."_s.arg(
                entry ? entry->title : v.entry, timeText(e.timeMs));
            out.eventRoles[external] = ChainStep::Role::Initiating;
            v.chain.append({ChainStep::Role::Initiating, v.entry, u"the scheduler's own message: the job was stopped from outside"_s, v.evidence});
            addCollateral(external);
            return;
        }
        if (!candidates.isEmpty()) {
            int bestTier = 3;
            for (int i : candidates)
                bestTier = std::min(bestTier, tier(i));
            for (int i : candidates) {
                if (tier(i) == bestTier && (chosen < 0 || earlier(i, chosen)))
                    chosen = i;
            }
            // Slurm's cancel banner names the node that ran the step ("ON node10"), srun's
            // "Node failure on node09" names the node that failed: prefer the latter.
            if (chosen >= 0 && entryOf(in.events.at(chosen)) == u"slurm-node-failure"_s) {
                for (int i : std::as_const(candidates)) {
                    if (entryOf(in.events.at(i)) == u"slurm-node-failure"_s && !in.events.at(i).text.contains(u"CANCELLED AT"_s)) {
                        chosen = i;
                        break;
                    }
                }
            }
        }

        if (chosen >= 0 && in.events.at(chosen).rank < 0) {
            // A launcher's copy of a worker's error (the ChildFailedError summary) names no rank;
            // the worker's own line of the same failure on the same node does.
            const Event &c0 = in.events.at(chosen);
            int worker = -1;
            for (int i : std::as_const(candidates)) {
                const Event &o = in.events.at(i);
                if (o.rank >= 0 && o.node == c0.node && entryOf(o) == entryOf(c0) && (worker < 0 || earlier(i, worker)))
                    worker = i;
            }
            if (worker >= 0)
                chosen = worker;
        }
        // A store server timing out while waiting for its clients says only that they did not
        // come. When no single node is absent but clients report that they cannot reach the
        // store, their reports name the cause: the store was unreachable.
        if (chosen >= 0 && entryOf(in.events.at(chosen)) == u"rendezvous-timeout"_s && nodeThatNeverJoined().isEmpty()) {
            int client = -1;
            for (int i : std::as_const(candidates)) {
                if (entryOf(in.events.at(i)) == u"store-unreachable"_s && (client < 0 || earlier(i, client)))
                    client = i;
            }
            if (client >= 0)
                chosen = client;
        }
        // Then the chosen rank's own best line: the comparison above is by time across ranks,
        // but on one rank the specific cause beats its generic wrapping.
        if (chosen >= 0 && in.events.at(chosen).rank >= 0) {
            const int rank = in.events.at(chosen).rank;
            for (int i : std::as_const(candidates)) {
                if (i != chosen && tier(i) == tier(chosen) && in.events.at(i).rank == rank && earlier(i, chosen))
                    chosen = i;
            }
        }
        if (chosen >= 0) {
            const Event &e = in.events.at(chosen);
            v.entry = entryOf(e);
            v.rank = e.rank;
            v.node = e.node;
            v.timeMs = e.timeMs;
            v.evidence = evidence(e);
            v.basis = bestTierName(tier(chosen));
            v.confidence = tier(chosen) == 2 ? 0.8 : 0.85;
            if (e.timeInferred)
                v.confidence *= 0.9;

            // Several ranks print the same initiating message (version checks at init, mismatch
            // reports): the message does not single out who started it. Prefer the version
            // matrix's outlier node, then logical clocks.
            QSet<int> sameEntryRanks;
            for (int i : std::as_const(candidates)) {
                if (entryOf(in.events.at(i)) == v.entry && in.events.at(i).rank >= 0)
                    sameEntryRanks.insert(in.events.at(i).rank);
            }
            const kb::Entry *entry = kb.entry(v.entry);
            bool refined = false;
            if (entry && sameEntryRanks.size() > 1) {
                for (const kb::Condition &c : entry->conditions) {
                    for (const VersionMatrix::Outlier &o : std::as_const(out.matrix.outliers)) {
                        if (refined || o.component != c.component)
                            continue;
                        if (c.kind == kb::Condition::Kind::Equals && o.value != c.value)
                            continue;
                        refineToNode(o.node, u"version matrix: %1 is %2 on %3 but %4 elsewhere"_s.arg(o.component, o.value, o.node, o.majority), o.evidence);
                        refined = true;
                    }
                }
                if (!refined) {
                    const int lagging = laggingRank();
                    if (lagging >= 0) {
                        // Pick that rank's own initiating line when it has one.
                        for (int i : std::as_const(candidates)) {
                            if (in.events.at(i).rank == lagging && entryOf(in.events.at(i)) == v.entry) {
                                chosen = i;
                                v.evidence = evidence(in.events.at(i));
                                v.timeMs = in.events.at(i).timeMs;
                                break;
                            }
                        }
                        v.rank = lagging;
                        v.node = nodeOfRank(lagging);
                        v.basis = u"logical clocks"_s;
                        refined = true;
                    } else {
                        v.confidence *= 0.6;
                    }
                }
            }
            // A symptom whose root cause the version matrix shows (a truncated message between
            // nodes that run different NCCL builds): name the cause, keep the line as evidence.
            if (entry && (entry->category == u"communication"_s || entry->category == u"network"_s) && !v.node.isEmpty()) {
                VersionMatrixBuilder::singleOutFailingNode(out.matrix, v.node);
                for (const QString &relatedId : entry->related) {
                    const kb::Entry *related = kb.entry(relatedId);
                    if (!related || related->conditions.isEmpty())
                        continue;
                    for (const kb::Condition &c : related->conditions) {
                        for (const VersionMatrix::Outlier &o : std::as_const(out.matrix.outliers)) {
                            // Only what differs on the node that failed explains its failure.
                            if (o.node != v.node || o.component != c.component
                                || (c.kind == kb::Condition::Kind::Equals && o.value != c.value))
                                continue;
                            if (v.entry == relatedId)
                                continue;
                            v.chain.append({ChainStep::Role::Context, relatedId,
                                            u"%1 is what the matrix shows behind this symptom: %2 is %3 on %4 but %5 elsewhere"_s.arg(
                                                related->title, o.component, o.value, o.node, o.majority),
                                            o.evidence});
                            v.entry = relatedId;
                            entry = related;
                        }
                    }
                    if (v.entry == relatedId)
                        break;
                }
            }
            // The failed node is named in the scheduler's message, not the node that printed it.
            if (!e.capture(u"node"_s).isEmpty() && (v.entry == u"slurm-node-failure"_s || v.node.isEmpty())) {
                v.node = e.capture(u"node"_s);
                v.rank = -1;
            }
            // Client-side reports point upstream: the store host that cannot be reached, or the
            // node that never joined the rendezvous.
            if (v.entry == u"store-unreachable"_s) {
                const QString host = nodeOfAddress(e.capture(u"peer"_s));
                if (!host.isEmpty()) {
                    v.node = host;
                    v.rank = -1;
                    v.chain.append({ChainStep::Role::Context, v.entry, u"the store address in the error belongs to %1"_s.arg(host), v.evidence});
                }
            } else if (v.entry == u"rendezvous-timeout"_s) {
                const QString absent = nodeThatNeverJoined();
                if (!absent.isEmpty()) {
                    v.node = absent;
                    v.rank = -1;
                    v.chain.append({ChainStep::Role::Context, v.entry, u"%1 is the only node whose ranks never started"_s.arg(absent), v.evidence});
                }
            }
            if (v.rank < 0 && !e.capture(u"pci"_s).isEmpty())
                v.rank = rankOfBusId(v.node, e.capture(u"pci"_s));
            if (v.rank < 0 && v.entry != u"store-unreachable"_s && v.entry != u"rendezvous-timeout"_s
                && v.entry != u"slurm-node-failure"_s) {
                // The kernel's OOM report spans lines; the one naming the pid resolves the rank.
                for (int i : std::as_const(candidates)) {
                    const Event &other = in.events.at(i);
                    if (entryOf(other) == v.entry && other.node == v.node && (v.rank = rankOfProcess(other)) >= 0)
                        break;
                }
            }
            out.eventRoles[chosen] = ChainStep::Role::Initiating;
            v.summary = u"%1 on node %2 started the failure: %3 at %4."_s.arg(rankText(v.rank).left(1).toUpper() + rankText(v.rank).mid(1),
                                                                                v.node.isEmpty() ? u"?"_s : v.node,
                                                                                entry ? entry->title : v.entry, timeText(v.timeMs));
            v.chain.prepend({ChainStep::Role::Initiating, v.entry,
                             refined ? u"the first %1 on the rank the version matrix or the logical clocks single out"_s.arg(entry ? entry->title : v.entry)
                                     : u"the earliest initiating failure in the bundle (%1)"_s.arg(v.basis),
                             v.evidence});
            addCollateral(chosen);
            return;
        }

        // No initiating line: logical clocks, then peers named in network errors, then versions.
        const int lagging = laggingRank();
        if (lagging >= 0) {
            v.entry = u"straggler-hang"_s;
            v.rank = lagging;
            v.node = nodeOfRank(lagging);
            v.basis = u"logical clocks"_s;
            v.confidence = 0.6;
            const int ev = firstEventOfRank(lagging);
            if (ev >= 0) {
                v.evidence = evidence(in.events.at(ev));
                v.timeMs = in.events.at(ev).timeMs;
            }
            v.summary = u"Rank %1 on node %2 stopped making progress: the other ranks timed out waiting for a collective it never joined (no error line names it; decided by the logical clocks)."_s
                            .arg(lagging)
                            .arg(v.node.isEmpty() ? u"?"_s : v.node);
            v.chain.append({ChainStep::Role::Initiating, v.entry, m_laggingWhy, v.evidence});
            addCollateral(-1);
            return;
        }
        const QString peerNode = mostNamedPeerNode();
        if (!peerNode.isEmpty()) {
            v.node = peerNode;
            const QList<int> r = ranksOnNode(peerNode);
            v.rank = r.isEmpty() ? -1 : r.first();
            v.basis = u"peers named in network errors"_s;
            v.confidence = 0.5;
            v.entry = u"peer-connection-lost"_s;
            v.summary = u"Node %1 is the peer the other ranks lost their connections to; its own logs hold no error, so look at its kernel log and scheduler record."_s.arg(peerNode);
            v.chain.append({ChainStep::Role::Initiating, v.entry, u"named as the remote peer in the other ranks' network errors"_s, v.evidence});
            addCollateral(-1);
            return;
        }
        if (!out.matrix.outliers.isEmpty()) {
            const VersionMatrix::Outlier &o = out.matrix.outliers.first();
            v.entry = o.component == u"nccl"_s                                       ? u"nccl-version-conflict"_s
                      : (o.component == u"transport"_s || o.component == u"net_plugin"_s) ? u"nccl-net-plugin-mismatch"_s
                      : o.component == u"driver"_s                                   ? u"driver-too-old"_s
                                                                                     : u"mixed-software-versions"_s;
            refineToNode(o.node, u"version matrix: %1 is %2 on %3 but %4 elsewhere"_s.arg(o.component, o.value, o.node, o.majority), o.evidence);
            v.basis = u"version matrix"_s;
            v.confidence = 0.5;
            v.evidence = o.evidence;
            v.summary = u"No rank reported an error of its own, but node %1 runs %2 %3 where the others run %4."_s.arg(o.node, o.component, o.value, o.majority);
            return;
        }
        v.confidence = in.events.isEmpty() ? 0.0 : 0.1;
        v.basis = u"insufficient evidence"_s;
        bool anyTimeout = false;
        for (const Event &e : in.events)
            anyTimeout |= entryOf(e) == u"nccl-watchdog-timeout"_s;
        v.summary = anyTimeout
                        ? u"Ranks timed out, but nothing in the bundle shows which one stopped first. Re-run with TORCH_NCCL_TRACE_BUFFER_SIZE=2000 (flight recorder) and TORCH_NCCL_DESYNC_DEBUG=1, and collect every rank's log and the nodes' kernel logs."_s
                        : u"No failure found: no line matches an initiating failure, no rank stopped early and the versions agree. If the job did fail, the bundle may lack the failing rank's log or the nodes' kernel logs."_s;
    }

    // A kernel or launcher line names a pid; NCCL's init lines tie host:pid to a rank.
    int rankOfProcess(const Event &e) const
    {
        const QString pid = e.capture(u"pid"_s);
        if (pid.isEmpty() || e.node.isEmpty())
            return -1;
        return in.processRanks.value(e.node + u':' + pid, -1);
    }

    // "10.0.0.5" or "node09" or "node09.cluster" -> a node of the job, via NCCL's bootstrap lines.
    QString nodeOfAddress(const QString &address) const
    {
        if (address.isEmpty())
            return {};
        if (in.job.nodes.contains(address))
            return address;
        const QString shortName = address.section(u'.', 0, 0);
        if (in.job.nodes.contains(shortName))
            return shortName;
        for (const Fact &f : out.facts) {
            if (f.component == u"ip"_s && f.value == address)
                return f.node;
        }
        return {};
    }

    // The one node of the job none of whose ranks printed anything a running rank prints.
    QString nodeThatNeverJoined() const
    {
        // Started: the node has its launcher's or its ranks' own output (inventories and kernel
        // logs are collected for every node, started or not).
        QSet<QString> started;
        for (const ingest::InputFile &f : in.files) {
            if (!f.node.isEmpty() && (f.kinds & (ingest::KindRankLog | ingest::KindLauncherLog | ingest::KindNcclDebug | ingest::KindErrorJson)))
                started.insert(f.node);
        }
        for (const Event &e : in.events) {
            if (e.rank >= 0 && !e.node.isEmpty())
                started.insert(e.node);
        }
        QStringList absent;
        for (const QString &n : in.job.nodes) {
            if (!started.contains(n))
                absent.append(n);
        }
        return absent.size() == 1 && started.size() >= 1 ? absent.first() : QString();
    }

    // Xid lines name the GPU by PCI address ("0000:cb:00"); NCCL's init lines name each rank's
    // GPU by busId ("cb000"). Both are the same hex digits without separators.
    int rankOfBusId(const QString &node, const QString &pci) const
    {
        QString digits = pci;
        digits.remove(u':').remove(u'.');
        if (pci.count(u':') == 2 && !pci.contains(u'.'))
            digits += u'0';
        bool ok = false;
        const qulonglong want = digits.toULongLong(&ok, 16);
        if (!ok)
            return -1;
        for (const Event &e : in.events) {
            if (e.kind != Event::Kind::NcclInitComplete || e.node != node || e.rank < 0)
                continue;
            const qulonglong bus = e.capture(u"busid"_s).toULongLong(&ok, 16);
            if (ok && bus == want)
                return e.rank;
        }
        return -1;
    }

    QString bestTierName(int t) const
    {
        return t == 0 ? u"scheduler (node failure)"_s : t == 1 ? u"hardware / kernel"_s : u"rank-local exception"_s;
    }

    void refineToNode(const QString &node, const QString &why, const Evidence &ev)
    {
        Verdict &v = out.verdict;
        v.node = node;
        const QList<int> r = ranksOnNode(node);
        v.rank = r.isEmpty() ? -1 : r.first();
        v.basis = u"version matrix"_s;
        // The node's own initiating line, if it printed one.
        for (int i = 0; i < in.events.size(); ++i) {
            const Event &e = in.events.at(i);
            if (e.node == node && entryOf(e) == v.entry && spec(e)->role == FingerprintSpec::Role::Initiating) {
                v.evidence = evidence(e);
                v.timeMs = e.timeMs;
                v.rank = e.rank >= 0 ? e.rank : v.rank;
                break;
            }
        }
        v.chain.append({ChainStep::Role::Context, QString(), why, ev});
    }

    QString nodeOfRank(int rank) const
    {
        for (const Event &e : in.events) {
            if (e.rank == rank && !e.node.isEmpty())
                return e.node;
        }
        for (const ingest::InputFile &f : in.files) {
            if (f.rank == rank)
                return f.node;
        }
        return {};
    }

    // The rank's last line with text: its last sign of life is the best evidence of where it stopped.
    int firstEventOfRank(int rank) const
    {
        int last = -1;
        for (int i = 0; i < in.events.size(); ++i) {
            if (in.events.at(i).rank == rank && !in.events.at(i).text.isEmpty())
                last = i;
        }
        return last;
    }

    QString m_laggingWhy;

    // The rank the others waited for: the one whose last enqueued work is lowest, or the one
    // that never reported the collective the others timed out on. -1 when no rank stands out.
    int laggingRank()
    {
        std::map<int, qint64> enqueued;
        QSet<int> timedOut;
        static const QRegularExpression lastEnqueued(uR"([Ll]ast enqueued (?:NCCL )?work: (-?\d+))"_s);
        for (const Event &e : in.events) {
            if (e.rank < 0)
                continue;
            QString le = e.capture(u"last_enqueued"_s);
            if (le.isEmpty() && e.text.contains(u"ast enqueued"_s))
                le = lastEnqueued.match(e.text).captured(1);
            if (!le.isEmpty()) {
                const qint64 n = le.toLongLong();
                auto it = enqueued.find(e.rank);
                if (it == enqueued.end() || n < it->second)
                    enqueued[e.rank] = n;
            }
            // Only the timeout line itself: a rank that merely received the dump signal did
            // not reach the collective.
            if (entryOf(e) == u"nccl-watchdog-timeout"_s && !e.capture(u"timeout_ms"_s).isEmpty())
                timedOut.insert(e.rank);
        }
        if (enqueued.size() >= 2) {
            qint64 low = std::numeric_limits<qint64>::max();
            int lowRank = -1, lowCount = 0;
            for (const auto &[r, n] : enqueued) {
                if (n < low) {
                    low = n;
                    lowRank = r;
                    lowCount = 1;
                } else if (n == low) {
                    ++lowCount;
                }
            }
            if (lowCount == 1 && lowCount < int(enqueued.size())) {
                m_laggingWhy = u"its last enqueued collective (%1) is behind every other rank's: it never issued the collective they waited on"_s.arg(low);
                return lowRank;
            }
        }
        if (!timedOut.isEmpty()) {
            QList<int> silent;
            for (int r : in.job.ranks) {
                if (!timedOut.contains(r))
                    silent.append(r);
            }
            for (int r : in.job.missingRanks)
                silent.append(r);
            if (silent.size() == 1 && timedOut.size() >= 2) {
                m_laggingWhy = u"every other rank timed out waiting on a collective; this one never reported reaching it"_s;
                return silent.first();
            }
        }
        return -1;
    }

    QString mostNamedPeerNode() const
    {
        QHash<QString, QString> ipNode;
        for (const Fact &f : out.facts) {
            if (f.component == u"ip"_s)
                ipNode.insert(f.value, f.node);
        }
        QHash<QString, int> counts;
        for (const Event &e : in.events) {
            QString peer = e.capture(u"peer_ip"_s);
            if (peer.isEmpty())
                peer = e.capture(u"peer"_s).section(u'<', 0, 0);
            if (peer.isEmpty())
                continue;
            const QString node = ipNode.value(peer, in.job.nodes.contains(peer) ? peer : QString());
            if (!node.isEmpty() && node != e.node)
                ++counts[node];
        }
        QString best;
        int n = 0;
        for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
            if (it.value() > n || (it.value() == n && it.key() < best)) {
                n = it.value();
                best = it.key();
            }
        }
        return n >= 2 ? best : QString();
    }

    void addCollateral(int initiating)
    {
        Verdict &v = out.verdict;
        QSet<int> ranksShown;
        const QString origin = v.external ? u"the scheduler's stop"_s : rankText(v.rank);
        for (int i = 0; i < in.events.size() && v.chain.size() < 64; ++i) {
            if (i == initiating || out.eventRoles.at(i) != ChainStep::Role::Collateral)
                continue;
            const Event &e = in.events.at(i);
            if (e.rank >= 0 && ranksShown.contains(e.rank))
                continue;
            if (e.rank == v.rank && v.rank >= 0 && !v.external)
                continue;
            ranksShown.insert(e.rank);
            const kb::Entry *entry = kb.entry(entryOf(e));
            v.chain.append({ChainStep::Role::Collateral, entryOf(e),
                            u"%1: a consequence of %2, not a cause"_s.arg(entry ? entry->title : entryOf(e), origin), evidence(e)});
        }
    }

    void buildDiagnoses()
    {
        struct Acc
        {
            double best = 0;
            int hits = 0;
            QList<Evidence> evidence;
            QSet<int> ranks;
        };
        QHash<QString, Acc> acc;
        for (const Event &e : in.events) {
            const FingerprintSpec *s = spec(e);
            if (!s)
                continue;
            const double factor = s->role == FingerprintSpec::Role::Initiating ? 1.0
                                  : s->role == FingerprintSpec::Role::Collateral ? 0.5
                                                                                 : 0.15;
            Acc &a = acc[s->entryId];
            a.best = std::max(a.best, s->weight * factor);
            ++a.hits;
            if (a.evidence.size() < 8 && !a.ranks.contains(e.rank)) {
                a.evidence.append(evidence(e));
                a.ranks.insert(e.rank);
            }
        }
        // Inventory conditions: an entry whose condition the version matrix shows.
        for (const kb::Entry &entry : kb.entries()) {
            for (const kb::Condition &c : entry.conditions) {
                for (const VersionMatrix::Outlier &o : std::as_const(out.matrix.outliers)) {
                    if (o.component != c.component)
                        continue;
                    if (c.kind == kb::Condition::Kind::Equals && o.value != c.value)
                        continue;
                    Acc &a = acc[entry.id];
                    a.best = std::max(a.best, 0.75); // once per entry, however many nodes differ
                    if (a.evidence.size() < 8)
                        a.evidence.append(o.evidence);
                }
            }
        }
        // The verdict's entry is a diagnosis even when no line names it (logical clocks, peers).
        if (!out.verdict.entry.isEmpty() && !acc.contains(out.verdict.entry)) {
            Acc &a = acc[out.verdict.entry];
            a.best = out.verdict.confidence * 0.5;
            if (out.verdict.evidence.source.isValid())
                a.evidence.append(out.verdict.evidence);
        }
        for (auto it = acc.cbegin(); it != acc.cend(); ++it) {
            const kb::Entry *entry = kb.entry(it.key());
            Diagnosis d;
            d.entry = it.key();
            d.title = entry ? entry->title : it.key();
            d.category = entry ? entry->category : QString();
            d.role = entry ? kb::toString(entry->role) : QString();
            double score = it->best + std::min(0.1, 0.01 * it->hits);
            if (d.entry == out.verdict.entry)
                score += 0.5;
            d.score = std::min(1.0, score);
            d.evidence = it->evidence;
            out.diagnoses.append(d);
        }
        std::sort(out.diagnoses.begin(), out.diagnoses.end(), [&](const Diagnosis &a, const Diagnosis &b) {
            const bool va = a.entry == out.verdict.entry, vb = b.entry == out.verdict.entry;
            if (va != vb)
                return va;
            if (a.score != b.score)
                return a.score > b.score;
            return a.entry < b.entry;
        });
        if (out.diagnoses.size() > 20)
            out.diagnoses.resize(20);
    }
};

} // namespace

QList<ingest::FingerprintSpec> Analyzer::fingerprintSpecs(const kb::KnowledgeBase &kb)
{
    QList<FingerprintSpec> specs;
    for (const kb::Fingerprint &f : kb.fingerprints()) {
        FingerprintSpec s;
        s.entryId = f.entryId;
        s.anchor = f.anchor;
        s.regex = f.regex;
        s.weight = f.weight;
        s.role = f.role == kb::FingerprintRole::Initiating ? FingerprintSpec::Role::Initiating
                 : f.role == kb::FingerprintRole::Collateral ? FingerprintSpec::Role::Collateral
                                                              : FingerprintSpec::Role::Context;
        s.severity = f.severity == kb::Severity::Fatal     ? FingerprintSpec::Severity::Fatal
                     : f.severity == kb::Severity::Error   ? FingerprintSpec::Severity::Error
                     : f.severity == kb::Severity::Warning ? FingerprintSpec::Severity::Warning
                                                           : FingerprintSpec::Severity::Info;
        specs.append(s);
    }
    return specs;
}

AnalysisResultPtr Analyzer::run(const ingest::IngestResultPtr &ingest, const kb::KnowledgeBase &kb)
{
    QElapsedTimer timer;
    timer.start();
    auto result = std::make_shared<AnalysisResult>();
    result->ingest = ingest;
    Builder b{*ingest, kb, *result};
    b.collectFacts();
    result->matrix = VersionMatrixBuilder::build(result->facts, ingest->job.nodes);
    b.buildVerdict();
    if (!result->verdict.node.isEmpty() && !result->verdict.external)
        VersionMatrixBuilder::singleOutFailingNode(result->matrix, result->verdict.node);
    b.buildDiagnoses();
    result->seconds = double(timer.nsecsElapsed()) / 1e9;
    return result;
}

} // namespace rankscope::analysis
