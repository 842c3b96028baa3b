// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pastedtext.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QObject>
#include <QSaveFile>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace rankscope::cases {

QString PastedText::defaultFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + u"/pasted"_s;
}

bool PastedText::isPasted(const QString &path, const QString &folder)
{
    const QFileInfo fi(path);
    return fi.fileName().startsWith(u"pasted-"_s) && QDir(folder).absolutePath() == fi.absoluteDir().absolutePath();
}

QString PastedText::store(const QString &text, const QString &folder, QString *error)
{
    const QByteArray bytes = text.toUtf8();
    if (bytes.trimmed().isEmpty()) {
        *error = QObject::tr("there is no text to open");
        return {};
    }
    if (bytes.size() > MaxBytes) {
        *error = QObject::tr("the text is larger than %1 MiB; save it as a file and open that").arg(MaxBytes >> 20);
        return {};
    }
    if (!QDir().mkpath(folder)) {
        *error = QObject::tr("cannot create %1").arg(folder);
        return {};
    }
    const QString stamp = QDateTime::currentDateTime().toString(u"yyyyMMdd-HHmmss"_s);
    QString path = QDir(folder).filePath(u"pasted-%1.log"_s.arg(stamp));
    for (int n = 2; QFileInfo::exists(path); ++n)
        path = QDir(folder).filePath(u"pasted-%1-%2.log"_s.arg(stamp).arg(n));
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || (!bytes.endsWith('\n') && f.write("\n") != 1)
        || !f.commit()) {
        *error = QObject::tr("cannot write %1: %2").arg(path, f.errorString());
        return {};
    }
    return path;
}

} // namespace rankscope::cases
