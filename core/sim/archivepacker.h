// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "simconfig.h"

#include <QString>
#include <QStringList>

namespace rankscope::sim {

// Packs a written bundle into one tar.gz or zip with libarchive, streaming each file in 1 MiB
// chunks. Entries are sorted and carry a fixed time and owner, and the gzip header has no time
// stamp, so the archive is byte-identical for the same seed.
class ArchivePacker
{
public:
    // Returns an error message, empty on success.
    static QString pack(const QString &root, const QStringList &files, const QString &archivePath,
        SimConfig::Archive kind, qint64 mtimeSeconds);
};

} // namespace rankscope::sim
