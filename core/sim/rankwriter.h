// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bundlelayout.h"
#include "c10dlog.h"
#include "cluster.h"
#include "evidencerecorder.h"
#include "incident.h"
#include "nccllog.h"

#include <QHash>

namespace rankscope::sim {

// Renders one training process, segment by segment (start-up, NCCL init, each step, the incident,
// reactions, time-outs, tear-down), so that layouts sharing a file can interleave ranks the way
// real combined output does. Every segment of every rank draws from its own generator, so the
// text does not depend on the order segments are written in.
class RankWriter
{
public:
    RankWriter(const Cluster &cluster, const Incident &incident, BundleLayout &layout, BundleWriter &writer,
        EvidenceRecorder &evidence);

    int segmentCount() const { return m_steps + 6; }
    void write(int rank, int segment);

    // The Python traceback recorded for a failed rank (error.json and the agent's summary).
    QByteArray callstack(int rank) const { return m_callstacks.value(rank); }
    QByteArray exceptionText(int rank) const { return m_exceptions.value(rank); }
    qint64 errorFileTime(int rank) const { return m_errorTimes.value(rank); }

private:
    void prelude(int rank, Prng &rng);
    void init(int rank, Prng &rng);
    void step(int rank, int k, Prng &rng);
    void incident(int rank, Prng &rng);
    void reaction(int rank, Prng &rng);
    void timeout(int rank, Prng &rng);
    void teardown(int rank, Prng &rng);

    void initFailure(int rank, Prng &rng, qint64 t);
    void initPeerLost(int rank, Prng &rng);
    void storeEnding(int rank, Prng &rng);
    void driverTooOld(int rank, qint64 t);
    void trainingPrimary(int rank, Prng &rng);
    void trainingLine(int rank, int k, Prng &rng);
    qint64 peerClosedWarn(int rank, qint64 t);
    enum class Mark { None, Initiating, Collateral };
    void pythonFailure(int rank, qint64 t, const QList<C10dLog::Frame> &frames, const QList<QByteArray> &exception,
        int evidenceIndex, Mark mark, bool withRank = true);
    void markInitiating(const LineSink &s, qint64 line, qint64 t);
    void markCollateral(int rank, const LineSink &s, qint64 line);
    const char *failOp(int rank) const;
    qint64 failNumel(int rank) const;

    const Cluster &m_cluster;
    const Incident &m_incident;
    BundleLayout &m_layout;
    BundleWriter &m_writer;
    EvidenceRecorder &m_evidence;
    NcclLog m_nccl;
    C10dLog m_c10d;
    int m_steps;
    QHash<int, QByteArray> m_callstacks; // lookups only
    QHash<int, QByteArray> m_exceptions;
    QHash<int, qint64> m_errorTimes;
};

} // namespace rankscope::sim
