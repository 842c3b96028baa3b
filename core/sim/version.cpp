// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "version.h"

#include <QList>

namespace rankscope::sim {

Version Version::parse(QStringView text)
{
    const QList<QStringView> parts = text.split(u'.');
    if (parts.size() < 2 || parts.size() > 3)
        return {};
    int v[3] = { 0, 0, 0 };
    for (qsizetype i = 0; i < parts.size(); ++i) {
        if (parts.at(i).isEmpty() || parts.at(i).size() > 6)
            return {};
        for (QChar c : parts.at(i)) {
            if (!c.isDigit())
                return {};
        }
        v[i] = parts.at(i).toInt();
    }
    return Version(v[0], v[1], v[2]);
}

int Version::ncclCode() const
{
    if (m_major < 2 || (m_major == 2 && m_minor <= 8))
        return m_major * 1000 + m_minor * 100 + m_patch;
    return m_major * 10000 + m_minor * 100 + m_patch;
}

QByteArray Version::toBytes() const
{
    return QByteArray::number(m_major) + '.' + QByteArray::number(m_minor) + '.' + QByteArray::number(m_patch);
}

QByteArray Version::shortBytes() const
{
    return QByteArray::number(m_major) + '.' + QByteArray::number(m_minor);
}

} // namespace rankscope::sim
