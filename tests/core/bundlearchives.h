// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Archives written in a test with libarchive, and the formats a bundle may come in.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QList>
#include <QString>
#include <QTest>

#include <archive.h>
#include <archive_entry.h>

#include <utility>

namespace rankscope::test {

using ArchiveMembers = QList<std::pair<QByteArray, QByteArray>>; // (name, content)

// Writes an archive of libarchive's format (pax, zip, …) through filter (gzip, zstd, …; null:
// none) with the members in their order; false when it cannot.
inline bool writeArchive(const QString &path, const char *format, const char *filter, const ArchiveMembers &members)
{
    archive *a = archive_write_new();
    bool ok = archive_write_set_format_by_name(a, format) == ARCHIVE_OK;
    if (ok && filter)
        ok = archive_write_add_filter_by_name(a, filter) == ARCHIVE_OK;
    ok = ok && archive_write_open_filename(a, QFile::encodeName(path).constData()) == ARCHIVE_OK;
    for (const auto &[name, data] : members) {
        if (!ok)
            break;
        archive_entry *e = archive_entry_new();
        archive_entry_set_pathname(e, name.constData());
        archive_entry_set_size(e, data.size());
        archive_entry_set_filetype(e, AE_IFREG);
        archive_entry_set_perm(e, 0644);
        ok = archive_write_header(a, e) == ARCHIVE_OK
             && archive_write_data(a, data.constData(), size_t(data.size())) == la_ssize_t(data.size());
        archive_entry_free(e);
    }
    ok = archive_write_close(a) == ARCHIVE_OK && ok;
    archive_write_free(a);
    return ok;
}

inline bool writeTarGz(const QString &path, const ArchiveMembers &members)
{
    return writeArchive(path, "pax", "gzip", members);
}

// Data rows (name, libarchive format, filter) of every archive format a bundle may come in.
inline void addArchiveFormatRows()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("format");
    QTest::addColumn<QByteArray>("filter");
    QTest::addRow("tar") << QStringLiteral("b.tar") << QByteArray("pax") << QByteArray();
    QTest::addRow("tar.gz") << QStringLiteral("b.tar.gz") << QByteArray("pax") << QByteArray("gzip");
    QTest::addRow("tgz") << QStringLiteral("b.tgz") << QByteArray("pax") << QByteArray("gzip");
    QTest::addRow("tar.xz") << QStringLiteral("b.tar.xz") << QByteArray("pax") << QByteArray("xz");
    QTest::addRow("tar.zst") << QStringLiteral("b.tar.zst") << QByteArray("pax") << QByteArray("zstd");
    QTest::addRow("zip") << QStringLiteral("b.zip") << QByteArray("zip") << QByteArray();
}

} // namespace rankscope::test
