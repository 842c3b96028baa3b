// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "warning.h"

#include <QAbstractListModel>

namespace rankscope::models {

// Ingest and analysis warnings, each "path:line: message", for the warnings panel.
// PathRole/LineRole let the view open the file at the line.
class WarningsModel final : public QAbstractListModel
{
    Q_OBJECT
public:
    enum { PathRole = Qt::UserRole + 100, LineRole };
    explicit WarningsModel(QObject *parent = nullptr);
    void setWarnings(Warnings warnings);
    int rowCount(const QModelIndex &parent = {}) const final;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const final;

private:
    Warnings m_warnings;
};

} // namespace rankscope::models
