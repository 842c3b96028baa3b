// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "writequeue.h"

using namespace Qt::StringLiterals;

namespace rankscope::sim {

namespace {
constexpr qsizetype MaxQueuedBytes = 48 * 1024 * 1024;
constexpr qsizetype MaxFreeBuffers = 16;
} // namespace

WriteQueue::WriteQueue()
    : m_thread([this] { run(); })
{ }

WriteQueue::~WriteQueue()
{
    drain();
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    m_thread.join();
}

void WriteQueue::push(Job job)
{
    std::unique_lock lock(m_mutex);
    m_space.wait(lock, [this] { return m_queuedBytes < MaxQueuedBytes; });
    m_queuedBytes += job.data.size();
    m_jobs.push_back(std::move(job));
    lock.unlock();
    m_wake.notify_one();
}

void WriteQueue::write(std::FILE *file, QByteArray data, const QString &name)
{
    if (data.isEmpty())
        return;
    push(Job { file, std::move(data), name, false });
}

void WriteQueue::close(std::FILE *file, const QString &name)
{
    push(Job { file, {}, name, true });
}

QByteArray WriteQueue::buffer(qsizetype capacity)
{
    {
        std::lock_guard lock(m_mutex);
        if (!m_free.isEmpty()) {
            QByteArray b = m_free.takeLast();
            if (b.capacity() >= capacity) {
                b.resize(capacity);
                return b;
            }
        }
    }
    QByteArray b;
    b.resize(capacity);
    return b;
}

QString WriteQueue::drain()
{
    std::unique_lock lock(m_mutex);
    m_space.wait(lock, [this] { return m_jobs.empty() && !m_busy; });
    return m_error;
}

void WriteQueue::run()
{
    for (;;) {
        Job job;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_stop || !m_jobs.empty(); });
            if (m_jobs.empty())
                return;
            job = std::move(m_jobs.front());
            m_jobs.pop_front();
            m_busy = true;
        }
        QString error;
        if (!job.data.isEmpty()
            && std::fwrite(job.data.constData(), 1, size_t(job.data.size()), job.file) != size_t(job.data.size()))
            error = u"cannot write %1 (disk full?)"_s.arg(job.name);
        if (job.close && std::fclose(job.file) != 0)
            error = u"cannot write %1 (disk full?)"_s.arg(job.name);
        {
            std::lock_guard lock(m_mutex);
            m_queuedBytes -= job.data.size();
            if (!error.isEmpty() && m_error.isEmpty())
                m_error = error;
            if (!job.data.isEmpty() && m_free.size() < MaxFreeBuffers) {
                job.data.resize(0);
                m_free.append(std::move(job.data));
            }
            m_busy = false;
        }
        m_space.notify_all();
    }
}

} // namespace rankscope::sim
