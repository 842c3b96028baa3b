// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "linesource.h"

#include <QFuture>
#include <QRegularExpression>

class QThreadPool;

namespace rankscope::ui {

// Find in a log view's source, off the GUI thread: rows are read and matched in blocks and the
// job checks for cancellation between blocks, so a new search interrupts a running one at once
// (STYLE.md 9). Matching runs on the text as shown (ANSI codes removed), the whole line.
class LineSearch
{
public:
    struct Request
    {
        ingest::LineSourcePtr source;
        QRegularExpression pattern;
        qint64 row = 0;    // where to start
        int column = 0;    // forward: matches starting at or after it; backward: before it
        bool forward = true;
    };
    struct Hit
    {
        qint64 row = -1;   // -1: no match anywhere
        int start = 0;
        int length = 0;
        bool wrapped = false;
    };

    static constexpr qint64 BlockRows = 2048;

    // A literal or a regular expression; invalid patterns come back invalid (errorString()).
    static QRegularExpression makePattern(const QString &text, bool regex, bool caseSensitive);
    // Wraps around once. progress gets rows scanned; returning false stops with no hit.
    static Hit find(const Request &request, const ProgressCallback &progress = {});
    // In a QtConcurrent job: progress in per mille, cancel through the future.
    static QFuture<Hit> findAsync(Request request, QThreadPool *pool = nullptr);

    // Every match in every source (the incident's files, or a merged view), in order: the hit
    // count is exact, the list keeps the first maxHits (each hit row once, with its first match).
    struct FileHit
    {
        SourceRef origin;
        QString text;      // the line as shown, cut at 400 characters
        int start = 0;
        int length = 0;
    };
    struct AllHits
    {
        QList<FileHit> hits;
        qint64 total = 0;  // matching lines in all sources
        int sources = 0;   // sources with at least one
        bool cancelled = false;
    };
    static constexpr int MaxListedHits = 10000;
    static AllHits findAll(const QList<ingest::LineSourcePtr> &sources, const QRegularExpression &pattern,
                           int maxHits = MaxListedHits, const ProgressCallback &progress = {});
    static QFuture<AllHits> findAllAsync(QList<ingest::LineSourcePtr> sources, QRegularExpression pattern,
                                         int maxHits = MaxListedHits, QThreadPool *pool = nullptr);
};

} // namespace rankscope::ui
