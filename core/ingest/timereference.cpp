// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timereference.h"

#include <QDateTime>
#include <QTimeZone>

namespace rankscope::ingest {

TimeReference::TimeReference(qint64 referenceMs, qint64 nowMs)
    : m_refTime(referenceMs)
    , m_nowMs(nowMs)
    , m_refYear(QDateTime::fromMSecsSinceEpoch(referenceMs == None ? nowMs : referenceMs, QTimeZone::utc()).date().year())
{
}

qint64 TimeReference::complete(const ParsedTime &t, const QString &node) const
{
    switch (t.kind) {
    case ParsedTime::Kind::Absolute: return t.ms;
    case ParsedTime::Kind::YearLess: {
        qint64 ms = ParsedTime::resolveYear(t.ms, m_refYear);
        // Dec -> Jan rollover: a year-less date far after the bundle's other times belongs to the
        // year before (and far before, to the year after).
        const qint64 halfYear = 183ll * 86'400'000;
        if (m_refTime != None && ms != -1 && ms - m_refTime > halfYear)
            ms = ParsedTime::resolveYear(t.ms, m_refYear - 1);
        else if (m_refTime != None && ms != -1 && m_refTime - ms > halfYear)
            ms = ParsedTime::resolveYear(t.ms, m_refYear + 1);
        else if (m_refTime == None && ms > m_nowMs + 86'400'000)
            ms = ParsedTime::resolveYear(t.ms, m_refYear - 1);
        return ms < 0 ? None : ms;
    }
    case ParsedTime::Kind::SinceBoot:
        if (const auto boot = m_nodeBoot.constFind(node); boot != m_nodeBoot.cend())
            return *boot + t.ms;
        break;
    case ParsedTime::Kind::None: break;
    }
    return None;
}

} // namespace rankscope::ingest
