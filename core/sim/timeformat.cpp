// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timeformat.h"

namespace rankscope::sim {

namespace {

const char *const monthNames[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
const char *const dayNames[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };

qint64 floorDiv(qint64 a, qint64 b)
{
    qint64 q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        --q;
    return q;
}

void two(OutFile &f, int v)
{
    f << char('0' + v / 10) << char('0' + v % 10);
}

} // namespace

TimeFormat::Civil TimeFormat::civil(qint64 us)
{
    // Successive lines mostly share a second; remember the last one.
    thread_local qint64 lastSec = -1;
    thread_local Civil last {};
    const qint64 sec = floorDiv(us, 1000000);
    const int micro = int(us - sec * 1000000);
    if (sec == lastSec) {
        Civil c = last;
        c.micro = micro;
        return c;
    }
    const qint64 days = floorDiv(sec, 86400);
    const qint64 rem = sec - days * 86400;
    // Howard Hinnant's days_to_civil.
    const qint64 z = days + 719468;
    const qint64 era = (z >= 0 ? z : z - 146096) / 146097;
    const qint64 doe = z - era * 146097;
    const qint64 yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    qint64 y = yoe + era * 400;
    const qint64 doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const qint64 mp = (5 * doy + 2) / 153;
    const int d = int(doy - (153 * mp + 2) / 5 + 1);
    const int m = int(mp < 10 ? mp + 3 : mp - 9);
    if (m <= 2)
        ++y;
    Civil c { int(y), m, d, int(rem / 3600), int(rem / 60 % 60), int(rem % 60), micro, int(((days + 4) % 7 + 7) % 7) };
    lastSec = sec;
    last = c;
    return c;
}

qint64 TimeFormat::fromCivil(int year, int month, int day, int hour, int minute, int second)
{
    const qint64 y = year - (month <= 2 ? 1 : 0);
    const qint64 era = (y >= 0 ? y : y - 399) / 400;
    const qint64 yoe = y - era * 400;
    const qint64 doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    const qint64 doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    const qint64 days = era * 146097 + doe - 719468;
    return ((days * 86400) + hour * 3600 + minute * 60 + second) * 1000000;
}

void TimeFormat::date(OutFile &f, qint64 us, char sep)
{
    const Civil c = civil(us);
    f << c.year << sep;
    two(f, c.month);
    f << sep;
    two(f, c.day);
}

void TimeFormat::clock(OutFile &f, qint64 us)
{
    const Civil c = civil(us);
    two(f, c.hour);
    f << ':';
    two(f, c.minute);
    f << ':';
    two(f, c.second);
}

void TimeFormat::isoSeconds(OutFile &f, qint64 us, char sep)
{
    date(f, us);
    f << sep;
    clock(f, us);
}

void TimeFormat::asctime(OutFile &f, qint64 us)
{
    isoSeconds(f, us, ' ');
    f << ',' << OutFile::Pad { civil(us).micro / 1000, 3 };
}

void TimeFormat::ncclStamp(OutFile &f, qint64 us)
{
    f << '[';
    isoSeconds(f, us, ' ');
    f << "] ";
}

void TimeFormat::c10(OutFile &f, qint64 us, char level, quint32 ns)
{
    const Civil c = civil(us);
    f << level << (c.month * 100 + c.day) << ' ';
    clock(f, us);
    f << '.' << OutFile::Pad { qint64(ns % 1000000000u), 9 };
}

void TimeFormat::glog(OutFile &f, qint64 us, char level)
{
    const Civil c = civil(us);
    f << level;
    two(f, c.month);
    two(f, c.day);
    f << ' ';
    clock(f, us);
    f << '.' << OutFile::Pad { c.micro, 6 };
}

void TimeFormat::glogMicrosZero(OutFile &f, qint64 us, char level)
{
    const Civil c = civil(us);
    f << level;
    two(f, c.month);
    two(f, c.day);
    f << ' ';
    clock(f, us);
    f << '.' << OutFile::Pad { (c.micro / 1000) * 1000, 6 };
}

void TimeFormat::ctime(OutFile &f, qint64 us)
{
    const Civil c = civil(us);
    f << dayNames[c.weekday] << ' ' << monthNames[c.month - 1] << ' ' << OutFile::Pad { c.day, 2, ' ' } << ' ';
    clock(f, us);
    f << ' ' << c.year;
}

void TimeFormat::journal(OutFile &f, qint64 us)
{
    const Civil c = civil(us);
    f << monthNames[c.month - 1] << ' ';
    two(f, c.day);
    f << ' ';
    clock(f, us);
}

void TimeFormat::rfc3339Nano(OutFile &f, qint64 us, quint32 extraNs)
{
    isoSeconds(f, us);
    f << '.' << OutFile::Pad { civil(us).micro, 6 } << OutFile::Pad { qint64(extraNs % 1000u), 3 } << 'Z';
}

void TimeFormat::httpDate(OutFile &f, qint64 us)
{
    const Civil c = civil(us);
    f << dayNames[c.weekday] << ", ";
    two(f, c.day);
    f << ' ' << monthNames[c.month - 1] << ' ' << c.year << ' ';
    clock(f, us);
    f << " +0000";
}

void TimeFormat::bootSeconds(OutFile &f, qint64 usSinceBoot)
{
    if (usSinceBoot < 0)
        usSinceBoot = 0;
    f << '[' << OutFile::Pad { usSinceBoot / 1000000, 5, ' ' } << '.' << OutFile::Pad { usSinceBoot % 1000000, 6 }
      << ']';
}

QByteArray TimeFormat::isoMillis(qint64 us)
{
    const Civil c = civil(us);
    QByteArray out(23, '0');
    char *p = out.data();
    auto put = [&p](int v, int w) {
        for (int i = w - 1; i >= 0; --i) {
            p[i] = char('0' + v % 10);
            v /= 10;
        }
        p += w;
    };
    put(c.year, 4);
    *p++ = '-';
    put(c.month, 2);
    *p++ = '-';
    put(c.day, 2);
    *p++ = 'T';
    put(c.hour, 2);
    *p++ = ':';
    put(c.minute, 2);
    *p++ = ':';
    put(c.second, 2);
    *p++ = '.';
    put(c.micro / 1000, 3);
    return out;
}

} // namespace rankscope::sim
