// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timestampparser.h"

#include "bytesearch.h"

#include <QDate>

#include <cstring>

namespace rankscope::ingest {

namespace {

struct Cursor
{
    const char *p;
    const char *end;

    bool atEnd() const { return p >= end; }
    char peek(qsizetype k = 0) const { return p + k < end ? p[k] : '\0'; }
    bool isDigit(qsizetype k = 0) const { return p + k < end && p[k] >= '0' && p[k] <= '9'; }
    // Reads exactly n digits.
    bool digits(int n, int &value)
    {
        if (end - p < n)
            return false;
        int v = 0;
        for (int i = 0; i < n; ++i) {
            if (p[i] < '0' || p[i] > '9')
                return false;
            v = v * 10 + (p[i] - '0');
        }
        value = v;
        p += n;
        return true;
    }
    bool lit(char c)
    {
        if (p < end && *p == c) {
            ++p;
            return true;
        }
        return false;
    }
};

// HH:MM:SS -> ms of day
bool timeOfDay(Cursor &c, qint64 &ms)
{
    int h, m, s;
    if (!c.digits(2, h) || !c.lit(':') || !c.digits(2, m) || !c.lit(':') || !c.digits(2, s))
        return false;
    if (h > 23 || m > 59 || s > 60)
        return false;
    ms = (qint64(h) * 3600 + m * 60 + s) * 1000;
    return true;
}

// .123 / ,123 / .123456789 -> adds milliseconds
void fraction(Cursor &c, qint64 &ms)
{
    if (!(c.peek() == '.' || c.peek() == ',') || !c.isDigit(1))
        return;
    ++c.p;
    int digitsRead = 0;
    int value = 0;
    while (c.isDigit()) {
        if (digitsRead < 3) {
            value = value * 10 + (*c.p - '0');
        }
        ++digitsRead;
        ++c.p;
    }
    for (int k = digitsRead; k < 3; ++k)
        value *= 10;
    ms += value;
}

int monthFromName(const char *p)
{
    static const char names[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
    for (int i = 0; i < 12; ++i) {
        if (std::memcmp(p, names + i * 3, 3) == 0)
            return i + 1;
    }
    return 0;
}

// YYYY-MM-DD[T _]HH:MM:SS[.frac|,mmm][Z|+hh:mm|-hhmm]
bool isoAt(Cursor c, ParsedTime &out)
{
    int y, mo, d;
    if (!c.digits(4, y) || !c.lit('-') || !c.digits(2, mo) || !c.lit('-') || !c.digits(2, d))
        return false;
    if (!(c.lit('T') || c.lit(' ') || c.lit('_')))
        return false;
    qint64 tod;
    if (!timeOfDay(c, tod))
        return false;
    fraction(c, tod);
    const qint64 base = TimestampParser::epochMs(y, mo, d, tod);
    if (base < 0)
        return false;
    out.kind = ParsedTime::Kind::Absolute;
    out.ms = base;
    out.utc = false;
    if (c.lit('Z')) {
        out.utc = true;
    } else if ((c.peek() == '+' || c.peek() == '-') && c.isDigit(1) && c.isDigit(2)) {
        const int sign = c.peek() == '+' ? 1 : -1;
        ++c.p;
        int oh = 0, om = 0;
        c.digits(2, oh);
        c.lit(':');
        if (c.isDigit())
            c.digits(2, om);
        out.ms -= sign * (qint64(oh) * 60 + om) * 60'000;
        out.utc = true;
    }
    return true;
}

// [FEWIV]MMDD HH:MM:SS.fraction (c10 inside '[', glog/torch._logging at line start),
// or glog >= 0.7 [IWEF]YYYYMMDD HH:MM:SS.ffffff
bool glogAt(Cursor c, ParsedTime &out)
{
    const char lvl = c.peek();
    if (!(lvl == 'F' || lvl == 'E' || lvl == 'W' || lvl == 'I' || lvl == 'V' || lvl == 'C'))
        return false;
    ++c.p;
    int n = 0;
    while (c.isDigit(n))
        ++n;
    if (c.peek(n) != ' ' || !(n == 3 || n == 4 || n == 8))
        return false;
    int year = 0, md = 0;
    if (n == 8) {
        c.digits(4, year);
        c.digits(4, md);
    } else {
        c.digits(n, md);
    }
    c.lit(' ');
    qint64 tod;
    if (!timeOfDay(c, tod))
        return false;
    // c10's 9-digit fraction is CLOCK_MONOTONIC nanoseconds, not wall-clock sub-seconds.
    int frac = 0;
    if (c.peek() == '.') {
        const char *f = c.p + 1;
        while (f < c.end && *f >= '0' && *f <= '9')
            ++f;
        frac = int(f - c.p - 1);
        if (frac == 6) {
            Cursor fc{c.p, c.end};
            fraction(fc, tod);
        }
    }
    const int month = md / 100, day = md % 100;
    if (month < 1 || month > 12 || day < 1 || day > 31)
        return false;
    if (year) {
        const qint64 ms = TimestampParser::epochMs(year, month, day, tod);
        if (ms < 0)
            return false;
        out = {ParsedTime::Kind::Absolute, false, ms};
    } else {
        out = {ParsedTime::Kind::YearLess, false, ParsedTime::yearLessKey(month, day, tod)};
    }
    return true;
}

// Feb 14 05:03:41 (syslog/journal)
bool syslogAt(Cursor c, ParsedTime &out)
{
    if (c.end - c.p < 15)
        return false;
    const int month = monthFromName(c.p);
    if (!month || c.p[3] != ' ')
        return false;
    c.p += 4;
    if (c.peek() == ' ')
        ++c.p;
    int day = 0;
    if (c.isDigit(1)) {
        if (!c.digits(2, day))
            return false;
    } else if (!c.digits(1, day)) {
        return false;
    }
    // Without a year there is no QDate to refuse the day, so the range is checked here: a
    // "Mar  0" or "Mar 45" is text that happens to follow a month name.
    if (day < 1 || day > 31 || !c.lit(' '))
        return false;
    qint64 tod;
    if (!timeOfDay(c, tod))
        return false;
    out = {ParsedTime::Kind::YearLess, false, ParsedTime::yearLessKey(month, day, tod)};
    return true;
}

// Fri Aug 30 11:43:09 2024 (dmesg -T, ctime, nvidia-smi)
bool ctimeAt(Cursor c, ParsedTime &out)
{
    if (c.end - c.p < 24 || c.p[3] != ' ')
        return false;
    c.p += 4;
    const int month = monthFromName(c.p);
    if (!month)
        return false;
    c.p += 4;
    while (c.peek() == ' ')
        ++c.p;
    int day = 0;
    if (c.isDigit(1)) {
        if (!c.digits(2, day))
            return false;
    } else if (!c.digits(1, day)) {
        return false;
    }
    if (!c.lit(' '))
        return false;
    qint64 tod;
    if (!timeOfDay(c, tod) || !c.lit(' '))
        return false;
    int year;
    if (!c.digits(4, year))
        return false;
    const qint64 ms = TimestampParser::epochMs(year, month, day, tod);
    if (ms < 0)
        return false;
    out = {ParsedTime::Kind::Absolute, false, ms};
    return true;
}

// [  12345.678901] (dmesg)
bool dmesgAt(Cursor c, ParsedTime &out)
{
    if (!c.lit('['))
        return false;
    while (c.peek() == ' ')
        ++c.p;
    qint64 secs = 0;
    int n = 0;
    // Ten digits are three centuries of uptime; more is not a dmesg stamp (and would overflow).
    while (c.isDigit() && n < 10) {
        secs = secs * 10 + (*c.p - '0');
        ++c.p;
        ++n;
    }
    if (!n || !c.lit('.'))
        return false;
    int us;
    if (!c.digits(6, us) || !c.lit(']'))
        return false;
    out = {ParsedTime::Kind::SinceBoot, false, secs * 1000 + us / 1000};
    return true;
}

// vLLM: "INFO 04-20 19:27:52 ["
bool vllmAt(Cursor c, ParsedTime &out)
{
    int mo, d;
    if (!c.digits(2, mo) || !c.lit('-') || !c.digits(2, d) || !c.lit(' '))
        return false;
    qint64 tod;
    if (!timeOfDay(c, tod) || mo < 1 || mo > 12 || d < 1 || d > 31)
        return false;
    out = {ParsedTime::Kind::YearLess, false, ParsedTime::yearLessKey(mo, d, tod)};
    return true;
}

} // namespace

qint64 ParsedTime::resolveYear(qint64 key, int year)
{
    const qint64 msOfDay = key % 86'400'000;
    const qint64 md = key / 86'400'000;
    return TimestampParser::epochMs(year, int(md / 32), int(md % 32), msOfDay);
}

qint64 TimestampParser::epochMs(int year, int month, int day, qint64 msOfDay)
{
    const QDate date(year, month, day);
    if (!date.isValid())
        return -1;
    return (date.toJulianDay() - 2440588) * 86'400'000 + msOfDay;
}

ParsedTime TimestampParser::parse(QByteArrayView line)
{
    ParsedTime t;
    const char *begin = line.data();
    const char *end = begin + line.size();
    if (begin == end)
        return t;
    const Cursor start{begin, end};

    // At the start of the line.
    if (isoAt(start, t) || glogAt(start, t) || dmesgAt(start, t) || syslogAt(start, t) || ctimeAt(start, t))
        return t;
    if (start.peek() == '[') {
        const Cursor in{begin + 1, end};
        if (isoAt(in, t) || glogAt(in, t) || ctimeAt(in, t))
            return t;
    }

    // Inside the line: the first bracketed c10 stamp "[E1218 …", or the first ISO date, or
    // a vLLM "LEVEL MM-DD". Bounded to the line's head: a timestamp deep inside a message (a
    // path, a checkpoint name) is not the line's time, except Slurm's "CANCELLED AT <iso>".
    const qsizetype head = std::min<qsizetype>(line.size(), 160);
    for (qsizetype i = 1; i + 8 < head; ++i) {
        const char ch = begin[i];
        if (ch == '[' && glogAt(Cursor{begin + i + 1, end}, t))
            return t;
        if (ch == '|' && isoAt(Cursor{begin + i + 1, end}, t))
            return t;
        if ((ch == '2' || ch == '1') && (begin[i - 1] == ' ' || begin[i - 1] == '[' || begin[i - 1] == '|')
            && isoAt(Cursor{begin + i, end}, t))
            return t;
        if (ch == ' ' && i < 12 && vllmAt(Cursor{begin + i + 1, end}, t))
            return t;
    }
    const qsizetype at = findBytes(line, " AT ");
    if (at > 0 && isoAt(Cursor{begin + at + 4, end}, t))
        return t;
    // torchrun error.json: "timestamp": "1714564800" (epoch seconds, a string)
    const qsizetype ts = findBytes(line, "\"timestamp\": \"");
    if (ts >= 0) {
        Cursor c{begin + ts + 14, end};
        qint64 secs = 0;
        int n = 0;
        while (c.isDigit() && n < 12) {
            secs = secs * 10 + (*c.p - '0');
            ++c.p;
            ++n;
        }
        if (n == 10 && c.peek() == '"')
            return {ParsedTime::Kind::Absolute, true, secs * 1000};
    }
    return ParsedTime();
}

} // namespace rankscope::ingest
