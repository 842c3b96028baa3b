// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "sqlitefileheader.h"

#include <QFile>
#include <QFileInfo>
#include <QtEndian>

using namespace Qt::StringLiterals;

namespace rankscope {

namespace {

const QByteArray sqliteMagic("SQLite format 3\0", 16);

quint32 be32(const QByteArray &header, qsizetype offset)
{
    return qFromBigEndian<quint32>(header.constData() + offset);
}

SqliteFileHeader failed(SqliteFileHeader h, SqliteFileHeader::Problem problem, const QString &detail)
{
    h.problem = problem;
    h.detail = detail;
    return h;
}

} // namespace

quint32 SqliteFileHeader::applicationIdOf(const QByteArray &header)
{
    return header.size() >= Bytes && header.startsWith(sqliteMagic) ? be32(header, 68) : 0;
}

SqliteFileHeader SqliteFileHeader::check(const QString &path, quint32 applicationId, int schema, const QString &what)
{
    SqliteFileHeader h;
    const QFileInfo info(path);
    if (!info.exists())
        return failed(h, Problem::NotFound, u"no such file"_s);
    if (info.isDir())
        return failed(h, Problem::IoError, u"this is a folder, not a RankScope %1"_s.arg(what));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return failed(h, Problem::IoError, u"cannot be read: %1"_s.arg(file.errorString()));
    h.size = file.size();
    h.bytes = file.read(Bytes);
    file.close();

    if (h.size == 0)
        return failed(h, Problem::Empty, u"the file is empty; it is not a RankScope %1"_s.arg(what));
    if (!h.bytes.startsWith(sqliteMagic)) {
        if (h.bytes.size() < sqliteMagic.size() && sqliteMagic.startsWith(h.bytes))
            return failed(h, Problem::Corrupt, u"the file is cut short (%1 bytes, less than an SQLite header)"_s.arg(h.size));
        return failed(h, Problem::NotSqlite, u"not a RankScope %1 (the file is not an SQLite database)"_s.arg(what));
    }
    if (h.bytes.size() < Bytes)
        return failed(h, Problem::Corrupt, u"the file is cut short (%1 bytes, less than an SQLite header)"_s.arg(h.size));

    const quint32 id = be32(h.bytes, 68);
    if (id != applicationId) {
        return failed(h, Problem::Foreign,
            id == 0 ? u"not a RankScope %1 (an SQLite database without an application id)"_s.arg(what)
                    : u"not a RankScope %1 (an SQLite database of another application, id 0x%2)"_s.arg(what).arg(
                        id, 8, 16, QChar(u'0')));
    }
    const auto version = qint32(be32(h.bytes, 60));
    if (version > schema) {
        return failed(h, Problem::NewerSchema,
            u"written by a newer RankScope: the file has %1 schema %2, this version reads schema %3; "
            "update RankScope to open it"_s.arg(what).arg(version).arg(schema));
    }
    if (version < 1)
        return failed(h, Problem::Corrupt, u"the file is damaged (a %1 without a schema version)"_s.arg(what));
    quint32 pageSize = qFromBigEndian<quint16>(h.bytes.constData() + 16);
    if (pageSize == 1)
        pageSize = 65536;
    if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) != 0)
        return failed(h, Problem::Corrupt, u"the file is damaged (invalid page size %1)"_s.arg(pageSize));
    // A database is whole pages, and the header's page count is valid when its change counter
    // matches (offsets 24 and 92): a copy cut short is caught here before SQLite reads it.
    const qint64 expected = be32(h.bytes, 24) == be32(h.bytes, 92) ? qint64(be32(h.bytes, 28)) * pageSize : 0;
    if (h.size < expected)
        return failed(h, Problem::Corrupt, u"the file is cut short (%1 of %2 bytes)"_s.arg(h.size).arg(expected));
    if (h.size % pageSize != 0)
        return failed(h, Problem::Corrupt,
            u"the file is cut short (%1 bytes, not a whole number of %2-byte pages)"_s.arg(h.size).arg(pageSize));
    // Bytes 18 and 19 are 2 in write-ahead-log mode, which RankScope never uses.
    if (h.bytes.at(18) != 1 || h.bytes.at(19) != 1)
        return failed(h, Problem::Corrupt, u"the file is damaged (a journal mode a RankScope %1 never uses)"_s.arg(what));
    return h;
}

} // namespace rankscope
