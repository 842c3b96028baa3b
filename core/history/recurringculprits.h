// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "incidentrecord.h"

#include <QList>
#include <QMap>
#include <QString>

namespace rankscope::history {

// A node, a GPU or a component value that keeps coming back: the evidence for draining a node,
// opening an RMA ticket or pinning a package. Found over the incidents of a window of time.
struct RecurringCulprit
{
    enum class Kind { Node, Gpu, Outlier };
    Kind kind = Kind::Node;
    QString subject;            // "gpu-17", "gpu-17 0000:3b:00", "nccl 2.18.1"
    int count = 0;              // incidents it took part in
    int total = 0;              // incidents in the window
    QMap<QString, int> entries; // entry -> how many of them
    QList<qint64> incidents;    // their ids, most recent first
    QString sentence;           // "gpu-17 started 3 of the last 10 incidents: gpu-xid-fallen-off-bus twice, gpu-ecc-error once"

    // library: most recent first (IncidentLibrary::list). windowDays 0: every incident. A
    // culprit took part in at least two incidents. Most incidents first.
    static QList<RecurringCulprit> find(const QList<IncidentRecord> &library, int windowDays, qint64 nowMs);
};

} // namespace rankscope::history
