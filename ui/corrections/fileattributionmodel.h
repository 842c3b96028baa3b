// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ingestconfig.h"
#include "ingestresult.h"

#include <QAbstractTableModel>
#include <QHash>

namespace rankscope::ui {

// One row per input file: who the ingest says wrote it, and who the user says did. Node and
// rank are editable; an edit sets the file's attribution by hand, and unchecking "By hand"
// gives the file back to the ingest. Files named by an override but absent from the bundle stay
// listed so that applying keeps them.
class FileAttributionModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { PathColumn, KindColumn, NodeColumn, RankColumn, ByHandColumn, ColumnCount };

    explicit FileAttributionModel(QObject *parent = nullptr);
    void setFiles(const QList<ingest::InputFile> &files, const QHash<QString, ingest::FileAttributionOverride> &manual);
    QHash<QString, ingest::FileAttributionOverride> overrides() const;
    void clearOverrides();
    int rowOf(const QString &path) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;

private:
    struct Row
    {
        QString path;
        QString kind;
        bool inBundle = true;
        // What the ingest found without the user's word (for a file read with an override, the
        // override itself: the ingest does not keep both).
        QString node;
        int rank = -1;
        bool byHand = false;
        ingest::FileAttributionOverride manual;
    };
    QList<Row> m_rows;
};

} // namespace rankscope::ui
