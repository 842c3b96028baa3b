// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "sourceref.h"

#include <QWidget>

class QLabel;
class QLineEdit;

namespace rankscope::ui {

// Ctrl+L: a line number of the file the current line belongs to (in a merged view too). Inline
// instead of a dialog, so the log stays visible while typing.
class GoToLineBar final : public QWidget
{
    Q_OBJECT
public:
    explicit GoToLineBar(QWidget *parent = nullptr);

    void activate(rankscope::LineNumber current, rankscope::LineNumber maximum, const QString &fileName);
    void setStatus(const QString &status);
    QLineEdit *edit() const { return m_edit; }

Q_SIGNALS:
    void goRequested(rankscope::LineNumber line);
    void closed();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void go();

    QLineEdit *m_edit;
    QLabel *m_label;
    QLabel *m_status;
    rankscope::LineNumber m_maximum = 1;
};

} // namespace rankscope::ui
