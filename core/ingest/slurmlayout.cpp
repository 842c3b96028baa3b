// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "slurmlayout.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace rankscope::ingest {

namespace {

// The items of a comma list, ignoring commas inside brackets ("a[1-2,4],b" -> "a[1-2,4]", "b").
QStringList topLevelItems(const QString &list, bool *ok)
{
    QStringList out;
    int depth = 0;
    QString current;
    for (const QChar c : list) {
        if (c == u'[')
            ++depth;
        else if (c == u']')
            --depth;
        if (depth < 0 || depth > 1) {
            *ok = false;
            return {};
        }
        if (c == u',' && depth == 0) {
            out.append(current);
            current.clear();
        } else {
            current.append(c);
        }
    }
    *ok = depth == 0;
    out.append(current);
    return out;
}

// "prefix[01-03,7]suffix[1-2]" -> every combination, zero padding kept.
bool expandItem(const QString &item, QStringList &out)
{
    const qsizetype open = item.indexOf(u'[');
    if (open < 0) {
        if (item.isEmpty())
            return false;
        out.append(item);
        return out.size() <= SlurmLayout::MaxNodes;
    }
    const qsizetype close = item.indexOf(u']', open);
    if (close < 0)
        return false;
    const QString head = item.left(open);
    const QString tail = item.mid(close + 1);
    for (const QString &range : item.mid(open + 1, close - open - 1).split(u',')) {
        const QString from = range.section(u'-', 0, 0);
        const QString to = range.contains(u'-') ? range.section(u'-', 1, 1) : from;
        bool okFrom = false, okTo = false;
        const qint64 a = from.toLongLong(&okFrom), b = to.toLongLong(&okTo);
        if (!okFrom || !okTo || b < a || b - a >= SlurmLayout::MaxNodes)
            return false;
        const int width = int(from.size());
        for (qint64 v = a; v <= b; ++v) {
            if (!expandItem(head + u"%1"_s.arg(v, width, 10, QChar(u'0')) + tail, out))
                return false;
        }
    }
    return true;
}

} // namespace

QStringList SlurmLayout::expandHostlist(const QString &list)
{
    bool ok = false;
    const QStringList items = topLevelItems(list.trimmed(), &ok);
    if (!ok)
        return {};
    QStringList out;
    for (const QString &item : items) {
        if (!expandItem(item.trimmed(), out))
            return {};
    }
    return out;
}

QList<int> SlurmLayout::expandTasksPerNode(const QString &spec)
{
    static const QRegularExpression part(uR"(^(\d+)(?:\(x(\d+)\))?$)"_s);
    QList<int> out;
    for (const QString &p : spec.trimmed().split(u',')) {
        const auto m = part.match(p.trimmed());
        if (!m.hasMatch())
            return {};
        const int tasks = m.captured(1).toInt();
        const int times = m.captured(2).isEmpty() ? 1 : m.captured(2).toInt();
        if (times <= 0 || out.size() + times > MaxNodes || tasks > MaxNodes)
            return {};
        for (int i = 0; i < times; ++i)
            out.append(tasks);
    }
    return out;
}

QStringList SlurmLayout::taskNodes(const QStringList &nodes, const QList<int> &tasksPerNode, bool cyclic)
{
    if (nodes.isEmpty() || nodes.size() != tasksPerNode.size())
        return {};
    QStringList out;
    if (cyclic) {
        // Round robin over the nodes that still have room.
        QList<int> left = tasksPerNode;
        for (bool placed = true; placed;) {
            placed = false;
            for (qsizetype n = 0; n < nodes.size(); ++n) {
                if (left[n] > 0) {
                    --left[n];
                    out.append(nodes.at(n));
                    placed = true;
                }
            }
        }
        return out;
    }
    for (qsizetype n = 0; n < nodes.size(); ++n) {
        for (int t = 0; t < tasksPerNode.at(n); ++t)
            out.append(nodes.at(n));
    }
    return out;
}

} // namespace rankscope::ingest
