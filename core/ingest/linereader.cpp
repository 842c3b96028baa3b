// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "linereader.h"

#include "regularfile.h"

#include "archivewalker.h"
#include "linecollector.h"

#include <QFile>

#include <algorithm>
#include <limits>

using namespace Qt::StringLiterals;

namespace rankscope::ingest {


QByteArrayList LineReader::read(const InputFile &file, qint64 first, qint64 count, qsizetype maxLineBytes)
{
    if (first < 1 || count <= 0 || first > file.lines)
        return {};
    if (seekable(file)) {
        QFile f;
        // Truncated, replaced or rewritten since it was indexed: the offsets would give other
        // lines under these numbers (FileLineSource says so to the user).
        if (!RegularFile::open(f, file.diskPath)
            || !FileIdentity::changeSince(file.identity, file.bytes, FileIdentity::of(f), f.size()).isEmpty())
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
    stream(file, [&c](QByteArrayView block) {
        c.feed(block.data(), block.size());
        return !c.done;
    });
    c.finish();
    return c.out;
}

bool LineReader::stream(const InputFile &file, const Sink &sink, const std::atomic<bool> *cancel, QString *error)
{
    QByteArray buf(1 << 20, Qt::Uninitialized);
    auto pump = [&](const ReadBytes &raw) {
        const ReadBytes read = utf8Reader(raw, file.encoding);
        while (!(cancel && cancel->load())) {
            const qint64 n = read(buf.data(), buf.size());
            if (n < 0)
                return false;
            if (n == 0 || !sink(QByteArrayView(buf.constData(), n)))
                return true;
        }
        return true;
    };
    if (file.member.isEmpty()) {
        QFile f;
        if (!RegularFile::open(f, file.diskPath, error))
            return false;
        const bool ok = pump([&f](char *b, qint64 max) { return f.read(b, max); });
        if (!ok && error)
            *error = f.errorString();
        return ok;
    }
    bool found = false;
    bool ok = true;
    std::atomic<bool> stop{false};
    IngestConfig cfg;
    ArchiveWalker::Options opt{&cfg, file.path, &stop};
    Warnings warnings;
    ArchiveWalker::walk(file.diskPath, opt,
                        [&](const QString &member, qint64, const ArchiveWalker::ReadFn &read) {
                            if (member != file.member || found)
                                return;
                            found = true;
                            ok = pump(read);
                            stop = true; // the rest of the archive is not needed
                        },
                        warnings);
    if (error && !found)
        *error = u"member %1 not found in %2"_s.arg(file.member, file.diskPath);
    else if (error && !ok)
        *error = warnings.isEmpty() ? u"read error"_s : warnings.last().message;
    return found && ok;
}

QByteArrayList LineReader::split(const QByteArray &text, qsizetype maxLineBytes)
{
    LineCollector c{1, 1, std::numeric_limits<qint64>::max(), maxLineBytes, {}, {}};
    c.feed(text.constData(), text.size());
    c.finish();
    return c.out;
}

} // namespace rankscope::ingest
