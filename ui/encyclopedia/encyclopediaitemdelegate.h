// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStyledItemDelegate>

namespace rankscope::ui {

// Paints one encyclopedia list row: a category header above the first row of each group, the
// title, a muted line with id and role (or category), and for search hits the snippet with the
// matched words in bold. Reads only the roles of encyclopediaroles.h; colours come from the
// palette of the view at paint time, so light and dark themes need nothing else.
class EncyclopediaItemDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const final;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const final;
};

} // namespace rankscope::ui
