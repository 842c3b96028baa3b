// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QIODevice>
#include <QString>
#include <QtGlobal>

class QFile;

namespace rankscope {

// Opens a bundle file for reading the way a bundle may be opened: the check is made on what was
// opened, not on the path before the open, so a file swapped during the run cannot redirect or
// block the read (issue #18). Concretely the last path component is never followed when it is a
// symbolic link (a link the walk accepted is opened through its checked target), a FIFO, socket
// or device never blocks the open and is refused after it, and the handle is close-on-exec.
// On failure `file` stays closed and the result says why in words a user can act on.
struct RegularFile
{
    // mode: ReadOnly, optionally Unbuffered (a reader with blocks of its own).
    static bool open(QFile &file, const QString &path, QString *error = nullptr, QIODevice::OpenMode mode = QIODevice::ReadOnly);
};

// Which file an open handle is, taken with fstat: what tells the file the ingest indexed from
// one that took its name since (logrotate, an editor's save, a bundle unpacked again) and from
// the same file rewritten in place. Invalid (all zero) where the platform has no inode.
struct FileIdentity
{
    quint64 device = 0;
    quint64 inode = 0;
    qint64 modifiedNs = 0; // last modification, nanoseconds since the epoch

    bool isValid() const { return inode != 0; }
    static FileIdentity of(const QFile &file);

    // Why lines indexed as `bytesThen` bytes of `then` cannot be read from `now` (whose size is
    // bytesNow) under the same numbers; empty when they can. A file that only grew (a live log)
    // keeps its indexed lines where they were, so growing is no change.
    static QString changeSince(const FileIdentity &then, qint64 bytesThen, const FileIdentity &now, qint64 bytesNow);
};

} // namespace rankscope
