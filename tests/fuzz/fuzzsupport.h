// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArrayView>
#include <QDir>
#include <QFile>
#include <QString>

#include <cstddef>
#include <cstdint>

#include <unistd.h>

// Shared by the libFuzzer targets: lines of an input, and a scratch file for the parsers that
// take a path (libarchive, SQLite). One file per process, under the fuzzer's working directory
// or TMPDIR, so parallel fuzzing jobs (-jobs=N) do not write each other's input.
namespace rankscope::fuzz {

template<typename Fn>
void forEachLine(const uint8_t *data, size_t size, Fn &&fn)
{
    const QByteArrayView all(reinterpret_cast<const char *>(data), qsizetype(size));
    qsizetype start = 0;
    while (start <= all.size()) {
        qsizetype end = all.indexOf('\n', start);
        if (end < 0)
            end = all.size();
        fn(all.sliced(start, end - start));
        start = end + 1;
    }
}

inline QString scratchPath(const QString &suffix)
{
    return QDir::tempPath() + QStringLiteral("/rankscope-fuzz-%1%2").arg(QString::number(qint64(::getpid())), suffix);
}

inline bool writeScratch(const QString &path, const uint8_t *data, size_t size)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return f.write(reinterpret_cast<const char *>(data), qint64(size)) == qint64(size);
}

} // namespace rankscope::fuzz
