// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "linesink.h"

#include "timeformat.h"

namespace rankscope::sim {

OutFile &LineSink::begin(qint64 trueUs)
{
    if (m_stamp == Stamp::Kubectl) {
        const qint64 t = trueUs + m_skewUs;
        TimeFormat::rfc3339Nano(*m_file, t, quint32((quint64(t) * 2654435761u) % 1000u));
        *m_file << ' ';
    }
    if (!m_prefix.isEmpty())
        *m_file << m_prefix;
    return *m_file;
}

} // namespace rankscope::sim
