// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "versionmatrixmodel.h"

#include "roles.h"

#include <QHash>

using namespace Qt::StringLiterals;

namespace rankscope::models {

using analysis::MatrixCell;

VersionMatrixModel::VersionMatrixModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void VersionMatrixModel::setResult(analysis::AnalysisResultPtr result)
{
    beginResetModel();
    m_result = std::move(result);
    rebuild();
    endResetModel();
}

void VersionMatrixModel::setGroupIdentical(bool on)
{
    if (on == m_group)
        return;
    beginResetModel();
    m_group = on;
    rebuild();
    endResetModel();
}

void VersionMatrixModel::setOnlyDifferingColumns(bool on)
{
    if (on == m_onlyDiffering)
        return;
    beginResetModel();
    m_onlyDiffering = on;
    rebuild();
    endResetModel();
}

void VersionMatrixModel::rebuild()
{
    m_columns.clear();
    m_rows.clear();
    if (!m_result)
        return;
    const analysis::VersionMatrix &m = m_result->matrix;
    for (const QString &c : m.components) {
        if (!m_onlyDiffering) {
            m_columns.append(c);
            continue;
        }
        bool differs = false;
        for (const QString &n : m.nodes) {
            const MatrixCell *cell = m.cell(n, c);
            differs |= cell && (cell->state == MatrixCell::State::Outlier || cell->state == MatrixCell::State::Conflicting);
        }
        if (differs)
            m_columns.append(c);
    }
    if (!m_group) {
        for (const QString &n : m.nodes)
            m_rows.append({n});
        outliersFirst();
        return;
    }
    // Group nodes by the values of every component (not only the visible ones).
    QHash<QString, int> rowOf;
    for (const QString &n : m.nodes) {
        QString key;
        for (const QString &c : m.components) {
            const MatrixCell *cell = m.cell(n, c);
            key += (cell ? cell->value + u'#' + QString::number(int(cell->state)) : QString()) + u'\x1f';
        }
        const auto it = rowOf.constFind(key);
        if (it == rowOf.cend()) {
            rowOf.insert(key, int(m_rows.size()));
            m_rows.append({n});
        } else {
            m_rows[*it].append(n);
        }
    }
    outliersFirst();
}

void VersionMatrixModel::outliersFirst()
{
    // The rows that differ are what the matrix is read for: on top, in node order otherwise.
    const analysis::VersionMatrix &m = m_result->matrix;
    auto differs = [&m](const QStringList &nodes) {
        for (const QString &c : m.components) {
            const MatrixCell *cell = m.cell(nodes.first(), c);
            if (cell && (cell->state == MatrixCell::State::Outlier || cell->state == MatrixCell::State::Conflicting))
                return true;
        }
        return false;
    };
    std::stable_partition(m_rows.begin(), m_rows.end(), differs);
}

bool VersionMatrixModel::hasOutliers(const analysis::VersionMatrix &m)
{
    for (const QString &n : m.nodes) {
        for (const QString &c : m.components) {
            const MatrixCell *cell = m.cell(n, c);
            if (cell && (cell->state == MatrixCell::State::Outlier || cell->state == MatrixCell::State::Conflicting))
                return true;
        }
    }
    return false;
}

int VersionMatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int VersionMatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant VersionMatrixModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid) || !m_result)
        return {};
    const QStringList &nodes = m_rows.at(index.row());
    const QString &component = m_columns.at(index.column());
    const MatrixCell *cell = m_result->matrix.cell(nodes.first(), component);
    const MatrixCell::State state = cell ? cell->state : MatrixCell::State::Unknown;
    switch (role) {
    case Qt::DisplayRole:
        return cell && !cell->value.isEmpty() ? cell->value : u"—"_s;
    case Qt::ToolTipRole: {
        if (!cell || state == MatrixCell::State::Unknown)
            return tr("%1 on %2: unknown (no inventory or log line names it)").arg(component, nodes.first());
        QString tip = u"<b>%1</b> on %2: %3"_s.arg(component.toHtmlEscaped(), nodes.first().toHtmlEscaped(), cell->value.toHtmlEscaped());
        if (state == MatrixCell::State::Outlier)
            tip += tr("<br><b>Outlier</b>: most nodes have %1").arg(cell->majority.isEmpty() ? tr("another value") : cell->majority.toHtmlEscaped());
        else if (state == MatrixCell::State::Conflicting)
            tip += tr("<br><b>Conflicting</b>: this node reports several values");
        for (const analysis::Evidence &e : cell->evidence)
            tip += u"<br><tt>%1:%2</tt> %3"_s.arg(e.path.toHtmlEscaped()).arg(e.source.line).arg(e.text.left(120).toHtmlEscaped());
        return tip;
    }
    case CellStateRole:
        return int(state);
    case MajorityRole:
        return cell ? cell->majority : QString();
    case SourceRefRole:
        return cell && !cell->evidence.isEmpty() ? QVariant::fromValue(cell->evidence.first().source) : QVariant();
    case NodeGroupRole:
        return nodes;
    case Qt::AccessibleTextRole:
        return QString(u"%1 %2: %3"_s.arg(nodes.first(), component, cell ? cell->value : tr("unknown"))
               + (state == MatrixCell::State::Outlier ? tr(", outlier") : state == MatrixCell::State::Conflicting ? tr(", conflicting") : QString()));
    default:
        return {};
    }
}

QVariant VersionMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    if (orientation == Qt::Horizontal)
        return section >= 0 && section < m_columns.size() ? QVariant(m_columns.at(section)) : QVariant();
    if (section < 0 || section >= m_rows.size())
        return {};
    const QStringList &nodes = m_rows.at(section);
    // A machine and the pods that ran on it are one row, named by both.
    auto named = [this](const QString &node) {
        const QStringList pods = m_result && m_result->ingest ? m_result->ingest->aliasesOf(node) : QStringList();
        return pods.isEmpty() ? node : tr("%1 (pod %2)").arg(node, pods.join(u", "_s));
    };
    if (role == Qt::ToolTipRole) {
        QStringList all;
        for (const QString &n : nodes)
            all.append(named(n));
        return all.join(u", "_s);
    }
    // Grouped nodes need not be neighbours: "first … last" would read as a range, so the label
    // names the first two and counts the rest (the tooltip lists them all).
    if (nodes.size() == 1)
        return named(nodes.first());
    if (nodes.size() <= 2)
        return nodes.join(u", "_s);
    return tr("%1, %2 and %n more", nullptr, int(nodes.size() - 2)).arg(nodes.at(0), nodes.at(1));
}

} // namespace rankscope::models
