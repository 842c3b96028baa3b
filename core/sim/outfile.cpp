// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "outfile.h"

#include "writequeue.h"

#include <QFile>
#include <cmath>

namespace rankscope::sim {

namespace {
constexpr qsizetype FlushThreshold = 4 * 1024 * 1024;
}

OutFile::OutFile(const QString &absPath, const QString &relPath, WriteQueue *queue)
    : m_abs(absPath)
    , m_rel(relPath)
    , m_queue(queue)
{ }

OutFile::~OutFile()
{
    close();
}

bool OutFile::open()
{
    m_fp = std::fopen(QFile::encodeName(m_abs).constData(), "wb");
    if (!m_fp) {
        m_error = QStringLiteral("cannot create file");
        return false;
    }
    std::setvbuf(m_fp, nullptr, _IONBF, 0); // our buffers are large already
    m_buf = m_queue->buffer(64 * 1024);
    m_cap = m_buf.size();
    m_data = m_buf.data();
    m_open = true;
    return true;
}

void OutFile::grow(qsizetype n)
{
    // Grow geometrically up to the flush threshold plus one long line; past that, endLine()
    // flushes, so the buffer stops growing.
    qsizetype cap = m_cap;
    while (m_len + n > cap)
        cap = cap < FlushThreshold ? cap * 2 : cap + n + 64 * 1024;
    m_buf.resize(cap);
    m_data = m_buf.data();
    m_cap = m_buf.size();
}

void OutFile::flushUpTo(qsizetype end, bool last)
{
    if (end <= 0 && !last)
        return;
    // Hand the filled buffer to the writer thread and continue in a fresh one; only the
    // unfinished tail (at most the last line) is copied over.
    QByteArray full = std::exchange(m_buf, last ? QByteArray() : m_queue->buffer(qMax(m_cap, m_len - end + 64 * 1024)));
    const qsizetype rest = m_len - end;
    if (!last) {
        std::memcpy(m_buf.data(), full.constData() + end, size_t(rest));
        m_data = m_buf.data();
        m_cap = m_buf.size();
    } else {
        m_data = nullptr;
        m_cap = 0;
    }
    full.resize(end);
    m_queue->write(m_fp, std::move(full), m_rel);
    m_flushed += end;
    m_len = rest;
    m_curLineStart -= end;
    if (m_lastLineStart >= 0)
        m_lastLineStart -= end;
}

qint64 OutFile::endLine()
{
    if (m_crlf) {
        ensure(2);
        m_data[m_len++] = '\r';
        m_data[m_len++] = '\n';
    } else {
        ensure(1);
        m_data[m_len++] = '\n';
    }
    m_lastLineStart = m_curLineStart;
    m_curLineStart = m_len;
    ++m_lines;
    if (m_len > FlushThreshold)
        flushUpTo(m_lastLineStart, false); // the last line stays behind for close()
    return m_lines;
}

OutFile &OutFile::operator<<(Pad p)
{
    char tmp[32];
    const bool neg = p.v < 0;
    const auto res = std::to_chars(tmp, tmp + sizeof tmp, neg ? -p.v : p.v);
    const int digits = int(res.ptr - tmp);
    ensure(p.width + 24);
    if (neg)
        m_data[m_len++] = '-';
    for (int i = digits; i < p.width; ++i)
        m_data[m_len++] = p.fill;
    std::memcpy(m_data + m_len, tmp, size_t(digits));
    m_len += digits;
    return *this;
}

OutFile &OutFile::operator<<(Fixed f)
{
    // Rounded fixed-point without locale or printf: same text on every platform.
    double v = f.v;
    if (v < 0) {
        *this << '-';
        v = -v;
    }
    qint64 scale = 1;
    for (int i = 0; i < f.decimals; ++i)
        scale *= 10;
    const qint64 scaled = qint64(std::llround(v * double(scale)));
    unumber(quint64(scaled / scale));
    if (f.decimals > 0) {
        *this << '.';
        *this << Pad { scaled % scale, f.decimals };
    }
    return *this;
}

bool OutFile::close()
{
    if (!m_open)
        return m_error.isEmpty();
    m_open = false;
    if (m_truncateKeep >= 0.0 && m_lines >= 3 && m_lastLineStart >= 0 && m_curLineStart == m_len
        && m_lines > m_evidenceLine) {
        const qsizetype lineLen = m_len - m_lastLineStart - (m_crlf ? 2 : 1);
        if (lineLen > 8) {
            const qsizetype keep = qBound(qsizetype(1), qsizetype(double(lineLen) * m_truncateKeep), lineLen - 1);
            m_len = m_lastLineStart + keep;
        }
    }
    flushUpTo(m_len, true);
    m_queue->close(m_fp, m_rel);
    m_fp = nullptr;
    return m_error.isEmpty();
}

} // namespace rankscope::sim
