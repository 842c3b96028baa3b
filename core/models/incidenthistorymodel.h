// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "incidentrecord.h"

#include <QAbstractTableModel>

namespace rankscope::models {

// The incident library as a table for the History dock: when, failure, initiating node and
// rank, job, nodes, ranks. SortRole sorts times and numbers by value and node names in natural
// order; IdRole is the library's incident id.
class IncidentHistoryModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { When, Failure, Node, Rank, Job, Nodes, Ranks, ColumnCount };
    enum { IdRole = Qt::UserRole + 200 };

    explicit IncidentHistoryModel(QObject *parent = nullptr);
    void setIncidents(QList<history::IncidentRecord> incidents);
    const history::IncidentRecord *incident(int row) const;

    int rowCount(const QModelIndex &parent = {}) const final;
    int columnCount(const QModelIndex &parent = {}) const final;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const final;

private:
    QList<history::IncidentRecord> m_incidents;
};

} // namespace rankscope::models
