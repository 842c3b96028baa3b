// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringView>

namespace rankscope {

// Natural order, the one every list of nodes uses (timeline, matrix, filters, reports, trace
// export, redaction aliases): runs of digits compare by value, so node-2 comes before node-10
// and gpu-007 next to gpu-7; otherwise by character. A strict weak order.
bool naturalLess(QStringView a, QStringView b);

// The same as a comparator type, for std::map, std::sort and friends.
struct NaturalLess
{
    bool operator()(QStringView a, QStringView b) const { return naturalLess(a, b); }
};

} // namespace rankscope
