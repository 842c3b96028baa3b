// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <thread>

namespace rankscope::sim {

// One background thread that performs the bundle's file writes, so that formatting (one core)
// and the kernel's copy into the page cache (the other core) overlap. Jobs run in order; the
// queue holds at most a few buffers, so a slow disk slows generation down instead of growing
// memory. Files are plain stdio streams (no QObject crosses threads); close() hands one over for
// good and the thread closes it after its last write.
class WriteQueue
{
public:
    WriteQueue();
    ~WriteQueue();
    WriteQueue(const WriteQueue &) = delete;
    WriteQueue &operator=(const WriteQueue &) = delete;

    void write(std::FILE *file, QByteArray data, const QString &name); // data is the queue's now
    void close(std::FILE *file, const QString &name); // after its last write
    // A buffer to fill, with at least `capacity` bytes allocated (recycled when possible).
    QByteArray buffer(qsizetype capacity);
    // Waits until everything queued is written; returns the first error, empty when none.
    QString drain();

private:
    struct Job
    {
        std::FILE *file = nullptr;
        QByteArray data;
        QString name;
        bool close = false;
    };
    void run();
    void push(Job job);

    std::mutex m_mutex;
    std::condition_variable m_wake; // guarded by m_mutex: jobs arrived or stop
    std::condition_variable m_space; // guarded by m_mutex: queue drained below the limit
    std::deque<Job> m_jobs; // guarded by m_mutex
    QList<QByteArray> m_free; // guarded by m_mutex
    qsizetype m_queuedBytes = 0; // guarded by m_mutex
    bool m_busy = false; // guarded by m_mutex
    bool m_stop = false; // guarded by m_mutex
    QString m_error; // guarded by m_mutex
    std::thread m_thread;
};

} // namespace rankscope::sim
