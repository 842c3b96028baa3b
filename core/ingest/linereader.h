// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ingestresult.h"

#include <QByteArrayList>

namespace rankscope::ingest {

// Fetches lines of an ingested file on demand through its checkpoint index, so a view of a
// multi-GB file reads only what is visible. Archive members are streamed from their archive
// (a compressed stream cannot seek); the log view adds a decompressed cache on top.
class LineReader
{
public:
    // Lines [first, first + count) (1-based), without their line ends. Fewer when the file is
    // shorter; long lines are cut at maxLineBytes.
    static QByteArrayList read(const InputFile &file, qint64 first, qint64 count, qsizetype maxLineBytes = 1 << 20);
    // The lines of a text held in memory (InputFile::keptText), numbered as read() numbers them.
    static QByteArrayList split(const QByteArray &text, qsizetype maxLineBytes = 1 << 20);
};

} // namespace rankscope::ingest
