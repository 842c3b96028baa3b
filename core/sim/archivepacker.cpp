// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "archivepacker.h"

#include <QFile>
#include <archive.h>
#include <archive_entry.h>
#include <memory>

using namespace Qt::StringLiterals;

namespace rankscope::sim {

QString ArchivePacker::pack(const QString &root, const QStringList &files, const QString &archivePath,
    SimConfig::Archive kind, qint64 mtimeSeconds)
{
    std::unique_ptr<archive, decltype(&archive_write_free)> a(archive_write_new(), &archive_write_free);
    if (kind == SimConfig::Archive::Zip) {
        archive_write_set_format_zip(a.get());
    } else {
        archive_write_set_format_pax_restricted(a.get());
        archive_write_add_filter_gzip(a.get());
        archive_write_set_options(a.get(), "gzip:!timestamp");
    }
    const QByteArray path = QFile::encodeName(archivePath);
    if (archive_write_open_filename(a.get(), path.constData()) != ARCHIVE_OK)
        return u"cannot create %1: %2"_s.arg(archivePath, QString::fromLocal8Bit(archive_error_string(a.get())));
    QByteArray buffer(1 << 20, Qt::Uninitialized);
    for (const QString &rel : files) {
        QFile in(root + u'/' + rel);
        if (!in.open(QIODevice::ReadOnly))
            return u"cannot read %1: %2"_s.arg(rel, in.errorString());
        std::unique_ptr<archive_entry, decltype(&archive_entry_free)> e(archive_entry_new(), &archive_entry_free);
        const QByteArray name = rel.toUtf8();
        archive_entry_set_pathname(e.get(), name.constData());
        archive_entry_set_size(e.get(), in.size());
        archive_entry_set_filetype(e.get(), AE_IFREG);
        archive_entry_set_perm(e.get(), 0644);
        archive_entry_set_mtime(e.get(), time_t(mtimeSeconds), 0);
        archive_entry_set_uid(e.get(), 0);
        archive_entry_set_gid(e.get(), 0);
        if (archive_write_header(a.get(), e.get()) != ARCHIVE_OK)
            return u"cannot add %1: %2"_s.arg(rel, QString::fromLocal8Bit(archive_error_string(a.get())));
        for (;;) {
            const qint64 n = in.read(buffer.data(), buffer.size());
            if (n < 0)
                return u"cannot read %1: %2"_s.arg(rel, in.errorString());
            if (n == 0)
                break;
            if (archive_write_data(a.get(), buffer.constData(), size_t(n)) < 0)
                return u"cannot write %1: %2"_s.arg(archivePath, QString::fromLocal8Bit(archive_error_string(a.get())));
        }
    }
    if (archive_write_close(a.get()) != ARCHIVE_OK)
        return u"cannot finish %1: %2"_s.arg(archivePath, QString::fromLocal8Bit(archive_error_string(a.get())));
    return {};
}

} // namespace rankscope::sim
