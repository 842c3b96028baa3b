// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QMutex>
#include <QString>

#include <list>
#include <memory>

class QFile;

namespace rankscope::ingest {

// Open read handles shared by every FileLineSource of the process, at most capacity() of them
// idle at once. One handle per source ran out of descriptors on merged views and searches of
// thousands of files (issue #17: 9,866 files against a soft limit of 1,024), so a source asks for
// its handle on each read and the least recently used one is closed when a new one is needed.
// A handle in use by a reader stays open until that reader drops it: the pool only stops
// remembering it. Thread-safe.
class FileHandlePool
{
public:
    explicit FileHandlePool(int capacity);
    ~FileHandlePool();
    FileHandlePool(const FileHandlePool &) = delete;
    FileHandlePool &operator=(const FileHandlePool &) = delete;

    // The process's pool, sized from the descriptor limit (a quarter of it, 16 to 512).
    static FileHandlePool &instance();

    // The handle for owner's file at path: the remembered one, else a newly opened one (through
    // RegularFile, so never a FIFO and never through a symbolic link). Null with *error set
    // when the file cannot be opened.
    std::shared_ptr<QFile> acquire(const void *owner, const QString &path, QString *error = nullptr);
    // Forgets owner's handle (a source that is destroyed, or whose file changed).
    void release(const void *owner);

    int capacity() const;
    void setCapacity(int capacity);
    // Handles the pool remembers now (not counting any a reader holds past eviction).
    int openCount() const;
    // Handles opened since construction; a test tells reuse from reopening with it.
    qint64 opens() const;

private:
    struct Entry
    {
        const void *owner;
        QString path;
        std::shared_ptr<QFile> file;
    };
    void trimLocked();

    mutable QMutex m_mutex;
    int m_capacity;
    qint64 m_opens = 0;
    std::list<Entry> m_lru; // most recently used first
    QHash<const void *, std::list<Entry>::iterator> m_byOwner;
};

} // namespace rankscope::ingest
