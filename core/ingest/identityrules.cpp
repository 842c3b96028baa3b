// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "identityrules.h"

#include <algorithm>

namespace rankscope::ingest {

LineIdentity IdentityRules::identify(const LineClaims &c, const InputFile &f, FileId fileId, qint64 line) const
{
    using Src = IdentitySource;
    LineIdentity id;
    const bool rankByHand = f.attributionByHand && f.rank >= 0;
    // "2: what():  …" under srun --label over torchrun: 2 is the node's agent, not a rank.
    int rank = rankByHand ? f.rank : c.rankFromTask && tasksAreAgents ? -1 : c.prefixRank;
    id.rankFrom = rankByHand ? Src::ByHand : Src::LinePrefix;
    if (rank < 0 && !c.writerHost.isEmpty()) {
        const ProcRank pr = procRank.value(c.writerHost + ':' + QByteArray::number(c.writerPid));
        rank = pr.rank;
        id.rankFrom = pr.nranks < 0 ? Src::WorkerTable : Src::NcclProcess;
    }
    if (rank < 0 && c.rayPid >= 0) {
        rank = rankOfLonePid.value(c.rayPid, -1);
        id.rankFrom = Src::WorkerTable;
    }
    if (rank < 0) {
        rank = c.pgRank;
        id.rankFrom = Src::Message;
    }
    if (rank < 0 && c.localRank >= 0 && !f.attributionByHand) {
        // torchrun --tee's "[default3]:" on a node whose agent says where its local ranks start
        // (failure table, rendezvous group rank).
        const QString node = !c.writerHost.isEmpty() ? QString::fromUtf8(c.writerHost) : f.node;
        if (rankOffset.contains(node) && !ambiguousOffset.contains(node)) {
            rank = rankOffset.value(node) + c.localRank;
            id.rankFrom = Src::WorkerTable;
        }
    }
    if (rank < 0) {
        rank = f.rank;
        id.rankFrom = Src::File;
    }
    id.rank = rank;
    if (rank < 0)
        id.rankFrom = Src::None;

    // An appended log of a requeued job holds several runs, and a task may run on another node
    // in each: srun's placement in the run of a line (between two run boundaries) is where that
    // line's task ran.
    auto inRun = [&]() -> QString {
        if (c.slurmTask < 0 || f.runBoundaries.isEmpty())
            return {};
        const auto perFile = taskNodeInRun.constFind(fileId);
        if (perFile == taskNodeInRun.cend())
            return {};
        const qsizetype run = std::upper_bound(f.runBoundaries.cbegin(), f.runBoundaries.cend(), line) - f.runBoundaries.cbegin();
        return perFile->value({run, c.slurmTask});
    };
    if (f.attributionByHand && !f.node.isEmpty()) {
        id.node = f.node;
        id.nodeFrom = Src::ByHand;
    } else if (!c.writerHost.isEmpty()) {
        id.node = QString::fromUtf8(c.writerHost);
        id.nodeFrom = Src::LinePrefix;
    } else if (QString placed = inRun(); !placed.isEmpty()) {
        id.node = std::move(placed);
        id.nodeFrom = Src::SlurmTask;
    } else if (rank >= 0 && rankNode.contains(rank)) {
        id.node = rankNode.value(rank);
        id.nodeFrom = Src::RankNode;
    } else if (!f.node.isEmpty()) {
        id.node = f.node;
        id.nodeFrom = Src::File;
    } else {
        id.node = taskNode.value(c.slurmTask);
        id.nodeFrom = id.node.isEmpty() ? Src::None : Src::SlurmTask;
    }
    return id;
}

} // namespace rankscope::ingest
