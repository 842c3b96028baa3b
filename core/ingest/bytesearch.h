// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArrayView>

#include <cstring>
#include <string.h> // memmem

namespace rankscope::ingest {

// Offset of the first occurrence of needle in haystack at or after from, or -1; the same answer
// as QByteArrayView::indexOf. Qt 6.4 searches byte by byte (a rolling hash or Boyer-Moore), which
// made the file-kind probes over each file's 64 KiB head and the per-line probes of sampled
// lines a sixth of the ingest; glibc's memmem and memchr skip ahead with vector loads.
inline qsizetype findBytes(QByteArrayView haystack, QByteArrayView needle, qsizetype from = 0)
{
    if (from < 0 || from > haystack.size())
        return -1;
    if (needle.isEmpty())
        return from;
    if (needle.size() > haystack.size() - from)
        return -1; // also keeps null and empty ranges away from memchr and memmem
    const void *hit = needle.size() == 1
                          ? std::memchr(haystack.data() + from, needle.front(), size_t(haystack.size() - from))
                          : ::memmem(haystack.data() + from, size_t(haystack.size() - from), needle.data(), size_t(needle.size()));
    return hit ? static_cast<const char *>(hit) - haystack.data() : -1;
}

inline bool containsBytes(QByteArrayView haystack, QByteArrayView needle)
{
    return findBytes(haystack, needle) >= 0;
}

} // namespace rankscope::ingest
