// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>

#include <cstring>

namespace rankscope::ingest {

// Terminal colour codes in a line, for matching and for reading prefixes: the escape byte
// itself ("ESC [ … letter", two-byte escapes), and the "#033[" that rsyslog writes for it (it
// escapes control characters as '#' and three octal digits), as Ray's coloured "(raylet)"
// prefixes arrive through syslog. The file is left as it is, so the log view can still colour it.
namespace AnsiCodes {

inline bool escapedAt(const char *p, const char *end)
{
    return end - p >= 5 && std::memcmp(p, "#033", 4) == 0;
}

// Cheap test on every line.
inline bool present(QByteArrayView line)
{
    if (line.isEmpty())
        return false;
    if (std::memchr(line.data(), '\x1b', size_t(line.size())))
        return true;
    const char *p = line.data();
    const char *end = p + line.size();
    while ((p = static_cast<const char *>(std::memchr(p, '#', size_t(end - p))))) {
        if (escapedAt(p, end) && p[4] == '[')
            return true;
        ++p;
    }
    return false;
}

// The line without its colour codes (out is reused scratch).
inline void strip(QByteArrayView in, QByteArray &out)
{
    out.resize(0);
    out.reserve(in.size());
    const char *p = in.data();
    const char *end = p + in.size();
    while (p < end) {
        const bool esc = *p == '\x1b';
        if (esc || (*p == '#' && escapedAt(p, end))) {
            p += esc ? 1 : 4;
            if (p < end && *p == '[') {
                ++p;
                while (p < end && !(*p >= '@' && *p <= '~'))
                    ++p;
                if (p < end)
                    ++p;
            } else if (p < end) {
                ++p;
            }
            continue;
        }
        out.append(*p++);
    }
}

// The line as matched: without colour codes when it has any (scratch holds the copy).
inline QByteArrayView without(QByteArrayView in, QByteArray &scratch)
{
    if (!present(in))
        return in;
    strip(in, scratch);
    return QByteArrayView(scratch);
}

} // namespace AnsiCodes
} // namespace rankscope::ingest
