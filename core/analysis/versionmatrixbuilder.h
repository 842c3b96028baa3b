// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"

namespace rankscope::analysis {

// Node x component matrix from facts: each cell consistent, outlier (a minority value across
// nodes), conflicting (two values on one node: two NCCL wheels, a banner that disagrees with pip)
// or unknown. The fixed components always appear; environment variables only where nodes differ.
class VersionMatrixBuilder
{
public:
    static const QStringList &fixedComponents();
    static VersionMatrix build(const QList<Fact> &facts, const QStringList &jobNodes);
    // Components without a majority (two nodes, two values) have no outlier of their own; once
    // the verdict names the node where the failure started, its differing values are listed as
    // that node's outliers against what the other nodes have.
    static void singleOutFailingNode(VersionMatrix &m, const QString &node);
};

} // namespace rankscope::analysis
