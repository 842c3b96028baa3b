// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "standardinput.h"

#include <QFile>

#include <cstdio>

using namespace Qt::StringLiterals;

namespace rankscope {

bool spoolStandardInput(const QString &command, QStringList &paths, QTemporaryDir &dir, QTextStream &err)
{
    const qsizetype at = paths.indexOf(u"-"_s);
    if (at < 0)
        return true;
    if (paths.count(u"-"_s) > 1) {
        err << u"rankscope %1: standard input ('-') can be given only once\n"_s.arg(command);
        return false;
    }
    if (!dir.isValid()) {
        err << u"rankscope %1: cannot make a temporary folder for standard input: %2\n"_s.arg(command, dir.errorString());
        return false;
    }
    const QString path = dir.filePath(u"stdin.log"_s);
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly)) {
        err << u"rankscope %1: cannot write %2: %3\n"_s.arg(command, path, out.errorString());
        return false;
    }
    QByteArray block(1 << 20, Qt::Uninitialized);
    qint64 total = 0;
    while (true) {
        const size_t n = std::fread(block.data(), 1, size_t(block.size()), stdin);
        if (n > 0) {
            if (out.write(block.constData(), qint64(n)) != qint64(n)) {
                err << u"rankscope %1: cannot write %2: %3\n"_s.arg(command, path, out.errorString());
                return false;
            }
            total += qint64(n);
        }
        if (n < size_t(block.size())) {
            if (std::ferror(stdin)) {
                err << u"rankscope %1: reading standard input failed\n"_s.arg(command);
                return false;
            }
            break;
        }
    }
    out.close();
    if (total == 0) {
        err << u"rankscope %1: standard input is empty\n"_s.arg(command);
        return false;
    }
    paths[at] = path;
    return true;
}

} // namespace rankscope
