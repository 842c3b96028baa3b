// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "regularfile.h"

#include <QFile>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

using namespace Qt::StringLiterals;

namespace rankscope {

bool RegularFile::open(QFile &file, const QString &path, QString *error, QIODevice::OpenMode mode)
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    file.close();
    file.setFileName(path);
#ifdef Q_OS_UNIX
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) {
        const int e = errno;
        if (e == ELOOP)
            return fail(u"is a symbolic link; not followed"_s);
        return fail(QString::fromLocal8Bit(std::strerror(e)));
    }
    struct stat st{};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return fail(u"not a regular file (a FIFO, socket or device)"_s);
    }
    // Reads of a regular file never block anyway; clear the flag so nothing downstream sees it.
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags != -1)
        ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    if (!file.open(fd, mode, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        return fail(file.errorString());
    }
    return true;
#else
    if (!file.open(mode))
        return fail(file.errorString());
    return true;
#endif
}

FileIdentity FileIdentity::of(const QFile &file)
{
    FileIdentity id;
#ifdef Q_OS_UNIX
    struct stat st{};
    if (file.handle() >= 0 && ::fstat(file.handle(), &st) == 0) {
        id.device = quint64(st.st_dev);
        id.inode = quint64(st.st_ino);
        id.modifiedNs = qint64(st.st_mtim.tv_sec) * 1'000'000'000 + qint64(st.st_mtim.tv_nsec);
    }
#else
    Q_UNUSED(file);
#endif
    return id;
}

QString FileIdentity::changeSince(const FileIdentity &then, qint64 bytesThen, const FileIdentity &now, qint64 bytesNow)
{
    const auto sizes = u"%1 bytes now, %2 then"_s.arg(bytesNow).arg(bytesThen);
    if (then.isValid() && now.isValid() && (then.device != now.device || then.inode != now.inode))
        return u"another file has taken its name since the incident was read (%1: replaced or rotated)"_s.arg(sizes);
    if (bytesNow < bytesThen)
        return u"the file is shorter than when the incident was read (%1: truncated or rewritten)"_s.arg(sizes);
    if (bytesNow == bytesThen && then.isValid() && now.isValid() && then.modifiedNs != now.modifiedNs)
        return u"the file was rewritten in place since the incident was read (same size, %1 bytes, but modified since)"_s.arg(bytesNow);
    return {};
}

} // namespace rankscope
