// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "casepanel.h"

#include "bookmarkmodel.h"

#include <QAction>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

namespace {
// A push button that mirrors an action (text, tooltip, enabled state) and triggers it.
void bindButton(QPushButton *button, QAction *action)
{
    auto sync = [button, action] {
        button->setText(action->iconText());
        button->setEnabled(action->isEnabled());
        const QString keys = action->shortcut().toString(QKeySequence::NativeText);
        button->setToolTip(keys.isEmpty() ? action->toolTip() : action->toolTip() + u" ("_s + keys + u')');
    };
    sync();
    QObject::connect(action, &QAction::changed, button, sync);
    QObject::connect(button, &QPushButton::clicked, action, &QAction::trigger);
}
} // namespace

CasePanel::CasePanel(BookmarkModel *bookmarks, QWidget *parent)
    : QWidget(parent)
    , m_model(bookmarks)
{
    setObjectName(u"CasePanel"_s);
    setAccessibleName(tr("Case"));
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(4, 4, 4, 4);
    m_stack = new QStackedWidget(this);
    outer->addWidget(m_stack);

    m_empty = new QLabel(tr("<p>No case is open.</p><p>A case keeps your notes, tags, bookmarks, a verdict of your own "
                            "and a walkthrough with an incident, in one <code>.rscase</code> file you can send on.</p>"
                            "<p>Open an incident, then choose <b>File → New Case…</b>, or open a saved case.</p>"),
        m_stack);
    m_empty->setObjectName(u"caseEmptyHint"_s);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_empty->setAccessibleName(tr("No case open"));
    m_stack->addWidget(m_empty);

    auto *page = new QWidget(m_stack);
    m_stack->addWidget(page);

    m_title = new QLineEdit(page);
    m_title->setObjectName(u"caseTitle"_s);
    m_title->setAccessibleName(tr("Case title"));
    m_title->setToolTip(tr("The case's title; reports use it as their heading"));
    m_title->setPlaceholderText(tr("Untitled case"));

    m_notes = new QPlainTextEdit(page);
    m_notes->setObjectName(u"caseNotes"_s);
    m_notes->setAccessibleName(tr("Case notes"));
    m_notes->setToolTip(tr("Free notes (Markdown is kept as typed in reports)"));
    m_notes->setPlaceholderText(tr("What you found, what you ruled out, who to ask…"));
    m_notes->setTabChangesFocus(true);

    m_tags = new QLineEdit(page);
    m_tags->setObjectName(u"caseTags"_s);
    m_tags->setAccessibleName(tr("Case tags"));
    m_tags->setToolTip(tr("Tags, separated by commas (for example: nccl, cluster-b, needs-vendor)"));
    m_tags->setPlaceholderText(tr("tag, another tag"));

    m_bookmarkView = new QListView(page);
    m_bookmarkView->setObjectName(u"caseBookmarks"_s);
    m_bookmarkView->setAccessibleName(tr("Bookmarks"));
    m_bookmarkView->setToolTip(
        tr("Bookmarked log lines: click one to show it in the log view, F2 renames, Delete removes"));
    m_bookmarkView->setModel(m_model);
    m_bookmarkView->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
    m_bookmarkView->setWordWrap(true);
    m_bookmarkView->setTextElideMode(Qt::ElideMiddle);
    auto *remove = new QAction(tr("Remove Bookmark"), m_bookmarkView);
    remove->setShortcut(QKeySequence::Delete);
    remove->setShortcutContext(Qt::WidgetShortcut);
    m_bookmarkView->addAction(remove);
    connect(remove, &QAction::triggered, this, &CasePanel::removeSelectedBookmark);

    m_bookmarkButton = new QPushButton(page);
    m_bookmarkButton->setObjectName(u"bookmarkLineButton"_s);
    m_bookmarkButton->setAccessibleName(tr("Bookmark current line"));
    m_removeButton = new QPushButton(tr("Remove"), page);
    m_removeButton->setObjectName(u"removeBookmarkButton"_s);
    m_removeButton->setAccessibleName(tr("Remove bookmark"));
    m_removeButton->setToolTip(tr("Remove the selected bookmark (Delete)"));
    m_removeButton->setEnabled(false);
    connect(m_removeButton, &QPushButton::clicked, this, &CasePanel::removeSelectedBookmark);

    m_override = new QLabel(page);
    m_override->setObjectName(u"caseOverride"_s);
    m_override->setWordWrap(true);
    m_override->setTextFormat(Qt::PlainText);
    m_override->setAccessibleName(tr("Reviewer's verdict"));
    m_override->setToolTip(
        tr("Your verdict when it differs from the analysis; the overview and reports show it first"));
    m_overrideButton = new QPushButton(page);
    m_overrideButton->setObjectName(u"overrideVerdictButton"_s);
    m_overrideButton->setAccessibleName(tr("Override verdict"));
    m_clearOverrideButton = new QPushButton(page);
    m_clearOverrideButton->setObjectName(u"clearOverrideButton"_s);
    m_clearOverrideButton->setAccessibleName(tr("Clear verdict override"));
    setOverrideText({});

    auto *bookmarkButtons = new QHBoxLayout;
    bookmarkButtons->addWidget(m_bookmarkButton);
    bookmarkButtons->addWidget(m_removeButton);
    bookmarkButtons->addStretch(1);
    auto *overrideButtons = new QHBoxLayout;
    overrideButtons->addWidget(m_overrideButton);
    overrideButtons->addWidget(m_clearOverrideButton);
    overrideButtons->addStretch(1);

    auto *form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("&Title:"), m_title);
    form->addRow(tr("T&ags:"), m_tags);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    auto *notesLabel = new QLabel(tr("&Notes:"), page);
    notesLabel->setBuddy(m_notes);
    layout->addWidget(notesLabel);
    layout->addWidget(m_notes, 3);
    auto *bookmarksLabel = new QLabel(tr("&Bookmarks:"), page);
    bookmarksLabel->setBuddy(m_bookmarkView);
    layout->addWidget(bookmarksLabel);
    layout->addWidget(m_bookmarkView, 2);
    layout->addLayout(bookmarkButtons);
    auto *verdictLabel = new QLabel(tr("Reviewer's verdict:"), page);
    layout->addWidget(verdictLabel);
    layout->addWidget(m_override);
    layout->addLayout(overrideButtons);

    connect(m_title, &QLineEdit::textEdited, this, [this](const QString &t) {
        if (!m_updating)
            Q_EMIT titleEdited(t); // as typed: trimming here would eat the space being typed
    });
    connect(m_notes, &QPlainTextEdit::textChanged, this, [this] {
        if (!m_updating)
            Q_EMIT notesEdited(m_notes->toPlainText());
    });
    connect(m_tags, &QLineEdit::textEdited, this, [this](const QString &t) {
        if (!m_updating)
            Q_EMIT tagsEdited(parseTags(t));
    });
    // A finished edit shows the tags as they are stored: trimmed, without duplicates.
    connect(m_tags, &QLineEdit::editingFinished, this, [this] {
        const QString normal = parseTags(m_tags->text()).join(u", "_s);
        if (normal != m_tags->text()) {
            m_updating = true;
            m_tags->setText(normal);
            m_updating = false;
        }
    });
    connect(
        m_bookmarkView, &QListView::clicked, this, [this](const QModelIndex &i) { Q_EMIT bookmarkActivated(i.row()); });
    connect(m_bookmarkView, &QListView::activated, this,
        [this](const QModelIndex &i) { Q_EMIT bookmarkActivated(i.row()); });
    connect(m_bookmarkView->selectionModel(), &QItemSelectionModel::currentChanged, this,
        [this](const QModelIndex &current) { m_removeButton->setEnabled(current.isValid()); });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] { m_removeButton->setEnabled(false); });

    setCaseOpen(false);
}

QStringList CasePanel::parseTags(const QString &text)
{
    QStringList out;
    const QStringList parts = text.split(u',');
    for (const QString &p : parts) {
        const QString tag = p.simplified();
        if (!tag.isEmpty() && !out.contains(tag))
            out.append(tag);
    }
    return out;
}

void CasePanel::setCase(const QString &title, const QString &notes, const QStringList &tags)
{
    m_updating = true;
    if (m_title->text() != title)
        m_title->setText(title);
    if (m_notes->toPlainText() != notes)
        m_notes->setPlainText(notes);
    if (parseTags(m_tags->text()) != tags)
        m_tags->setText(tags.join(u", "_s));
    m_updating = false;
}

void CasePanel::setOverrideText(const QString &text)
{
    m_override->setText(text.isEmpty() ? tr("None: the analysis' verdict stands.") : text);
    m_override->setForegroundRole(text.isEmpty() ? QPalette::PlaceholderText : QPalette::WindowText);
}

void CasePanel::setCaseOpen(bool open)
{
    m_stack->setCurrentIndex(open ? 1 : 0);
}

void CasePanel::setActions(QAction *bookmark, QAction *overrideVerdict, QAction *clearOverride)
{
    bindButton(m_bookmarkButton, bookmark);
    bindButton(m_overrideButton, overrideVerdict);
    bindButton(m_clearOverrideButton, clearOverride);
}

void CasePanel::selectBookmark(int row)
{
    const QModelIndex index = m_model->index(row, 0);
    if (index.isValid()) {
        m_bookmarkView->setCurrentIndex(index);
        m_bookmarkView->scrollTo(index);
    }
}

void CasePanel::removeSelectedBookmark()
{
    const QModelIndex current = m_bookmarkView->currentIndex();
    if (current.isValid())
        m_model->removeRow(current.row());
}

} // namespace rankscope::ui
