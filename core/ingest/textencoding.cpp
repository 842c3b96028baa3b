// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "textencoding.h"

#include <algorithm>
#include <cstring>
#include <memory>

using namespace Qt::StringLiterals;

namespace rankscope::ingest {

TextEncoding encodingOfHead(QByteArrayView head)
{
    if (head.size() >= 2) {
        const auto b0 = static_cast<unsigned char>(head[0]);
        const auto b1 = static_cast<unsigned char>(head[1]);
        if (b0 == 0xff && b1 == 0xfe)
            return TextEncoding::Utf16LE;
        if (b0 == 0xfe && b1 == 0xff)
            return TextEncoding::Utf16BE;
    }
    return TextEncoding::Utf8;
}

QString encodingName(TextEncoding e)
{
    switch (e) {
    case TextEncoding::Utf16LE: return u"UTF-16LE"_s;
    case TextEncoding::Utf16BE: return u"UTF-16BE"_s;
    case TextEncoding::Utf8: break;
    }
    return u"UTF-8"_s;
}

namespace {
QStringDecoder::Encoding decoderEncoding(TextEncoding e)
{
    return e == TextEncoding::Utf16BE ? QStringDecoder::Utf16BE : e == TextEncoding::Utf16LE ? QStringDecoder::Utf16LE : QStringDecoder::Utf8;
}
} // namespace

Utf8Transcoder::Utf8Transcoder(TextEncoding encoding)
    : m_encoding(encoding)
    , m_decoder(decoderEncoding(encoding)) // the default flags drop the byte-order mark
{
}

QByteArray Utf8Transcoder::decode(QByteArrayView block)
{
    if (passThrough())
        return block.toByteArray();
    const QString text = m_decoder.decode(block);
    return text.toUtf8();
}

ReadBytes utf8Reader(ReadBytes raw, TextEncoding encoding)
{
    if (encoding == TextEncoding::Utf8)
        return raw;
    struct State
    {
        ReadBytes raw;
        Utf8Transcoder transcoder;
        QByteArray pending; // decoded, not yet handed out
        qsizetype at = 0;
        QByteArray in = QByteArray(1 << 16, Qt::Uninitialized);
    };
    auto st = std::make_shared<State>(State{std::move(raw), Utf8Transcoder(encoding), {}, 0});
    return [st](char *buf, qint64 max) -> qint64 {
        // UTF-8 can be longer than its UTF-16: decode a block, hand it out over several calls.
        while (st->at >= st->pending.size()) {
            const qint64 n = st->raw(st->in.data(), st->in.size());
            if (n <= 0)
                return n;
            st->pending = st->transcoder.decode(QByteArrayView(st->in.constData(), n));
            st->at = 0;
        }
        const qint64 take = std::min<qint64>(max, st->pending.size() - st->at);
        std::memcpy(buf, st->pending.constData() + st->at, size_t(take));
        st->at += take;
        return take;
    };
}

} // namespace rankscope::ingest
