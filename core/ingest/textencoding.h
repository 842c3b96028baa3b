// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QStringDecoder>

#include <functional>

namespace rankscope::ingest {

// The encodings a log arrives in. Everything is read as UTF-8 (ASCII and Latin-1 bytes pass
// through); UTF-16 with a byte-order mark is what Windows PowerShell's ">" and some Windows
// collectors write, and is decoded to UTF-8 as it is read, so the scan, the index and the log
// view all see the same UTF-8 text and number its lines alike.
enum class TextEncoding : quint8 { Utf8, Utf16LE, Utf16BE };

// What a file's first bytes say: a UTF-16 byte-order mark, or UTF-8.
TextEncoding encodingOfHead(QByteArrayView head);
QString encodingName(TextEncoding e);

// Turns the blocks of a stream in `encoding` into UTF-8 (the byte-order mark dropped), keeping
// the state of a character split between two blocks.
class Utf8Transcoder
{
public:
    explicit Utf8Transcoder(TextEncoding encoding);
    bool passThrough() const { return m_encoding == TextEncoding::Utf8; }
    QByteArray decode(QByteArrayView block);

private:
    TextEncoding m_encoding;
    QStringDecoder m_decoder;
};

// A read function (bytes into buf, 0 at the end, -1 on error) that yields the UTF-8 text of a
// stream read through `raw` in `encoding`. The same for plain files and archive members.
using ReadBytes = std::function<qint64(char *buf, qint64 max)>;
ReadBytes utf8Reader(ReadBytes raw, TextEncoding encoding);

} // namespace rankscope::ingest
