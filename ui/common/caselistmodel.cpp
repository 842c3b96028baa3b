// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "caselistmodel.h"

namespace rankscope::ui {

bool CaseListModelBase::setText(const QModelIndex &index, QString *field, const QVariant &value, int role)
{
    const QString text = role == Qt::EditRole ? value.toString().simplified() : value.toString();
    if (*field == text)
        return true;
    *field = text;
    Q_EMIT dataChanged(index, index);
    Q_EMIT edited();
    return true;
}

} // namespace rankscope::ui
