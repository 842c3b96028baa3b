// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "encyclopedialistmodel.h"
#include "encyclopediaroles.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

using namespace EncyclopediaRoles;

EncyclopediaListModel::EncyclopediaListModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

EncyclopediaListModel::~EncyclopediaListModel() = default;

void EncyclopediaListModel::setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb)
{
    beginResetModel();
    // Rows point into the old knowledge base: they go in the same reset.
    m_kb = std::move(kb);
    fillAll();
    endResetModel();
}

void EncyclopediaListModel::showAll()
{
    beginResetModel();
    fillAll();
    endResetModel();
}

void EncyclopediaListModel::fillAll()
{
    m_rows.clear();
    m_searchResult = false;
    if (m_kb) {
        for (const kb::Entry &e : m_kb->entries())
            m_rows.append({ &e, 0, {} });
        const QStringList &order = kb::categories();
        // Unknown categories (user entries) sort after the documented ones.
        const auto rank = [&order](const QString &c) {
            const auto i = order.indexOf(c);
            return i < 0 ? order.size() : i;
        };
        std::stable_sort(m_rows.begin(), m_rows.end(), [&rank](const Row &a, const Row &b) {
            const auto ca = rank(a.entry->category), cb = rank(b.entry->category);
            if (ca != cb)
                return ca < cb;
            if (a.entry->category != b.entry->category)
                return a.entry->category < b.entry->category;
            const int t = a.entry->title.compare(b.entry->title, Qt::CaseInsensitive);
            return t != 0 ? t < 0 : a.entry->id < b.entry->id;
        });
    }
}

void EncyclopediaListModel::showHits(const QList<kb::SearchHit> &hits)
{
    beginResetModel();
    m_rows.clear();
    m_searchResult = true;
    if (m_kb) {
        for (const kb::SearchHit &h : hits) {
            if (const kb::Entry *e = m_kb->entry(h.entryId))
                m_rows.append({ e, h.score, h.snippet });
        }
    }
    endResetModel();
}

QString EncyclopediaListModel::entryId(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).entry->id : QString();
}

int EncyclopediaListModel::rowOf(const QString &entryId) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).entry->id == entryId)
            return i;
    }
    return -1;
}

int EncyclopediaListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant EncyclopediaListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    Q_ASSERT(checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid));
    const Row &row = m_rows.at(index.row());
    const kb::Entry &e = *row.entry;
    switch (role) {
    case Qt::DisplayRole:
    case TitleRole:
        return e.title;
    case Qt::ToolTipRole:
        return row.snippet.isEmpty() ? e.summary : e.summary + u"\n\n"_s + row.snippet;
    case Qt::AccessibleTextRole:
        return QString(e.title + u", "_s + e.category);
    case Qt::AccessibleDescriptionRole:
        return e.summary;
    case EntryIdRole:
        return e.id;
    case CategoryRole:
        return e.category;
    case EntryRoleRole:
        return kb::toString(e.role);
    case SummaryRole:
        return e.summary;
    case SnippetRole:
        return row.snippet;
    case ScoreRole:
        return row.score;
    case UserOverrideRole:
        return e.userOverride;
    case CategoryHeaderRole:
        if (m_searchResult)
            return QString();
        if (index.row() == 0 || m_rows.at(index.row() - 1).entry->category != e.category)
            return e.category;
        return QString();
    default:
        break;
    }
    return {};
}

Qt::ItemFlags EncyclopediaListModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    Q_ASSERT(checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid));
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
}

QHash<int, QByteArray> EncyclopediaListModel::roleNames() const
{
    auto names = QAbstractListModel::roleNames();
    names.insert(EntryIdRole, "entryId");
    names.insert(TitleRole, "title");
    names.insert(CategoryRole, "category");
    names.insert(EntryRoleRole, "entryRole");
    names.insert(SummaryRole, "summary");
    names.insert(SnippetRole, "snippet");
    names.insert(ScoreRole, "score");
    names.insert(UserOverrideRole, "userOverride");
    names.insert(CategoryHeaderRole, "categoryHeader");
    return names;
}

} // namespace rankscope::ui
