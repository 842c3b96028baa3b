// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "lineprefix.h"

#include <QByteArray>
#include <QByteArrayView>

namespace rankscope::ingest {

// What one line says about its writer, read from its launcher prefixes and its message: the
// raw claims, before the bundle's joins (NCCL process tables, where ranks ran, Slurm layouts)
// turn them into a rank and a node (IdentityRules). The scan keeps these for every event line;
// the log view reads them again for any other line, so both apply the same rules to the same
// claims.
struct LineClaims
{
    int prefixRank = -1;        // [rankN] prefix, else the Slurm label, else the MPI vpid
    int slurmTask = -1;         // the srun --label task id, whatever the rank
    bool rankFromTask = false;  // prefixRank is only that task id (no [rankN] on the line)
    bool taskIsAgent = false;   // the task label stands over other rank numbers (torchrun under srun)
    int localRank = -1;         // torchrun --tee "[default3]:"
    int pgRank = -1;            // "[PG … Rank N]" inside the message
    int rayPid = -1;            // Ray's "(Actor pid=N…)"
    QByteArray writerHost;      // NCCL's host, else the pod, else pdsh's host, else Ray's address
    qint64 writerPid = -1;      // NCCL's pid (or Ray's, with its address)
    bool ncclPrefix = false;    // writerHost and writerPid are NCCL's own "host:pid:tid" prefix

    static LineClaims of(const LinePrefix &prefix, QByteArrayView content);

    // pdsh's "host: " and an exception's "torch.multiprocessing.ProcessExitedException: " look
    // alike; a host is not a Python class name, an image tag or a version.
    static bool plausibleHost(QByteArrayView host);
    // "3: [rank13]: …" or "3: [default1]: …": srun's task label over another rank number or over
    // torchrun's local-rank prefix, so the task is a node's torchrun agent, not a rank.
    static bool taskLabelsAnAgent(const LinePrefix &prefix)
    {
        return prefix.slurmTask >= 0 && ((prefix.globalRank >= 0 && prefix.globalRank != prefix.slurmTask) || prefix.localRank >= 0);
    }
};

} // namespace rankscope::ingest
