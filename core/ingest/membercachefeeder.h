// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "membercache.h"

#include <QByteArray>
#include <QHash>
#include <QMutex>
#include <QString>
#include <QWaitCondition>

#include <deque>
#include <memory>
#include <thread>

namespace rankscope::ingest {

// Hands the text the scan reads to the MemberCache on a thread of its own, so the scanning
// threads never wait for the disk: writing 2 GB into the page cache costs seconds of CPU, which
// on the scanners' threads doubled the time an archive took to open. The thread runs on spare
// CPU only (SCHED_IDLE); blocks are shared into a bounded queue, never copied (copying them into
// fresh memory cost more than the scan); a member whose next block does not fit is given up
// (the log view decodes it when it is opened), and the scan goes on. finish() waits for what is
// queued, at most the bound.
class MemberCacheFeeder
{
public:
    explicit MemberCacheFeeder(MemberCache cache, qint64 maxQueuedBytes = 64ll << 20);
    ~MemberCacheFeeder(); // finish()
    MemberCacheFeeder(const MemberCacheFeeder &) = delete;
    MemberCacheFeeder &operator=(const MemberCacheFeeder &) = delete;

    // A member to keep (bytes: what to reserve); the id to write with.
    int open(const QString &diskPath, const QString &member, qint64 bytes);
    // Never waits and never copies (the block is shared); false when the member was given up
    // (the queue was full, or it was dropped).
    bool write(int id, const QByteArray &block);
    // Puts the member in place once its blocks are written, or drops it.
    void close(int id, bool keep);
    // Waits until everything queued is written.
    void finish();

    qint64 givenUp() const;

private:
    struct Op
    {
        enum class Kind { Open, Write, Close, Drop } kind;
        int id = 0;
        QByteArray data;
        QString diskPath;
        QString member;
        qint64 bytes = 0;
    };
    void enqueue(Op &&op);
    void run();

    const MemberCache m_cache;
    const qint64 m_maxQueued;
    mutable QMutex m_mutex;
    QWaitCondition m_wake;    // the writer: something queued, or stop
    QWaitCondition m_drained; // finish(): the queue ran empty
    std::deque<Op> m_queue;
    qint64 m_queuedBytes = 0;
    bool m_busy = false;      // the writer holds an op it took from the queue
    bool m_stop = false;
    int m_nextId = 1;
    QHash<int, bool> m_givenUp; // open members: given up?
    qint64 m_givenUpCount = 0;
    std::thread m_thread;
};

} // namespace rankscope::ingest
