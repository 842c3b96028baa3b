// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "bundlewriter.h"
#include "cluster.h"

namespace rankscope::sim {

// Node inventories as engineers collect them (log-formats.md §6): collect_env output, the
// nvidia-smi table, pip freeze, an environment dump and RankScope's own JSON inventory. Outlier
// nodes show their outlier values here, which is what the version matrix is built from.
class InventoryWriter
{
public:
    InventoryWriter(const Cluster &cluster, BundleWriter &writer);

    bool write(int node, bool crlfEnv);

private:
    QByteArray collectEnv(int node) const;
    QByteArray nvidiaSmi(int node) const;
    QByteArray pipFreeze(int node) const;
    QList<std::pair<QByteArray, QByteArray>> environment(int node) const;
    QByteArray inventoryJson(int node) const;

    const Cluster &m_cluster;
    BundleWriter &m_writer;
};

} // namespace rankscope::sim
