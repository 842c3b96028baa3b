// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the encyclopedia entry parser (front matter, sections, fingerprints and
// their regular expressions). User overlays are entries people write by hand, so any text must
// end in an entry or warnings, and an entry the parser calls sound must survive validateSet().
#include "entryparser.h"

#include <QByteArray>
#include <QString>

#include <cstdint>

using namespace rankscope::kb;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray text(reinterpret_cast<const char *>(data), qsizetype(size));
    const EntryParser::Result r = EntryParser::parse(text, QStringLiteral("fuzz.md"));
    if (r.entry)
        (void)EntryParser::validateSet({*r.entry});
    return 0;
}
