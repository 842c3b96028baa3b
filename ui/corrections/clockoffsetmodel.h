// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ingestresult.h"

#include <QAbstractTableModel>
#include <QHash>

namespace rankscope::ui {

// One row per node: what the events say about its clock, and what the user sets by hand. Only
// the last column is editable; an empty value hands the node back to the estimate. Nodes named
// by a manual offset but absent from the bundle stay listed so that applying keeps them.
class ClockOffsetModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { NodeColumn, EstimateColumn, MethodColumn, ManualColumn, ColumnCount };

    explicit ClockOffsetModel(QObject *parent = nullptr);
    void setOffsets(const QList<ingest::ClockOffset> &estimated, const QHash<QString, double> &manual);
    QHash<QString, double> manualOffsets() const;
    void clearManual();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;

private:
    struct Row
    {
        QString node;
        bool inBundle = true;
        double estimate = 0;
        QString method;
        bool manualSet = false;
        double manual = 0;
    };
    QList<Row> m_rows;
};

} // namespace rankscope::ui
