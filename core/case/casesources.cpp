// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "casesources.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QtEndian>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::cases {

namespace {

// Feeds length bytes from the file's current position into the hash in modest blocks, so a
// fingerprint never holds a whole window in memory twice. False on a short read: the file
// shrank while being read, and a fingerprint of half a window would be a wrong answer.
bool hashRange(QFile &file, qint64 length, QCryptographicHash &hash)
{
    QByteArray block;
    while (length > 0) {
        block = file.read(std::min<qint64>(length, qint64(256) * 1024));
        if (block.isEmpty())
            return false;
        hash.addData(block);
        length -= block.size();
    }
    return true;
}

} // namespace

QByteArray CaseSources::fingerprint(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const qint64 size = file.size();
    QCryptographicHash hash(QCryptographicHash::Sha256);
    // The size goes first so that files differing only in their unhashed middle length differ.
    const quint64 le = qToLittleEndian(quint64(size));
    hash.addData(QByteArrayView(reinterpret_cast<const char *>(&le), sizeof le));
    const qint64 head = std::min(size, WindowBytes);
    if (!hashRange(file, head, hash))
        return {};
    // The tail window starts where the head ended for files up to 2 MiB, so those are hashed
    // exactly once and whole.
    const qint64 tailStart = std::max(head, size - WindowBytes);
    if (tailStart < size && (!file.seek(tailStart) || !hashRange(file, size - tailStart, hash)))
        return {};
    return hash.result();
}

QList<CaseSource> CaseSources::describe(const QStringList &openedPaths, const ProgressCallback &progress)
{
    // (root, absolute file) pairs first, fingerprints after, so progress knows the total.
    struct Pending
    {
        QString root;
        QString file;
    };
    QList<Pending> pending;
    QSet<QString> seen;
    auto add = [&](const QString &root, const QString &file) {
        if (!seen.contains(file)) {
            seen.insert(file);
            pending.append({ root, file });
        }
    };
    for (const QString &opened : openedPaths) {
        const QFileInfo info(opened);
        if (info.isDir()) {
            const QString root = QDir::cleanPath(info.absoluteFilePath());
            // No QDir::System: a FIFO or a device under the folder would block or never end
            // when fingerprinted. Symbolic links to files are followed, as the ingest does.
            QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QFileInfo f(it.next());
                if (f.isFile())
                    add(root, QDir::cleanPath(f.absoluteFilePath()));
            }
        } else if (info.isFile()) {
            add(QDir::cleanPath(info.absolutePath()), QDir::cleanPath(info.absoluteFilePath()));
        }
    }
    std::sort(pending.begin(), pending.end(),
        [](const Pending &a, const Pending &b) { return a.root != b.root ? a.root < b.root : a.file < b.file; });

    QList<CaseSource> out;
    out.reserve(pending.size());
    for (qsizetype i = 0; i < pending.size(); ++i) {
        if (!reportProgress(progress, i, pending.size()))
            return {};
        const Pending &p = pending.at(i);
        CaseSource s;
        s.root = p.root;
        s.relativePath = QDir(p.root).relativeFilePath(p.file);
        s.bytes = QFileInfo(p.file).size();
        s.fingerprint = fingerprint(p.file);
        out.append(s);
    }
    reportProgress(progress, pending.size(), pending.size());
    return out;
}

} // namespace rankscope::cases
