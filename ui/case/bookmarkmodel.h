// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "casedata.h"
#include "caselistmodel.h"

namespace rankscope::ui {

// A case's bookmarks as a list: "path:line — label", the label editable in place. The model
// holds the list the case saves (CaseController reads it back with items()).
class BookmarkModel final : public CaseListModel<cases::Bookmark>
{
    Q_OBJECT
public:
    enum Role {
        PathRole = Qt::UserRole + 1, // QString, relative to the bundle root
        LineRole, // qint64, 1-based
        RankRole, // int, -1 when unknown
        NodeRole, // QString
        TimeRole, // qint64 ms since the epoch (corrected), NoTime when unknown
        LabelRole, // QString
        NoteRole, // QString, editable
    };

    explicit BookmarkModel(QObject *parent = nullptr);

    // The row of the bookmark on that line, or -1.
    int rowOf(const QString &path, LineNumber line) const;
    // Appends a bookmark and returns its row; a line that is bookmarked already keeps its one
    // bookmark, whose row is returned.
    int add(const cases::Bookmark &bookmark);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const final;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) final;
    Qt::ItemFlags flags(const QModelIndex &index) const final;
    QHash<int, QByteArray> roleNames() const final;
};

} // namespace rankscope::ui
