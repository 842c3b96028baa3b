// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ingestresult.h"

#include <QByteArrayList>

#include <atomic>
#include <functional>

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
    // Whether a file can be read at its checkpoints' offsets (a plain UTF-8 file), or only as
    // a stream from its start (an archive member, UTF-16 text).
    static bool seekable(const InputFile &file) { return file.member.isEmpty() && file.encoding == TextEncoding::Utf8; }
    // Streams the file's text as the ingest read it, from its start, in blocks: a plain file
    // as it is, an archive member from its archive, UTF-16 decoded to UTF-8. sink returns false
    // to stop. Returns false (and says why in *error) when the file could not be read to the
    // end it was asked for.
    using Sink = std::function<bool(QByteArrayView block)>;
    static bool stream(const InputFile &file, const Sink &sink, const std::atomic<bool> *cancel = nullptr, QString *error = nullptr);
    // The lines of a text held in memory (InputFile::keptText), numbered as read() numbers them.
    static QByteArrayList split(const QByteArray &text, qsizetype maxLineBytes = 1 << 20);
};

} // namespace rankscope::ingest
