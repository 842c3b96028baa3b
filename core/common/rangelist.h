// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace rankscope {

// Sorted ids as runs: {0,1,2,3,5,7,8} -> "0-3,5,7-8" (Slurm's task lists) or, with ", ",
// "0-3, 5, 7-8" (the verdict's prose).
inline QString rangeList(const QList<int> &sorted, const QString &separator = QStringLiteral(","))
{
    QStringList parts;
    for (qsizetype i = 0; i < sorted.size();) {
        qsizetype j = i;
        while (j + 1 < sorted.size() && sorted.at(j + 1) == sorted.at(j) + 1)
            ++j;
        parts.append(j == i ? QString::number(sorted.at(i)) : QString::number(sorted.at(i)) + u'-' + QString::number(sorted.at(j)));
        i = j + 1;
    }
    return parts.join(separator);
}

} // namespace rankscope
