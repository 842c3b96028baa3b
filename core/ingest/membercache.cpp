// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "membercache.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QLockFile>
#include <QMutex>
#include <QStandardPaths>
#include <QStorageInfo>

#include <atomic>
#include <limits>

using namespace Qt::StringLiterals;

namespace rankscope::ingest {

namespace {

// Reservations of this process; the lock file orders them with other processes.
QMutex &reserveMutex()
{
    static QMutex m;
    return m;
}

// What this process knows of a cache directory, so that reserving room for each member of an
// archive of thousands does not list the directory (and ask the disk) each time: the directory
// is listed only when the tally says the cap is reached, and the disk asked again after every
// 64 MiB reserved. The tally only ever overcounts (a dropped or trimmed reservation is not
// subtracted), which makes the next listing come sooner, never the cap be exceeded by this
// process.
struct Tally
{
    qint64 bytes = -1;          // in the directory, reserved ones included; -1: not listed yet
    qint64 freeBytes = -1;      // on its disk at the last look; -1: not asked yet
    qint64 sinceFreeCheck = 0;  // reserved since then
};
constexpr qint64 FreeCheckEvery = 64ll << 20;

QHash<QString, Tally> &tallies()
{
    static QHash<QString, Tally> t; // guarded by reserveMutex()
    return t;
}

// Deletes the least recently used cache files until `incoming` more bytes fit under the cap.
// Files still being written by someone (".part", younger than an hour) are counted, not removed.
// Returns false when the cap cannot be met.
bool makeRoom(const QString &dir, qint64 cap, qint64 incoming, qint64 *totalOut)
{
    QDir d(dir);
    const QFileInfoList entries = d.entryInfoList(QDir::Files | QDir::NoDotAndDotDot, QDir::Time | QDir::Reversed);
    qint64 total = 0;
    for (const QFileInfo &fi : entries)
        total += fi.size();
    const QDateTime recent = QDateTime::currentDateTimeUtc().addSecs(-3600);
    for (const QFileInfo &fi : entries) {
        if (total + incoming <= cap)
            break;
        if (fi.fileName().startsWith(u'.'))
            continue; // the lock file
        if (fi.fileName().contains(u".part"_s) && fi.lastModified().toUTC() > recent)
            continue;
        if (QFile::remove(fi.absoluteFilePath()))
            total -= fi.size();
    }
    *totalOut = total;
    return total + incoming <= cap;
}

} // namespace

MemberCache::MemberCache(QString dir, qint64 capBytes)
    : m_dir(dir.isEmpty() ? defaultDir() : std::move(dir))
    , m_cap(capBytes)
{
}

QString MemberCache::defaultDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + u"/rankscope/members"_s;
}

QString MemberCache::pathFor(const QString &diskPath, const QString &member) const
{
    // The name says nothing about the member: a hash of where it came from and which version.
    const QFileInfo source(diskPath);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(QFile::encodeName(source.absoluteFilePath()));
    hash.addData(QByteArray('\n' + QByteArray::number(source.size()) + '\n'
                            + QByteArray::number(source.lastModified().toMSecsSinceEpoch()) + '\n'));
    hash.addData(member.toUtf8());
    return m_dir + u'/' + QString::fromLatin1(hash.result().toHex().left(40)) + u".log"_s;
}

QString MemberCache::find(const QString &diskPath, const QString &member, qint64 bytes) const
{
    const QString path = pathFor(diskPath, member);
    const QFileInfo cached(path);
    if (!cached.exists() || cached.size() != bytes)
        return {};
    QFile f(path);
    if (!f.open(QIODevice::ReadWrite))
        return {};
    f.setFileTime(QDateTime::currentDateTimeUtc(), QFileDevice::FileModificationTime); // recently used
    return path;
}

std::unique_ptr<MemberCache::Writer> MemberCache::begin(const QString &diskPath, const QString &member, qint64 bytes, QString *error) const
{
    auto fail = [error](const QString &why) {
        if (error)
            *error = why;
        return nullptr;
    };
    if (bytes < 0 || bytes > m_cap)
        return fail(u"%1 bytes do not fit the member cache (%2 bytes)"_s.arg(bytes).arg(m_cap));
    if (!QDir().mkpath(m_dir))
        return fail(u"cannot create the cache directory %1"_s.arg(m_dir));
    static std::atomic<quint64> serial{0};
    std::unique_ptr<Writer> w(new Writer);
    w->m_finalPath = pathFor(diskPath, member);
    w->m_reserved = bytes;
    const QString partPath = w->m_finalPath.chopped(4) + u".part-"_s + QString::number(QCoreApplication::applicationPid()) + u'-'
                             + QString::number(serial.fetch_add(1));
    w->m_part = std::make_unique<QFile>(partPath);
    // Reserve the space first (a sparse file of the expected size), so two members written at
    // once cannot both squeeze under the cap.
    QMutexLocker lock(&reserveMutex());
    Tally &tally = tallies()[m_dir];
    if (tally.freeBytes < 0 || tally.sinceFreeCheck + bytes > FreeCheckEvery) {
        const QStorageInfo disk(m_dir);
        tally.freeBytes = disk.isValid() ? disk.bytesAvailable() : std::numeric_limits<qint64>::max() / 2;
        tally.sinceFreeCheck = 0;
    }
    if (tally.freeBytes - tally.sinceFreeCheck - bytes < MinFreeBytes)
        return fail(u"the disk of %1 has too little free space to keep decoded members"_s.arg(m_dir));
    if (tally.bytes < 0 || tally.bytes + bytes > m_cap) {
        // Evicting: the lock file keeps two processes from both counting the same free room.
        QLockFile dirLock(m_dir + u"/.lock"_s);
        dirLock.tryLock(10'000);
        if (!makeRoom(m_dir, m_cap, bytes, &tally.bytes))
            return fail(u"the member cache %1 cannot make room for %2 bytes"_s.arg(m_dir).arg(bytes));
    }
    if (!w->m_part->open(QIODevice::ReadWrite | QIODevice::Truncate) || !w->m_part->resize(bytes)) {
        const QString why = w->m_part->errorString();
        w->m_part->close();
        w->m_part->remove();
        w->m_committed = true; // nothing left to drop
        return fail(u"cannot write %1: %2"_s.arg(partPath, why));
    }
    tally.bytes += bytes;
    tally.sinceFreeCheck += bytes;
    return w;
}

MemberCache::Writer::~Writer()
{
    if (!m_committed && m_part) {
        m_part->close();
        m_part->remove();
    }
}

bool MemberCache::Writer::write(QByteArrayView block)
{
    if (m_failed)
        return false;
    // The reservation is the budget: text beyond it (a member that grew, a declared size that
    // lied) is not written.
    if (m_written + block.size() > m_reserved) {
        m_failed = true;
        m_error = u"the text outgrew its reservation of %1 bytes"_s.arg(m_reserved);
        return false;
    }
    if (m_part->write(block.data(), block.size()) != block.size()) {
        m_failed = true;
        m_error = m_part->errorString();
        return false;
    }
    m_written += block.size();
    return true;
}

bool MemberCache::Writer::commit()
{
    if (m_committed)
        return false;
    if (m_failed || !m_part->resize(m_written) || !m_part->flush()) {
        if (m_error.isEmpty())
            m_error = m_part->errorString();
        return false; // the destructor removes the part
    }
    m_part->close();
    QMutexLocker lock(&reserveMutex());
    QFile::remove(m_finalPath);
    if (!QFile::rename(m_part->fileName(), m_finalPath)) {
        m_error = u"cannot put the cache file %1 in place"_s.arg(m_finalPath);
        return false;
    }
    m_committed = true;
    return true;
}

} // namespace rankscope::ingest
