// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "progress.h"

#include <QHash>
#include <QList>
#include <QString>

namespace rankscope::ingest {

// What a line must look like to become an event. The ingest does not know the encyclopedia:
// the caller hands over the fingerprints (core/analysis builds them from core/kb), so the
// scanner stays a pure function of its input and this config.
struct FingerprintSpec
{
    enum class Role { Initiating, Collateral, Context };
    enum class Severity { Fatal, Error, Warning, Info };

    QString entryId;
    QString anchor;     // literal every match contains; the scanner looks for anchors first
    QString regex;      // PCRE2, run on the line after launcher prefixes are stripped
    double weight = 0.5;
    Role role = Role::Context;
    Severity severity = Severity::Info;
};

struct IngestConfig
{
    QList<FingerprintSpec> fingerprints;

    // Safety caps for archives (zip bombs, millions of tiny members).
    qint64 maxUncompressedBytes = 256ll * 1024 * 1024 * 1024;
    qint64 maxArchiveEntries = 2'000'000;
    // An archive member may expand at most this many times its compressed size once it is
    // larger than maxRatioFloorBytes (real logs compress ~10-30x; bombs by thousands).
    double maxCompressionRatio = 1000.0;
    qint64 maxRatioFloorBytes = 64ll * 1024 * 1024;

    // Lines longer than this are still indexed and scanned, but only this much is kept as event
    // text and shown in a view.
    int maxEventTextBytes = 4096;
    // Files larger than this are split across threads.
    qint64 parallelChunkBytes = 64ll * 1024 * 1024;

    // Clock offsets set by hand (seconds to add to the node's local times); they win over
    // the estimate.
    QHash<QString, double> clockOffsetOverrides;
    int threads = 0; // 0: QThread::idealThreadCount()
};

} // namespace rankscope::ingest
