// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QAction;
class QLabel;
class QLineEdit;
class QListView;
class QPlainTextEdit;
class QToolButton;

namespace rankscope::ui {

class WalkthroughModel;

// The Walkthrough dock: the case's steps in presenting order (drag them, or Move Up / Move
// Down), the selected step's title and note, and the actions that build and present the
// tour. Editing the list, the title and the note happens here, on the model; what needs the
// analysis or the main window (proposing, adding the current log line, presenting) is asked
// for through signals and done by CaseController.
class WalkthroughPanel final : public QWidget
{
    Q_OBJECT
public:
    WalkthroughPanel(WalkthroughModel *model, QWidget *parent = nullptr);

    // F5: present from the selected step (or the first).
    QAction *presentAction() const { return m_present; }
    QAction *proposeAction() const { return m_propose; }
    QAction *addLineAction() const { return m_addLine; }
    QAction *removeAction() const { return m_remove; }
    QAction *moveUpAction() const { return m_up; }
    QAction *moveDownAction() const { return m_down; }

    void setCaseOpen(bool open);
    int currentRow() const;
    void setCurrentRow(int row);

    QListView *stepView() const { return m_view; }
    QLineEdit *titleEdit() const { return m_title; }
    QPlainTextEdit *noteEdit() const { return m_note; }

Q_SIGNALS:
    void proposeRequested();
    void addLineRequested();
    void presentRequested(int fromRow);
    void stepActivated(int row);

private:
    void currentChanged();
    void updateActions();

    WalkthroughModel *m_model;
    QListView *m_view;
    QLineEdit *m_title;
    QPlainTextEdit *m_note;
    QLabel *m_hint;
    QAction *m_propose;
    QAction *m_addLine;
    QAction *m_remove;
    QAction *m_up;
    QAction *m_down;
    QAction *m_present;
    bool m_caseOpen = false;
    bool m_updating = false;
};

} // namespace rankscope::ui
