// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "seenbefore.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::history {

QList<SeenBefore> SeenBefore::find(const IncidentRecord &current, const QList<IncidentRecord> &library)
{
    const QList<MatrixValue> outliers = current.outliers();
    QList<SeenBefore> out;
    for (const IncidentRecord &other : library) {
        // The same bundle is this incident, not an earlier one; an incident recorded later
        // than this one is not "before" it either (the library may hold the future of a case
        // reopened months later, which is still worth showing as such).
        if (other.identity == current.identity || (current.id > 0 && other.id == current.id))
            continue;
        QStringList reasons;
        if (!current.entry.isEmpty() && other.entry == current.entry)
            reasons << u"the same failure (%1)"_s.arg(current.entry);
        if (!current.node.isEmpty() && other.node == current.node) {
            if (!current.gpu.isEmpty() && other.gpu == current.gpu)
                reasons << u"started on the same GPU (%1 %2)"_s.arg(current.node, current.gpu);
            else
                reasons << u"started on the same node (%1)"_s.arg(current.node);
        }
        for (const MatrixValue &m : outliers) {
            const bool shared = std::any_of(other.matrix.cbegin(), other.matrix.cend(), [&](const MatrixValue &o) {
                return o.outlier && o.component == m.component && o.value == m.value;
            });
            if (shared)
                reasons << u"the same outlier (%1 %2)"_s.arg(m.component, m.value);
        }
        if (!reasons.isEmpty())
            out.append({other, reasons});
    }
    std::stable_sort(out.begin(), out.end(), [](const SeenBefore &a, const SeenBefore &b) {
        if (a.reasons.size() != b.reasons.size())
            return a.reasons.size() > b.reasons.size();
        return a.incident.when() > b.incident.when();
    });
    return out;
}

} // namespace rankscope::history
