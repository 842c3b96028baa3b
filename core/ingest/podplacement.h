// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "warning.h"

#include <QByteArrayList>
#include <QList>
#include <QString>

namespace rankscope::ingest {

// Where Kubernetes ran each pod, read from what kubectl prints (log-formats.md §4.2):
//   kubectl get pods -o wide     a table whose NODE column names the machine
//   kubectl describe pod         "Name:  <pod>" ... "Node:  <node>/<ip>"
//   events (get events, describe) "Successfully assigned <ns>/<pod> to <node>"
// Inside a pod the host name is the pod's name, so NCCL and torch lines name the pod, while
// the kernel log of the same machine names the node: this is the link between the two.
// A pure function of the file's lines; returns one placement per statement it found.
struct PodPlacement
{
    QString pod;
    QString node;
    QString ip;     // the pod's IP when the listing gives it
    qint64 line = 0;

    static QList<PodPlacement> parse(const QByteArrayList &lines);
};

} // namespace rankscope::ingest
