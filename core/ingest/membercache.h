// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArrayView>
#include <QString>

#include <memory>

class QFile;

namespace rankscope::ingest {

// Decoded text of archive members (and of UTF-16 files) on disk, for the log view: a compressed
// stream cannot seek, so a member's text is written here once and read like a plain file after.
// The ingest writes it during its one pass over the archive when asked to (IngestConfig::
// memberCache); otherwise the view writes it when it first opens the member. One directory,
// kept under a cap by evicting the least recently used files, and never written when the disk
// would be left with less than MinFreeBytes. Files are named by a hash of the source's path,
// size and modification time and the member's name, never by the member's own path.
class MemberCache
{
public:
    static constexpr qint64 DefaultCapBytes = 4ll << 30;
    static constexpr qint64 MinFreeBytes = 1ll << 30;

    explicit MemberCache(QString dir = {}, qint64 capBytes = DefaultCapBytes);

    // QStandardPaths::CacheLocation/rankscope/members
    static QString defaultDir();
    const QString &dir() const { return m_dir; }
    qint64 capBytes() const { return m_cap; }

    // Where the text of diskPath's member (empty: of diskPath itself, decoded) is kept.
    QString pathFor(const QString &diskPath, const QString &member) const;
    // The kept text when it is there with the expected size, marked as recently used; else empty.
    QString find(const QString &diskPath, const QString &member, qint64 bytes) const;

    // A member's text being written: into a private part file, renamed into place by commit().
    // Dropped (the part file removed) unless committed.
    class Writer
    {
    public:
        ~Writer();
        Writer(const Writer &) = delete;
        Writer &operator=(const Writer &) = delete;
        // False once the text outgrows the reservation or the disk refuses it; later calls are no-ops.
        bool write(QByteArrayView block);
        // Trims the file to what was written and puts it in place. False (and the part removed)
        // when a write failed.
        bool commit();
        qint64 written() const { return m_written; }
        const QString &errorString() const { return m_error; }

    private:
        friend class MemberCache;
        Writer() = default;
        std::unique_ptr<QFile> m_part;
        QString m_finalPath;
        qint64 m_reserved = 0;
        qint64 m_written = 0;
        bool m_failed = false;
        bool m_committed = false;
        QString m_error;
    };
    // Reserves `bytes` (evicting the least recently used files first) and opens a part file for
    // them; null (and *error) when they cannot fit under the cap or on the disk.
    std::unique_ptr<Writer> begin(const QString &diskPath, const QString &member, qint64 bytes, QString *error = nullptr) const;

private:
    QString m_dir;
    qint64 m_cap;
};

} // namespace rankscope::ingest
