// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "memberpipe.h"

#include <algorithm>
#include <cstring>

namespace rankscope::ingest {

bool MemberPipe::push(QByteArray block)
{
    QMutexLocker lock(&m_mutex);
    while (!m_readClosed && qsizetype(m_blocks.size()) >= m_capacity)
        m_changed.wait(&m_mutex);
    if (m_readClosed)
        return false;
    if (!block.isEmpty()) {
        m_blocks.push_back(std::move(block));
        m_changed.wakeAll();
    }
    return true;
}

void MemberPipe::closeWrite()
{
    QMutexLocker lock(&m_mutex);
    m_writeClosed = true;
    m_changed.wakeAll();
}

qint64 MemberPipe::read(char *buf, qint64 max)
{
    QMutexLocker lock(&m_mutex);
    while (m_blocks.empty() && !m_writeClosed)
        m_changed.wait(&m_mutex);
    qint64 copied = 0;
    // Whole blocks while they fit: the scanner's buffer is as large as a block, so this is
    // usually one copy of one block.
    while (!m_blocks.empty() && copied < max) {
        const QByteArray &front = m_blocks.front();
        const qint64 n = std::min<qint64>(max - copied, front.size() - m_frontOffset);
        std::memcpy(buf + copied, front.constData() + m_frontOffset, size_t(n));
        copied += n;
        m_frontOffset += n;
        if (m_frontOffset == front.size()) {
            m_blocks.pop_front();
            m_frontOffset = 0;
        }
    }
    if (copied > 0)
        m_changed.wakeAll();
    return copied;
}

QByteArray MemberPipe::take()
{
    QMutexLocker lock(&m_mutex);
    while (m_blocks.empty() && !m_writeClosed)
        m_changed.wait(&m_mutex);
    if (m_blocks.empty())
        return {};
    QByteArray block = std::move(m_blocks.front());
    m_blocks.pop_front();
    if (m_frontOffset > 0)
        block.remove(0, m_frontOffset);
    m_frontOffset = 0;
    m_changed.wakeAll();
    return block;
}

void MemberPipe::closeRead()
{
    QMutexLocker lock(&m_mutex);
    m_readClosed = true;
    m_blocks.clear();
    m_frontOffset = 0;
    m_changed.wakeAll();
}

} // namespace rankscope::ingest
