// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analyzer.h"
#include "naturalorder.h"

#include "inventoryparser.h"
#include "knowledgebase.h"
#include "linereader.h"
#include "rangelist.h"
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

// Kernel, journal and dmesg lines farther than this before the job's first line or after its
// last are context: a dmesg that reaches back to boot holds the last week's link flaps.
constexpr qint64 JobWindowMarginMs = 15 * 60 * 1000;
constexpr qint64 NewRunGapMs = 60 * 60 * 1000;
// After the scheduler ended the job, its own teardown follows within seconds; a requeued run
// starts minutes later.
constexpr qint64 NewRunAfterJobEndGapMs = 5 * 60 * 1000;
constexpr qint64 RecoveryWindowMs = 5 * 60 * 1000;
// A warning followed by this much more training did not stop the job (dropTransientWarnings).
constexpr qint64 TransientWarningMs = 5 * 60 * 1000;
// Reports of one moment seen by two processes differ by clock skew and flush delays.
constexpr qint64 YieldToleranceMs = 5000;

QString timeText(qint64 ms)
{
    if (ms == NoTime)
        return u"(time unknown)"_s;
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(u"yyyy-MM-dd hh:mm:ss"_s);
}

QString rankText(int rank) { return rank >= 0 ? u"rank %1"_s.arg(rank) : u"an unknown rank"_s; }

// "rank 3", "ranks 8-15", "ranks 0-3, 8, 10-11" (sorted input).
QString rangesText(const QList<int> &ranks) { return (ranks.size() == 1 ? u"rank "_s : u"ranks "_s) + rangeList(ranks, u", "_s); }

// Tiers of initiating events, strongest first (README "Verdict rules"): a scheduler's stop, a
// node lost, a hardware or kernel event (one tier: the earlier wins), a rank-local exception.
// logical-clocks, network-peer and inventory are the rules used when no line names a cause.
enum Tier { TierScheduler = 0, TierNodeLoss, TierHardware, TierRank, TierCount };

struct Builder
{
    const ingest::IngestResult &in;
    const kb::KnowledgeBase &kb;
    AnalysisResult &out;
    qint64 jobFirst = NoTime, jobLast = NoTime;

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
    const kb::Entry *entryOfEvent(const Event &e) const { return kb.entry(entryOf(e)); }
    // What the line weighs as evidence: the fingerprint's weight, less when only its anchor matched.
    double weightOf(const Event &e) const
    {
        const FingerprintSpec *s = spec(e);
        return s ? s->weight * (e.partial ? ingest::PartialMatchFactor : 1.0) : 0.0;
    }
    Evidence evidence(const Event &e) const { return Evidence::of(in, e); }
    bool fromKernelLog(const Event &e) const
    {
        const ingest::InputFile *f = in.file(e.source.file);
        return f && (f->kinds & ingest::KindKernelLog);
    }
    // The entry's precedence class: declared, or derived from external and category.
    QString precedenceOf(const kb::Entry *entry) const
    {
        if (!entry)
            return u"rank-exception"_s;
        if (!entry->precedence.isEmpty())
            return entry->precedence;
        if (entry->external)
            return u"scheduler-stop"_s;
        return entry->category == u"gpu-hardware"_s ? u"hardware"_s : u"rank-exception"_s;
    }
    int tierOf(int i) const
    {
        const Event &e = in.events.at(i);
        const QString p = precedenceOf(entryOfEvent(e));
        if (p == u"scheduler-stop"_s)
            return TierScheduler;
        if (p == u"node-loss"_s)
            return TierNodeLoss;
        if (p == u"kernel"_s)
            return TierHardware;
        // A rank that prints a hardware error reports it like any exception; the kernel's own
        // line about the device is what outranks the ranks' errors.
        if (p == u"hardware"_s)
            return fromKernelLog(e) ? TierHardware : TierRank;
        return TierRank;
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
            // The scan kept the inventory's text: the analysis reads nothing from disk (an
            // archive member would be decoded again, once per inventory).
            if (!(f.kinds & ingest::KindInventory) || f.keptText.isNull())
                continue;
            const QByteArrayList lines = ingest::LineReader::split(f.keptText);
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
            for (InventoryParser::GpuSlot &g : r.gpus) {
                g.evidence.node = node;
                gpusOf[node].append(g);
            }
            if (!r.visibleDevices.isEmpty()) {
                r.visibleDevicesEvidence.node = node;
                visibleDevicesOf.insert(node, {r.visibleDevices, r.visibleDevicesEvidence});
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

    // A log appended to by several runs (tee -a, Slurm --open-mode=append) holds an earlier
    // job's failure before a later launcher start. A start more than an hour after the last
    // timed line before it begins a new run; the lines before it are not this incident. (A
    // torchelastic restart inside one run prints no new start, so its first failure stays.)
    // After the scheduler's end of the job (preempted, cancelled) five minutes are enough.
    QList<bool> earlierRun;
    void findEarlierRuns()
    {
        earlierRun = QList<bool>(in.events.size(), false);
        QHash<FileId, QList<int>> byFile; // timed events in line order
        for (int i = 0; i < in.events.size(); ++i) {
            const Event &e = in.events.at(i);
            if (e.source.isValid() && e.timeMs != NoTime && !e.timeInferred
                && !in.files.at(e.source.file).runBoundaries.isEmpty())
                byFile[e.source.file].append(i);
        }
        for (auto it = byFile.begin(); it != byFile.end(); ++it) {
            QList<int> &timed = it.value();
            std::sort(timed.begin(), timed.end(), [this](int a, int b) { return in.events.at(a).source.line < in.events.at(b).source.line; });
            qint64 cutoff = 0;
            for (const qint64 start : in.files.at(it.key()).runBoundaries) {
                const auto after = std::lower_bound(timed.cbegin(), timed.cend(), start,
                    [this](int i, qint64 line) { return in.events.at(i).source.line < line; });
                if (after == timed.cbegin() || after == timed.cend())
                    continue;
                const qint64 gap = in.files.at(it.key()).jobEnds.contains(start) ? NewRunAfterJobEndGapMs : NewRunGapMs;
                if (in.events.at(*after).timeMs - in.events.at(*(after - 1)).timeMs > gap)
                    cutoff = start;
            }
            if (cutoff == 0)
                continue;
            for (int i = 0; i < in.events.size(); ++i) {
                const Event &e = in.events.at(i);
                if (e.source.file == it.key() && e.source.line < cutoff)
                    earlierRun[i] = true;
            }
        }
    }

    // A fault that cleared before it harmed anything (an IB port that flapped and came back
    // while training went on) did not start this incident. The encyclopedia marks the lines
    // that say a failure cleared (`recovers: yes`); a candidate whose recovery line — same
    // entry, same node, same HCA when both name one — follows within RecoveryWindowMs with no
    // error line of another failure in between is context, not a cause.
    QList<int> recoveries;                        // events of recovery lines
    QList<std::pair<qint64, int>> harmTimes;      // (time, event) of error-level lines, ascending
    void indexRecoveries()
    {
        for (int i = 0; i < in.events.size(); ++i) {
            const Event &e = in.events.at(i);
            const FingerprintSpec *s = spec(e);
            if (!s || e.timeMs == NoTime)
                continue;
            if (s->recovers)
                recoveries.append(i);
            else if (s->severity == FingerprintSpec::Severity::Error || s->severity == FingerprintSpec::Severity::Fatal)
                harmTimes.append({e.timeMs, i});
        }
        std::sort(harmTimes.begin(), harmTimes.end());
    }
    bool recoveredUnharmed(int i) const
    {
        const Event &e = in.events.at(i);
        if (recoveries.isEmpty() || e.timeMs == NoTime || e.node.isEmpty())
            return false;
        const QString entry = entryOf(e);
        const QString hca = e.capture(u"hca"_s);
        qint64 back = NoTime;
        for (int r : recoveries) {
            const Event &o = in.events.at(r);
            const QString otherHca = o.capture(u"hca"_s);
            if (o.node == e.node && entryOf(o) == entry && o.timeMs >= e.timeMs && o.timeMs - e.timeMs <= RecoveryWindowMs
                && (hca.isEmpty() || otherHca.isEmpty() || otherHca == hca) && (back == NoTime || o.timeMs < back))
                back = o.timeMs;
        }
        if (back == NoTime)
            return false;
        for (auto it = std::lower_bound(harmTimes.cbegin(), harmTimes.cend(), std::pair<qint64, int>{e.timeMs, -1});
             it != harmTimes.cend() && it->first <= back; ++it) {
            if (entryOf(in.events.at(it->second)) != entry)
                return false;
        }
        return true;
    }

    // The job's span: the first and last timed line of anything but kernel logs.
    void findJobWindow()
    {
        findEarlierRuns();
        for (int i = 0; i < in.events.size(); ++i) {
            const Event &e = in.events.at(i);
            if (e.timeMs == NoTime || e.timeCoarse || fromKernelLog(e) || earlierRun.at(i))
                continue;
            jobFirst = jobFirst == NoTime ? e.timeMs : std::min(jobFirst, e.timeMs);
            jobLast = jobLast == NoTime ? e.timeMs : std::max(jobLast, e.timeMs);
        }
    }
    bool outsideJobWindow(const Event &e) const
    {
        if (!fromKernelLog(e) || e.timeMs == NoTime || jobFirst == NoTime)
            return false;
        return e.timeMs < jobFirst - JobWindowMarginMs || e.timeMs > jobLast + JobWindowMarginMs;
    }

    // --- Candidates and their order.

    QList<int> candidates;
    QHash<int, qint64> effective;

    void collectCandidates()
    {
        indexRecoveries();
        out.eventRoles = QList<ChainStep::Role>(in.events.size(), ChainStep::Role::Context);
        for (int i = 0; i < in.events.size(); ++i) {
            const Event &e = in.events.at(i);
            const FingerprintSpec *s = spec(e);
            if (!s)
                continue;
            if (s->role == FingerprintSpec::Role::Collateral)
                out.eventRoles[i] = ChainStep::Role::Collateral;
            if (s->role != FingerprintSpec::Role::Initiating || s->weight < 0.5)
                continue;
            if (outsideJobWindow(e) || earlierRun.at(i) || recoveredUnharmed(i))
                continue; // context: before the job started or after it ended, an earlier run, or it cleared
            candidates.append(i);
        }
        dropTransientWarnings();
        // A line without a timestamp of its own got a coarse time from its neighbours; when the
        // same failure on the same node (a launcher's copy, the worker's traceback) also has a
        // line with a real timestamp (error.json, a stamped WARN), that time is the better one.
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
    }
    // A warning the job trained on after (c10d's "failed to connect" while the store came up, a
    // throttling notice) did not stop it: when the incident has another candidate, such a line
    // is context. Training is collective, so a step printed anywhere more than
    // TransientWarningMs after the warning means every rank got past it — also the rank that
    // warned. Alone, the warning stays a candidate: it may be all a paste shows.
    void dropTransientWarnings()
    {
        qint64 lastStep = NoTime;
        for (const Event &e : in.events)
            if (e.kind == Event::Kind::TrainingStep && e.timeMs != NoTime && !e.timeInferred && !e.timeCoarse)
                lastStep = std::max(lastStep, e.timeMs);
        if (lastStep == NoTime)
            return;
        QList<int> kept;
        bool dropped = false;
        for (int i : std::as_const(candidates)) {
            const Event &e = in.events.at(i);
            const FingerprintSpec *s = spec(e);
            const bool wentOn = s && s->severity == FingerprintSpec::Severity::Warning && e.timeMs != NoTime && !e.timeInferred
                && !e.timeCoarse && lastStep > e.timeMs + TransientWarningMs;
            if (wentOn)
                dropped = true;
            else
                kept.append(i);
        }
        if (dropped && !kept.isEmpty())
            candidates = kept;
    }
    qint64 timeOf(int i) const { return effective.value(i, in.events.at(i).timeMs); }
    bool earlier(int a, int b) const
    {
        const Event &x = in.events.at(a);
        const Event &y = in.events.at(b);
        // One file is written in order: a line without a time that comes before a timed one
        // in the same file (an NCCL WARN in srun's combined output, ahead of slurmstepd's
        // cancel banner) happened before it, whatever the other node's clock says.
        // A time taken from the lines around it (inferred, or spread by position) says no more.
        const bool ownX = x.timeMs != NoTime && !x.timeInferred && !x.timeCoarse;
        const bool ownY = y.timeMs != NoTime && !y.timeInferred && !y.timeCoarse;
        if (x.source.file == y.source.file && ownX != ownY && x.source.line != y.source.line)
            return x.source.line < y.source.line;
        if ((x.timeMs == NoTime) != (y.timeMs == NoTime))
            return x.timeMs != NoTime;
        // On one rank, an inferred time cannot order two lines of different files (the NCCL
        // WARN in stdout and torch's exception about it in stderr): the more specific
        // fingerprint names the cause, the generic one its wrapping.
        if (x.rank >= 0 && x.rank == y.rank && (x.timeInferred || y.timeInferred) && weightOf(x) != weightOf(y))
            return weightOf(x) > weightOf(y);
        // A time spread over a rank's or node's span by line position is a guess; a line
        // with a timestamp of its own (or of its own failure elsewhere) orders better.
        const bool cx = x.timeCoarse && !effective.contains(a), cy = y.timeCoarse && !effective.contains(b);
        if (cx != cy)
            return cy;
        if (timeOf(a) != timeOf(b))
            return timeOf(a) < timeOf(b);
        if (weightOf(x) != weightOf(y))
            return weightOf(x) > weightOf(y);
        return x.rank < y.rank;
    }

    // --- Relations: an event whose entry yields to something the incident also shows is a
    // consequence of it (a time limit after a hang, a store's timeout after clients could not
    // reach it), not the cause.

    // Does the incident show `what` (an entry id or a precedence class)? With `noLaterThan`,
    // only what came no later than that event (give or take YieldToleranceMs) counts, and not
    // a line that is itself a consequence of the asking entry (the exception a time limit's
    // SIGTERM makes a rank print is the time limit's consequence, not its cause).
    bool incidentShows(const QString &what, int asking, bool noLaterThan) const
    {
        const bool isClass = kb::precedenceClasses().contains(what);
        if (isClass && what == u"logical-clocks"_s && laggingRank() >= 0)
            return true;
        const qint64 limit = timeOf(asking);
        const kb::Entry *asker = entryOfEvent(in.events.at(asking));
        auto counts = [&](int i) {
            if (i == asking)
                return false;
            if (!noLaterThan)
                return true;
            const qint64 t = effective.value(i, in.events.at(i).timeMs);
            if (limit == NoTime || t == NoTime || t > limit + YieldToleranceMs)
                return false;
            const kb::Entry *other = entryOfEvent(in.events.at(i));
            return !(other && asker
                     && (other->consequenceOf.contains(asker->id) || other->consequenceOf.contains(precedenceOf(asker))));
        };
        for (int i : candidates) {
            const kb::Entry *entry = entryOfEvent(in.events.at(i));
            if (entry && counts(i) && (isClass ? precedenceOf(entry) == what : entry->id == what))
                return true;
        }
        // An entry named by id may show as collateral lines only (a hang as watchdog timeouts).
        if (!isClass) {
            for (int i = 0; i < in.events.size(); ++i) {
                if (entryOf(in.events.at(i)) == what && counts(i))
                    return true;
            }
        }
        return false;
    }
    // What the event gives way to, by its entry's relations; empty when it stands.
    QString yieldedTo(int i) const
    {
        const kb::Entry *entry = entryOfEvent(in.events.at(i));
        if (!entry)
            return {};
        for (const QString &c : entry->consequenceOf) {
            if (incidentShows(c, i, true))
                return c;
        }
        if (culpritOf(i).resolved)
            return {}; // the line names its culprit: it is the better view itself
        for (const QString &y : entry->yieldsTo) {
            if (incidentShows(y, i, false))
                return y;
        }
        return {};
    }

    // --- Points-at: which capture or relation of the line names the culprit.

    struct Culprit
    {
        bool resolved = false;
        bool nodeLevel = false; // the line names a node, not a rank
        int rank = -1;
        QString node;
        QString why;
    };
    // "gpu-17", or "gpu-17 (pod trainer-worker-3)" when the pods that ran there are known.
    QString nodeText(const QString &node) const
    {
        if (node.isEmpty())
            return u"?"_s;
        const QStringList pods = in.aliasesOf(node);
        return pods.isEmpty() ? node : u"%1 (pod %2)"_s.arg(node, pods.join(u", "_s));
    }
    QString canonicalNode(const QString &name) const
    {
        if (name.isEmpty() || in.job.nodes.contains(name))
            return name;
        for (const ingest::NodeAlias &a : in.nodeAliases) {
            if (a.alias == name)
                return a.node;
        }
        for (const QString &n : in.job.nodes) {
            if (n.compare(name, Qt::CaseInsensitive) == 0)
                return n;
        }
        const QString shortName = name.section(u'.', 0, 0);
        for (const QString &n : in.job.nodes) {
            if (n.compare(shortName, Qt::CaseInsensitive) == 0)
                return n;
        }
        return name;
    }
    // The node several others' lines of the same failure name as their peer (retry-exceeded
    // completions from three nodes, all towards 10.44.7.52): its HCA, cable or port is what they
    // could not reach. One reporter alone proves nothing about the far side; then the writer.
    // Per (entry, peer node): the culprit that quorum gives. Culprits are asked for every
    // candidate (yieldedTo), so a 16k-rank IB incident must not rescan its events per line.
    mutable QHash<QString, Culprit> m_quorum;
    Culprit peerQuorum(const Event &e) const
    {
        auto peerOf = [this](const Event &x) {
            QString peer = x.capture(u"peer_ip"_s);
            if (peer.isEmpty())
                peer = x.capture(u"peer"_s).section(u'<', 0, 0);
            return peer.isEmpty() ? QString() : nodeOfAddress(peer);
        };
        const QString host = peerOf(e);
        if (host.isEmpty())
            return {};
        const QString entry = entryOf(e);
        const QString key = entry + u'\t' + host;
        if (const auto known = m_quorum.constFind(key); known != m_quorum.cend())
            return *known;
        QSet<QString> reporters;
        QSet<int> hostRanks; // the peer node's own ranks that report the same failure
        for (const Event &x : in.events) {
            if (entryOf(x) != entry || x.node.isEmpty())
                continue;
            if (x.node == host) {
                if (x.rank >= 0)
                    hostRanks.insert(x.rank);
            } else if (peerOf(x) == host) {
                reporters.insert(x.node);
            }
        }
        Culprit c;
        if (reporters.size() >= 2) {
            QStringList names(reporters.cbegin(), reporters.cend());
            std::sort(names.begin(), names.end(), NaturalLess());
            c = {true, true, -1, host, u"%1 other nodes report the same failure towards %2 (%3)"_s.arg(names.size()).arg(host, names.join(u", "_s))};
            if (hostRanks.size() == 1) {
                c.rank = *hostRanks.cbegin();
                c.nodeLevel = false;
            }
        }
        m_quorum.insert(key, c);
        return c;
    }

    Culprit culpritOf(int i) const
    {
        Culprit c;
        const Event &e = in.events.at(i);
        const FingerprintSpec *s = spec(e);
        const QString p = s ? s->pointsAt : QString();
        if (p == u"node"_s && !e.capture(u"node"_s).isEmpty()) {
            c = {true, true, -1, canonicalNode(e.capture(u"node"_s)), u"the line names the node %1"_s.arg(e.capture(u"node"_s))};
            // A scheduler's "task N" is the rank when srun or mpirun started each rank itself;
            // under torchrun a task is a node's agent (the lines say so: their task labels and
            // rank numbers differ) and the ranks come from the agents' own lines.
            if (const QString task = e.capture(u"rank"_s); !task.isEmpty() && !in.job.tasksAreAgents) {
                c.rank = task.toInt();
                c.nodeLevel = false;
                c.why = u"the line names task %1 on node %2; the tasks are the ranks (no line numbers them otherwise)"_s.arg(task, c.node);
            }
        } else if ((p == u"peer"_s || p == u"store"_s) && !e.capture(u"peer"_s).isEmpty()) {
            QString host = nodeOfAddress(e.capture(u"peer"_s));
            // An address no file ties to a host name still names the machine: Ray, and many
            // pasted logs, know nodes only by their IP.
            if (host.isEmpty())
                host = literalAddress(e.capture(u"peer"_s));
            if (!host.isEmpty())
                c = {true, true, -1, host, p == u"store"_s ? u"the store address in the error belongs to %1"_s.arg(host)
                                                             : u"the peer address in the error belongs to %1"_s.arg(host)};
        } else if (p == u"peer-quorum"_s) {
            c = peerQuorum(e);
        } else if (p == u"absent-node"_s) {
            const QString absent = nodeThatNeverJoined();
            if (!absent.isEmpty())
                c = {true, true, -1, absent, u"%1 is the only node whose ranks never started"_s.arg(absent)};
        } else if (p == u"rank"_s && !e.capture(u"rank"_s).isEmpty()) {
            const int r = e.capture(u"rank"_s).toInt();
            const QString host = canonicalNode(e.capture(u"host"_s));
            c = {true, false, r, !host.isEmpty() ? host : nodeOfRank(r), u"the line names rank %1 as the first to fail"_s.arg(r)};
        } else if (p == u"pid"_s) {
            const int r = rankOfProcess(e);
            if (r >= 0)
                c = {true, false, r, e.node, u"pid %1 on %2 is rank %3"_s.arg(e.capture(u"pid"_s), e.node).arg(r)};
        } else if (p == u"pci"_s && !e.capture(u"pci"_s).isEmpty()) {
            const GpuOwner g = ownerOfBus(e.node, e.capture(u"pci"_s));
            if (g.rank >= 0)
                c = {true, false, g.rank, e.node, g.why};
        }
        return c;
    }

    // --- The verdict, as a sequence of named rules.

    void buildVerdict()
    {
        collectCandidates();
        // Consequences by relation leave the candidates (their lines become collateral).
        QList<int> causes;
        QList<std::pair<int, QString>> yielded;
        for (int i : std::as_const(candidates)) {
            const QString y = yieldedTo(i);
            if (y.isEmpty())
                causes.append(i);
            else
                yielded.append({i, y});
        }
        // A cut or re-worded line (anchor only) decides only when no whole line of the same
        // tier competes with it.
        int chosen = chooseEarliestOfBestTier(causes);
        if (chosen >= 0) {
            lineRule(chosen, causes);
        } else if (!logicalClocksRule() && !networkPeerRule() && !inventoryRule()) {
            thinEvidenceRule();
        }
        for (const auto &[i, y] : std::as_const(yielded)) {
            out.eventRoles[i] = ChainStep::Role::Collateral;
            const kb::Entry *entry = entryOfEvent(in.events.at(i));
            const kb::Entry *cause = kb.entry(y);
            out.verdict.chain.append({ChainStep::Role::Collateral, entry ? entry->id : QString(),
                                      u"%1 follows %2 in this incident: a consequence, not the cause"_s.arg(
                                          entry ? entry->title : QString(), cause ? cause->title : y),
                                      evidence(in.events.at(i))});
        }
        out.verdict.nodeAliases = in.aliasesOf(out.verdict.node);
        collectHints();
        calibrate();
    }

    bool isWarning(int i) const
    {
        const FingerprintSpec *s = spec(in.events.at(i));
        return s && s->severity == FingerprintSpec::Severity::Warning;
    }
    int chooseEarliestOfBestTier(const QList<int> &from) const
    {
        int bestTier = TierCount;
        for (int i : from)
            bestTier = std::min(bestTier, tierOf(i));
        bool anyWhole = false, anyFailure = false;
        for (int i : from) {
            anyWhole |= tierOf(i) == bestTier && !in.events.at(i).partial;
            anyFailure |= tierOf(i) == bestTier && !isWarning(i);
        }
        int chosen = -1;
        for (int i : from) {
            if (tierOf(i) != bestTier || (anyWhole && in.events.at(i).partial))
                continue;
            // A warning is a process going on (c10d retrying a store that is not up yet): where
            // another process of the same tier failed outright, that failure is the cause.
            if (anyFailure && isWarning(i))
                continue;
            if (chosen < 0 || earlier(i, chosen))
                chosen = i;
        }
        return chosen;
    }

    // An initiating line decides: the earliest of the strongest tier, refined.
    void lineRule(int chosen, const QList<int> &causes)
    {
        Verdict &v = out.verdict;
        const QString chosenEntry = entryOf(in.events.at(chosen));
        // Several lines of the chosen failure: one that names its culprit (srun's "Node failure
        // on X" over the cancel banner of the node that ran the step) says more.
        if (!culpritOf(chosen).resolved) {
            for (int i : causes) {
                if (i != chosen && entryOf(in.events.at(i)) == chosenEntry && culpritOf(i).resolved) {
                    chosen = i;
                    break;
                }
            }
        }
        if (in.events.at(chosen).rank < 0 && !culpritOf(chosen).resolved) {
            // A launcher's copy of a worker's error (the ChildFailedError summary) names no rank;
            // the worker's own line of the same failure on the same node does.
            const Event &c0 = in.events.at(chosen);
            int worker = -1;
            for (int i : causes) {
                const Event &o = in.events.at(i);
                if (o.rank >= 0 && o.node == c0.node && entryOf(o) == entryOf(c0) && (worker < 0 || earlier(i, worker)))
                    worker = i;
            }
            if (worker >= 0)
                chosen = worker;
        }
        // Then the chosen rank's own best line: the comparison above is by time across ranks,
        // but on one rank the specific cause beats its generic wrapping.
        if (in.events.at(chosen).rank >= 0) {
            const int rank = in.events.at(chosen).rank;
            for (int i : causes) {
                if (i != chosen && tierOf(i) == tierOf(chosen) && in.events.at(i).rank == rank && earlier(i, chosen))
                    chosen = i;
            }
        }
        const Event &e = in.events.at(chosen);
        const int tier = tierOf(chosen);
        v.entry = entryOf(e);
        v.rank = e.rank;
        v.node = e.node;
        v.timeMs = e.timeMs;
        v.evidence = evidence(e);
        v.basis = tierName(tier);
        const kb::Entry *entry = kb.entry(v.entry);
        v.external = entry && entry->external;
        out.eventRoles[chosen] = ChainStep::Role::Initiating;
        if (v.external) {
            // The scheduler stopped everyone: no rank or node started it.
            v.rank = -1;
            v.node.clear();
            v.summary = u"External: the scheduler or the platform ended the job (%1) at %2; the errors on the ranks are its consequence."_s.arg(
                entry ? entry->title : v.entry, timeText(e.timeMs));
            v.chain.append({ChainStep::Role::Initiating, v.entry, u"the scheduler's own message: the job was stopped from outside"_s, v.evidence});
            addCollateral(chosen);
            return;
        }

        bool refined = refineSharedMessage(chosen, causes, entry);
        entry = kb.entry(v.entry);
        refineBySymptomMatrix(entry, chosen);
        entry = kb.entry(v.entry);

        const Culprit c = culpritOf(chosen);
        if (c.resolved) {
            v.node = c.node.isEmpty() ? v.node : c.node;
            v.rank = c.rank;
            v.chain.append({ChainStep::Role::Context, v.entry, c.why, v.evidence});
            // The culprit's own earlier line of the same failure, when it printed one, is the
            // better evidence and the better time.
            if (!c.node.isEmpty() && c.node != e.node && v.timeMs != NoTime) {
                for (int i = 0; i < in.events.size(); ++i) {
                    const Event &o = in.events.at(i);
                    if (o.node == c.node && (c.rank < 0 || o.rank == c.rank) && entryOf(o) == v.entry && o.timeMs != NoTime
                        && !o.timeCoarse && o.timeMs < v.timeMs && spec(o)->role == FingerprintSpec::Role::Initiating) {
                        v.evidence = evidence(o);
                        v.timeMs = o.timeMs;
                        break;
                    }
                }
            }
        } else if (v.node.isEmpty() && !e.capture(u"node"_s).isEmpty()) {
            v.node = canonicalNode(e.capture(u"node"_s));
        }
        if (v.rank < 0 && !(c.resolved && c.nodeLevel)) {
            // A node-level line (the kernel's OOM report spans lines, an Xid) names a pid or a
            // GPU in one of its lines: that resolves the rank.
            if (!e.capture(u"pci"_s).isEmpty()) {
                const GpuOwner g = ownerOfBus(v.node, e.capture(u"pci"_s));
                v.rank = g.rank;
                if (g.rank >= 0)
                    v.chain.append({ChainStep::Role::Context, v.entry, g.why, v.evidence});
            }
            for (int i : causes) {
                if (v.rank >= 0)
                    break;
                const Event &other = in.events.at(i);
                if (entryOf(other) == v.entry && other.node == v.node)
                    v.rank = rankOfProcess(other);
            }
        }
        QList<int> onNode = v.rank < 0 && !v.node.isEmpty() ? ranksOnNode(v.node) : QList<int>();
        if (v.rank < 0 && !e.capture(u"hca"_s).isEmpty()) {
            // An HCA's event takes down the ranks whose NCCL uses that HCA; one rank, when the
            // job gives each process its own (NCCL_IB_HCA per local rank, rail-optimised jobs).
            const auto [users, ev] = ranksUsingHca(v.node, e.capture(u"hca"_s));
            if (users.size() == 1)
                v.rank = users.first();
            if (!users.isEmpty()) {
                onNode = v.rank < 0 ? users : QList<int>();
                v.chain.append({ChainStep::Role::Context, v.entry,
                                u"NCCL on %1 uses %2 for %3 (%4)"_s.arg(v.node, e.capture(u"hca"_s), rangesText(users), where(ev)), evidence(ev)});
            }
        }
        if (!onNode.isEmpty())
            // A node-level cause that names no process: the node, and the ranks it took down.
            v.summary = u"Node %1 (%2) started the failure: %3 at %4."_s.arg(nodeText(v.node), rangesText(onNode),
                                                                           entry ? entry->title : v.entry, timeText(v.timeMs));
        else
            v.summary = u"%1 on node %2 started the failure: %3 at %4."_s.arg(rankText(v.rank).left(1).toUpper() + rankText(v.rank).mid(1),
                                                                            nodeText(v.node),
                                                                            entry ? entry->title : v.entry, timeText(v.timeMs));
        if (e.partial)
            v.summary += u" The line matched only in part (it is cut or worded differently from the known message)."_s;
        v.chain.prepend({ChainStep::Role::Initiating, v.entry,
                         refined ? u"the first %1 on the rank the version matrix or the logical clocks single out"_s.arg(entry ? entry->title : v.entry)
                                 : u"the earliest initiating failure in the bundle (%1)"_s.arg(v.basis),
                         v.evidence});
        addCollateral(chosen);
    }

    // Several ranks print the same initiating message (version checks at init, mismatch
    // reports): the message does not single out who started it. Prefer the version matrix's
    // outlier node (by the entry's inventory conditions), then logical clocks.
    bool refineSharedMessage(int &chosen, const QList<int> &causes, const kb::Entry *entry)
    {
        Verdict &v = out.verdict;
        QSet<int> sameEntryRanks;
        for (int i : causes) {
            if (entryOf(in.events.at(i)) == v.entry && in.events.at(i).rank >= 0)
                sameEntryRanks.insert(in.events.at(i).rank);
        }
        if (!entry || sameEntryRanks.size() <= 1)
            return false;
        for (const kb::Condition &c : entry->conditions) {
            for (const VersionMatrix::Outlier &o : std::as_const(out.matrix.outliers)) {
                if (o.component != c.component || (c.kind == kb::Condition::Kind::Equals && o.value != c.value))
                    continue;
                refineToNode(o.node, u"version matrix: %1 is %2 on %3 but %4 elsewhere"_s.arg(o.component, o.value, o.node, o.majority), o.evidence);
                return true;
            }
        }
        const int lagging = laggingRank();
        if (lagging < 0) {
            out.verdict.confidenceNotes.append(u"several ranks report the same failure and nothing singles one out"_s);
            m_ambiguous = true;
            return false;
        }
        for (int i : causes) {
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
        return true;
    }

    // A symptom whose root cause the version matrix shows (a truncated message between nodes
    // that run different NCCL builds): name the cause, keep the line as evidence. Which nodes'
    // outliers count is the entry's outlier-scope: the node that failed, or (job) also the peer
    // its line names and then any node of the job, whose outlier then is the initiator.
    void refineBySymptomMatrix(const kb::Entry *entry, int chosen)
    {
        Verdict &v = out.verdict;
        if (!entry || (entry->category != u"communication"_s && entry->category != u"network"_s) || v.node.isEmpty())
            return;
        VersionMatrixBuilder::singleOutFailingNode(out.matrix, v.node);
        QStringList nodes{v.node};
        if (entry->outlierScope == kb::Entry::OutlierScope::Job) {
            if (chosen >= 0) {
                const Event &e = in.events.at(chosen);
                QString peer = e.capture(u"peer_ip"_s);
                if (peer.isEmpty())
                    peer = e.capture(u"peer"_s).section(u'<', 0, 0);
                if (const QString peerNode = peer.isEmpty() ? QString() : nodeOfAddress(peer); !peerNode.isEmpty() && !nodes.contains(peerNode))
                    nodes << peerNode;
            }
            for (const VersionMatrix::Outlier &o : std::as_const(out.matrix.outliers))
                if (!nodes.contains(o.node) && in.job.nodes.contains(o.node))
                    nodes << o.node;
        }
        // A root cause (precedence inventory: the version conflict) names the finding better
        // than another symptom of it that also lists the component.
        QStringList ordered = entry->related;
        std::stable_partition(ordered.begin(), ordered.end(), [this](const QString &id) {
            const kb::Entry *r = kb.entry(id);
            return r && r->precedence == u"inventory"_s;
        });
        for (const QString &node : std::as_const(nodes)) {
            for (const QString &relatedId : std::as_const(ordered)) {
                const kb::Entry *related = kb.entry(relatedId);
                if (!related || related->conditions.isEmpty() || v.entry == relatedId)
                    continue;
                for (const kb::Condition &c : related->conditions) {
                    for (const VersionMatrix::Outlier &o : std::as_const(out.matrix.outliers)) {
                        if (o.node != node || o.component != c.component || (c.kind == kb::Condition::Kind::Equals && o.value != c.value))
                            continue;
                        const QString why = u"%1 is what the matrix shows behind this symptom: %2 is %3 on %4 but %5 elsewhere"_s.arg(
                            related->title, o.component, o.value, o.node, o.majority);
                        v.entry = relatedId;
                        if (o.node == v.node) {
                            v.chain.append({ChainStep::Role::Context, relatedId, why, o.evidence});
                        } else {
                            // The odd node started it; the line that showed it stays in the chain.
                            const Evidence symptom = v.evidence;
                            refineToNode(o.node, why, o.evidence);
                            // Without a line of its own there, the outlier's inventory line is
                            // the verdict's evidence: it is what names the node.
                            if (v.evidence.source == symptom.source)
                                v.evidence = o.evidence;
                            v.chain.append({ChainStep::Role::Context, entry->id, u"the symptom, printed where the mismatch was first noticed"_s, symptom});
                        }
                        return;
                    }
                }
            }
        }
    }

    // The entry that stands for a rule without a line of its own (the straggler for logical
    // clocks, the lost peer for network-peer): the one whose precedence is that class.
    const kb::Entry *entryForClass(const QString &cls) const
    {
        for (const kb::Entry &e : kb.entries()) {
            if (e.precedence == cls)
                return &e;
        }
        return nullptr;
    }

    // No initiating line: the rank the others waited for.
    bool logicalClocksRule()
    {
        Verdict &v = out.verdict;
        const int lagging = laggingRank();
        const kb::Entry *entry = entryForClass(u"logical-clocks"_s);
        if (lagging < 0 || !entry)
            return false;
        v.entry = entry->id;
        v.rank = lagging;
        v.node = nodeOfRank(lagging);
        v.basis = u"logical clocks"_s;
        const int ev = lastEventOfRank(lagging);
        if (ev >= 0) {
            v.evidence = evidence(in.events.at(ev));
            v.timeMs = in.events.at(ev).timeMs;
        }
        v.summary = u"Rank %1 on node %2 stopped making progress: the other ranks timed out waiting for a collective it never joined (no error line names it; decided by the logical clocks)."_s
                        .arg(lagging)
                        .arg(nodeText(v.node));
        v.chain.append({ChainStep::Role::Initiating, v.entry, m_laggingWhy, v.evidence});
        addCollateral(-1);
        return true;
    }

    // No initiating line and no clocks: the node the others lost their connections to.
    bool networkPeerRule()
    {
        Verdict &v = out.verdict;
        const QString peerNode = mostNamedPeerNode();
        const kb::Entry *entry = entryForClass(u"network-peer"_s);
        if (peerNode.isEmpty() || !entry)
            return false;
        v.node = peerNode;
        const QList<int> r = ranksOnNode(peerNode);
        v.rank = r.isEmpty() ? -1 : r.first();
        v.basis = u"peers named in network errors"_s;
        v.entry = entry->id;
        // Evidence first: the earliest line that names the lost peer.
        for (const Event &e : in.events) {
            QString peer = e.capture(u"peer_ip"_s);
            if (peer.isEmpty())
                peer = e.capture(u"peer"_s).section(u'<', 0, 0);
            if (!peer.isEmpty() && e.node != peerNode && nodeOfAddress(peer) == peerNode) {
                v.evidence = evidence(e);
                v.timeMs = e.timeMs;
                break;
            }
        }
        v.summary = u"Node %1 is the peer the other ranks lost their connections to; its own logs hold no error, so look at its kernel log and scheduler record."_s.arg(peerNode);
        v.chain.append({ChainStep::Role::Initiating, v.entry, u"named as the remote peer in the other ranks' network errors"_s, v.evidence});
        addCollateral(-1);
        return true;
    }

    // No line at all: a version the matrix singles out, through the entries' inventory
    // conditions ("equals" before "differs"; among entries of precedence inventory).
    bool inventoryRule()
    {
        Verdict &v = out.verdict;
        for (const VersionMatrix::Outlier &o : std::as_const(out.matrix.outliers)) {
            const kb::Entry *best = nullptr;
            bool bestEquals = false;
            for (const kb::Entry &e : kb.entries()) {
                if (e.precedence != u"inventory"_s)
                    continue;
                for (const kb::Condition &c : e.conditions) {
                    if (c.component != o.component || (c.kind == kb::Condition::Kind::Equals && c.value != o.value))
                        continue;
                    const bool equals = c.kind == kb::Condition::Kind::Equals;
                    if (!best || (equals && !bestEquals))
                        best = &e, bestEquals = equals;
                }
            }
            if (!best)
                continue;
            v.entry = best->id;
            refineToNode(o.node, u"version matrix: %1 is %2 on %3 but %4 elsewhere"_s.arg(o.component, o.value, o.node, o.majority), o.evidence);
            v.basis = u"version matrix"_s;
            v.evidence = o.evidence;
            v.summary = u"No rank reported an error of its own, but node %1 runs %2 %3 where the others run %4."_s.arg(o.node, o.component, o.value, o.majority);
            return true;
        }
        return false;
    }

    // Nothing decides, but error lines of known classes are here (a pasted excerpt, one rank's
    // output): the best of them is the diagnosis, or what its entry says usually stands behind
    // such a generic line. Never "no failure" while an error of a known class is present.
    void thinEvidenceRule()
    {
        Verdict &v = out.verdict;
        int best = -1;
        for (int i = 0; i < in.events.size(); ++i) {
            const Event &e = in.events.at(i);
            const FingerprintSpec *s = spec(e);
            if (!s || (s->severity != FingerprintSpec::Severity::Error && s->severity != FingerprintSpec::Severity::Fatal)
                || s->role == FingerprintSpec::Role::Context)
                continue;
            if (best < 0 || weightOf(e) > weightOf(in.events.at(best))
                || (weightOf(e) == weightOf(in.events.at(best)) && earlier(i, best)))
                best = i;
        }
        if (best < 0) {
            v.confidence = in.events.isEmpty() ? 0.0 : 0.1;
            v.basis = u"insufficient evidence"_s;
            v.summary = u"No failure found: no line matches a known failure, no rank stopped early and the versions agree. If the job did fail, the bundle may lack the failing rank's log or the nodes' kernel logs."_s;
            warningOnlyRule();
            return;
        }
        const Event &e = in.events.at(best);
        const FingerprintSpec *s = spec(e);
        const kb::Entry *own = kb.entry(s->entryId);
        const kb::Entry *suggested = nullptr;
        if (!s->suggests.isEmpty() && !lineOfAny(s->suggests))
            suggested = kb.entry(s->suggests.first());
        v.entry = suggested ? suggested->id : s->entryId;
        v.rank = e.rank;
        v.node = e.node;
        v.timeMs = e.timeMs;
        v.evidence = evidence(e);
        v.basis = suggested ? u"generic error, usual cause"_s : u"only error line"_s;
        out.eventRoles[best] = ChainStep::Role::Initiating;
        const QString what = own ? own->title : s->entryId;
        if (suggested) {
            v.summary = u"Only a generic error is here (%1) on %2 of node %3, at %4; most often it stands for: %5."_s.arg(
                what, rankText(v.rank), nodeText(v.node), timeText(v.timeMs), suggested->title);
            v.chain.append({ChainStep::Role::Initiating, v.entry,
                            u"the encyclopedia names %1 as the usual cause of this generic line; no line of a more specific failure is in the bundle"_s.arg(suggested->title),
                            v.evidence});
        } else {
            v.summary = u"%1 on node %2 reported %3 at %4; nothing in the bundle shows an earlier cause."_s.arg(
                rankText(v.rank).left(1).toUpper() + rankText(v.rank).mid(1), nodeText(v.node), what, timeText(v.timeMs));
            v.chain.append({ChainStep::Role::Initiating, v.entry, u"the strongest error line in the bundle; it is usually a consequence, so its cause may be missing from the bundle"_s, v.evidence});
        }
        addCollateral(best);
    }
    // No error line, but warnings of a class whose entry starts trouble of its own (a blocked
    // CMA copy, a transport fallback): the job may well have finished, so the verdict stays "no
    // failure", and it names where the warnings come from, since that is what to look at.
    void warningOnlyRule()
    {
        Verdict &v = out.verdict;
        int best = -1;
        for (int i = 0; i < in.events.size(); ++i) {
            const FingerprintSpec *s = spec(in.events.at(i));
            if (!s || s->severity != FingerprintSpec::Severity::Warning || s->role != FingerprintSpec::Role::Initiating)
                continue;
            if (best < 0 || weightOf(in.events.at(i)) > weightOf(in.events.at(best)))
                best = i;
        }
        if (best < 0)
            return;
        const Event &e = in.events.at(best);
        const FingerprintSpec *s = spec(e);
        const kb::Entry *own = kb.entry(s->entryId);
        v.entry = s->entryId;
        v.rank = e.rank;
        v.node = e.node;
        v.timeMs = e.timeMs;
        v.evidence = evidence(e);
        v.basis = u"warnings only"_s;
        v.summary = u"No error line: the job may have finished. The only findings are warnings: %1 on %2 of node %3, first at %4."_s.arg(
            own ? own->title : s->entryId, rankText(v.rank), nodeText(v.node), timeText(v.timeMs));
        v.chain.append({ChainStep::Role::Initiating, v.entry, u"a warning of a known class, and no error line in the bundle"_s, v.evidence});
        out.eventRoles[best] = ChainStep::Role::Initiating;
    }

    bool lineOfAny(const QStringList &entries) const
    {
        for (const Event &e : in.events) {
            if (entries.contains(entryOf(e)))
                return true;
        }
        return false;
    }

    // What to collect next: the chosen entry's hints for the gaps this bundle has.
    void collectHints()
    {
        Verdict &v = out.verdict;
        QSet<QString> gaps{u"always"_s};
        QSet<int> ranks(in.job.ranks.cbegin(), in.job.ranks.cend());
        int rankFiles = 0;
        bool anyTime = false, anyPeer = false, kernelLog = false, ncclDebug = false;
        for (const ingest::InputFile &f : in.files) {
            rankFiles += (f.kinds & (ingest::KindRankLog | ingest::KindLauncherLog | ingest::KindNcclDebug)) ? 1 : 0;
            kernelLog |= (f.kinds & ingest::KindKernelLog) != 0;
            ncclDebug |= (f.kinds & ingest::KindNcclDebug) != 0;
        }
        for (const Event &e : in.events) {
            anyTime |= e.timeMs != NoTime && !e.timeInferred;
            anyPeer |= !e.capture(u"peer"_s).isEmpty() || !e.capture(u"peer_ip"_s).isEmpty() || !e.capture(u"peer_rank"_s).isEmpty();
        }
        // One rank's output: at most one rank known, and not several files that may be others'.
        if (ranks.size() <= 1 && rankFiles <= 1)
            gaps.insert(u"single-rank"_s);
        if (!anyTime)
            gaps.insert(u"no-timestamps"_s);
        if (!anyPeer)
            gaps.insert(u"no-peer"_s);
        if (!kernelLog)
            gaps.insert(u"no-kernel-log"_s);
        if (!ncclDebug)
            gaps.insert(u"no-nccl-debug"_s);
        if (v.evidence.partial)
            gaps.insert(u"partial-match"_s);
        m_gaps = gaps;
        QStringList ids{v.entry};
        // The generic line's own entry knows what would tell its causes apart.
        const Event *ev = nullptr;
        for (const Event &e : in.events) {
            if (e.source == v.evidence.source && spec(e)) {
                ev = &e;
                break;
            }
        }
        if (ev && entryOf(*ev) != v.entry)
            ids.append(entryOf(*ev));
        for (const QString &id : ids) {
            const kb::Entry *entry = kb.entry(id);
            if (!entry)
                continue;
            for (const kb::Hint &h : entry->collectNext) {
                if (gaps.contains(h.gap) && !v.hints.contains(h.text))
                    v.hints.append(h.text);
            }
        }
    }

    // Confidence says how much the evidence supports the verdict, not how serious it is: a
    // three-line excerpt and a complete bundle with one clear initiator must not score alike.
    void calibrate()
    {
        Verdict &v = out.verdict;
        QStringList &notes = v.confidenceNotes;
        if (v.entry.isEmpty())
            return;
        double c = 0;
        const Event *ev = nullptr;
        for (const Event &e : in.events) {
            if (e.source == v.evidence.source && spec(e)) {
                ev = &e;
                break;
            }
        }
        if (v.basis == u"generic error, usual cause"_s) {
            c = 0.3;
            notes.append(u"only a generic error line; the cause is the encyclopedia's usual one"_s);
        } else if (v.basis == u"warnings only"_s) {
            c = 0.25;
            notes.append(u"warnings only: no line says the job failed"_s);
        } else if (v.basis == u"only error line"_s) {
            c = 0.35;
            notes.append(u"no initiating line; the strongest error line stands in for the cause"_s);
        } else if (v.basis == u"logical clocks"_s && !ev) {
            c = 0.6;
        } else if (v.basis == u"peers named in network errors"_s || v.basis == u"version matrix"_s) {
            c = 0.5;
        } else {
            const double w = ev ? weightOf(*ev) : 0.6;
            c = 0.5 + 0.4 * std::min(1.0, w);
            if (v.external)
                c = std::max(c, 0.85);
        }
        if (ev && ev->partial)
            notes.append(u"the deciding line matched only in part"_s);
        if (m_gaps.contains(u"single-rank"_s)) {
            c *= 0.8;
            notes.append(u"one rank's output only: another rank may have failed first"_s);
        } else if (in.job.worldSize > 0 && in.job.ranks.size() < in.job.worldSize) {
            c *= 0.9;
            notes.append(u"%1 of %2 ranks have output"_s.arg(in.job.ranks.size()).arg(in.job.worldSize));
        }
        if (m_gaps.contains(u"no-timestamps"_s)) {
            c *= 0.9;
            notes.append(u"no line carries a timestamp: the order of events is the order of lines"_s);
        } else if (ev && ev->timeInferred) {
            c *= 0.93;
            notes.append(u"the deciding line has no timestamp of its own"_s);
        }
        if (m_ambiguous)
            c *= 0.6;
        // Competition: another cause of a different entry in the same tier within a second.
        if (ev && candidates.size() > 1) {
            for (int i : std::as_const(candidates)) {
                const Event &o = in.events.at(i);
                if (&o == ev || entryOf(o) == entryOf(*ev) || o.timeMs == NoTime || ev->timeMs == NoTime)
                    continue;
                if (std::llabs(o.timeMs - ev->timeMs) <= 1000) {
                    c *= 0.85;
                    notes.append(u"another failure (%1) happened within a second"_s.arg(entryOf(o)));
                    break;
                }
            }
        }
        v.confidence = std::clamp(c, 0.05, 0.97);
    }
    QSet<QString> m_gaps;
    bool m_ambiguous = false;
    QHash<QString, QList<InventoryParser::GpuSlot>> gpusOf;                   // node -> nvidia-smi GPUs
    QHash<QString, std::pair<QStringList, Evidence>> visibleDevicesOf;        // node -> CUDA_VISIBLE_DEVICES

    // A kernel or launcher line names a pid; NCCL's init lines tie host:pid to a rank.
    // A launcher line that names both (torchelastic's failure table: host, rank, pid) does too.
    int rankOfProcess(const Event &e) const
    {
        const QString pid = e.capture(u"pid"_s);
        if (pid.isEmpty() || e.node.isEmpty())
            return -1;
        const int r = in.processRanks.value(e.node + u':' + pid, -1);
        if (r >= 0)
            return r;
        for (const Event &o : in.events) {
            if (&o == &e || o.capture(u"pid"_s) != pid)
                continue;
            const QString host = o.capture(u"host"_s).isEmpty() ? o.node : canonicalNode(o.capture(u"host"_s));
            if (host != e.node)
                continue;
            if (!o.capture(u"rank"_s).isEmpty())
                return o.capture(u"rank"_s).toInt();
            // The agent's "failed (exitcode: -9) local_rank: 3 (pid: N)": the node's local rank 3.
            if (!o.capture(u"local_rank"_s).isEmpty()) {
                const int local = rankOfLocalRank(e.node, o.capture(u"local_rank"_s).toInt());
                if (local >= 0)
                    return local;
            }
        }
        return -1;
    }

    // The global rank of a node's local rank, from any line or file that says both.
    int rankOfLocalRank(const QString &node, int localRank) const
    {
        for (const Event &o : in.events) {
            if (o.node == node && o.localRank == localRank && o.rank >= 0)
                return o.rank;
        }
        for (const ingest::InputFile &f : in.files) {
            if (f.node == node && f.localRank == localRank && f.rank >= 0)
                return f.rank;
        }
        return -1;
    }

    // "10.0.0.5" or "node09" or "node09.cluster" -> a node of the job, via NCCL's bootstrap lines.
    // "10.1.2.3", "10.1.2.3:29500", "10.1.2.3<43210>", "[fe80::1]:29500" -> the bare IP; empty for
    // a host name or anything else.
    static QString literalAddress(const QString &address)
    {
        QString a = address.section(u'<', 0, 0).trimmed();
        if (a.startsWith(u'[') && a.contains(u']'))
            a = a.mid(1, a.indexOf(u']') - 1);
        else if (a.count(u':') == 1)
            a = a.section(u':', 0, 0);
        const QStringList quad = a.split(u'.');
        if (quad.size() == 4) {
            for (const QString &q : quad) {
                bool ok = false;
                if (q.isEmpty() || q.size() > 3 || q.toInt(&ok) > 255 || !ok)
                    return {};
            }
            return quad.first() == u"127"_s || a == u"0.0.0.0"_s ? QString() : a;
        }
        const bool v6 = a.count(u':') >= 2 && std::all_of(a.cbegin(), a.cend(), [](QChar c) {
            return c.isDigit() || c == u':' || c == u'.' || (c.toLower() >= u'a' && c.toLower() <= u'f');
        });
        return v6 && a != u"::1"_s && a != u"::"_s ? a.toLower() : QString();
    }

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
    // GPU by busId ("cb000"). Without them, nvidia-smi gives the GPU's index on its node, the
    // node's CUDA_VISIBLE_DEVICES (when dumped) turns the index into a CUDA ordinal, and the
    // launchers' convention (each process uses cuda:LOCAL_RANK) turns that into a local rank.
    struct GpuOwner
    {
        int rank = -1;
        QString why;
    };
    GpuOwner ownerOfBus(const QString &node, const QString &pci) const
    {
        const quint64 want = InventoryParser::busNumber(pci);
        if (want == 0)
            return {};
        // The exact address first: only then one without a domain, which any domain's bus matches.
        for (const bool exact : {true, false}) {
            for (const Event &e : in.events) {
                if (e.kind != Event::Kind::NcclInitComplete || e.node != node || e.rank < 0)
                    continue;
                const quint64 bus = InventoryParser::busNumber(e.capture(u"busid"_s));
                if (exact ? bus == want : InventoryParser::sameBus(bus, want))
                    return {e.rank, u"the GPU at %1 on %2 is rank %3's (NCCL init line, %4)"_s.arg(pci, node).arg(e.rank).arg(where(e))};
            }
        }
        for (const InventoryParser::GpuSlot &g : gpusOf.value(node)) {
            if (!InventoryParser::sameBus(InventoryParser::busNumber(g.busId), want))
                continue;
            int ordinal = g.index;
            QString via = u"GPU %1 in nvidia-smi (%2:%3)"_s.arg(g.index).arg(g.evidence.path).arg(g.evidence.source.line);
            if (visibleDevicesOf.contains(node)) {
                const auto &[devices, ev] = visibleDevicesOf.value(node);
                ordinal = devices.indexOf(QString::number(g.index));
                if (ordinal < 0)
                    return {};
                via += u", CUDA device %1 by CUDA_VISIBLE_DEVICES (%2:%3)"_s.arg(ordinal).arg(ev.path).arg(ev.source.line);
            }
            const int r = rankOfLocalRank(node, ordinal);
            if (r < 0)
                return {};
            return {r, u"the GPU at %1 on %2 is %3, used by local rank %4 = rank %5"_s.arg(pci, node, via).arg(ordinal).arg(r)};
        }
        return {};
    }
    // The ranks of a node whose NCCL "NET/IB : Using [0]mlx5_0:1/IB …" lists the HCA, and one
    // such line.
    std::pair<QList<int>, Event> ranksUsingHca(const QString &node, const QString &hca) const
    {
        static const QRegularExpression device(uR"(\[\d+\]([^:\s/]+))"_s);
        QSet<int> users;
        Event first;
        for (const Event &e : in.events) {
            if (e.kind != Event::Kind::Fact || e.node != node || e.rank < 0 || e.capture(u"component"_s) != u"hca"_s)
                continue;
            for (const auto &m : device.globalMatch(e.capture(u"value"_s))) {
                if (m.captured(1) == hca) {
                    users.insert(e.rank);
                    if (first.source.line == 0)
                        first = e;
                }
            }
        }
        QList<int> out(users.cbegin(), users.cend());
        std::sort(out.begin(), out.end());
        return {out, first};
    }
    int rankOfBusId(const QString &node, const QString &pci) const { return ownerOfBus(node, pci).rank; }
    QString where(const Event &e) const
    {
        const ingest::InputFile *f = in.file(e.source.file);
        return (f ? f->path : u"?"_s) + u':' + QString::number(e.source.line);
    }

    static QString tierName(int t)
    {
        switch (t) {
        case TierScheduler: return u"scheduler"_s;
        case TierNodeLoss: return u"scheduler (node failure)"_s;
        case TierHardware: return u"hardware / kernel"_s;
        default: return u"rank-local exception"_s;
        }
    }

    void refineToNode(const QString &node, const QString &why, const Evidence &ev)
    {
        Verdict &v = out.verdict;
        v.node = node;
        // What the matrix finds is the node's software, not one of its ranks: a rank only when
        // the node's own line of the failure names one.
        v.rank = -1;
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
    int lastEventOfRank(int rank) const
    {
        int last = -1;
        for (int i = 0; i < in.events.size(); ++i) {
            if (in.events.at(i).rank == rank && !in.events.at(i).text.isEmpty())
                last = i;
        }
        return last;
    }

    mutable QString m_laggingWhy;

    // The rank the others waited for: the one whose last enqueued work is lowest, or the one
    // that never reported the collective the others timed out on. -1 when no rank stands out.
    int laggingRank() const
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
            // Only a collective's own timeout line (its sequence number and timeout): a rank that
            // merely received the dump signal did not reach the collective.
            if (spec(e) && !e.capture(u"timeout_ms"_s).isEmpty() && !e.capture(u"seq"_s).isEmpty())
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
        const QString origin = v.external                       ? u"the scheduler's stop"_s
                               : v.rank < 0 && !v.node.isEmpty() ? u"node %1"_s.arg(v.node)
                                                                 : rankText(v.rank);
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
        // "Why it matched" leads with the lines that decide: the verdict's own line, then its
        // rank's and its node's (the outlier's inventory), then the healthy nodes' lines.
        const Verdict &v = out.verdict;
        auto closeness = [&v](const Evidence &e) {
            if (v.evidence.source.isValid() && e.source == v.evidence.source)
                return 0;
            if (!v.node.isEmpty() && e.node == v.node)
                return v.rank >= 0 && e.rank == v.rank ? 1 : 2;
            return 3;
        };
        for (Diagnosis &d : out.diagnoses)
            std::stable_sort(d.evidence.begin(), d.evidence.end(), [&](const Evidence &a, const Evidence &b) { return closeness(a) < closeness(b); });
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
        s.caseless = f.caseless;
        s.partial = f.partial;
        s.suggests = f.suggests;
        s.pointsAt = f.pointsAt;
        s.recovers = f.recovers;
        s.role = f.role; // one LineRole from the entry to the view
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
    b.findJobWindow();
    b.buildVerdict();
    if (!result->verdict.node.isEmpty() && !result->verdict.external)
        VersionMatrixBuilder::singleOutFailingNode(result->matrix, result->verdict.node);
    b.buildDiagnoses();
    result->seconds = double(timer.nsecsElapsed()) / 1e9;
    return result;
}

} // namespace rankscope::analysis
