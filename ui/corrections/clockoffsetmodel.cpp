// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "clockoffsetmodel.h"

#include "naturalorder.h"

#include <QFont>
#include <QLocale>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

namespace {
QString seconds(double s)
{
    return s == 0 ? u"0"_s : QString::asprintf("%+.3f", s);
}
} // namespace

ClockOffsetModel::ClockOffsetModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ClockOffsetModel::setOffsets(const QList<ingest::ClockOffset> &estimated, const QHash<QString, double> &manual)
{
    beginResetModel();
    m_rows.clear();
    for (const ingest::ClockOffset &c : estimated) {
        Row r{c.node, true, c.estimatedSeconds, c.estimateMethod, manual.contains(c.node), manual.value(c.node)};
        m_rows.append(r);
    }
    for (auto it = manual.cbegin(); it != manual.cend(); ++it) {
        const bool listed = std::any_of(m_rows.cbegin(), m_rows.cend(), [&](const Row &r) { return r.node == it.key(); });
        if (!listed)
            m_rows.append({it.key(), false, 0, QString(), true, it.value()});
    }
    std::sort(m_rows.begin(), m_rows.end(), [](const Row &a, const Row &b) { return naturalLess(a.node, b.node); });
    endResetModel();
}

QHash<QString, double> ClockOffsetModel::manualOffsets() const
{
    QHash<QString, double> out;
    for (const Row &r : m_rows) {
        if (r.manualSet)
            out.insert(r.node, r.manual);
    }
    return out;
}

void ClockOffsetModel::clearManual()
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).manualSet) {
            m_rows[i].manualSet = false;
            Q_EMIT dataChanged(index(i, 0), index(i, ColumnCount - 1));
        }
    }
}

int ClockOffsetModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ClockOffsetModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ClockOffsetModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows.at(index.row());
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        switch (index.column()) {
        case NodeColumn:
            return r.node;
        case EstimateColumn:
            return r.inBundle ? QVariant(seconds(r.estimate)) : QVariant();
        case MethodColumn:
            return r.inBundle ? r.method : tr("not in this bundle");
        case ManualColumn:
            if (!r.manualSet)
                return role == Qt::EditRole ? QVariant(QString()) : QVariant();
            return role == Qt::EditRole ? QVariant(r.manual) : QVariant(seconds(r.manual));
        }
    } else if (role == Qt::TextAlignmentRole && (index.column() == EstimateColumn || index.column() == ManualColumn)) {
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    } else if (role == Qt::FontRole && index.column() == ManualColumn && r.manualSet) {
        QFont f;
        f.setBold(true);
        return f;
    } else if (role == Qt::ToolTipRole) {
        if (index.column() == ManualColumn)
            return tr("Seconds to add to %1's clock; empty: use the estimate").arg(r.node);
        if (index.column() == EstimateColumn)
            return tr("What the events alone say (seconds added to %1's clock)").arg(r.node);
    }
    return {};
}

QVariant ClockOffsetModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NodeColumn:
        return tr("Node");
    case EstimateColumn:
        return tr("Estimate (s)");
    case MethodColumn:
        return tr("Estimated from");
    case ManualColumn:
        return tr("Set by hand (s)");
    }
    return {};
}

Qt::ItemFlags ClockOffsetModel::flags(const QModelIndex &index) const
{
    // Views ask for the flags of the invalid (root) index: no warning for that one.
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (index.column() == ManualColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

bool ClockOffsetModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)
        || index.column() != ManualColumn)
        return false;
    Row &r = m_rows[index.row()];
    const QString text = value.toString().trimmed();
    if (text.isEmpty()) {
        r.manualSet = false;
    } else {
        bool ok = false;
        const double v = QLocale().toDouble(text, &ok);
        const double c = ok ? v : text.toDouble(&ok); // the C locale's '.' works in every locale
        if (!ok || !std::isfinite(c))
            return false;
        r.manualSet = true;
        r.manual = c;
    }
    Q_EMIT dataChanged(index, index);
    return true;
}

} // namespace rankscope::ui
