// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QMutex>
#include <QWaitCondition>

#include <deque>

namespace rankscope::ingest {

// Decoded blocks of one archive member, from the thread that decodes the archive to the one that
// scans the member. Bounded (the writer waits while it holds `capacity` blocks), so the memory
// an archive ties up is a few blocks per scanner whatever its members expand to. Either side may
// end early: a scanner that has seen enough (binary content) closes its end and the writer's
// next push() says so, and a writer that stops (a damaged archive, cancel) closes its end and the
// reader sees the end of the member.
class MemberPipe
{
public:
    explicit MemberPipe(int capacity)
        : m_capacity(capacity)
    {
    }

    // False once the reader has closed its end: nothing more is wanted.
    bool push(QByteArray block);
    void closeWrite();

    // Like QIODevice::read: up to max bytes, 0 at the end of the member. Waits while empty.
    qint64 read(char *buf, qint64 max);
    // The next block as the writer pushed it (the rest of it, after a read()), without a copy;
    // empty at the end of the member. Waits while empty.
    QByteArray take();
    void closeRead();

private:
    QMutex m_mutex;
    QWaitCondition m_changed;
    std::deque<QByteArray> m_blocks;
    qsizetype m_frontOffset = 0; // bytes of m_blocks.front() already read
    int m_capacity;
    bool m_writeClosed = false;
    bool m_readClosed = false;
};

} // namespace rankscope::ingest
