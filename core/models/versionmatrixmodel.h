// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"

#include <QAbstractTableModel>

namespace rankscope::models {

// Nodes x components of an analysis' version matrix. Nodes whose every value is the same are
// grouped into one row ("gpu-001 … gpu-998 (998 nodes)") so a 2,000-node job stays readable;
// outliers, conflicts and unknowns are told apart by CellStateRole, never by colour in here.
class VersionMatrixModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    explicit VersionMatrixModel(QObject *parent = nullptr);

    void setResult(analysis::AnalysisResultPtr result);
    void setGroupIdentical(bool on);
    void setOnlyDifferingColumns(bool on);
    bool groupIdentical() const { return m_group; }
    bool onlyDifferingColumns() const { return m_onlyDiffering; }

    int rowCount(const QModelIndex &parent = {}) const final;
    int columnCount(const QModelIndex &parent = {}) const final;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const final;

    QStringList columns() const { return m_columns; }
    QStringList rowNodes(int row) const { return m_rows.value(row); }
    // Whether any node differs from the others (an outlier or a conflicting cell).
    static bool hasOutliers(const analysis::VersionMatrix &m);

private:
    void rebuild();
    void outliersFirst();

    analysis::AnalysisResultPtr m_result;
    bool m_group = true;
    bool m_onlyDiffering = false;
    QStringList m_columns;
    QList<QStringList> m_rows; // each row: the nodes it stands for (first is shown)
};

} // namespace rankscope::models
