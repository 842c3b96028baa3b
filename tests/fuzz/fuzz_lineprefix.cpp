// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the launcher prefix parsers (LinePrefix, NcclPrefix, pgRankInMessage,
// hostOfLine) on every line of the input. Besides crashes it checks what callers rely on: every
// view a parser returns lies inside the line it was given, and the content offset is in range.
#include "fuzzsupport.h"
#include "lineprefix.h"

#include <cstdlib>

using namespace rankscope::ingest;

namespace {

void requireInside(QByteArrayView part, QByteArrayView line)
{
    if (part.isEmpty())
        return;
    if (part.data() < line.data() || part.data() + part.size() > line.data() + line.size())
        std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rankscope::fuzz::forEachLine(data, size, [](QByteArrayView line) {
        for (const bool bracket : {false, true}) {
            const LinePrefix p = LinePrefix::parse(line, bracket);
            if (p.contentOffset < 0 || p.contentOffset > line.size())
                std::abort();
            requireInside(p.host, line);
            requireInside(p.pod, line);
            requireInside(p.rayIp, line);
            const QByteArrayView content = line.sliced(p.contentOffset);
            const NcclPrefix n = NcclPrefix::parse(content);
            requireInside(n.host, content);
            if (pgRankInMessage(content) < -1)
                std::abort();
        }
        requireInside(hostOfLine(line), line);
    });
    return 0;
}
