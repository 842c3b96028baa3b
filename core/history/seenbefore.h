// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "incidentrecord.h"

#include <QList>
#include <QStringList>

namespace rankscope::history {

// "Have we seen this before?": the earlier incidents that share something decisive with this
// one — the same failure (entry), the same initiating node or GPU, or the same outlier value of
// a component — each with the reasons in words. Most reasons first, then the most recent.
struct SeenBefore
{
    IncidentRecord incident;
    QStringList reasons; // "the same failure (gpu-xid-fallen-off-bus)", "started on the same node gpu-17", …

    static QList<SeenBefore> find(const IncidentRecord &current, const QList<IncidentRecord> &library);
};

} // namespace rankscope::history
