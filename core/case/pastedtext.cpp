// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pastedtext.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
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
    if (!f.open(QIODevice::WriteOnly | QIODevice::Unbuffered) || f.write(bytes) != bytes.size() || (!bytes.endsWith('\n') && f.write("\n") != 1)
        || !f.commit()) {
        *error = QObject::tr("cannot write %1: %2").arg(path, f.errorString());
        return {};
    }
    return path;
}

QList<PastedInput> PastedText::collect(const QList<CaseSource> &sources, const QString &folder)
{
    QList<PastedInput> out;
    for (const CaseSource &s : sources) {
        const QString path = QDir(s.root).filePath(s.relativePath);
        if (!isPasted(path, folder) || s.bytes > MaxBytes)
            continue;
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            out.append({ s.relativePath, f.readAll() });
    }
    return out;
}

bool PastedText::restore(CaseData &data, const QString &folder, QString *error)
{
    for (const PastedInput &p : std::as_const(data.pasted)) {
        // Only a plain file name: a case is a document people send each other.
        if (p.name.isEmpty() || p.name.contains(u'/') || p.name.contains(u'\\') || !p.name.startsWith(u"pasted-"_s)) {
            *error = QObject::tr("the case holds pasted text under an unusable name '%1'").arg(p.name);
            return false;
        }
        const QString target = QDir(folder).filePath(p.name);
        if (!QFileInfo::exists(target)) {
            QDir().mkpath(folder);
            QSaveFile f(target);
            if (!f.open(QIODevice::WriteOnly | QIODevice::Unbuffered) || f.write(p.text) != p.text.size() || !f.commit()) {
                *error = QObject::tr("cannot write %1: %2").arg(target, f.errorString());
                return false;
            }
        }
        for (CaseSource &s : data.sources) {
            if (s.relativePath == p.name)
                s.root = QDir::cleanPath(QDir(folder).absolutePath());
        }
    }
    return true;
}

} // namespace rankscope::cases
