// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stringpool.h"

namespace rankscope {

StringPool::StringPool()
{
    m_strings.append(QString());
    m_ids.insert(QString(), Empty);
}

StringPool::Id StringPool::intern(const QString &s)
{
    const auto it = m_ids.constFind(s);
    if (it != m_ids.constEnd())
        return it.value();
    const Id id = Id(m_strings.size());
    m_strings.append(s);
    m_ids.insert(s, id);
    return id;
}

const QString &StringPool::string(Id id) const
{
    static const QString empty;
    return id < Id(m_strings.size()) ? m_strings.at(id) : empty;
}

StringPool::Id StringPool::find(const QString &s) const
{
    return m_ids.value(s, Empty);
}

} // namespace rankscope
