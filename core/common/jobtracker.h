// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QtConcurrent>

#include <memory>

namespace rankscope {

// Runs one kind of background job for an owner on the GUI thread and hands its result back
// there, in the spirit of hotspot's JobTracker: only the newest job's result is delivered (a
// result of a job started before another is dropped), and none after the tracker is gone. The
// job runs on the global thread pool and must capture what it reads by value; deliver runs on
// the thread that made the tracker, and may use the owner freely.
class JobTracker
{
    // Touched on the owner's thread only: the job's thread merely carries the pointer.
    struct State
    {
        bool alive = true;
        quint64 generation = 0;
        int running = 0;
    };

public:
    JobTracker() = default;
    ~JobTracker() { m_state->alive = false; }
    JobTracker(const JobTracker &) = delete;
    JobTracker &operator=(const JobTracker &) = delete;

    bool isJobRunning() const { return m_state->running > 0; }
    // Drops the result of every job started so far.
    void cancel() { ++m_state->generation; }

    // What a job may hand its owner before it ends (progress, a first stage of its result): fn
    // runs on the owner's thread, in the order posted and before the final deliver, and only
    // while the job is still the newest one and the tracker is alive.
    class Channel
    {
    public:
        template<typename Fn>
        void post(Fn fn) const
        {
            QMetaObject::invokeMethod(
                QCoreApplication::instance(),
                [state = m_state, generation = m_generation, fn = std::move(fn)]() mutable {
                    if (state->alive && generation == state->generation)
                        fn();
                },
                Qt::QueuedConnection);
        }

    private:
        friend class JobTracker;
        Channel(std::shared_ptr<State> state, quint64 generation)
            : m_state(std::move(state))
            , m_generation(generation)
        {
        }
        std::shared_ptr<State> m_state;
        quint64 m_generation;
    };

    // job is called as job() or, when it takes one, job(const Channel &).
    template<typename Job, typename Deliver>
    void startJob(Job job, Deliver deliver)
    {
        const quint64 generation = ++m_state->generation;
        ++m_state->running;
        (void)QtConcurrent::run([state = m_state, generation, job = std::move(job), deliver = std::move(deliver)]() mutable {
            auto result = [&] {
                if constexpr (std::is_invocable_v<Job &, const Channel &>)
                    return job(Channel(state, generation));
                else
                    return job();
            }();
            // Posted to the application object, which outlives every window; the state says
            // whether the owner is still there, checked on its own thread. Queued events from
            // one thread to one object keep their order, so every post() comes first.
            QMetaObject::invokeMethod(
                QCoreApplication::instance(),
                [state, generation, result = std::move(result), deliver = std::move(deliver)]() mutable {
                    --state->running;
                    if (state->alive && generation == state->generation)
                        deliver(std::move(result));
                },
                Qt::QueuedConnection);
        });
    }

private:
    std::shared_ptr<State> m_state = std::make_shared<State>();
};

} // namespace rankscope
