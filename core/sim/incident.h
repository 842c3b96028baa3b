// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cluster.h"
#include "truth.h"

#include <QList>

namespace rankscope::sim {

// What goes wrong, where and when: the scenario hooks. From the cluster it picks the initiating
// rank or node (seeded), gives every rank a fate (how its log ends and when) and every node an
// agent outcome, then applies what launchers do to the survivors (torchrun SIGTERMs siblings,
// mpirun kills the job, Slurm cancels the step). Writers only render these decisions.
class Incident
{
public:
    enum class End : quint8 {
        Finish, // trains every step and exits 0
        Primary, // prints the scenario's initiating error (the truth's rank)
        CoPrimary, // prints the same kind of error on its own
        Watchdog, // collective timeout, tear-down, abort (-6)
        InitPeerLost, // NCCL init fails because peers went away (exit 1)
        StoreLost, // TCPStore connection to the server lost (exit 1)
        StoreServerTimeout, // rank 0: store server timed out waiting for clients (exit 1)
        StoreConnectTimeout, // cannot reach the store (exit 1)
        Straggler, // stops progressing without a word
        Silent, // killed by a signal without output
        Lost, // disappears mid-output (SIGKILL, node loss)
        NeverStarted, // no process for this rank
    };
    enum class AgentEnd : quint8 {
        Succeeded,
        WorkersFailed,
        Signalled, // the agent itself got SIGTERM (scheduler)
        StoreServerTimeout, // static rendezvous: store host waited for agents in vain
        StoreClientTimeout, // could not reach the rendezvous store
        StoreLost, // rendezvous store went away
        Lost, // machine or pod died with the agent
        None, // never ran
    };

    struct RankFate
    {
        End end = End::Finish;
        int exitCode = 0;
        qint64 endUs = 0; // process exit (true time)
        qint64 failUs = 0; // when its ending is printed
        int stepsDone = 0;
        int failSeq = 0;
        int lastEnqueued = 0;
        int lastCompleted = 0;
        qint64 peerClosedUs = 0; // > 0: logs a closed connection from the initiating node
        qint64 cutUs = 0; // > 0: killed at this time while still printing (store retries)
        bool terminatedByAgent = false; // its launcher logged sending it SIGTERM
    };
    struct NodeFate
    {
        AgentEnd agent = AgentEnd::Succeeded;
        qint64 detectUs = 0;
        qint64 endUs = 0;
        bool lost = false;
        bool neverJoined = false;
    };

    explicit Incident(Cluster &cluster);

    int initiatingRank = -1;
    int initiatingNode = -1;
    qint64 incidentUs = 0;
    int stepsDone = 0;
    int failSeq = 0;
    int peerRank = -1; // the other rank named by the error (duplicate GPU partner, mismatch)
    int peerNode = -1; // remote side of a failing link
    qint64 schedulerUs = 0; // Slurm cancel / kill time
    qint64 jobEndUs = 0;
    QByteArray outlierVersion;
    int storeJoined = 0; // clients the store server saw (rank-level store scenarios)
    QList<RankFate> ranks;
    QList<NodeFate> nodes;
    QList<Truth::Outlier> outliers;

    // Co-primary ranks that fail less than a second after or before the initiating one.
    QList<int> indistinguishableRanks() const;

    // Timeline helpers shared by the writers.
    qint64 enqueueUs(int rank) const; // when a waiting rank enqueued failSeq
    qint64 rdzvTimeoutUs() const; // torchrun rendezvous / store timeout

private:
    void planTraining(Prng &rng);
    void planInit(Prng &rng);
    void planStartup(Prng &rng);
    void waitOthers(Prng &rng, int seq, qint64 enqueueBase);
    void failNodeInit(Prng &rng, int node, qint64 t);
    void othersLosePeers(Prng &rng, int node, qint64 after, bool closedWarn);
    void applyLaunchers(Prng &rng);

    Cluster &m_cluster;
    QList<qint64> m_enqueue;
};

} // namespace rankscope::sim
