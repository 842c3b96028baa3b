// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ingestresult.h"
#include "sourceref.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

// `case` is a C++ keyword, hence `cases`.
namespace rankscope::cases {

using ingest::NoTime;

// What a case file stores: plain values with ==, so that a save/load round trip can be compared
// field by field and a view can tell whether anything changed since the last save. Nothing here
// refers to an AnalysisResult: a case outlives any one analysis and is re-applied to a fresh one.
// Paths (bookmarks, attribution, walkthrough) are relative to the opened root, as in every other
// part of RankScope, so they survive the bundle moving; times are corrected job times in ms.

// One input file of the bundle. root is what the user opened (a folder) or the folder holding an
// opened file or archive, so relocating the bundle rewrites roots and keeps relative paths.
struct CaseSource
{
    QString root;
    QString relativePath;
    qint64 bytes = 0;
    QByteArray fingerprint; // CaseSources::fingerprint(); empty when the file could not be read
    friend bool operator==(const CaseSource &, const CaseSource &) = default;
};

// A manual clock correction, as `--clock-offset NODE=SECONDS` on the command line.
struct ClockOffset
{
    QString node;
    double seconds = 0;
    friend bool operator==(const ClockOffset &, const ClockOffset &) = default;
};

// The user's word on who wrote a file when the attribution got it wrong or found nothing.
struct AttributionOverride
{
    QString path;
    QString node; // empty: keep what the analysis found
    int rank = -1; // -1: keep what the analysis found
    friend bool operator==(const AttributionOverride &, const AttributionOverride &) = default;
};

// A pinned log line. rank, node and time are copied when pinning so a list of bookmarks can be
// shown (and sorted) before the bundle has been analysed again.
struct Bookmark
{
    QString path;
    LineNumber line = 0;
    int rank = -1;
    QString node;
    qint64 timeMs = NoTime;
    QString label;
    QString note;
    friend bool operator==(const Bookmark &, const Bookmark &) = default;
};

// The user overruling the analysis: "it was rank 12, not rank 30, because …".
struct VerdictOverride
{
    bool active = false;
    int rank = -1;
    QString node;
    QString entry; // encyclopedia entry id
    QString reason;
    friend bool operator==(const VerdictOverride &, const VerdictOverride &) = default;
};

// One stop of a guided walkthrough for a colleague: a place in the logs and what to see there.
struct WalkthroughStep
{
    QString title;
    QString note;
    QString path;
    LineNumber line = 0;
    int rank = -1;
    QString node;
    qint64 timeMs = NoTime;
    QString role; // "initiating", "collateral" or "context", as in the JSON report's chain
    friend bool operator==(const WalkthroughStep &, const WalkthroughStep &) = default;
};

// The text of an incident pasted into the window (File → Paste Log): the case is its only copy.
struct PastedInput
{
    QString name; // file name in the pasted folder ("pasted-20261201-224500.log")
    QByteArray text;
    friend bool operator==(const PastedInput &, const PastedInput &) = default;
};

struct CaseData
{
    QString title;
    QList<CaseSource> sources;
    QList<ClockOffset> clockOffsets;
    QList<AttributionOverride> attribution;
    QString notes;
    QList<Bookmark> bookmarks;
    QStringList tags;
    VerdictOverride verdictOverride;
    QList<WalkthroughStep> walkthrough;
    QList<PastedInput> pasted;
    // Set by the caller: CaseFile::save() stores what it is given, so a round trip is exact.
    QDateTime created;
    QDateTime modified;
    friend bool operator==(const CaseData &, const CaseData &) = default;
};

} // namespace rankscope::cases
