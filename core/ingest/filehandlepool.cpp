// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "filehandlepool.h"

#include "regularfile.h"

#include <QFile>

#include <algorithm>

#ifdef Q_OS_UNIX
#include <sys/resource.h>
#endif

namespace rankscope::ingest {

namespace {

int defaultCapacity()
{
    int cap = 256;
#ifdef Q_OS_UNIX
    // The rest of the descriptors belong to the ingest's workers, archives, SQLite and Qt.
    rlimit rl{};
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        cap = int(std::min<rlim_t>(rl.rlim_cur / 4, 512));
#endif
    return std::clamp(cap, 16, 512);
}

} // namespace

FileHandlePool::FileHandlePool(int capacity)
    : m_capacity(std::max(1, capacity))
{
}

FileHandlePool::~FileHandlePool() = default;

FileHandlePool &FileHandlePool::instance()
{
    static FileHandlePool pool(defaultCapacity());
    return pool;
}

std::shared_ptr<QFile> FileHandlePool::acquire(const void *owner, const QString &path, QString *error)
{
    {
        QMutexLocker lock(&m_mutex);
        const auto it = m_byOwner.constFind(owner);
        if (it != m_byOwner.cend() && (*it)->path == path) {
            m_lru.splice(m_lru.begin(), m_lru, *it);
            return m_lru.front().file;
        }
    }
    // Opened outside the lock: a slow disk must not stall every other source's reads.
    auto file = std::make_shared<QFile>();
    QString why;
    if (!RegularFile::open(*file, path, &why)) {
        if (error)
            *error = why;
        return {};
    }
    QMutexLocker lock(&m_mutex);
    ++m_opens;
    if (const auto it = m_byOwner.constFind(owner); it != m_byOwner.cend()) {
        m_lru.erase(*it);
        m_byOwner.remove(owner);
    }
    m_lru.push_front({owner, path, file});
    m_byOwner.insert(owner, m_lru.begin());
    trimLocked();
    return file;
}

void FileHandlePool::release(const void *owner)
{
    QMutexLocker lock(&m_mutex);
    if (const auto it = m_byOwner.constFind(owner); it != m_byOwner.cend()) {
        m_lru.erase(*it);
        m_byOwner.remove(owner);
    }
}

int FileHandlePool::capacity() const
{
    QMutexLocker lock(&m_mutex);
    return m_capacity;
}

void FileHandlePool::setCapacity(int capacity)
{
    QMutexLocker lock(&m_mutex);
    m_capacity = std::max(1, capacity);
    trimLocked();
}

int FileHandlePool::openCount() const
{
    QMutexLocker lock(&m_mutex);
    return int(m_lru.size());
}

qint64 FileHandlePool::opens() const
{
    QMutexLocker lock(&m_mutex);
    return m_opens;
}

void FileHandlePool::trimLocked()
{
    while (int(m_lru.size()) > m_capacity) {
        m_byOwner.remove(m_lru.back().owner);
        m_lru.pop_back();
    }
}

} // namespace rankscope::ingest
