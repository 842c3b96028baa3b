// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: TimestampParser on every line of the input. A parsed time must describe a
// real place in the line and, when it carries a full date, convert back to a valid epoch.
#include "fuzzsupport.h"
#include "timestampparser.h"

#include <cstdlib>

using namespace rankscope::ingest;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rankscope::fuzz::forEachLine(data, size, [](QByteArrayView line) {
        const ParsedTime t = TimestampParser::parse(line);
        switch (t.kind) {
        case ParsedTime::Kind::None:
            break;
        case ParsedTime::Kind::YearLess: {
            // month * 32 + day, then ms of the day: a key outside January 1 … December 31
            // would be a month or day the parser should have refused.
            const qint64 day = t.ms / 86'400'000;
            if (t.ms < 0 || day / 32 < 1 || day / 32 > 12 || day % 32 < 1)
                std::abort();
            if (ParsedTime::resolveYear(t.ms, 2024) < -1)
                std::abort();
            break;
        }
        case ParsedTime::Kind::SinceBoot:
            if (t.ms < 0)
                std::abort();
            break;
        case ParsedTime::Kind::Absolute:
            break;
        }
    });
    return 0;
}
