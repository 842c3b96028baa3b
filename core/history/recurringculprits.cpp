// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "recurringculprits.h"

#include "naturalorder.h"

#include <QDateTime>
#include <QTimeZone>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::history {

namespace {

QString times(int n)
{
    switch (n) {
    case 1:
        return u"once"_s;
    case 2:
        return u"twice"_s;
    default:
        return u"%1 times"_s.arg(n);
    }
}

} // namespace

QList<RecurringCulprit> RecurringCulprit::find(const QList<IncidentRecord> &library, int windowDays, qint64 nowMs)
{
    QList<const IncidentRecord *> inWindow;
    const qint64 since = windowDays > 0 ? nowMs - qint64(windowDays) * 24 * 3600 * 1000 : std::numeric_limits<qint64>::min();
    for (const IncidentRecord &r : library)
        if (r.when() >= since)
            inWindow.append(&r);
    const int total = int(inWindow.size());

    // One map per kind, keyed by subject, in the library's order (most recent first).
    QMap<QString, RecurringCulprit> byKey;
    auto take = [&](RecurringCulprit::Kind kind, const QString &subject, const IncidentRecord &r) {
        const QString key = QString::number(int(kind)) + u'\t' + subject;
        RecurringCulprit &c = byKey[key];
        if (c.incidents.contains(r.id))
            return;
        c.kind = kind;
        c.subject = subject;
        ++c.count;
        c.total = total;
        c.incidents.append(r.id);
        c.entries[r.entry.isEmpty() ? u"undecided"_s : r.entry] += 1;
    };
    for (const IncidentRecord *r : std::as_const(inWindow)) {
        if (!r->node.isEmpty() && !r->external) {
            take(RecurringCulprit::Kind::Node, r->node, *r);
            if (!r->gpu.isEmpty())
                take(RecurringCulprit::Kind::Gpu, r->node + u' ' + r->gpu, *r);
        }
        for (const MatrixValue &m : r->outliers())
            take(RecurringCulprit::Kind::Outlier, m.component + u' ' + m.value, *r);
    }

    const QString scope = windowDays > 0
        ? u"of the %1 incidents since %2"_s.arg(total).arg(
              QDateTime::fromMSecsSinceEpoch(since, QTimeZone::utc()).toString(u"yyyy-MM-dd"_s))
        : u"of the last %1 incidents"_s.arg(total);
    QList<RecurringCulprit> out;
    for (RecurringCulprit &c : byKey) {
        if (c.count < 2)
            continue;
        QList<QPair<QString, int>> entries;
        for (auto it = c.entries.cbegin(); it != c.entries.cend(); ++it)
            entries.append({it.key(), it.value()});
        std::stable_sort(entries.begin(), entries.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
        QStringList parts;
        for (const auto &[entry, n] : entries)
            parts << entry + u' ' + times(n);
        const QString verb = c.kind == RecurringCulprit::Kind::Outlier ? u"was an outlier in"_s : u"started"_s;
        c.sentence = u"%1 %2 %3 %4: %5"_s.arg(c.subject, verb).arg(c.count).arg(scope, parts.join(u", "_s));
        out.append(c);
    }
    std::stable_sort(out.begin(), out.end(), [](const RecurringCulprit &a, const RecurringCulprit &b) {
        if (a.count != b.count)
            return a.count > b.count;
        if (a.kind != b.kind)
            return int(a.kind) < int(b.kind);
        return naturalLess(a.subject, b.subject);
    });
    return out;
}

} // namespace rankscope::history
