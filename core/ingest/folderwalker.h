// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>

namespace rankscope::ingest {

// Every entry under a folder that is not itself a folder, sorted, and every entry that cannot be
// read by its path, with the reason. QDirIterator drops both kinds silently: a name that is not
// valid UTF-8 does not survive the round trip through QString, and a path longer than PATH_MAX
// cannot be stat'ed. Here the walk goes by directory descriptors (openat), so deep folders are
// still walked and what they hold is at least named.
class FolderWalker
{
public:
    struct Refused
    {
        QString path;   // absolute; bytes that are not UTF-8 written as \xNN
        QString reason;
    };
    struct Result
    {
        QStringList files; // absolute paths, sorted; links and special files included (the caller decides)
        QList<Refused> refused;
        bool cancelled = false;
    };

    static Result walk(const QString &folder, const std::atomic<bool> *cancel = nullptr);

    // The name as text, with each byte of an invalid UTF-8 sequence as \xNN; valid names as is.
    static QString displayName(const QByteArray &name, bool *valid = nullptr);
};

} // namespace rankscope::ingest
