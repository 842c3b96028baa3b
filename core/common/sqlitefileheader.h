// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace rankscope {

// Checks a file RankScope keeps in SQLite (case files, the incident library) from its 100-byte
// header before SQLite touches it: a foreign database in WAL mode would get -wal and -shm files
// created beside it even by a read-only connection, and a copy cut short should be named as
// such, not surface as odd values later (https://www.sqlite.org/fileformat.html).
struct SqliteFileHeader
{
    enum class Problem {
        None,
        NotFound,    // no file at that path
        IoError,     // a folder, permissions
        Empty,       // zero bytes: nothing to lose either
        NotSqlite,   // text, an image
        Corrupt,     // cut short, bad page size, WAL mode, no schema version
        Foreign,     // an SQLite database of another application
        NewerSchema, // written by a newer RankScope
    };
    static constexpr qsizetype Bytes = 100;

    Problem problem = Problem::None;
    QString detail; // why, without the path; empty when None
    qint64 size = 0;
    QByteArray bytes;

    // what: "case file", "incident library"; schema: the newest schema this build reads.
    static SqliteFileHeader check(const QString &path, quint32 applicationId, int schema, const QString &what);
    // Only the application id of the first Bytes of a file (0 when it is no SQLite database).
    static quint32 applicationIdOf(const QByteArray &header);
};

} // namespace rankscope
