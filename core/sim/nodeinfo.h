// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "version.h"

#include <QByteArray>

namespace rankscope::sim {

// One machine (or pod) of the simulated job: its names, addresses, clock and the software it
// runs. Outlier nodes differ here, and the inventory writer and every log writer read it.
struct NodeInfo
{
    int index = 0;
    QByteArray host; // what processes see as the host name (the pod name on Kubernetes)
    QByteArray machine; // kernel host name in dmesg/journal (the Kubernetes node)
    QByteArray fqdn;
    QByteArray ip;
    QByteArray iface;
    qint64 skewUs = 0; // this node's clock minus true time
    qint64 bootUs = 0; // boot time, true time
    int agentPid = 0;
    int firstRank = 0;
    int bootstrapPort = 0; // NCCL bootstrap listen port of the node's first rank

    Version nccl;
    QByteArray ncclCuda; // "12.4": the CUDA NCCL was built for
    QByteArray driver; // "550.54.15"
    QByteArray driverCuda; // "12.4": highest CUDA the driver supports
    int driverApi = 0; // cudaDriverGetVersion, 12040
    QByteArray torch; // "2.5.1+cu124"
    QByteArray python; // "3.10.12"
    QByteArray transport; // "IB", "Socket", plugin name
    QByteArray netPlugin; // "none", "AWS Libfabric", "missing"
    QByteArray image; // digest reference
    QByteArray ldLibraryPath;
    bool usesPlugin = false;
};

} // namespace rankscope::sim
