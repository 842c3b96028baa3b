// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "linerole.h"
#include "membercache.h"
#include "progress.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rankscope::ingest {

// What a line must look like to become an event. The ingest does not know the encyclopedia:
// the caller hands over the fingerprints (core/analysis builds them from core/kb), so the
// scanner stays a pure function of its input and this config.
struct FingerprintSpec
{
    using Role = LineRole;
    enum class Severity { Fatal, Error, Warning, Info };

    QString entryId;
    QString anchor;     // literal every match contains; the scanner looks for anchors first
    QString regex;      // PCRE2, run on the line after launcher prefixes are stripped
    double weight = 0.5;
    Role role = Role::Context;
    Severity severity = Severity::Info;
    bool caseless = false; // anchor in its case variants, regex case-insensitive
    bool partial = true;   // the anchor alone may fire it (reduced weight, no captures)
    QStringList suggests;  // entries usually behind this generic line (read by the analysis)
    QString pointsAt;      // which capture or relation names the culprit (read by the analysis)
    bool recovers = false; // the line says the entry's failure cleared (read by the analysis)
};

// A fingerprint fired by its anchor alone weighs this much of its declared weight.
inline constexpr double PartialMatchFactor = 0.7;
// Anchors shorter than this never fire alone: "nccl" or "loss" is in too many lines.
inline constexpr int MinPartialAnchor = 12;

// The user's word on who wrote a file, when the attribution got it wrong or found nothing.
struct FileAttributionOverride
{
    QString node; // empty: keep what the ingest found
    int rank = -1; // -1: keep what the ingest found
    friend bool operator==(const FileAttributionOverride &, const FileAttributionOverride &) = default;
};

// What the user set by hand (in a case, the corrections dialog or on the command line). It wins
// over what the ingest infers, and is applied again whenever the bundle is read.
struct ManualCorrections
{
    // Seconds to add to a node's local times.
    QHash<QString, double> clockOffsets;
    // Keyed by InputFile::path (relative to the opened root, "a.tar.gz!/x/y.log" in archives).
    QHash<QString, FileAttributionOverride> attribution;

    bool isEmpty() const { return clockOffsets.isEmpty() && attribution.isEmpty(); }
    friend bool operator==(const ManualCorrections &, const ManualCorrections &) = default;
};

struct IngestConfig
{
    QList<FingerprintSpec> fingerprints;

    // Safety caps for archives (zip bombs, millions of tiny members).
    qint64 maxUncompressedBytes = 256ll * 1024 * 1024 * 1024;
    // One member: 16 GiB of text is ten seconds of scanning; a gzip bomb (deflate stops near
    // 1000:1, under the ratio cap) would otherwise keep the tool busy for minutes.
    qint64 maxMemberBytes = 16ll * 1024 * 1024 * 1024;
    qint64 maxArchiveEntries = 2'000'000;
    // Files listed per bundle (plain files and archive members): each costs 2-3 KiB through the
    // analysis and the JSON output, so a tar of a million tiny members peaks near 600 MiB
    // instead of 2.7 GiB. A 16,384-rank bundle holds about 40,000 files.
    qint64 maxFiles = 200'000;
    // An archive member may expand at most this many times its compressed size once it is
    // larger than maxRatioFloorBytes (real logs compress ~10-30x; bombs by thousands).
    double maxCompressionRatio = 1000.0;
    qint64 maxRatioFloorBytes = 64ll * 1024 * 1024;

    // Lines longer than this are still indexed and scanned, but only this much is kept as event
    // text and shown in a view.
    int maxEventTextBytes = 4096;
    // Files larger than this are split across threads.
    qint64 parallelChunkBytes = 64ll * 1024 * 1024;
    // Inventories and placement listings (kubectl get pods) are kept in memory by the scan, so
    // that nothing after it reads the bundle again: an archive would be decoded once more per
    // member. A larger one is not read, with a warning naming it.
    qint64 maxKeptTextBytes = 16ll * 1024 * 1024;
    // Where the pass keeps the decoded text of archive members (and UTF-16 files) for the log
    // view, so opening one does not decode its archive again; unset: not kept (the command
    // line, which shows no lines). The workbench sets it.
    std::optional<MemberCache> memberCache;

    // File names in a folder that are answer keys of a test case, not logs (the real-incident
    // set's expected.json, the simulator's truth.json): skipped with a warning.
    QStringList answerKeyNames = {QStringLiteral("expected.json"), QStringLiteral("truth.json")};

    // "Now" for the year a year-less timestamp is given when nothing in the bundle has a year
    // (ms since the epoch; 0: the clock). The CLI takes SOURCE_DATE_EPOCH, so that reference
    // outputs stay the same from one year to the next.
    qint64 nowMs = 0;

    // Clock offsets and file attribution set by hand; they win over the estimates.
    ManualCorrections manual;
    int threads = 0; // 0: QThread::idealThreadCount()
};

} // namespace rankscope::ingest
