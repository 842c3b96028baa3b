// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "warningsmodel.h"

namespace rankscope::models {

WarningsModel::WarningsModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

void WarningsModel::setWarnings(Warnings warnings)
{
    beginResetModel();
    m_warnings = std::move(warnings);
    endResetModel();
}

int WarningsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_warnings.size());
}

QVariant WarningsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Warning &w = m_warnings.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return w.toString();
    case Qt::ToolTipRole:
        return QString(Warning::kindName(w.kind) + QStringLiteral(": ") + w.message);
    case PathRole:
        return w.path;
    case LineRole:
        return w.line;
    default:
        return {};
    }
}

} // namespace rankscope::models
