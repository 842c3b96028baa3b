// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "lineclaims.h"

#include <QByteArrayList>

#include <algorithm>

namespace rankscope::ingest {

bool LineClaims::plausibleHost(QByteArrayView h)
{
    if (h.isEmpty())
        return false;
    for (const char *suffix : {"Error", "Exception", "Warning", "Interrupt", "Exit"}) {
        if (h.endsWith(suffix))
            return false;
    }
    // A dotted name whose first label is a number is an IPv4 address or no host at all: docker's
    // "24.01-py3: Pulling from nvidia/pytorch" names an image tag, "3.10: " a version.
    if (const qsizetype firstDot = h.indexOf('.'); firstDot > 0
        && std::all_of(h.begin(), h.begin() + firstDot, [](char c) { return c >= '0' && c <= '9'; })) {
        const auto labels = h.toByteArray().split('.');
        const bool ipv4 = labels.size() == 4 && std::all_of(labels.cbegin(), labels.cend(), [](const QByteArray &l) {
            bool ok = false;
            return !l.isEmpty() && l.size() <= 3 && l.toInt(&ok) <= 255 && ok;
        });
        if (!ipv4)
            return false;
    }
    const qsizetype dot = h.lastIndexOf('.');
    return dot < 0 || dot + 1 >= h.size() || !(h[dot + 1] >= 'A' && h[dot + 1] <= 'Z');
}

LineClaims LineClaims::of(const LinePrefix &prefix, QByteArrayView content)
{
    LineClaims c;
    c.prefixRank = prefix.globalRank >= 0 ? prefix.globalRank : prefix.slurmTask >= 0 ? prefix.slurmTask : prefix.mpiRank;
    c.slurmTask = prefix.slurmTask;
    c.rankFromTask = prefix.globalRank < 0 && prefix.slurmTask >= 0;
    c.taskIsAgent = taskLabelsAnAgent(prefix);
    c.localRank = prefix.localRank;
    c.pgRank = pgRankInMessage(content);
    c.rayPid = prefix.rayPid;
    if (const NcclPrefix nccl = NcclPrefix::parse(content); nccl.valid) {
        c.writerHost = nccl.host.toByteArray();
        c.writerPid = nccl.pid;
        c.ncclPrefix = true;
    } else if (!prefix.pod.isEmpty() || plausibleHost(prefix.host)) {
        c.writerHost = (prefix.pod.isEmpty() ? prefix.host : prefix.pod).toByteArray(); // the writer's host name
    } else if (!prefix.rayIp.isEmpty()) {
        c.writerHost = prefix.rayIp.toByteArray(); // a Ray worker's address; named by host later
        c.writerPid = prefix.rayPid;
    }
    return c;
}

} // namespace rankscope::ingest
