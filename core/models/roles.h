// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Qt>

// Item roles of RankScope's models, in one widget-free header that models, delegates and tests
// include (STYLE.md 12). Values are semantic (a state, a reference), never colours.
namespace rankscope::models {

enum Roles {
    SourceRefRole = Qt::UserRole + 1, // rankscope::SourceRef of the evidence (QVariant::fromValue)
    CellStateRole,                    // int(analysis::MatrixCell::State)
    MajorityRole,                     // QString: the value most nodes have
    NodeGroupRole,                    // QStringList: the nodes a (grouped) row stands for
    SeverityRole,                     // int: 0 info .. 3 fatal
    EntryIdRole,                      // QString: encyclopedia id
    RankRole,                         // int, -1 unknown
    SortRole,                         // value to sort by
};

} // namespace rankscope::models
