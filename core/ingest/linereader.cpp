// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "linereader.h"

#include "archivewalker.h"

#include <QFile>

#include <algorithm>
#include <limits>

namespace rankscope::ingest {

namespace {

// Feeds a byte stream and collects lines [first, first + count), starting at line startLine.
struct Collector
{
    qint64 line;
    qint64 first;
    qint64 last; // exclusive
    qsizetype maxBytes;
    QByteArrayList out;
    QByteArray current;
    bool done = false;

    void feed(const char *p, qint64 n)
    {
        const char *end = p + n;
        while (p < end && !done) {
            const char *nl = static_cast<const char *>(memchr(p, '\n', size_t(end - p)));
            const char *stop = nl ? nl : end;
            if (line >= first && line < last && current.size() < maxBytes)
                current.append(p, std::min<qsizetype>(stop - p, maxBytes - current.size()));
            if (nl) {
                if (line >= first && line < last) {
                    if (current.endsWith('\r'))
                        current.chop(1);
                    out.append(current);
                }
                current.clear();
                ++line;
                if (line >= last)
                    done = true;
            }
            p = nl ? nl + 1 : end;
        }
    }
    void finish()
    {
        if (!done && line >= first && line < last && !current.isEmpty())
            out.append(current);
    }
};

} // namespace

QByteArrayList LineReader::read(const InputFile &file, qint64 first, qint64 count, qsizetype maxLineBytes)
{
    if (first < 1 || count <= 0 || first > file.lines)
        return {};
    if (file.member.isEmpty()) {
        QFile f(file.diskPath);
        if (!f.open(QIODevice::ReadOnly))
            return {};
        auto it = std::upper_bound(file.checkpoints.cbegin(), file.checkpoints.cend(), first,
                                   [](qint64 line, const Checkpoint &c) { return line < c.line; });
        Checkpoint start;
        if (it != file.checkpoints.cbegin())
            start = *std::prev(it);
        f.seek(start.offset);
        Collector c{start.line, first, first + count, maxLineBytes, {}, {}};
        QByteArray buf(1 << 16, Qt::Uninitialized);
        while (!c.done) {
            const qint64 n = f.read(buf.data(), buf.size());
            if (n <= 0)
                break;
            c.feed(buf.constData(), n);
        }
        c.finish();
        return c.out;
    }
    Collector c{1, first, first + count, maxLineBytes, {}, {}};
    Warnings ignored;
    IngestConfig cfg;
    ArchiveWalker::Options opt{&cfg, file.path, nullptr};
    ArchiveWalker::walk(file.diskPath, opt,
                        [&](const QString &member, qint64, const ArchiveWalker::ReadFn &read) {
                            if (member != file.member || c.done)
                                return;
                            QByteArray buf(1 << 16, Qt::Uninitialized);
                            while (!c.done) {
                                const qint64 n = read(buf.data(), buf.size());
                                if (n <= 0)
                                    break;
                                c.feed(buf.constData(), n);
                            }
                            c.finish();
                        },
                        ignored);
    return c.out;
}

QByteArrayList LineReader::split(const QByteArray &text, qsizetype maxLineBytes)
{
    Collector c{1, 1, std::numeric_limits<qint64>::max(), maxLineBytes, {}, {}};
    c.feed(text.constData(), text.size());
    c.finish();
    return c.out;
}

} // namespace rankscope::ingest
