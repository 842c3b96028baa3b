// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "walkthroughpanel.h"

#include "walkthroughmodel.h"

#include <QAction>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QStyledItemDelegate>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

namespace {
// "3. title": the step number is the row's place, which the model keeps out of its data.
class NumberedDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        option->text = u"%1. %2"_s.arg(index.row() + 1).arg(option->text);
    }
};
} // namespace

WalkthroughPanel::WalkthroughPanel(WalkthroughModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    setObjectName(u"WalkthroughPanel"_s);
    setAccessibleName(tr("Walkthrough"));

    auto action = [this](const QString &text, const QString &tip, const QString &name, const QString &icon) {
        auto *a = new QAction(QIcon::fromTheme(icon), text, this);
        a->setObjectName(name);
        a->setToolTip(tip);
        a->setStatusTip(tip);
        return a;
    };
    m_propose = action(tr("&Propose from Verdict"),
        tr("Draft the steps from the verdict's chain of evidence (replaces the list)"), u"proposeWalkthroughAction"_s,
        u"tools-wizard"_s);
    m_addLine = action(tr("&Add Current Line"), tr("Add the log view's current line as a step, in time order"),
        u"addStepAction"_s, u"list-add"_s);
    m_remove = action(tr("&Remove Step"), tr("Remove the selected step"), u"removeStepAction"_s, u"list-remove"_s);
    m_up = action(
        tr("Move &Up"), tr("Move the selected step one place earlier (Ctrl+Up)"), u"moveStepUpAction"_s, u"go-up"_s);
    m_down = action(tr("Move &Down"), tr("Move the selected step one place later (Ctrl+Down)"), u"moveStepDownAction"_s,
        u"go-down"_s);
    m_present = action(tr("&Present Walkthrough"),
        tr("Present the steps one at a time, full screen, with the timeline and "
           "log view following along"),
        u"presentWalkthroughAction"_s, u"media-playback-start"_s);
    m_present->setShortcut(QKeySequence(Qt::Key_F5));

    m_view = new QListView(this);
    m_view->setObjectName(u"walkthroughSteps"_s);
    m_view->setAccessibleName(tr("Walkthrough steps"));
    m_view->setToolTip(tr("The steps in presenting order: click one to show its line, drag to reorder, F2 renames"));
    m_view->setModel(m_model);
    m_view->setItemDelegate(new NumberedDelegate(m_view));
    m_view->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
    m_view->setDragDropMode(QAbstractItemView::InternalMove);
    m_view->setDefaultDropAction(Qt::MoveAction);
    m_view->setDragEnabled(true);
    m_view->setDropIndicatorShown(true);
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->setWordWrap(true);
    // Keyboard reordering, local to the list.
    m_up->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Up));
    m_down->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Down));
    m_remove->setShortcut(QKeySequence::Delete);
    for (QAction *a : { m_up, m_down, m_remove }) {
        a->setShortcutContext(Qt::WidgetShortcut);
        m_view->addAction(a);
    }

    m_title = new QLineEdit(this);
    m_title->setObjectName(u"stepTitle"_s);
    m_title->setAccessibleName(tr("Step title"));
    m_title->setToolTip(tr("The selected step's title, shown large when presenting"));
    m_note = new QPlainTextEdit(this);
    m_note->setObjectName(u"stepNote"_s);
    m_note->setAccessibleName(tr("Step note"));
    m_note->setToolTip(tr("What to look at in this step; shown under the title when presenting"));
    m_note->setPlaceholderText(tr("What the audience should see here"));
    m_note->setTabChangesFocus(true);
    m_hint = new QLabel(this);
    m_hint->setWordWrap(true);
    m_hint->setForegroundRole(QPalette::PlaceholderText);

    auto button = [this](QAction *a) {
        auto *b = new QToolButton(this);
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        b->setAccessibleName(a->iconText());
        b->setAutoRaise(true);
        return b;
    };
    auto *row1 = new QHBoxLayout;
    row1->addWidget(button(m_propose));
    row1->addWidget(button(m_addLine));
    row1->addStretch(1);
    auto *row2 = new QHBoxLayout;
    row2->addWidget(button(m_up));
    row2->addWidget(button(m_down));
    row2->addWidget(button(m_remove));
    row2->addStretch(1);
    // Its own row: the panel shares a dock with the encyclopedia and must fit a laptop's width.
    auto *row3 = new QHBoxLayout;
    row3->addStretch(1);
    row3->addWidget(button(m_present));

    auto *form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("T&itle:"), m_title);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(row1);
    layout->addWidget(m_view, 3);
    layout->addLayout(row2);
    layout->addLayout(row3);
    layout->addWidget(m_hint);
    layout->addLayout(form);
    auto *noteLabel = new QLabel(tr("N&ote:"), this);
    noteLabel->setBuddy(m_note);
    layout->addWidget(noteLabel);
    layout->addWidget(m_note, 2);

    connect(m_propose, &QAction::triggered, this, &WalkthroughPanel::proposeRequested);
    connect(m_addLine, &QAction::triggered, this, &WalkthroughPanel::addLineRequested);
    connect(m_present, &QAction::triggered, this, [this] { Q_EMIT presentRequested(std::max(0, currentRow())); });
    connect(m_remove, &QAction::triggered, this, [this] {
        const int row = currentRow();
        if (row >= 0)
            m_model->removeRow(row);
    });
    auto move = [this](int delta) {
        const int row = currentRow();
        if (m_model->moveStep(row, delta))
            setCurrentRow(row + delta);
    };
    connect(m_up, &QAction::triggered, this, [move] { move(-1); });
    connect(m_down, &QAction::triggered, this, [move] { move(+1); });
    connect(m_view, &QListView::clicked, this, [this](const QModelIndex &i) { Q_EMIT stepActivated(i.row()); });
    connect(m_view, &QListView::activated, this, [this](const QModelIndex &i) { Q_EMIT stepActivated(i.row()); });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, &WalkthroughPanel::currentChanged);
    connect(m_model, &QAbstractItemModel::modelReset, this, &WalkthroughPanel::currentChanged);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &WalkthroughPanel::updateActions);
    connect(m_model, &QAbstractItemModel::rowsRemoved, this, &WalkthroughPanel::currentChanged);
    connect(m_model, &QAbstractItemModel::rowsMoved, this, &WalkthroughPanel::updateActions);
    // Rows above and below a change keep their data but not their number.
    for (auto signal : { &QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved })
        connect(m_model, signal, m_view->viewport(), qOverload<>(&QWidget::update));
    connect(m_model, &QAbstractItemModel::rowsMoved, m_view->viewport(), qOverload<>(&QWidget::update));
    connect(m_model, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex &first, const QModelIndex &last) {
        const int row = currentRow();
        if (row >= first.row() && row <= last.row())
            currentChanged();
    });
    connect(m_title, &QLineEdit::textEdited, this, [this](const QString &text) {
        const int row = currentRow();
        if (!m_updating && row >= 0)
            m_model->setData(m_model->index(row), text, WalkthroughModel::TitleRole);
    });
    connect(m_note, &QPlainTextEdit::textChanged, this, [this] {
        const int row = currentRow();
        if (!m_updating && row >= 0)
            m_model->setData(m_model->index(row), m_note->toPlainText(), WalkthroughModel::NoteRole);
    });

    setCaseOpen(false);
}

void WalkthroughPanel::setCaseOpen(bool open)
{
    m_caseOpen = open;
    m_view->setEnabled(open);
    currentChanged();
}

int WalkthroughPanel::currentRow() const
{
    const QModelIndex i = m_view->currentIndex();
    return i.isValid() ? i.row() : -1;
}

void WalkthroughPanel::setCurrentRow(int row)
{
    const QModelIndex i = m_model->index(row, 0);
    if (i.isValid()) {
        m_view->setCurrentIndex(i);
        m_view->scrollTo(i);
    }
}

void WalkthroughPanel::currentChanged()
{
    const int row = currentRow();
    m_updating = true;
    const QString title = row >= 0 ? m_model->at(row).title : QString();
    const QString note = row >= 0 ? m_model->at(row).note : QString();
    // Only when it differs: resetting the text would move the cursor of the one typing.
    if (m_title->text() != title)
        m_title->setText(title);
    if (m_note->toPlainText() != note)
        m_note->setPlainText(note);
    m_updating = false;
    m_title->setEnabled(row >= 0);
    m_note->setEnabled(row >= 0);
    updateActions();
}

void WalkthroughPanel::updateActions()
{
    const int row = currentRow();
    const int count = m_model->rowCount();
    m_propose->setEnabled(m_caseOpen);
    m_addLine->setEnabled(m_caseOpen);
    m_remove->setEnabled(m_caseOpen && row >= 0);
    m_up->setEnabled(m_caseOpen && row > 0);
    m_down->setEnabled(m_caseOpen && row >= 0 && row + 1 < count);
    m_present->setEnabled(m_caseOpen && count > 0);
    m_hint->setText(!m_caseOpen ? tr("Open or start a case (File menu) to build a walkthrough.")
            : count == 0
            ? tr("No steps yet: propose them from the verdict, or add log lines.")
            : tr("%n step(s). Present with F5; in the presenter, arrow keys step and Esc leaves.", "", count));
}

} // namespace rankscope::ui
