// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ingestresult.h"
#include "linebreaks.h"

#include <QByteArrayList>

#include <algorithm>

namespace rankscope::ingest {

// Collects lines [first, last) (1-based) from a byte stream that starts at line `line`, each
// cut at maxBytes. Lines end where LineBreaks says, as in the scan that numbered them.
struct LineCollector
{
    qint64 line;
    qint64 first;
    qint64 last; // exclusive
    qsizetype maxBytes;
    QByteArrayList out;
    QByteArray current;
    bool done = false;
    LineBreaks breaks;

    void feed(const char *p, qint64 n)
    {
        if (done)
            return;
        breaks.split(QByteArrayView(p, n), [this](QByteArrayView content, qsizetype, bool ends) {
            if (done)
                return;
            if (line >= first && current.size() < maxBytes)
                current.append(content.data(), std::min<qsizetype>(content.size(), maxBytes - current.size()));
            if (ends) {
                if (line >= first)
                    out.append(current);
                current.clear();
                if (++line >= last)
                    done = true;
            }
        });
    }
    void finish()
    {
        if (!done && line >= first && line < last && breaks.openLine())
            out.append(current);
    }
};

// Builds a checkpoint index (every CheckpointStride-th line) over a byte stream.
struct LineIndexer
{
    QList<Checkpoint> index{Checkpoint{1, 0}};
    qint64 offset = 0;
    qint64 ended = 0; // lines ended so far
    LineBreaks breaks;

    void feed(const char *p, qint64 n)
    {
        breaks.split(QByteArrayView(p, n), [this](QByteArrayView content, qsizetype terminator, bool ends) {
            offset += content.size() + terminator;
            if (ends && (++ended) % CheckpointStride == 0)
                index.append({ended + 1, offset});
        });
    }
    qint64 lines() const { return ended + (breaks.openLine() ? 1 : 0); }
    void finish()
    {
        // A checkpoint for a line that does not exist (after a final newline) would point past the end.
        while (!index.isEmpty() && index.last().line > lines() && index.size() > 1)
            index.removeLast();
    }
};

} // namespace rankscope::ingest
