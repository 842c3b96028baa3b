// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ingestconfig.h"
#include "warning.h"

#include <QString>

#include <atomic>
#include <functional>

namespace rankscope::ingest {

// Streams the members of an archive (tar, tar.gz/tgz, tar.zst, tar.xz, zip) or of a single
// compressed file (.gz, .zst, .xz) through libarchive, in place: nothing is extracted to disk.
// One level of nested archive is opened the same way, reading from the outer stream.
// Enforces the caps of IngestConfig (total bytes, entry count, compression ratio) so a zip bomb
// ends with a clear warning instead of filling memory or running for hours.
class ArchiveWalker
{
public:
    // Reads the next block of the current member into buf; returns bytes read, 0 at its end,
    // -1 on error (the walker adds the warning).
    using ReadFn = std::function<qint64(char *buf, qint64 max)>;
    // Called for each regular member: its path inside the archive (nested: "inner.tar!/x"), its
    // declared size (-1 when unknown) and a reader. The visitor reads as much as it wants.
    using Visitor = std::function<void(const QString &member, qint64 size, const ReadFn &read)>;

    struct Options
    {
        const IngestConfig *config = nullptr;
        QString displayPath; // the archive as the user sees it, for warnings
        const std::atomic<bool> *cancel = nullptr;
    };

    static bool isArchiveName(const QString &name);
    // What the first bytes of a file say: gzip, zstd, xz, bzip2, zip or tar magic. A file named
    // like an archive that holds plain text (a log saved as "train.tar.gz") is read as text.
    static bool hasArchiveMagic(QByteArrayView head);
    // Returns false when the file is not an archive libarchive can read (nothing was visited).
    static bool walk(const QString &diskPath, const Options &options, const Visitor &visit, Warnings &warnings);
};

} // namespace rankscope::ingest
