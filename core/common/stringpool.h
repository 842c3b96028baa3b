// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QList>
#include <QString>

namespace rankscope {

// Stores each distinct string once and hands out dense 32-bit ids. Host names, versions and
// error kinds repeat millions of times in a large bundle; events and matrix cells keep the id.
// Not thread-safe: each worker fills its own pool and the merge step re-interns.
class StringPool
{
public:
    using Id = quint32;
    static constexpr Id Empty = 0; // id 0 is always the empty string

    StringPool();

    Id intern(const QString &s);
    const QString &string(Id id) const;
    // Returns Empty when the string was never interned (lookups must not grow the pool).
    Id find(const QString &s) const;
    qsizetype size() const { return m_strings.size(); }

private:
    QList<QString> m_strings;
    QHash<QString, Id> m_ids;
};

} // namespace rankscope
