// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Hand-made bundles in a test: one file at a time, folders made on the way.
#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

namespace rankscope::test {

// Writes text to root/name (name may hold folders); false when it cannot.
inline bool writeBundleFile(const QString &root, const QString &name, const QByteArray &text)
{
    const QString path = QDir(root).filePath(name);
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return false;
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

} // namespace rankscope::test
