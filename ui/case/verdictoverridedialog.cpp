// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "verdictoverridedialog.h"

#include "knowledgebase.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

VerdictOverrideDialog::VerdictOverrideDialog(
    const QStringList &nodes, int maxRank, const kb::KnowledgeBase *kb, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(u"VerdictOverrideDialog"_s);
    setWindowTitle(tr("Override Verdict"));
    setAccessibleName(tr("Override verdict"));

    auto *intro = new QLabel(tr("State what you found instead of the analysis. Reports and the overview show your "
                                "verdict first and keep the automatic one below it."),
        this);
    intro->setWordWrap(true);

    m_rank = new QSpinBox(this);
    m_rank->setObjectName(u"overrideRank"_s);
    m_rank->setRange(-1, std::max(maxRank, 65535));
    m_rank->setSpecialValueText(tr("not named"));
    m_rank->setValue(-1);
    m_rank->setAccessibleName(tr("Rank"));
    m_rank->setToolTip(tr("The global rank that started the failure; the lowest value means no particular rank"));

    m_node = new QComboBox(this);
    m_node->setObjectName(u"overrideNode"_s);
    m_node->setEditable(true);
    m_node->addItem(QString());
    m_node->addItems(nodes);
    m_node->setAccessibleName(tr("Node"));
    m_node->setToolTip(tr("The node (host) where it started; pick one of the job's nodes or type a name"));

    m_entry = new QComboBox(this);
    m_entry->setObjectName(u"overrideEntry"_s);
    m_entry->addItem(tr("(no encyclopedia entry)"), QString());
    if (kb) {
        QList<const kb::Entry *> entries;
        for (const kb::Entry &e : kb->entries())
            entries.append(&e);
        std::sort(entries.begin(), entries.end(),
            [](const kb::Entry *a, const kb::Entry *b) { return a->title.localeAwareCompare(b->title) < 0; });
        for (const kb::Entry *e : std::as_const(entries))
            m_entry->addItem(u"%1 (%2)"_s.arg(e->title, e->id), e->id);
    }
    m_entry->setAccessibleName(tr("Encyclopedia entry"));
    m_entry->setToolTip(tr("The failure it was, as the encyclopedia names it"));

    m_reason = new QPlainTextEdit(this);
    m_reason->setObjectName(u"overrideReason"_s);
    m_reason->setTabChangesFocus(true);
    m_reason->setPlaceholderText(tr("Why the analysis is wrong, and which lines show it (required)"));
    m_reason->setAccessibleName(tr("Reason"));
    m_reason->setToolTip(tr("Required: the evidence a reader of the report needs to follow your verdict"));

    m_hint = new QLabel(this);
    m_hint->setForegroundRole(QPalette::PlaceholderText);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Override"));
    m_buttons->button(QDialogButtonBox::Ok)->setToolTip(tr("Use this verdict for the case"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_reason, &QPlainTextEdit::textChanged, this, &VerdictOverrideDialog::updateOk);
    connect(m_rank, &QSpinBox::valueChanged, this, &VerdictOverrideDialog::updateOk);
    connect(m_node, &QComboBox::currentTextChanged, this, &VerdictOverrideDialog::updateOk);
    connect(m_entry, &QComboBox::currentIndexChanged, this, &VerdictOverrideDialog::updateOk);

    auto *form = new QFormLayout;
    form->addRow(tr("&Rank:"), m_rank);
    form->addRow(tr("&Node:"), m_node);
    form->addRow(tr("&Failure:"), m_entry);
    form->addRow(tr("R&eason:"), m_reason);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form, 1);
    layout->addWidget(m_hint);
    layout->addWidget(m_buttons);
    resize(560, 380);
    updateOk();
}

void VerdictOverrideDialog::setOverride(const cases::VerdictOverride &value)
{
    m_rank->setValue(value.rank);
    m_node->setCurrentText(value.node);
    const int entry = m_entry->findData(value.entry);
    m_entry->setCurrentIndex(std::max(0, entry));
    m_reason->setPlainText(value.reason);
    updateOk();
}

cases::VerdictOverride VerdictOverrideDialog::result() const
{
    cases::VerdictOverride o;
    o.active = true;
    o.rank = m_rank->value();
    o.node = m_node->currentText().trimmed();
    o.entry = m_entry->currentData().toString();
    o.reason = m_reason->toPlainText().trimmed();
    return o;
}

bool VerdictOverrideDialog::isAcceptable() const
{
    const cases::VerdictOverride o = result();
    return !o.reason.isEmpty() && (o.rank >= 0 || !o.node.isEmpty() || !o.entry.isEmpty());
}

void VerdictOverrideDialog::updateOk()
{
    const cases::VerdictOverride o = result();
    QString hint;
    if (o.rank < 0 && o.node.isEmpty() && o.entry.isEmpty())
        hint = tr("Name a rank, a node or a failure.");
    else if (o.reason.isEmpty())
        hint = tr("A reason is required.");
    m_hint->setText(hint);
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(hint.isEmpty());
}

} // namespace rankscope::ui
