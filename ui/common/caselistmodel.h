// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QAbstractListModel>
#include <QList>

#include <algorithm>

namespace rankscope::ui {

// What the lists a case keeps (bookmarks, walkthrough steps) have in common as models: the
// model holds the very list the case saves, edited() marks a change made through the model (a
// whole new list set from outside is no edit), and text fields are edited in place.
// moc cannot see templates, hence this base for the signal and CaseListModel<T> for the list.
class CaseListModelBase : public QAbstractListModel
{
    Q_OBJECT
public:
    using QAbstractListModel::QAbstractListModel;

Q_SIGNALS:
    // A change made through the model (add, remove, move, rename): the case has changed.
    void edited();

protected:
    // Stores value in *field for the row at index. An inline edit (Qt::EditRole) is committed
    // once and tidied; other roles come from fields that send every keystroke, so their text is
    // stored as typed (tidying it would fight the cursor).
    bool setText(const QModelIndex &index, QString *field, const QVariant &value, int role);
};

template<typename Item>
class CaseListModel : public CaseListModelBase
{
public:
    using CaseListModelBase::CaseListModelBase;

    const QList<Item> &items() const { return m_items; }
    const Item &at(int row) const { return m_items.at(row); }
    void setItems(const QList<Item> &items)
    {
        beginResetModel();
        m_items = items;
        endResetModel();
    }

    int rowCount(const QModelIndex &parent = {}) const final { return parent.isValid() ? 0 : int(m_items.size()); }
    bool removeRows(int row, int count, const QModelIndex &parent = {}) final
    {
        if (parent.isValid() || row < 0 || count <= 0 || row + count > m_items.size())
            return false;
        beginRemoveRows({}, row, row + count - 1);
        m_items.remove(row, count);
        endRemoveRows();
        Q_EMIT edited();
        return true;
    }

protected:
    // Inserts item before row (clamped to the list) and returns its row.
    int insertItem(int row, const Item &item)
    {
        row = std::clamp(row, 0, int(m_items.size()));
        beginInsertRows({}, row, row);
        m_items.insert(row, item);
        endInsertRows();
        Q_EMIT edited();
        return row;
    }

    QList<Item> m_items;
};

} // namespace rankscope::ui
