// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ingestresult.h"
#include "lineclaims.h"

#include <QByteArray>
#include <QHash>
#include <QSet>
#include <QString>

namespace rankscope::ingest {

// A line's writer and where each part of that answer came from.
struct LineIdentity
{
    int rank = -1;
    QString node;
    IdentitySource rankFrom = IdentitySource::None;
    IdentitySource nodeFrom = IdentitySource::None;
};

// The bundle-wide joins that turn a line's claims into its rank and node, and the one rule that
// applies them. The ingest learns the tables while it attributes files (NCCL processes, launcher
// tables, where each rank ran, Slurm layouts) and applies the rule to every event line; it keeps
// the tables in IngestResult so the log view answers any other line by the same rule.
struct IdentityRules
{
    struct ProcRank
    {
        int rank = -1;
        int nranks = -1; // -1: from a launcher's worker table, not an NCCL init line
        QString source;
    };
    QHash<QByteArray, ProcRank> procRank; // "host:pid" -> its rank in the world communicator
    QHash<qint64, int> rankOfLonePid; // a pid listed once in the bundle (Ray lines without address)
    QHash<int, QString> rankNode;     // rank -> node, from the lines that say it for certain first
    QHash<QString, int> rankOffset;   // node -> global rank of its local rank 0 (torchrun agents)
    QSet<QString> ambiguousOffset;    // nodes whose agents disagree on that offset
    QHash<int, QString> taskNode;     // Slurm task id -> node
    // Per file of several runs (a requeued job's appended log): (run, task) -> the node srun
    // placed that task on in that run.
    QHash<FileId, QHash<std::pair<qsizetype, int>, QString>> taskNodeInRun;
    bool tasksAreAgents = false;      // srun task labels are torchrun agents, not ranks

    // Rank: the line's prefix, its NCCL process, a launcher's worker table, "[Rank N]" in the
    // message, torchrun's local rank on a node whose offset is known, then the file's rank.
    // Node: the line's own host, srun's placement in the line's run, where the rank ran, then
    // the file's node. Corrections by hand win over both. Node names are as the lines give them
    // (a pod, an address); the bundle's aliases are applied afterwards.
    LineIdentity identify(const LineClaims &claims, const InputFile &file, FileId fileId, qint64 line) const;
};

} // namespace rankscope::ingest
