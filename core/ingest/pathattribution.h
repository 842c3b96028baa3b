// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArrayView>
#include <QList>
#include <QString>

namespace rankscope::ingest {

// What a file's path says about who wrote it, as engineers lay bundles out: torchrun --log-dir
// (<run>/attempt_<n>/<local_rank>/stdout.log), rank-3.log / rank3.out, worker-3, Kubernetes pod
// names (job-worker-3), NCCL_DEBUG_FILE (nccl.<host>.<pid>) and per-node folders.
struct PathAttribution
{
    QString node;        // from a per-node folder, a pod name or an NCCL_DEBUG_FILE name
    int globalRank = -1;
    int localRank = -1;
    QString ncclHost;
    qint64 ncclPid = -1;

    static PathAttribution parse(const QString &relativePath);
    // True for folder names that are layout, not hosts (logs, attempt_0, 3, torchelastic_x …).
    static bool isLayoutFolder(const QString &name);
    // Slurm's --output patterns name files by task id among other fields (%j-%t.out,
    // train_%j_%t.log): in a folder whose file names differ in one number only, and that number
    // runs from 0 without repeats, it is the task id. One entry per path, -1 where none.
    static QList<int> taskIdsFromNames(const QStringList &relativePaths);
};

// What a file holds, decided from its first 64 KiB (content first, name second). A file may
// mix kinds, so the result is a set of FileKind flags.
struct FileKindDetector
{
    static quint32 detect(const QString &relativePath, QByteArrayView head);
    static bool looksBinary(QByteArrayView head);
};

} // namespace rankscope::ingest
