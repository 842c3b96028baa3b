// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "outfile.h"

#include <QByteArray>

namespace rankscope::sim {

// Simulated time is microseconds since the Unix epoch on the node's own (possibly skewed) clock,
// rendered as local time without a zone. These are the timestamp shapes of log-formats.md §7,
// written straight into an OutFile; the calendar maths is integer-only and ignores the host's
// time zone, so bundles are identical everywhere.
class TimeFormat
{
public:
    struct Civil
    {
        int year, month, day, hour, minute, second, micro, weekday; // weekday 0 = Sunday
    };

    static Civil civil(qint64 us);
    static qint64 fromCivil(int year, int month, int day, int hour, int minute, int second);

    static void date(OutFile &f, qint64 us, char sep = '-'); // 2024-06-01
    static void clock(OutFile &f, qint64 us); // 10:22:33
    static void isoSeconds(OutFile &f, qint64 us, char sep = 'T'); // 2024-06-01T10:22:33
    static void asctime(OutFile &f, qint64 us); // 2024-06-01 10:22:33,123
    static void ncclStamp(OutFile &f, qint64 us); // [2024-06-01 10:22:33]
    static void c10(OutFile &f, qint64 us, char level, quint32 ns); // E601 10:22:33.123456789
    static void glog(OutFile &f, qint64 us, char level); // E0601 10:22:33.123456
    static void glogMicrosZero(OutFile &f, qint64 us, char level); // E0601 10:22:33.123000 (torch logging)
    static void ctime(OutFile &f, qint64 us); // Sat Jun  1 10:22:33 2024
    static void journal(OutFile &f, qint64 us); // Jun 01 10:22:33
    static void rfc3339Nano(OutFile &f, qint64 us, quint32 extraNs); // 2024-06-01T10:22:33.123456789Z
    static void httpDate(OutFile &f, qint64 us); // Sat, 01 Jun 2024 10:22:33 +0000
    static void bootSeconds(OutFile &f, qint64 usSinceBoot); // [ 8123.456789]
    static QByteArray isoMillis(qint64 us); // 2024-06-01T10:22:33.123
};

} // namespace rankscope::sim
