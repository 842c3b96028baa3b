// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ingestresult.h"
#include "linesearch.h"

#include <QAbstractListModel>

namespace rankscope::ui {

// The hits of a search over all files, one row per line: "path:line  text". Immutable per
// search (setHits replaces everything).
class FindResultsModel final : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role { OriginFileRole = Qt::UserRole + 1, OriginLineRole };

    explicit FindResultsModel(QObject *parent = nullptr);

    void setHits(ingest::IngestResultPtr ingest, LineSearch::AllHits hits);
    const LineSearch::AllHits &hits() const { return m_hits; }
    SourceRef origin(const QModelIndex &index) const;
    // "1,234 matching lines in 56 files (the first 10,000 listed)".
    QString summary() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    ingest::IngestResultPtr m_ingest;
    LineSearch::AllHits m_hits;
};

} // namespace rankscope::ui
