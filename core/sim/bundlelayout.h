// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bundlewriter.h"
#include "cluster.h"
#include "incident.h"
#include "linesink.h"

#include <QList>
#include <utility>

namespace rankscope::sim {

// How engineers collected the logs (--layout): which file each process stream lands in and which
// prefixes the collection path adds. Ranks are written in groups (a node, or the whole job for
// single-file layouts) so only a group's files are open at once, whatever the job size.
class BundleLayout
{
public:
    struct RankSinks
    {
        LineSink out;
        LineSink err;
        LineSink nccl;
        bool ncclFile = false; // NCCL_DEBUG_FILE in use
        QString errorJson; // bundle path of error.json, empty when the layout has none
        QByteArray errorJsonRemote; // the path the agent saw
    };

    BundleLayout(const Cluster &cluster, const Incident &incident, BundleWriter &writer);

    QList<std::pair<int, int>> groups() const; // [first node, end node)
    bool agentInGroup() const;
    bool agentGlobal() const;
    bool interleaved() const; // several ranks share one file: shuffle their segments

    bool openGlobal();
    void closeGlobal();
    bool openGroup(int firstNode, int endNode);
    void closeGroup();

    RankSinks &rank(int r) { return m_rankSinks[r - m_groupFirstRank]; }
    LineSink &agent(int node);
    LineSink &scheduler() { return m_scheduler; }
    QString schedulerPath() const;
    QByteArray logDirRemote(int node) const; // torchrun --log-dir run folder as seen on the node
    bool hasErrorFile(int rank) const; // the worker's folder holds an error.json slot
    QByteArray errorFileRemote(int rank) const;
    const QString &error() const { return m_writer.error(); }

private:
    QString treeDir(int node) const;
    QString rankFileName(int rank) const;
    double truncateFor(int rank) const;

    const Cluster &m_cluster;
    const Incident &m_incident;
    BundleWriter &m_writer;
    SimConfig::Layout m_layout;
    OutFile *m_global = nullptr;
    LineSink m_scheduler;
    QList<LineSink> m_globalAgents; // mixed: agents write into the Slurm output with a node label
    QList<OutFile *> m_groupFiles;
    QList<RankSinks> m_rankSinks;
    QList<LineSink> m_groupAgents;
    int m_groupFirstNode = 0;
    int m_groupFirstRank = 0;
    int m_crlfRank = -1;
    int m_truncRank = -1;
    double m_truncKeep = 0.5;
    int m_fileStyle = 0;
    bool m_kubectlStamps = false;
    bool m_pmix = false;
    QList<QByteArray> m_rand; // mkdtemp suffix per node
};

} // namespace rankscope::sim
