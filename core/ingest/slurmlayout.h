// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace rankscope::ingest {

// Where Slurm placed a step's tasks, from the variables a batch script or `env` prints:
// SLURM_JOB_NODELIST / SLURM_STEP_NODELIST in hostlist syntax ("gpu-[01-04,07]"),
// SLURM_TASKS_PER_NODE ("8(x3),4") and SLURM_DISTRIBUTION. With the default block distribution
// node i runs the next tasks-per-node[i] task ids; with cyclic, task t runs on node t mod n.
struct SlurmLayout
{
    static constexpr int MaxNodes = 65536;

    // Empty when the list is malformed or longer than MaxNodes.
    static QStringList expandHostlist(const QString &list);
    // "8(x3),4" -> 8, 8, 8, 4; empty when malformed.
    static QList<int> expandTasksPerNode(const QString &spec);
    // Node of each task id (index), or empty when the two lists do not fit together.
    static QStringList taskNodes(const QStringList &nodes, const QList<int> &tasksPerNode, bool cyclic);
};

} // namespace rankscope::ingest
