// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: ArchiveWalker (libarchive underneath: tar, zip, gz, zst, xz, bzip2 and one
// nested level) on an archive held in a scratch file. The visitor drains every member. What a
// user relies on is checked: a read never returns more than it was asked for, and the expanded
// bytes stay within the configured cap, so a bomb ends in a warning, not in memory.
#include "archivewalker.h"
#include "fuzzsupport.h"

#include <cstdlib>

using namespace rankscope;
using namespace rankscope::ingest;

namespace {

constexpr qint64 CapBytes = 64ll * 1024 * 1024;

IngestConfig smallCaps()
{
    IngestConfig c;
    c.maxUncompressedBytes = CapBytes;
    c.maxArchiveEntries = 10'000;
    return c;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const QString path = rankscope::fuzz::scratchPath(QStringLiteral(".bin"));
    static const IngestConfig config = smallCaps();
    if (!rankscope::fuzz::writeScratch(path, data, size))
        return 0;
    ArchiveWalker::Options options;
    options.config = &config;
    options.displayPath = QStringLiteral("fuzz.tar.gz");
    qint64 total = 0;
    Warnings warnings;
    ArchiveWalker::walk(path, options, [&](const QString &, qint64, const ArchiveWalker::ReadFn &read) {
        static char buf[64 * 1024];
        for (;;) {
            const qint64 n = read(buf, qint64(sizeof buf));
            if (n < 0 || n == 0)
                break;
            if (n > qint64(sizeof buf))
                std::abort();
            total += n;
            if (total > CapBytes + qint64(sizeof buf))
                std::abort();
        }
    }, warnings);
    return 0;
}
