// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "incident.h"

#include <cstdlib>

namespace rankscope::sim {

namespace {

using K = Scenario::Kind;
using E = Incident::End;

constexpr qint64 Sec = 1000000;

int pickNode(Prng &rng, int nodes, bool notFirst)
{
    if (notFirst && nodes > 1)
        return int(rng.range(1, nodes - 1));
    return int(rng.below(quint64(nodes)));
}

} // namespace

Incident::Incident(Cluster &cluster)
    : m_cluster(cluster)
{
    const int world = cluster.worldSize();
    ranks.resize(world);
    nodes.resize(cluster.nodeCount());
    m_enqueue.resize(world);
    Prng rng(Prng::mix(cluster.seed(), 0x1C1Du + quint64(cluster.scenario().kind) * 0x10000u));

    switch (cluster.scenario().phase) {
    case Scenario::Phase::Startup:
        planStartup(rng);
        break;
    case Scenario::Phase::Init:
        planInit(rng);
        break;
    case Scenario::Phase::Training:
    case Scenario::Phase::End:
        planTraining(rng);
        break;
    }
    applyLaunchers(rng);
    for (const RankFate &f : std::as_const(ranks))
        jobEndUs = qMax(jobEndUs, f.endUs);
    for (const NodeFate &n : std::as_const(nodes))
        jobEndUs = qMax(jobEndUs, n.endUs);
}

qint64 Incident::enqueueUs(int rank) const
{
    return m_enqueue.at(rank);
}

qint64 Incident::rdzvTimeoutUs() const
{
    return 900 * Sec;
}

// Every rank that is still fine blocks in collective `seq` and times out after Timeout(ms).
void Incident::waitOthers(Prng &rng, int seq, qint64 enqueueBase)
{
    const Cluster &c = m_cluster;
    for (int r = 0; r < c.worldSize(); ++r) {
        RankFate &f = ranks[r];
        if (f.end != E::Finish)
            continue;
        m_enqueue[r] = enqueueBase + rng.range(0, 60000);
        f.end = E::Watchdog;
        f.failSeq = seq;
        f.lastEnqueued = seq + (seq > c.initCollectives ? c.seqPerStep - 1 : 0);
        f.lastCompleted = seq - 1 > 0 ? seq - 1 : -1;
        f.failUs = m_enqueue[r] + qint64(c.timeoutMs) * 1000 + rng.range(20000, 900000);
        f.endUs = f.failUs + rng.range(300000, 2500000);
        f.exitCode = -6;
    }
}

void Incident::planTraining(Prng &rng)
{
    Cluster &c = m_cluster;
    const int world = c.worldSize();
    const int steps = c.config().steps;
    const K kind = c.scenario().kind;
    stepsDone = steps;
    const qint64 stepEnd = c.stepEndUs(qMax(steps, 0) == 0 ? 0 : steps);
    const qint64 base = steps == 0 ? c.initDoneUs() + 2 * Sec : stepEnd;
    incidentUs = base + qint64(double(c.stepUs()) * (0.15 + 0.4 * rng.unit()));
    failSeq = c.seqOf(steps + 1, 0);
    for (RankFate &f : ranks) {
        f.stepsDone = steps;
        f.end = E::Finish;
        f.lastEnqueued = f.lastCompleted = failSeq - 1;
        f.endUs = base + rng.range(800000, 3000000);
    }
    if (kind == K::Healthy) {
        for (NodeFate &n : nodes)
            n.endUs = base + 3 * Sec + rng.range(0, 400000);
        return;
    }
    const qint64 waitBase = base + qint64(double(c.stepUs()) * 0.6);

    auto primary = [&](int r, qint64 t, int exitCode, E end = E::Primary) {
        RankFate &f = ranks[r];
        f.end = end;
        f.failUs = t;
        f.endUs = t + (exitCode == -9 ? 0 : rng.range(200000, 1500000));
        f.exitCode = exitCode;
    };

    switch (kind) {
    case K::CudaOom:
    case K::NanLoss:
    case K::CudaIllegalMemoryAccess:
    case K::GpuXidFallenOffBus:
    case K::GpuEccError:
    case K::HostOomKill: {
        initiatingRank = int(rng.below(quint64(world)));
        initiatingNode = c.rank(initiatingRank).node;
        if (kind == K::HostOomKill) {
            primary(initiatingRank, incidentUs, -9, E::Lost);
        } else if (kind == K::GpuXidFallenOffBus || kind == K::GpuEccError) {
            // The kernel logs first; the process notices at its next CUDA call.
            primary(initiatingRank, incidentUs + rng.range(150000, 2000000), -6);
        } else {
            primary(initiatingRank, incidentUs, kind == K::CudaIllegalMemoryAccess ? -6 : 1);
        }
        waitOthers(rng, failSeq, waitBase);
        break;
    }
    case K::IbCompletionError: {
        initiatingNode = pickNode(rng, c.nodeCount(), false);
        initiatingRank = c.node(initiatingNode).firstRank + int(rng.below(quint64(c.gpusPerNode())));
        peerNode = (initiatingNode + 1 + int(rng.below(quint64(c.nodeCount() - 1)))) % c.nodeCount();
        primary(initiatingRank, incidentUs, -6);
        ranks[initiatingRank].failUs = incidentUs + rng.range(20000, 300000); // watchdog error after the WARN
        ranks[initiatingRank].endUs = ranks[initiatingRank].failUs + rng.range(200000, 800000);
        waitOthers(rng, failSeq, waitBase);
        const int local = c.rank(initiatingRank).local;
        for (int n = 0; n < c.nodeCount(); ++n) {
            if (n == initiatingNode)
                continue;
            ranks[n * c.gpusPerNode() + local].peerClosedUs = ranks[initiatingRank].endUs + rng.range(50000, 900000);
        }
        break;
    }
    case K::CollectiveMismatch:
    case K::Fp16LossScaleCollapse: {
        initiatingRank = int(rng.below(quint64(world)));
        initiatingNode = c.rank(initiatingRank).node;
        peerRank = initiatingRank == 0 ? (world > 1 ? 1 : 0) : 0;
        for (int r = 0; r < world; ++r) {
            const qint64 t = incidentUs + (r == initiatingRank ? 0 : rng.range(2000, 40000));
            primary(r, t, 1, r == initiatingRank ? E::Primary : E::CoPrimary);
        }
        break;
    }
    case K::StragglerHang: {
        initiatingRank = int(rng.below(quint64(world)));
        initiatingNode = c.rank(initiatingRank).node;
        RankFate &s = ranks[initiatingRank];
        s.end = E::Straggler;
        s.lastEnqueued = s.lastCompleted = failSeq - 1;
        waitOthers(rng, failSeq, waitBase);
        qint64 firstFire = 0;
        qint64 lastEnd = 0;
        for (int r = 0; r < world; ++r) {
            if (r == initiatingRank)
                continue;
            if (firstFire == 0 || ranks[r].failUs < firstFire) {
                firstFire = ranks[r].failUs;
                peerRank = r;
            }
            lastEnd = qMax(lastEnd, ranks[r].endUs);
        }
        // The dump signal reaches it right after the first timeout, before any launcher reacts.
        s.failUs = (firstFire ? firstFire : incidentUs) + rng.range(50000, 250000);
        // Nobody kills a silent rank on purpose; it goes when its launcher or the user ends the job.
        s.endUs = qMax(lastEnd, s.failUs) + rng.range(30 * Sec, 120 * Sec);
        s.exitCode = -15;
        break;
    }
    case K::SlurmTimeLimit: {
        schedulerUs = incidentUs;
        for (RankFate &f : ranks) {
            f.end = E::Silent;
            f.exitCode = -15;
            f.failUs = f.endUs = schedulerUs + rng.range(100000, 900000);
        }
        break;
    }
    case K::SlurmNodeFailure: {
        initiatingNode = pickNode(rng, c.nodeCount(), false);
        nodes[initiatingNode].lost = true;
        for (int l = 0; l < c.gpusPerNode(); ++l)
            primary(c.node(initiatingNode).firstRank + l, incidentUs, -9, E::Lost);
        schedulerUs = incidentUs + rng.range(60 * Sec, 180 * Sec);
        for (int r = 0; r < world; ++r) {
            RankFate &f = ranks[r];
            if (f.end != E::Finish)
                continue;
            f.end = E::Silent;
            f.exitCode = -15;
            f.failUs = f.endUs = schedulerUs + rng.range(200000, 1500000);
        }
        break;
    }
    case K::K8sOomKilled: {
        initiatingNode = pickNode(rng, c.nodeCount(), false);
        nodes[initiatingNode].lost = true;
        for (int l = 0; l < c.gpusPerNode(); ++l)
            primary(c.node(initiatingNode).firstRank + l, incidentUs, -9, E::Lost);
        waitOthers(rng, failSeq, waitBase);
        break;
    }
    case K::CheckpointDiskFull: {
        initiatingNode = pickNode(rng, c.nodeCount(), false);
        initiatingRank = c.node(initiatingNode).firstRank + int(rng.below(quint64(c.gpusPerNode())));
        incidentUs = base + rng.range(1 * Sec, 25 * Sec);
        for (int l = 0; l < c.gpusPerNode(); ++l) {
            const int r = c.node(initiatingNode).firstRank + l;
            primary(r, r == initiatingRank ? incidentUs : incidentUs + rng.range(5000, 900000), 1,
                r == initiatingRank ? E::Primary : E::CoPrimary);
        }
        waitOthers(rng, failSeq, incidentUs + rng.range(1 * Sec, 20 * Sec));
        break;
    }
    default:
        break;
    }
}

QList<int> Incident::indistinguishableRanks() const
{
    // The lines that report a co-primary failure (NCCL WARN, tracebacks, error.json) carry at
    // best whole seconds, and clock offsets between nodes are estimated from such lines too:
    // failures less than a second apart cannot be ordered from the bundle.
    QList<int> out;
    if (initiatingRank < 0)
        return out;
    const Cluster &c = m_cluster;
    if (c.scenario().kind == K::NcclNetPluginMismatch) {
        // A node-wide condition: every process on the node fails to load the same plugin at
        // init and prints the same line; none of them is first in any meaningful sense.
        for (int l = 0; l < c.gpusPerNode(); ++l) {
            const int r = c.node(initiatingNode).firstRank + l;
            if (r != initiatingRank)
                out.append(r);
        }
        return out;
    }
    const qint64 first = ranks.at(initiatingRank).failUs;
    for (int r = 0; r < ranks.size(); ++r) {
        const RankFate &f = ranks.at(r);
        if (r != initiatingRank && f.end == End::CoPrimary && std::llabs(f.failUs - first) < 1'000'000)
            out.append(r);
    }
    return out;
}

void Incident::failNodeInit(Prng &rng, int node, qint64 t)
{
    const Cluster &c = m_cluster;
    for (int l = 0; l < c.gpusPerNode(); ++l) {
        const int r = c.node(node).firstRank + l;
        RankFate &f = ranks[r];
        f.end = r == initiatingRank ? E::Primary : E::CoPrimary;
        f.failUs = t + (r == initiatingRank ? 0 : rng.range(3000, 250000));
        f.endUs = f.failUs + rng.range(300000, 1200000);
        f.exitCode = 1;
    }
}

// The node's processes exit during NCCL init; everyone else loses them as bootstrap peers.
void Incident::othersLosePeers(Prng &rng, int node, qint64 after, bool closedWarn)
{
    const Cluster &c = m_cluster;
    for (int r = 0; r < c.worldSize(); ++r) {
        RankFate &f = ranks[r];
        if (f.end != E::Finish)
            continue;
        f.end = E::InitPeerLost;
        f.failUs = after + rng.range(300000, 3000000);
        f.endUs = f.failUs + rng.range(300000, 1500000);
        f.exitCode = 1;
        if (closedWarn)
            f.peerClosedUs = f.failUs - rng.range(20000, 250000);
    }
    Q_UNUSED(node);
}

void Incident::planInit(Prng &rng)
{
    Cluster &c = m_cluster;
    const K kind = c.scenario().kind;
    const int gpus = c.gpusPerNode();
    stepsDone = 0;
    failSeq = 1;
    for (RankFate &f : ranks) {
        f.end = E::Finish;
        f.stepsDone = 0;
        f.lastEnqueued = 0;
        f.lastCompleted = -1;
    }
    initiatingNode = pickNode(rng, c.nodeCount(), kind == K::NcclSocketBootstrapFailure);
    NodeInfo &x = c.node(initiatingNode);
    initiatingRank = x.firstRank + int(rng.below(quint64(gpus)));
    incidentUs = c.initUs() + rng.range(150000, 1200000);

    switch (kind) {
    case K::NcclVersionConflict: {
        const Version base = c.baseNccl;
        const Version other = base >= Version(2, 26) ? Version(2, 23, 4) : Version(2, 26, 2);
        x.nccl = other;
        x.ldLibraryPath = "/opt/nccl-" + other.toBytes() + "/lib:" + x.ldLibraryPath;
        outlierVersion = other.toBytes();
        outliers << Truth::Outlier { QString::fromLatin1(x.host), QStringLiteral("nccl"),
            QString::fromLatin1(other.toBytes()) };
        failNodeInit(rng, initiatingNode, incidentUs);
        if (base >= Version(2, 23)) {
            // Both sides check the peer versions, so the other nodes refuse too.
            for (int r = 0; r < c.worldSize(); ++r) {
                if (ranks[r].end == E::Finish) {
                    ranks[r].end = E::CoPrimary;
                    ranks[r].failUs = incidentUs + rng.range(2000, 300000);
                    ranks[r].endUs = ranks[r].failUs + rng.range(300000, 1200000);
                    ranks[r].exitCode = 1;
                }
            }
        } else {
            othersLosePeers(rng, initiatingNode, incidentUs, true);
        }
        break;
    }
    case K::NcclDuplicateGpu: {
        const int partnerLocal = (c.rank(initiatingRank).local + 1 + int(rng.below(quint64(gpus - 1)))) % gpus;
        peerRank = x.firstRank + partnerLocal;
        c.rank(initiatingRank).device = c.rank(peerRank).device;
        for (int r : { initiatingRank, peerRank }) {
            RankFate &f = ranks[r];
            f.end = r == initiatingRank ? E::Primary : E::CoPrimary;
            f.failUs = incidentUs + (r == initiatingRank ? 0 : rng.range(500, 20000));
            f.endUs = f.failUs + rng.range(300000, 1200000);
            f.exitCode = 1;
        }
        othersLosePeers(rng, initiatingNode, incidentUs, true);
        break;
    }
    case K::NcclShmExhausted:
    case K::NvlsMulticastFailure:
        failNodeInit(rng, initiatingNode, incidentUs);
        othersLosePeers(rng, initiatingNode, incidentUs, true);
        break;
    case K::NcclSocketBootstrapFailure:
        incidentUs = c.initUs() + rng.range(20000, 200000);
        failNodeInit(rng, initiatingNode, incidentUs);
        // The node never reached the bootstrap root: the rest wait in the first collective.
        waitOthers(rng, 1, c.initUs() + rng.range(0, 200000));
        break;
    case K::NcclNetPluginMismatch: {
        x.usesPlugin = false;
        x.transport = "Socket";
        x.netPlugin = "missing";
        outliers << Truth::Outlier {
            QString::fromLatin1(x.host), QStringLiteral("net_plugin"), QStringLiteral("missing")
        } << Truth::Outlier { QString::fromLatin1(x.host), QStringLiteral("transport"), QStringLiteral("Socket") };
        incidentUs = c.initUs() + rng.range(5000, 60000);
        // Sockets on one side and the plugin on the other never connect: the first collective hangs.
        waitOthers(rng, 1, c.initDoneUs() + rng.range(0, 300000));
        break;
    }
    default:
        break;
    }
}

void Incident::planStartup(Prng &rng)
{
    Cluster &c = m_cluster;
    const K kind = c.scenario().kind;
    stepsDone = 0;
    failSeq = 1;
    for (RankFate &f : ranks) {
        f.end = E::Finish;
        f.lastEnqueued = 0;
        f.lastCompleted = -1;
    }
    const bool agent = c.hasAgent();
    const int gpus = c.gpusPerNode();
    const qint64 storeTimeout = qint64(c.timeoutMs) * 1000;

    switch (kind) {
    case K::DriverTooOld: {
        initiatingNode = pickNode(rng, c.nodeCount(), false);
        NodeInfo &x = c.node(initiatingNode);
        initiatingRank = x.firstRank + int(rng.below(quint64(gpus)));
        x.driver = "470.182.03";
        x.driverCuda = "11.4";
        x.driverApi = 11040;
        outliers << Truth::Outlier { QString::fromLatin1(x.host), QStringLiteral("driver"),
            QStringLiteral("470.182.03") };
        incidentUs = c.workerStartUs(initiatingNode) + rng.range(1500000, 6000000);
        failNodeInit(rng, initiatingNode, incidentUs);
        waitOthers(rng, 1, c.initUs() + rng.range(0, 300000));
        break;
    }
    case K::RendezvousTimeout: {
        initiatingNode = pickNode(rng, c.nodeCount(), true);
        nodes[initiatingNode].neverJoined = true;
        for (int l = 0; l < gpus; ++l) {
            RankFate &f = ranks[c.node(initiatingNode).firstRank + l];
            f.end = E::NeverStarted;
            f.exitCode = 0;
        }
        if (agent) {
            for (RankFate &f : ranks)
                f.end = E::NeverStarted;
            NodeFate &host = nodes[0];
            host.agent = AgentEnd::StoreServerTimeout;
            host.detectUs = c.t0 + rdzvTimeoutUs() + Sec + rng.range(0, 200000);
            host.endUs = host.detectUs + rng.range(100000, 600000);
            incidentUs = host.detectUs;
            for (int n = 1; n < c.nodeCount(); ++n) {
                if (n == initiatingNode)
                    continue;
                nodes[n].agent = AgentEnd::StoreLost;
                nodes[n].detectUs = host.endUs + rng.range(5000, 500000);
                nodes[n].endUs = nodes[n].detectUs + rng.range(100000, 500000);
            }
        } else {
            RankFate &r0 = ranks[0];
            r0.end = E::StoreServerTimeout;
            r0.failUs = c.workerStartUs(0) + 2 * Sec + storeTimeout + Sec + rng.range(0, 300000);
            r0.endUs = r0.failUs + rng.range(200000, 800000);
            r0.exitCode = 1;
            incidentUs = r0.failUs;
            storeJoined = c.worldSize() - gpus;
            for (int r = 1; r < c.worldSize(); ++r) {
                RankFate &f = ranks[r];
                if (f.end != E::Finish)
                    continue;
                f.end = E::StoreLost;
                f.failUs = r0.endUs + rng.range(5000, 400000);
                f.endUs = f.failUs + rng.range(200000, 900000);
                f.exitCode = 1;
            }
        }
        break;
    }
    case K::StoreUnreachable: {
        initiatingNode = 0;
        if (agent) {
            for (RankFate &f : ranks)
                f.end = E::NeverStarted;
            NodeFate &host = nodes[0];
            host.agent = AgentEnd::StoreServerTimeout;
            host.detectUs = c.t0 + rdzvTimeoutUs() + Sec + rng.range(0, 200000);
            host.endUs = host.detectUs + rng.range(100000, 600000);
            incidentUs = c.t0 + rng.range(200000, 900000);
            for (int n = 1; n < c.nodeCount(); ++n) {
                nodes[n].agent = AgentEnd::StoreClientTimeout;
                nodes[n].detectUs = c.t0 + rdzvTimeoutUs() + rng.range(0, 200000);
                nodes[n].endUs = nodes[n].detectUs + rng.range(100000, 500000);
            }
        } else {
            incidentUs = c.workerStartUs(1 % c.nodeCount()) + rng.range(800000, 2500000);
            for (int r = gpus; r < c.worldSize(); ++r) {
                RankFate &f = ranks[r];
                f.end = E::StoreConnectTimeout;
                f.failUs = c.workerStartUs(c.rank(r).node) + 2 * Sec + storeTimeout + rng.range(0, 200000);
                f.endUs = f.failUs + rng.range(200000, 900000);
                f.exitCode = 1;
            }
            qint64 lastClient = 0;
            for (int r = gpus; r < c.worldSize(); ++r)
                lastClient = qMax(lastClient, ranks[r].failUs);
            RankFate &r0 = ranks[0];
            r0.end = E::StoreServerTimeout;
            r0.failUs
                = qMax(c.workerStartUs(0) + 2 * Sec + storeTimeout + Sec, lastClient + Sec) + rng.range(0, 300000);
            r0.endUs = r0.failUs + rng.range(200000, 800000);
            r0.exitCode = 1;
            storeJoined = gpus;
            for (int r = 1; r < gpus; ++r) {
                RankFate &f = ranks[r];
                f.end = E::StoreLost;
                f.failUs = r0.endUs + rng.range(5000, 400000);
                f.endUs = f.failUs + rng.range(200000, 900000);
                f.exitCode = 1;
            }
        }
        break;
    }
    default:
        break;
    }
}

void Incident::applyLaunchers(Prng &rng)
{
    Cluster &c = m_cluster;
    const K kind = c.scenario().kind;
    const int gpus = c.gpusPerNode();
    const bool schedulerStop = kind == K::SlurmTimeLimit || kind == K::SlurmNodeFailure;
    const qint64 poll = c.torch >= Version(2, 3) ? 100000 : 5 * Sec;

    if (c.hasAgent()) {
        for (int n = 0; n < c.nodeCount(); ++n) {
            NodeFate &nf = nodes[n];
            const int first = c.node(n).firstRank;
            if (nf.neverJoined) {
                nf.agent = AgentEnd::None;
                continue;
            }
            if (nf.lost) {
                nf.agent = AgentEnd::Lost;
                nf.endUs = incidentUs;
                continue;
            }
            if (nf.agent != AgentEnd::Succeeded)
                continue; // store outcomes were decided by the planner
            if (schedulerStop) {
                nf.agent = AgentEnd::Signalled;
                nf.detectUs = schedulerUs + rng.range(20000, 400000);
                for (int l = 0; l < gpus; ++l) {
                    RankFate &f = ranks[first + l];
                    f.end = E::Silent;
                    f.exitCode = -15;
                    f.terminatedByAgent = true;
                    f.failUs = f.endUs = nf.detectUs + rng.range(20000, 300000);
                }
                nf.endUs = nf.detectUs + rng.range(400000, 1500000);
                continue;
            }
            qint64 firstFail = 0;
            bool allFinished = true;
            for (int l = 0; l < gpus; ++l) {
                const RankFate &f = ranks[first + l];
                if (f.end != E::Finish)
                    allFinished = false;
                if (f.exitCode != 0 && f.end != E::Straggler && (firstFail == 0 || f.endUs < firstFail))
                    firstFail = f.endUs;
            }
            if (allFinished || firstFail == 0) {
                nf.agent = allFinished ? AgentEnd::Succeeded : AgentEnd::Signalled;
                qint64 last = 0;
                for (int l = 0; l < gpus; ++l)
                    last = qMax(last, ranks[first + l].endUs);
                nf.detectUs = last + rng.range(50000, 300000);
                nf.endUs = nf.detectUs + rng.range(100000, 600000);
                if (!allFinished) {
                    for (int l = 0; l < gpus; ++l) {
                        RankFate &f = ranks[first + l];
                        if (f.end == E::Straggler) {
                            f.terminatedByAgent = true;
                            f.endUs = nf.detectUs + rng.range(20000, 200000);
                        }
                    }
                }
                continue;
            }
            nf.agent = AgentEnd::WorkersFailed;
            nf.detectUs = firstFail + rng.range(poll / 4, poll);
            for (int l = 0; l < gpus; ++l) {
                RankFate &f = ranks[first + l];
                const bool alive
                    = f.end == E::Finish || f.end == E::Straggler ? f.endUs > nf.detectUs : f.failUs > nf.detectUs;
                if (!alive)
                    continue;
                if (f.end == E::Straggler) {
                    // It printed its dump line already if that came first; it dies now either way.
                    if (f.failUs > nf.detectUs)
                        f.failUs = 0;
                } else {
                    f.end = E::Silent;
                    f.failUs = nf.detectUs;
                }
                f.exitCode = -15;
                f.terminatedByAgent = true;
                f.endUs = nf.detectUs + rng.range(20000, 400000);
            }
            qint64 last = nf.detectUs;
            for (int l = 0; l < gpus; ++l)
                last = qMax(last, ranks[first + l].endUs);
            nf.endUs = last + rng.range(200000, 1200000);
        }
        return;
    }

    // No agent: mpirun kills the job at the first non-zero exit; srun lets the others run on.
    if (c.layout() == SimConfig::Layout::Mpi && !schedulerStop) {
        qint64 firstFail = 0;
        for (const RankFate &f : std::as_const(ranks)) {
            if (f.exitCode != 0 && f.end != E::Straggler && f.end != E::NeverStarted
                && (firstFail == 0 || f.endUs < firstFail))
                firstFail = f.endUs;
        }
        if (firstFail) {
            schedulerUs = firstFail + rng.range(300000, 2000000);
            for (RankFate &f : ranks) {
                const bool alive
                    = f.end == E::Finish || f.end == E::Straggler ? f.endUs > schedulerUs : f.failUs > schedulerUs;
                if (!alive || f.end == E::NeverStarted)
                    continue;
                if (f.end == E::StoreConnectTimeout) {
                    f.cutUs = schedulerUs;
                    f.exitCode = -15;
                    f.endUs = schedulerUs + rng.range(20000, 500000);
                    continue;
                }
                if (f.end == E::Straggler) {
                    if (f.failUs > schedulerUs)
                        f.failUs = 0;
                } else {
                    f.end = E::Silent;
                    f.failUs = schedulerUs;
                }
                f.exitCode = -15;
                f.endUs = schedulerUs + rng.range(20000, 500000);
            }
        }
    }
    for (int n = 0; n < c.nodeCount(); ++n) {
        nodes[n].agent = AgentEnd::None;
        qint64 last = 0;
        for (int l = 0; l < gpus; ++l)
            last = qMax(last, ranks[c.node(n).firstRank + l].endUs);
        nodes[n].endUs = last;
    }
}

} // namespace rankscope::sim
