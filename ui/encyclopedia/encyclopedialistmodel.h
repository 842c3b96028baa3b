// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "knowledgebase.h"

#include <QAbstractListModel>
#include <memory>

namespace rankscope::ui {

// The encyclopedia browser's result list: either every entry, grouped by category in the
// documented category order, or the hits of one search, best first. It holds the immutable
// KnowledgeBase and a list of rows pointing into it; a new listing resets the model (STYLE.md 11).
class EncyclopediaListModel final : public QAbstractListModel
{
    Q_OBJECT
public:
    explicit EncyclopediaListModel(QObject *parent = nullptr);
    ~EncyclopediaListModel() override;

    // Lists every entry of kb (or nothing for null).
    void setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb);
    std::shared_ptr<const kb::KnowledgeBase> knowledgeBase() const { return m_kb; }

    // Every entry by category, then title.
    void showAll();
    // Search hits in the order given; hits whose entry is unknown are left out.
    void showHits(const QList<kb::SearchHit> &hits);
    bool isSearchResult() const { return m_searchResult; }

    QString entryId(int row) const;
    // Row of the entry, or -1.
    int rowOf(const QString &entryId) const;

    int rowCount(const QModelIndex &parent = {}) const final;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const final;
    Qt::ItemFlags flags(const QModelIndex &index) const final;
    QHash<int, QByteArray> roleNames() const final;

private:
    struct Row
    {
        const kb::Entry *entry = nullptr; // points into m_kb, which outlives the row
        double score = 0;
        QString snippet;
    };

    void fillAll();

    std::shared_ptr<const kb::KnowledgeBase> m_kb;
    QList<Row> m_rows;
    bool m_searchResult = false;
};

} // namespace rankscope::ui
