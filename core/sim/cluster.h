// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "nodeinfo.h"
#include "prng.h"
#include "rankinfo.h"
#include "scenario.h"
#include "simconfig.h"

#include <QByteArray>
#include <QList>

namespace rankscope::sim {

// The static picture of the simulated job: nodes, ranks, software versions, names, paths and the
// nominal timeline (start, init, step times). Built once from the config and the seed; the
// incident planner then decides what goes wrong, and the writers render both.
class Cluster
{
public:
    Cluster(const SimConfig &config, const Scenario &scenario);

    const SimConfig &config() const { return m_config; }
    const Scenario &scenario() const { return m_scenario; }
    SimConfig::Layout layout() const { return m_layout; }
    SimConfig::NcclDebug ncclDebug() const { return m_debug; }
    quint64 seed() const { return m_config.seed; }

    int nodeCount() const { return int(m_nodes.size()); }
    int gpusPerNode() const { return m_gpus; }
    int worldSize() const { return int(m_ranks.size()); }
    const NodeInfo &node(int i) const { return m_nodes.at(i); }
    NodeInfo &node(int i) { return m_nodes[i]; }
    const RankInfo &rank(int r) const { return m_ranks.at(r); }
    RankInfo &rank(int r) { return m_ranks[r]; }

    // Job-wide software
    Version torch;
    Version baseNccl;
    QByteArray cuda; // "12.4"
    QByteArray cudaTag; // "cu124"
    QByteArray torchFull; // "2.5.1+cu124"
    QByteArray pythonVersion;
    QByteArray gpuModel; // "NVIDIA H100 80GB HBM3"
    qint64 gpuMemMiB = 81559;
    bool hopper = true;
    int nvlinkCount = 18;
    QList<int> busIds; // PCI bus per local GPU (0x18 ...)
    QList<QByteArray> hcas;
    QByteArray pluginName; // net plugin on this cluster ("" = none)

    // Job identity and paths
    int slurmJobId = 0;
    QByteArray jobName; // Kubernetes job / Slurm job name
    QByteArray runId; // torchrun rdzv id ("none" or the job id)
    QByteArray domain; // for socket.getfqdn()
    QByteArray scriptPath; // /workspace/train.py
    QByteArray scriptName; // train.py
    QByteArray sitePackages; // /usr/local/lib/python3.10/dist-packages
    QByteArray pythonBin; // /usr/bin/python3
    QByteArray torchSrcPrefix; // "/pytorch/torch/csrc" or "../torch/csrc"
    QByteArray ckptDir;
    int masterPort = 29500;
    int timeoutMs = 600000;
    int ncclChannels = 16;
    int seqPerStep = 2; // collectives per training step
    int initCollectives = 1; // before the first step
    qint64 gradNumel = 0;
    bool pythonCarets = false; // 3.11+ tracebacks carry ^^^^ markers
    bool recordErrors = true; // entrypoint wrapped with @record: error.json files exist
    int trainStyle = 0; // training log line style
    bool colorTraining = false;
    int hostStyle = 0;

    // Timeline (true time, microseconds since the epoch)
    qint64 t0 = 0;
    qint64 workerStartUs(int node) const;
    qint64 initUs() const { return m_initUs; }
    qint64 initDoneUs() const { return m_initUs + m_initDurUs; }
    qint64 stepEndUs(int step) const; // step >= 1
    qint64 stepUs() const { return m_stepUs; }
    // Sequence number of collective c (0-based) of training step k (1-based).
    int seqOf(int step, int c) const { return initCollectives + (step - 1) * seqPerStep + c + 1; }

    // Per-node clock
    qint64 local(int node, qint64 trueUs) const { return trueUs + m_nodes.at(node).skewUs; }

    bool hasAgent() const; // torchrun agents run on every node
    bool hasSlurm() const; // a Slurm job wraps the run

private:
    void buildSoftware(Prng &rng);
    void buildNodes(Prng &rng);
    void buildTimeline(Prng &rng);

    SimConfig m_config;
    Scenario m_scenario;
    SimConfig::Layout m_layout;
    SimConfig::NcclDebug m_debug;
    int m_gpus = 8;
    QList<NodeInfo> m_nodes;
    QList<RankInfo> m_ranks;
    QList<qint64> m_workerStart;
    qint64 m_initUs = 0;
    qint64 m_initDurUs = 0;
    qint64 m_stepUs = 0;
};

} // namespace rankscope::sim
