// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Internal to the ingest: what Ingestor's scan hands to the phases after it.
#pragma once

#include "filescanner.h"
#include "ingestconfig.h"
#include "ingestresult.h"
#include "regularfile.h"
#include "textencoding.h"
#include "warning.h"

#include <QList>
#include <QString>

#include <functional>

namespace rankscope::ingest {

// One scanned file (or chunk), as the scanning threads hand it back.
struct Scanned
{
    QString displayPath;
    QString diskPath;
    QString member;
    int chunkIndex = 0;
    quint32 kinds = KindUnknown;
    FileIdentity identity; // plain files: taken after the chunk was read, so appends are in it
    FileScan scan;
    QByteArray keptText; // inventories and placement listings, whole
    bool keptTooLarge = false;
    TextEncoding encoding = TextEncoding::Utf8;
    bool skipped = false;
};

// The ingest after the scan, in its phases: attribution (NCCL processes to ranks, then files,
// their ranks and nodes from lines, paths, launchers, Slurm and the user's corrections), the
// events with completed or inferred times and their rank and node, clock offsets between nodes,
// and the job's shape. It reads nothing: everything comes from the scans, which give up their
// raw events on the way. phaseDone(name) is called as each phase ends.
struct BundleAssembler
{
    static void assemble(QList<Scanned> &scanned, const IngestConfig &config, IngestResult &result, Warnings &warnings,
                         const std::function<void(const char *)> &phaseDone);
};

} // namespace rankscope::ingest
