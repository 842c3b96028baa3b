// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"

#include <QWidget>

class QTableView;
class QCheckBox;

namespace rankscope::models {
class VersionMatrixModel;
}

namespace rankscope::ui {

// The version matrix: nodes x components, outliers marked by colour AND a "!" badge, conflicts
// by "≠", unknowns greyed; identical nodes grouped; "only differing columns" toggle; clicking a
// cell opens its evidence line.
class MatrixView final : public QWidget
{
    Q_OBJECT
public:
    explicit MatrixView(QWidget *parent = nullptr);
    void setResult(const analysis::AnalysisResultPtr &result);
    models::VersionMatrixModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    // The height that shows every row (and a horizontal scroll bar), for sizing the dock.
    int preferredHeight() const;

Q_SIGNALS:
    void sourceActivated(rankscope::SourceRef source);

private:
    models::VersionMatrixModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QCheckBox *m_group = nullptr;
    QCheckBox *m_differing = nullptr;
};

} // namespace rankscope::ui
