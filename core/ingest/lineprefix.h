// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "timestampparser.h"

#include <QByteArrayView>

namespace rankscope::ingest {

// What the stacked launcher prefixes of one physical line say (log-formats.md §0), outermost
// first: CRI / kubectl timestamps, [pod/…], pdsh "host: ", Slurm --label, Open MPI
// --tag-output, Ray "(Worker pid=…)", torchrun --tee "[default3]:", and torch's "[rank3]: " /
// "[rank3]:[". Note the trap: "[rankN]:" is the GLOBAL rank in torch's own prefixes but
// role + LOCAL rank when torchrun --tee writes it (--role rank); see parse().
struct LinePrefix
{
    int globalRank = -1;   // torch excepthook / c10 logger / torch._logging prefix
    int localRank = -1;    // torchrun --tee
    int slurmTask = -1;    // srun --label (task id == global rank for torchrun-less srun jobs)
    int slurmHetGroup = -1;
    int mpiRank = -1;      // Open MPI vpid
    int rayPid = -1;
    QByteArrayView rayIp;  // Ray "(Actor pid=N, ip=10.0.0.5)", "(raylet, ip=…)": the node by address
    QByteArrayView host;   // pdsh host
    QByteArrayView pod;    // kubectl --prefix pod name
    ParsedTime outerTime;  // CRI / kubectl UTC timestamp, the only cross-node anchor
    qsizetype contentOffset = 0; // where the message (after all prefixes) starts

    // bracketRanks: the file's lines carry MPICH / Intel MPI's "[N] " rank label (mpiexec
    // -prepend-rank / -l). Decided per file (FileScanner::detectBracketRanks), because a bare
    // "[N] " is as often a log viewer's line number or NCCL's device index.
    static LinePrefix parse(QByteArrayView line, bool bracketRanks = false);
};

// NCCL's own "host:pid:tid [dev] " prefix, optionally after its [%F %T] timestamp (NCCL >= 2.26).
// [dev] is the local CUDA ordinal, never the rank.
struct NcclPrefix
{
    QByteArrayView host;
    qint64 pid = -1;
    qint64 tid = -1;
    int cudaDev = -1;
    bool valid = false;

    static NcclPrefix parse(QByteArrayView content);
};

// "[Rank 3]" / "[PG 1 Rank 3]" / "[PG ID 0 PG GUID 0(default_pg) Rank 3]" inside a c10d message:
// the global rank of the process group that logs it. Returns -1 when absent.
int pgRankInMessage(QByteArrayView content);

// The host a line says it comes from, outside any launcher prefix: syslog and journal lines
// ("Feb 24 09:28:18 gpu-17 kernel: …", "2024-05-01T12:00:00+00:00 gpu-17 systemd[1]: …") and
// a shell prompt pasted with the output below it ("root@gpu-17:~# dmesg -T"). Empty when none.
QByteArrayView hostOfLine(QByteArrayView line);

} // namespace rankscope::ingest
