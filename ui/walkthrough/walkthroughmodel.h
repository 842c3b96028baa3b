// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "casedata.h"
#include "caselistmodel.h"

namespace rankscope::ui {

// The steps of a case's walkthrough, in presenting order: the title (editable in place) as
// display text, rows movable (moveRows, so a QListView in InternalMove mode and Up/Down buttons both
// reorder). Like BookmarkModel it holds the list the case saves.
class WalkthroughModel final : public CaseListModel<cases::WalkthroughStep>
{
    Q_OBJECT
public:
    enum Role {
        TitleRole = Qt::UserRole + 1, // QString, editable
        NoteRole, // QString, editable
        PathRole, // QString, relative to the bundle root
        LineRole, // qint64, 1-based
        RankRole, // int, -1 when unknown
        NodeRole, // QString
        TimeRole, // qint64 ms since the epoch (corrected), NoTime when unknown
        StepRoleRole, // QString: "initiating", "collateral" or "context"
    };

    explicit WalkthroughModel(QObject *parent = nullptr);

    // Inserts a step at row (clamped to the list) and returns the row.
    int insert(int row, const cases::WalkthroughStep &step) { return insertItem(row, step); }
    // Where a step with that time belongs: before the first step of a later time, else last.
    int rowForTime(qint64 timeMs) const;
    // Moves one row up (-1) or down (+1); false at either end.
    bool moveStep(int row, int delta);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const final;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) final;
    Qt::ItemFlags flags(const QModelIndex &index) const final;
    bool moveRows(const QModelIndex &sourceParent, int sourceRow, int count, const QModelIndex &destinationParent,
        int destinationChild) final;
    Qt::DropActions supportedDropActions() const final;
    QHash<int, QByteArray> roleNames() const final;
};

} // namespace rankscope::ui
