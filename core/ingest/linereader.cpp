// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "linereader.h"

#include "archivewalker.h"
#include "linecollector.h"

#include <QFile>

#include <algorithm>
#include <limits>

namespace rankscope::ingest {


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
        LineCollector c{start.line, first, first + count, maxLineBytes, {}, {}};
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
    LineCollector c{1, first, first + count, maxLineBytes, {}, {}};
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
    LineCollector c{1, 1, std::numeric_limits<qint64>::max(), maxLineBytes, {}, {}};
    c.feed(text.constData(), text.size());
    c.finish();
    return c.out;
}

} // namespace rankscope::ingest
