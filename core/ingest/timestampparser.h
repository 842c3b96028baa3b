// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArrayView>
#include <QtGlobal>

namespace rankscope::ingest {

// A time read from a log line, before the bundle-wide steps that complete it (a year for
// year-less formats, a boot time for dmesg, the node's clock offset).
struct ParsedTime
{
    enum class Kind : quint8 {
        None,
        Absolute,  // ms since the epoch; node-local wall time unless utc
        YearLess,  // c10 [E1218 …], glog < 0.7, syslog, vLLM: ms is yearLessKey()
        SinceBoot, // dmesg [12345.678901]: ms since the node booted
    };
    Kind kind = Kind::None;
    bool utc = false; // ISO with Z or an offset: the only cross-node anchor
    qint64 ms = 0;

    bool isValid() const { return kind != Kind::None; }
    static qint64 yearLessKey(int month, int day, qint64 msOfDay) { return (qint64(month) * 32 + day) * 86'400'000 + msOfDay; }
    // Completes a YearLess time with a year; -1 when month/day do not exist in that year.
    static qint64 resolveYear(qint64 key, int year);
};

// Reads every timestamp style of log-formats.md §7 without regular expressions (this runs on
// sampled lines of multi-GB files): ISO-8601 with/without zone, Python asctime with comma
// milliseconds, NCCL [%F %T], c10 [E1218 20:27:21.426415540 f:l], glog with and without year,
// torch._logging, syslog, dmesg seconds since boot and dmesg -T, elastic 2024-05-01_12:00:00,
// vLLM MM-DD, Slurm "CANCELLED AT <iso>". Never takes c10's 9-digit fraction as sub-seconds
// (it is CLOCK_MONOTONIC's).
class TimestampParser
{
public:
    static ParsedTime parse(QByteArrayView line);
    static qint64 epochMs(int year, int month, int day, qint64 msOfDay); // -1 on invalid date
};

} // namespace rankscope::ingest
