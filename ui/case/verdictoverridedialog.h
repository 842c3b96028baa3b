// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "casedata.h"

#include <QDialog>
#include <memory>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;
class QSpinBox;

namespace rankscope::kb {
class KnowledgeBase;
}

namespace rankscope::ui {

// "It was rank 12, not rank 30, because …": the reviewer names the rank, the node and the
// encyclopedia entry they believe in. A reason is required (OK stays disabled without one),
// since an override nobody can follow is worse than none.
class VerdictOverrideDialog final : public QDialog
{
    Q_OBJECT
public:
    // nodes: the job's, offered for picking (another name can be typed); maxRank: the job's
    // highest rank (ranks up to 65535 can be entered, for a rank that left no log). kb may be
    // null: then only "no encyclopedia entry" is offered.
    VerdictOverrideDialog(
        const QStringList &nodes, int maxRank, const kb::KnowledgeBase *kb, QWidget *parent = nullptr);

    void setOverride(const cases::VerdictOverride &value);
    // active is true: the dialog creates an override.
    cases::VerdictOverride result() const;
    bool isAcceptable() const;

    QSpinBox *rankBox() const { return m_rank; }
    QComboBox *nodeBox() const { return m_node; }
    QComboBox *entryBox() const { return m_entry; }
    QPlainTextEdit *reasonEdit() const { return m_reason; }

private:
    void updateOk();

    QSpinBox *m_rank;
    QComboBox *m_node;
    QComboBox *m_entry;
    QPlainTextEdit *m_reason;
    QLabel *m_hint;
    QDialogButtonBox *m_buttons;
};

} // namespace rankscope::ui
