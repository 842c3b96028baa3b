// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "membercachefeeder.h"

#include <QMutexLocker>

#include <unordered_map>

#ifdef __linux__
#include <pthread.h>
#include <sched.h>
#endif

namespace rankscope::ingest {

MemberCacheFeeder::MemberCacheFeeder(MemberCache cache, qint64 maxQueuedBytes)
    : m_cache(std::move(cache))
    , m_maxQueued(maxQueuedBytes)
    , m_thread([this] { run(); })
{
}

MemberCacheFeeder::~MemberCacheFeeder()
{
    finish();
    {
        QMutexLocker lock(&m_mutex);
        m_stop = true;
        m_wake.wakeAll();
    }
    m_thread.join();
}

int MemberCacheFeeder::open(const QString &diskPath, const QString &member, qint64 bytes)
{
    QMutexLocker lock(&m_mutex);
    const int id = m_nextId++;
    m_givenUp.insert(id, false);
    m_queue.push_back({Op::Kind::Open, id, {}, diskPath, member, bytes});
    m_wake.wakeOne();
    return id;
}

bool MemberCacheFeeder::write(int id, const QByteArray &block)
{
    QMutexLocker lock(&m_mutex);
    const auto state = m_givenUp.find(id);
    if (state == m_givenUp.end() || *state)
        return false;
    if (m_queuedBytes + block.size() > m_maxQueued) {
        *state = true;
        ++m_givenUpCount;
        m_queue.push_back({Op::Kind::Drop, id, {}, {}, {}, 0});
        m_wake.wakeOne();
        return false;
    }
    m_queuedBytes += block.size();
    m_queue.push_back({Op::Kind::Write, id, block, {}, {}, 0});
    m_wake.wakeOne();
    return true;
}

void MemberCacheFeeder::close(int id, bool keep)
{
    QMutexLocker lock(&m_mutex);
    const bool givenUp = m_givenUp.value(id, true);
    m_givenUp.remove(id);
    if (givenUp)
        return; // its Drop is queued already
    m_queue.push_back({keep ? Op::Kind::Close : Op::Kind::Drop, id, {}, {}, {}, 0});
    m_wake.wakeOne();
}

void MemberCacheFeeder::finish()
{
    QMutexLocker lock(&m_mutex);
    while (!m_queue.empty() || m_busy)
        m_drained.wait(&m_mutex);
}

qint64 MemberCacheFeeder::givenUp() const
{
    QMutexLocker lock(&m_mutex);
    return m_givenUpCount;
}

void MemberCacheFeeder::run()
{
#ifdef __linux__
    // Only spare CPU: the scan comes first, and what this thread cannot keep up with is given up.
    const sched_param idle{};
    pthread_setschedparam(pthread_self(), SCHED_IDLE, &idle);
#endif
    std::unordered_map<int, std::unique_ptr<MemberCache::Writer>> writers; // this thread's own
    QMutexLocker lock(&m_mutex);
    while (true) {
        while (m_queue.empty() && !m_stop)
            m_wake.wait(&m_mutex);
        if (m_queue.empty())
            return; // stopping, and nothing left
        Op op = std::move(m_queue.front());
        m_queue.pop_front();
        m_busy = true;
        lock.unlock();
        switch (op.kind) {
        case Op::Kind::Open:
            // null when it does not fit (the cap, the disk): its writes are then discarded here
            writers[op.id] = m_cache.begin(op.diskPath, op.member, op.bytes);
            break;
        case Op::Kind::Write:
            if (const auto w = writers.find(op.id); w != writers.end() && w->second && !w->second->write(op.data))
                w->second.reset(); // outgrew its reservation
            break;
        case Op::Kind::Close:
            if (const auto w = writers.find(op.id); w != writers.end() && w->second)
                w->second->commit();
            writers.erase(op.id);
            break;
        case Op::Kind::Drop:
            writers.erase(op.id); // the writer removes its part file
            break;
        }
        lock.relock();
        m_queuedBytes -= op.kind == Op::Kind::Write ? op.data.size() : 0;
        m_busy = false;
        if (m_queue.empty())
            m_drained.wakeAll();
    }
}

} // namespace rankscope::ingest
