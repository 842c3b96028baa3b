// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "timestampparser.h"

#include <QHash>
#include <QString>

#include <limits>

namespace rankscope::ingest {

// What completes the times that lines give only in part: a year for year-less stamps (from the
// bundle's own stamps, else the last twelve months) and a wall clock for seconds since boot (from
// the node's boot time). The ingest builds it from its samples and keeps it in IngestResult, so
// the log view completes the time of any line exactly as the ingest completed its events.
class TimeReference
{
public:
    static constexpr qint64 None = std::numeric_limits<qint64>::min(); // == NoTime

    TimeReference() = default;
    // referenceMs: a typical absolute time of the bundle (the median), None when no stamp has a
    // year; nowMs: when the analysis runs, so a guessed year never puts the incident in the future.
    TimeReference(qint64 referenceMs, qint64 nowMs);

    // The wall-clock time at which node booted, for its dmesg lines.
    void setBootTime(const QString &node, qint64 ms) { m_nodeBoot.insert(node, ms); }
    bool hasBootTime(const QString &node) const { return m_nodeBoot.contains(node); }
    qint64 bootTime(const QString &node) const { return m_nodeBoot.value(node, None); }

    // None when the time cannot be completed; node is that of the line's file.
    qint64 complete(const ParsedTime &t, const QString &node) const;

    qint64 referenceMs() const { return m_refTime; }
    int referenceYear() const { return m_refYear; }

private:
    qint64 m_refTime = None;
    qint64 m_nowMs = 0;
    int m_refYear = 1970;
    QHash<QString, qint64> m_nodeBoot;
};

} // namespace rankscope::ingest
