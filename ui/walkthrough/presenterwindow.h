// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "casedata.h"

#include <QWidget>

class QLabel;
class QPushButton;

namespace rankscope::ui {

// Presents a walkthrough to a room: one step at a time, its title and note in large type (the
// application font scaled by FontScale), a step counter and where the step is. Right, Space
// and Page Down go on, Left and Page Up go back, Home and End jump, Esc leaves. The window
// only shows text; stepShown() lets the main window follow each step in its timeline and log
// view, so the audience sees the line behind the words.
class PresenterWindow final : public QWidget
{
    Q_OBJECT
public:
    static constexpr double FontScale = 1.8;

    explicit PresenterWindow(const QList<cases::WalkthroughStep> &steps, QWidget *parent = nullptr);

    int stepCount() const { return int(m_steps.size()); }
    int currentStep() const { return m_current; }
    // Shows step index (clamped) and emits stepShown().
    void showStep(int index);
    void next();
    void previous();

    QString titleText() const;
    QString noteText() const;
    QString counterText() const;

Q_SIGNALS:
    void stepShown(int index, const rankscope::cases::WalkthroughStep &step);
    void closed();

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void applyFonts();
    void updateButtons();

    QList<cases::WalkthroughStep> m_steps;
    int m_current = -1;
    QLabel *m_counter;
    QLabel *m_role;
    QLabel *m_title;
    QLabel *m_where;
    QLabel *m_note;
    QLabel *m_hint;
    QPushButton *m_previous;
    QPushButton *m_next;
    QPushButton *m_close;
    bool m_applyingFonts = false;
};

} // namespace rankscope::ui
