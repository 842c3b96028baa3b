// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <utility>

namespace rankscope::sim {

// One file of the bundle, written through a multi-MiB buffer. Lines are built in place with
// operator<< (no temporary strings: generation has to run at hundreds of MB/s) and closed with
// endLine(), which counts them so the truth can name path:line. The last line always stays in
// the buffer, so close() can cut it short when the file is meant to end in a truncated line.
class WriteQueue;

class OutFile
{
public:
    struct Hex
    {
        quint64 v;
    };
    struct Pad
    {
        qint64 v;
        int width;
        char fill = '0';
    };
    struct Fixed
    {
        double v;
        int decimals;
    };

    // Full buffers go to queue, which writes them on its own thread.
    OutFile(const QString &absPath, const QString &relPath, WriteQueue *queue);
    ~OutFile();
    OutFile(const OutFile &) = delete;
    OutFile &operator=(const OutFile &) = delete;

    bool open();
    bool close();

    void setCrlf(bool on) { m_crlf = on; }
    // Keep this fraction (0..1) of the last line and drop its line end at close().
    void setTruncateTail(double keep) { m_truncateKeep = keep; }

    OutFile &operator<<(std::string_view s)
    {
        append(s.data(), qsizetype(s.size()));
        return *this;
    }
    OutFile &operator<<(const char *s) { return *this << std::string_view(s); }
    OutFile &operator<<(const QByteArray &s)
    {
        append(s.constData(), s.size());
        return *this;
    }
    OutFile &operator<<(char c)
    {
        ensure(1);
        m_data[m_len++] = c;
        return *this;
    }
    OutFile &operator<<(int v) { return number(qint64(v)); }
    OutFile &operator<<(long v) { return number(qint64(v)); }
    OutFile &operator<<(long long v) { return number(qint64(v)); }
    OutFile &operator<<(unsigned v) { return unumber(quint64(v)); }
    OutFile &operator<<(unsigned long v) { return unumber(quint64(v)); }
    OutFile &operator<<(unsigned long long v) { return unumber(quint64(v)); }
    OutFile &operator<<(Hex h)
    {
        ensure(20);
        m_len += std::to_chars(m_data + m_len, m_data + m_len + 20, h.v, 16).ptr - (m_data + m_len);
        return *this;
    }
    OutFile &operator<<(Pad p);
    OutFile &operator<<(Fixed f);

    void append(const char *s, qsizetype n)
    {
        ensure(n);
        std::memcpy(m_data + m_len, s, size_t(n));
        m_len += n;
    }

    // Ends the current line and returns its 1-based number.
    qint64 endLine();
    // Line n is evidence: never truncate it.
    void markEvidence(qint64 n) { m_evidenceLine = qMax(m_evidenceLine, n); }

    qint64 lines() const { return m_lines; }
    qint64 bytes() const { return m_flushed + m_len; }
    const QString &relPath() const { return m_rel; }
    QString errorString() const { return m_error; }

private:
    OutFile &number(qint64 v)
    {
        ensure(24);
        m_len += std::to_chars(m_data + m_len, m_data + m_len + 24, v).ptr - (m_data + m_len);
        return *this;
    }
    OutFile &unumber(quint64 v)
    {
        ensure(24);
        m_len += std::to_chars(m_data + m_len, m_data + m_len + 24, v).ptr - (m_data + m_len);
        return *this;
    }
    void ensure(qsizetype n)
    {
        if (m_len + n > m_cap)
            grow(n);
    }
    void grow(qsizetype n);
    void flushUpTo(qsizetype end, bool last);

    QString m_abs;
    QString m_rel;
    WriteQueue *m_queue;
    std::FILE *m_fp = nullptr;
    QString m_error;
    QByteArray m_buf;
    char *m_data = nullptr;
    qsizetype m_len = 0;
    qsizetype m_cap = 0;
    qsizetype m_curLineStart = 0;
    qsizetype m_lastLineStart = -1;
    qint64 m_flushed = 0;
    qint64 m_lines = 0;
    qint64 m_evidenceLine = -1;
    double m_truncateKeep = -1.0;
    bool m_crlf = false;
    bool m_open = false;
};

} // namespace rankscope::sim
