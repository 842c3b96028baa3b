// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "encyclopediapanel.h"
#include "encyclopediaitemdelegate.h"
#include "encyclopedialistmodel.h"
#include "encyclopediaroles.h"
#include "entryview.h"

#include <QAction>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QResizeEvent>
#include <QSplitter>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

namespace {
// Typing pauses shorter than this are one query: FTS per keystroke is a storm (STYLE.md 11).
constexpr int SearchDebounceMs = 200;
constexpr int SearchLimit = 50;
constexpr int HistoryLimit = 100;
constexpr int NarrowWidth = 760;
} // namespace

EncyclopediaPanel::EncyclopediaPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new EncyclopediaListModel(this))
    , m_search(new QLineEdit(this))
    , m_back(new QToolButton(this))
    , m_forward(new QToolButton(this))
    , m_status(new QLabel(this))
    , m_list(new QListView(this))
    , m_view(new EntryView(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_debounce(new QTimer(this))
{
    setObjectName(u"encyclopediaPanel"_s);
    setAccessibleName(tr("Encyclopedia"));

    auto *backAction = new QAction(QIcon::fromTheme(u"go-previous"_s, style()->standardIcon(QStyle::SP_ArrowBack)),
                                   tr("Back"), this);
    backAction->setObjectName(u"encyclopediaBackAction"_s);
    backAction->setShortcut(QKeySequence::Back);
    backAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    backAction->setToolTip(tr("Back to the previous entry (%1)").arg(backAction->shortcut().toString(QKeySequence::NativeText)));
    connect(backAction, &QAction::triggered, this, &EncyclopediaPanel::goBack);
    addAction(backAction);
    m_back->setDefaultAction(backAction);
    m_back->setObjectName(u"backButton"_s);
    m_back->setAccessibleName(tr("Back"));
    m_back->setAutoRaise(true);

    auto *forwardAction = new QAction(
        QIcon::fromTheme(u"go-next"_s, style()->standardIcon(QStyle::SP_ArrowForward)), tr("Forward"), this);
    forwardAction->setObjectName(u"encyclopediaForwardAction"_s);
    forwardAction->setShortcut(QKeySequence::Forward);
    forwardAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    forwardAction->setToolTip(
        tr("Forward to the next entry (%1)").arg(forwardAction->shortcut().toString(QKeySequence::NativeText)));
    connect(forwardAction, &QAction::triggered, this, &EncyclopediaPanel::goForward);
    addAction(forwardAction);
    m_forward->setDefaultAction(forwardAction);
    m_forward->setObjectName(u"forwardButton"_s);
    m_forward->setAccessibleName(tr("Forward"));
    m_forward->setAutoRaise(true);

    m_search->setObjectName(u"searchField"_s);
    m_search->setPlaceholderText(tr("Search symptoms, errors, fixes…"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Search the encyclopedia"));
    m_search->setToolTip(tr("Full-text search over titles, summaries, symptoms and explanations.\n"
                            "Empty: every entry by category. Enter opens the best match, Down moves to the list."));
    m_search->installEventFilter(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(SearchDebounceMs);
    connect(m_search, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_debounce, &QTimer::timeout, this, &EncyclopediaPanel::runSearch);

    m_status->setObjectName(u"statusLabel"_s);
    m_status->setAccessibleName(tr("Search status"));
    m_status->setToolTip(tr("How many entries the list shows"));
    m_status->setForegroundRole(QPalette::PlaceholderText);
    m_status->setContentsMargins(4, 0, 4, 0);

    m_list->setObjectName(u"resultList"_s);
    m_list->setModel(m_model);
    m_list->setItemDelegate(new EncyclopediaItemDelegate(m_list));
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setAccessibleName(tr("Encyclopedia entries"));
    m_list->setToolTip(tr("Entries of the encyclopedia; select one to read it"));
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &EncyclopediaPanel::onCurrentRowChanged);

    connect(m_view, &EntryView::relatedActivated, this,
            [this](const QString &id) { navigate(id, {}, true); });
    connect(m_view, &EntryView::evidenceActivated, this, &EncyclopediaPanel::evidenceActivated);

    auto *top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->setSpacing(2);
    top->addWidget(m_back);
    top->addWidget(m_forward);
    top->addSpacing(4);
    top->addWidget(m_search, 1);

    auto *left = new QWidget(m_splitter);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->setSpacing(3);
    leftLayout->addWidget(m_status);
    leftLayout->addWidget(m_list, 1);
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_view);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setSizes({ 330, 870 });
    m_splitter->setObjectName(u"encyclopediaSplitter"_s);
    m_splitter->setAccessibleName(tr("Entry list and entry text"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addWidget(m_splitter, 1);

    setKnowledgeBase(nullptr);
}

EncyclopediaPanel::~EncyclopediaPanel() = default;

void EncyclopediaPanel::setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb)
{
    const QString current = currentEntry();
    const QList<analysis::Evidence> why = m_view->evidence();
    m_kb = std::move(kb);
    m_model->setKnowledgeBase(m_kb);
    m_view->setKnowledgeBase(m_kb);
    m_history.clear();
    m_historyIndex = -1;
    m_search->setEnabled(m_kb != nullptr);
    runSearch();
    if (!m_kb)
        m_view->showMessage(tr("The encyclopedia is not loaded."));
    else if (!current.isEmpty())
        navigate(current, why, true);
    updateHistoryActions();
}

void EncyclopediaPanel::setSyntaxRepository(KSyntaxHighlighting::Repository *repository)
{
    m_view->setSyntaxRepository(repository);
}

void EncyclopediaPanel::showEntry(const QString &id, const QList<analysis::Evidence> &why)
{
    navigate(id, why, true);
}

QString EncyclopediaPanel::currentEntry() const
{
    return m_view->entryId();
}

void EncyclopediaPanel::search(const QString &text)
{
    m_search->setText(text);
    m_debounce->stop();
    runSearch();
}

void EncyclopediaPanel::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

void EncyclopediaPanel::goBack()
{
    if (canGoBack())
        showVisit(m_historyIndex - 1);
}

void EncyclopediaPanel::goForward()
{
    if (canGoForward())
        showVisit(m_historyIndex + 1);
}

void EncyclopediaPanel::runSearch()
{
    const QString text = m_search->text().simplified();
    // NOTE: on the GUI thread on purpose: search() opens its own read-only connection and answers
    // from a few hundred rows of FTS5 in about a millisecond; a job would cost more than it saves.
    if (text.isEmpty() || !m_kb)
        m_model->showAll();
    else
        m_model->showHits(m_kb->search(text, SearchLimit));
    selectInList(currentEntry());
    updateStatus();
}

void EncyclopediaPanel::navigate(const QString &id, const QList<analysis::Evidence> &why, bool record)
{
    if (!m_view->showEntry(id, why)) {
        selectInList({});
        updateHistoryActions();
        Q_EMIT currentEntryChanged({});
        return;
    }
    if (record) {
        if (m_historyIndex >= 0 && m_history.at(m_historyIndex).id == id) {
            m_history[m_historyIndex].evidence = why;
        } else {
            m_history.resize(m_historyIndex + 1);
            m_history.append({ id, why });
            if (m_history.size() > HistoryLimit)
                m_history.removeFirst();
            m_historyIndex = int(m_history.size()) - 1;
        }
    }
    selectInList(id);
    updateHistoryActions();
    Q_EMIT currentEntryChanged(id);
}

void EncyclopediaPanel::showVisit(int index)
{
    m_historyIndex = index;
    const Visit visit = m_history.at(index);
    navigate(visit.id, visit.evidence, false);
}

void EncyclopediaPanel::selectInList(const QString &id)
{
    m_syncingSelection = true;
    const int row = id.isEmpty() ? -1 : m_model->rowOf(id);
    if (row >= 0) {
        const QModelIndex index = m_model->index(row);
        m_list->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect);
        // Leave a row the user just clicked where it is; bring others into the middle.
        if (!m_list->viewport()->rect().contains(m_list->visualRect(index)))
            m_list->scrollTo(index, QAbstractItemView::PositionAtCenter);
    } else {
        m_list->selectionModel()->clear();
    }
    m_syncingSelection = false;
}

void EncyclopediaPanel::onCurrentRowChanged(const QModelIndex &current)
{
    if (m_syncingSelection || !current.isValid())
        return;
    const QString id = current.data(EncyclopediaRoles::EntryIdRole).toString();
    if (id != currentEntry())
        navigate(id, {}, true);
}

void EncyclopediaPanel::updateStatus()
{
    const int n = m_model->rowCount();
    const QString query = m_search->text().simplified();
    if (!m_kb)
        m_status->setText(tr("No encyclopedia loaded"));
    else if (!m_model->isSearchResult())
        m_status->setText(n == 1 ? tr("1 entry") : tr("%1 entries by category").arg(n));
    else if (n == 0)
        m_status->setText(tr("No entry matches “%1”").arg(query));
    else
        m_status->setText(n == 1 ? tr("1 match for “%1”").arg(query) : tr("%1 matches for “%2”").arg(n).arg(query));
}

void EncyclopediaPanel::updateHistoryActions()
{
    m_back->defaultAction()->setEnabled(canGoBack());
    m_forward->defaultAction()->setEnabled(canGoForward());
}

void EncyclopediaPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Docked narrow, the list goes above the entry: side by side, neither would be readable.
    const Qt::Orientation wanted = width() < NarrowWidth ? Qt::Vertical : Qt::Horizontal;
    if (m_splitter->orientation() == wanted)
        return;
    m_splitter->setOrientation(wanted);
    const int total = wanted == Qt::Vertical ? m_splitter->height() : m_splitter->width();
    m_splitter->setSizes({ total * (wanted == Qt::Vertical ? 3 : 2) / 10, total * (wanted == Qt::Vertical ? 7 : 8) / 10 });
}

bool EncyclopediaPanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_search && event->type() == QEvent::KeyPress) {
        const auto *key = static_cast<QKeyEvent *>(event);
        switch (key->key()) {
        case Qt::Key_Return:
        case Qt::Key_Enter:
            m_debounce->stop();
            runSearch();
            if (m_model->rowCount() > 0)
                m_list->setCurrentIndex(m_model->index(0));
            return true;
        case Qt::Key_Down:
            if (m_model->rowCount() > 0) {
                if (!m_list->currentIndex().isValid())
                    m_list->setCurrentIndex(m_model->index(0));
                m_list->setFocus(Qt::TabFocusReason);
            }
            return true;
        case Qt::Key_Escape:
            if (!m_search->text().isEmpty()) {
                m_search->clear();
                return true;
            }
            break;
        default:
            break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace rankscope::ui
