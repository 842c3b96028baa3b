// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "casedata.h"

#include <QAbstractListModel>

namespace rankscope::ui {

// A case's bookmarks as a list: "path:line — label", the label editable in place. The model
// holds the list the case saves (CaseController reads it back), so edits made here are the
// case's edits; edited() tells them apart from a whole new list arriving with setBookmarks().
class BookmarkModel final : public QAbstractListModel
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

    void setBookmarks(const QList<cases::Bookmark> &bookmarks);
    const QList<cases::Bookmark> &bookmarks() const { return m_bookmarks; }
    const cases::Bookmark &at(int row) const { return m_bookmarks.at(row); }
    // The row of the bookmark on that line, or -1.
    int rowOf(const QString &path, LineNumber line) const;
    // Appends a bookmark and returns its row; a line that is bookmarked already keeps its one
    // bookmark, whose row is returned.
    int add(const cases::Bookmark &bookmark);

    int rowCount(const QModelIndex &parent = {}) const final;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const final;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) final;
    Qt::ItemFlags flags(const QModelIndex &index) const final;
    bool removeRows(int row, int count, const QModelIndex &parent = {}) final;
    QHash<int, QByteArray> roleNames() const final;

Q_SIGNALS:
    // A change made through the model (add, remove, rename): the case has changed.
    void edited();

private:
    QList<cases::Bookmark> m_bookmarks;
};

} // namespace rankscope::ui
