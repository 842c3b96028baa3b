// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "incidenthistorymodel.h"

#include "roles.h"

#include <QDateTime>
#include <QTimeZone>

using namespace Qt::StringLiterals;

namespace rankscope::models {

IncidentHistoryModel::IncidentHistoryModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void IncidentHistoryModel::setIncidents(QList<history::IncidentRecord> incidents)
{
    beginResetModel();
    m_incidents = std::move(incidents);
    endResetModel();
}

const history::IncidentRecord *IncidentHistoryModel::incident(int row) const
{
    return row >= 0 && row < m_incidents.size() ? &m_incidents.at(row) : nullptr;
}

int IncidentHistoryModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_incidents.size());
}

int IncidentHistoryModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant IncidentHistoryModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const history::IncidentRecord &r = m_incidents.at(index.row());
    if (role == IdRole)
        return r.id;
    if (role == EntryIdRole)
        return r.entry;
    if (role == Qt::ToolTipRole) {
        QString tip = r.summary.isEmpty() ? r.entry : r.summary;
        if (!r.evidencePath.isEmpty())
            tip += u"\n%1:%2\n%3"_s.arg(r.evidencePath).arg(r.evidenceLine).arg(r.evidenceText.left(200));
        return QString(tip + u"\n"_s + tr("Opened from %1").arg(QString(r.origin).replace(u'\n', u", "_s)));
    }
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool sort = role == SortRole;
    switch (Column(index.column())) {
    case When:
        if (sort)
            return r.when();
        return QDateTime::fromMSecsSinceEpoch(r.when(), QTimeZone::utc()).toString(u"yyyy-MM-dd hh:mm"_s);
    case Failure:
        return r.entry.isEmpty() ? tr("undecided") : r.overridden ? tr("%1 (corrected)").arg(r.entry) : r.entry;
    case Node:
        if (sort)
            return r.node; // the History dock's proxy compares names in natural order
        return r.gpu.isEmpty() ? r.node : u"%1 (GPU %2)"_s.arg(r.node, r.gpu);
    case Rank:
        return sort ? QVariant(r.rank) : r.rank >= 0 ? QVariant(r.rank) : QVariant(u"—"_s);
    case Job:
        return r.jobIds.join(u", "_s);
    case Nodes:
        return int(r.nodes.size());
    case Ranks:
        return r.rankCount;
    case ColumnCount:
        break;
    }
    return {};
}

QVariant IncidentHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case When:
        return tr("When (UTC)");
    case Failure:
        return tr("Failure");
    case Node:
        return tr("Node");
    case Rank:
        return tr("Rank");
    case Job:
        return tr("Job");
    case Nodes:
        return tr("Nodes");
    case Ranks:
        return tr("Ranks");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace rankscope::models
