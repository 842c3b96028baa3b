// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bundlelayout.h"
#include "cluster.h"
#include "evidencerecorder.h"
#include "incident.h"

namespace rankscope::sim {

// What the scheduler or launcher around the job prints: Slurm's `srun: error:` task summaries and
// `slurmstepd` cancel banners, Open MPI's abort messages, and `kubectl describe pod` output.
class SchedulerWriter
{
public:
    SchedulerWriter(const Cluster &cluster, const Incident &incident, BundleLayout &layout, BundleWriter &writer,
        EvidenceRecorder &evidence);

    void slurmEnd();
    void mpiEnd();
    bool k8sDescribe(int node);

private:
    QByteArray exitText(int exitCode) const;

    const Cluster &m_cluster;
    const Incident &m_incident;
    BundleLayout &m_layout;
    BundleWriter &m_writer;
    EvidenceRecorder &m_evidence;
};

} // namespace rankscope::sim
