// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "podplacement.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace rankscope::ingest {

namespace {

bool plausibleName(const QString &s)
{
    static const QRegularExpression name(uR"(^[A-Za-z0-9][A-Za-z0-9._-]*$)"_s);
    return !s.isEmpty() && s != u"<none>"_s && name.match(s).hasMatch();
}

} // namespace

QList<PodPlacement> PodPlacement::parse(const QByteArrayList &lines)
{
    // The table's header says whether a NAMESPACE column comes first (-A); rows are matched by
    // their shape rather than by column positions, because pasted tables lose their alignment
    // and RESTARTS may read "2 (5m ago)".
    static const QRegularExpression header(uR"(^\s*(NAMESPACE\s+)?NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\s+IP\s+NODE\b)"_s);
    static const QRegularExpression row(
        uR"(^\s*(?:(?<ns>\S+)\s+)?(?<pod>\S+)\s+\d+/\d+\s+\S+\s+\d+(?:\s+\([^)]*\))?\s+\S+\s+(?<ip>\S+)\s+(?<node>\S+))"_s);
    static const QRegularExpression name(uR"(^Name:\s+(\S+)\s*$)"_s);
    static const QRegularExpression node(uR"(^Node:\s+([^/\s]+)(?:/(\S+))?\s*$)"_s);
    static const QRegularExpression assigned(uR"(Successfully assigned (?:[^/\s]+/)?(\S+) to (\S+))"_s);

    QList<PodPlacement> out;
    bool inTable = false;
    bool withNamespace = false;
    QString describedPod;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString text = QString::fromUtf8(lines.at(i));
        const qint64 lineNo = i + 1;
        if (const auto h = header.match(text); h.hasMatch()) {
            inTable = true;
            withNamespace = h.hasCaptured(1);
            continue;
        }
        if (inTable) {
            const auto r = row.match(text);
            const bool nsOk = withNamespace == r.hasCaptured(u"ns"_s);
            if (r.hasMatch() && nsOk) {
                const QString pod = r.captured(u"pod"_s), at = r.captured(u"node"_s);
                if (plausibleName(pod) && plausibleName(at))
                    out.append({pod, at, r.captured(u"ip"_s) == u"<none>"_s ? QString() : r.captured(u"ip"_s), lineNo});
                continue;
            }
            inTable = !text.trimmed().isEmpty() && text.trimmed() != u"..."_s ? false : inTable;
        }
        if (const auto m = name.match(text); m.hasMatch()) {
            describedPod = m.captured(1);
            continue;
        }
        if (const auto m = node.match(text); m.hasMatch() && !describedPod.isEmpty()) {
            if (plausibleName(m.captured(1)))
                out.append({describedPod, m.captured(1), QString(), lineNo});
            describedPod.clear();
            continue;
        }
        if (const auto m = assigned.match(text); m.hasMatch()) {
            QString at = m.captured(2);
            while (at.endsWith(u'.') || at.endsWith(u','))
                at.chop(1);
            if (plausibleName(m.captured(1)) && plausibleName(at))
                out.append({m.captured(1), at, QString(), lineNo});
        }
    }
    return out;
}

} // namespace rankscope::ingest
