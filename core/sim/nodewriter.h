// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bundlelayout.h"
#include "c10dlog.h"
#include "cluster.h"
#include "elasticlog.h"
#include "evidencerecorder.h"
#include "incident.h"
#include "rankwriter.h"

namespace rankscope::sim {

// Per-node output that is not a training process: the torchrun agent (start-up banner,
// rendezvous, worker failures, SIGTERM to siblings, the ChildFailedError summary, store errors)
// and the kernel log (dmesg or journal) with OOM-killer and Xid lines.
class NodeWriter
{
public:
    NodeWriter(const Cluster &cluster, const Incident &incident, BundleLayout &layout, BundleWriter &writer,
        EvidenceRecorder &evidence, const RankWriter &ranks);

    void agentStart(int node);
    void agentEnd(int node);
    bool systemLog(int node);

private:
    void summary(int node, LineSink &s, qint64 t, const QList<int> &failed, int root);
    void torchrunTraceback(int node, LineSink &s, qint64 t, const char *lastFile, int lastLine, const char *lastFunc,
        const char *lastCode);
    void storeWarnings(int node, LineSink &s, qint64 from, qint64 until);
    QByteArray signalName(int exitCode) const;

    const Cluster &m_cluster;
    const Incident &m_incident;
    BundleLayout &m_layout;
    BundleWriter &m_writer;
    EvidenceRecorder &m_evidence;
    const RankWriter &m_ranks;
    ElasticLog m_elastic;
    C10dLog m_c10d;
    bool m_verbose;
    int m_kernelStyle;
};

} // namespace rankscope::sim
