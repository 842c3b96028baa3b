// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "historypanel.h"

#include "historycontroller.h"
#include "incidenthistorymodel.h"
#include "naturalorder.h"
#include "roles.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

#include <iterator>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

namespace {

// A failure id is recognised by its start ("cuda-o…"), a node name by its number at the end
// ("dgx…-41"): one elide mode per column, which the view alone cannot do.
class ElideDelegate final : public QStyledItemDelegate
{
public:
    ElideDelegate(Qt::TextElideMode mode, QObject *parent)
        : QStyledItemDelegate(parent)
        , m_mode(mode)
    {
    }

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        option->textElideMode = m_mode;
    }

private:
    Qt::TextElideMode m_mode;
};

// Numbers and times by value, names in natural order (gpu-2 before gpu-10); the text filter
// and a "since" time (0: any) together.
class HistoryProxy final : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    void setSince(qint64 ms)
    {
        m_since = ms;
        invalidateRowsFilter();
    }

protected:
    bool filterAcceptsRow(int row, const QModelIndex &parent) const override
    {
        if (m_since > 0) {
            const QModelIndex when = sourceModel()->index(row, models::IncidentHistoryModel::When, parent);
            if (when.data(models::SortRole).toLongLong() < m_since)
                return false;
        }
        return QSortFilterProxyModel::filterAcceptsRow(row, parent);
    }

    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override
    {
        const QVariant a = left.data(models::SortRole), b = right.data(models::SortRole);
        if (a.typeId() == QMetaType::QString || b.typeId() == QMetaType::QString)
            return naturalLess(a.toString(), b.toString());
        return QVariant::compare(a, b) == QPartialOrdering::Less;
    }

private:
    qint64 m_since = 0;
};

} // namespace

HistoryPanel::HistoryPanel(HistoryController *controller, QWidget *parent)
    : QWidget(parent)
    , m_controller(controller)
{
    setObjectName(u"HistoryPanel"_s);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);

    m_culprits = new QLabel(this);
    m_culprits->setObjectName(u"historyCulprits"_s);
    m_culprits->setWordWrap(true);
    m_culprits->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_culprits->setAccessibleName(tr("Recurring culprits"));
    layout->addWidget(m_culprits);

    m_filter = new QLineEdit(this);
    m_filter->setObjectName(u"historyFilter"_s);
    m_filter->setPlaceholderText(tr("Filter by failure, node or job…"));
    m_filter->setClearButtonEnabled(true);
    m_period = new QComboBox(this);
    m_period->setObjectName(u"historyPeriod"_s);
    m_period->setAccessibleName(tr("Period"));
    m_period->setToolTip(tr("Only incidents that happened in this period"));
    m_period->addItem(tr("Any time"), 0);
    for (const int days : {7, 30, 90, 365})
        m_period->addItem(tr("Last %n day(s)", "", days), days);
    auto *filters = new QHBoxLayout;
    filters->addWidget(m_filter, 1);
    filters->addWidget(m_period);
    layout->addLayout(filters);

    m_model = new models::IncidentHistoryModel(this);
    m_proxy = new HistoryProxy(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(models::SortRole);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_table = new QTableView(this);
    m_table->setObjectName(u"historyTable"_s);
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(models::IncidentHistoryModel::When, Qt::DescendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    // The short columns take what they need, the names share the rest and elide (the tooltip
    // has the whole row): a docked list never needs a sideways scroll.
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->setItemDelegateForColumn(models::IncidentHistoryModel::Failure, new ElideDelegate(Qt::ElideRight, m_table));
    m_table->setItemDelegateForColumn(models::IncidentHistoryModel::Job, new ElideDelegate(Qt::ElideRight, m_table));
    m_table->horizontalHeader()->setMinimumSectionSize(24);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    for (const int c : {models::IncidentHistoryModel::When, models::IncidentHistoryModel::Rank, models::IncidentHistoryModel::Nodes,
                        models::IncidentHistoryModel::Ranks})
        m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    for (const int c : {models::IncidentHistoryModel::Failure, models::IncidentHistoryModel::Node, models::IncidentHistoryModel::Job})
        m_table->horizontalHeader()->setSectionResizeMode(c, QHeaderView::Stretch);
    // A docked list is narrow: what tells incidents apart (when, what, where) is shown, the
    // job and its size are a right-click on the header away, and the choice is remembered.
    m_table->horizontalHeader()->setContextMenuPolicy(Qt::ActionsContextMenu);
    const QStringList hidden = QSettings().value(u"history/hiddenColumns"_s, QStringList{u"Job"_s, u"Nodes"_s, u"Ranks"_s}).toStringList();
    static const char *const keys[] = {"When", "Failure", "Node", "Rank", "Job", "Nodes", "Ranks"};
    static_assert(std::size(keys) == models::IncidentHistoryModel::ColumnCount);
    for (int c = 0; c < models::IncidentHistoryModel::ColumnCount; ++c) {
        const QString key = QString::fromLatin1(keys[c]);
        auto *action = new QAction(m_model->headerData(c, Qt::Horizontal).toString(), m_table->horizontalHeader());
        action->setObjectName(u"historyColumn"_s + key);
        action->setCheckable(true);
        action->setChecked(!hidden.contains(key));
        action->setEnabled(c != models::IncidentHistoryModel::When); // one column always stays
        m_table->setColumnHidden(c, !action->isChecked());
        connect(action, &QAction::toggled, this, [this, c, key](bool on) {
            m_table->setColumnHidden(c, !on);
            QStringList now = QSettings().value(u"history/hiddenColumns"_s, QStringList{u"Job"_s, u"Nodes"_s, u"Ranks"_s}).toStringList();
            now.removeAll(key);
            if (!on)
                now.append(key);
            QSettings().setValue(u"history/hiddenColumns"_s, now);
        });
        m_table->horizontalHeader()->addAction(action);
    }
    m_table->horizontalHeader()->setToolTip(tr("Right-click to choose the columns"));
    m_table->setAccessibleName(tr("Recorded incidents"));
    m_table->setToolTip(tr("Incidents analysed on this machine; double-click one to open its bundle"));
    layout->addWidget(m_table, 1);

    auto *buttons = new QHBoxLayout;
    m_record = new QCheckBox(tr("Record the incidents I open"), this);
    m_record->setObjectName(u"historyRecord"_s);
    m_record->setChecked(controller->isRecording());
    m_forget = new QPushButton(tr("Forget"), this);
    m_forget->setObjectName(u"historyForget"_s);
    m_forget->setToolTip(tr("Remove the selected incident from the library (its logs stay where they are)"));
    m_forget->setEnabled(false);
    buttons->addWidget(m_record);
    buttons->addStretch(1);
    buttons->addWidget(m_forget);
    layout->addLayout(buttons);
    m_where = new QLabel(this);
    m_where->setWordWrap(true);
    m_where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_where->setText(tr("Kept on this machine only, in %1").arg(controller->libraryPath()));
    m_where->setEnabled(false); // the muted colour of a note
    layout->addWidget(m_where);

    connect(m_filter, &QLineEdit::textChanged, this, &HistoryPanel::setFilter);
    connect(m_period, &QComboBox::activated, this, [this](int index) { setPeriodDays(m_period->itemData(index).toInt()); });
    connect(m_table, &QTableView::activated, this, &HistoryPanel::activate);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { m_forget->setEnabled(m_table->selectionModel()->hasSelection()); });
    connect(m_forget, &QPushButton::clicked, this, &HistoryPanel::forgetSelected);
    connect(m_record, &QCheckBox::toggled, controller, &HistoryController::setRecording);
    connect(controller, &HistoryController::libraryChanged, this, &HistoryPanel::reload);
    reload();
}

QString HistoryPanel::culpritsText() const
{
    return m_culprits->text();
}

void HistoryPanel::setFilter(const QString &text)
{
    if (m_filter->text() != text)
        m_filter->setText(text);
    m_proxy->setFilterFixedString(text);
}

void HistoryPanel::setPeriodDays(int days)
{
    if (const int i = m_period->findData(days); i >= 0)
        m_period->setCurrentIndex(i);
    static_cast<HistoryProxy *>(m_proxy)->setSince(days > 0 ? QDateTime::currentMSecsSinceEpoch() - qint64(days) * 24 * 3600 * 1000 : 0);
}

void HistoryPanel::reload()
{
    m_model->setIncidents(m_controller->incidents());
    QStringList lines;
    for (const history::RecurringCulprit &c : m_controller->culprits())
        lines << c.sentence.toHtmlEscaped();
    if (m_controller->incidents().isEmpty())
        m_culprits->setText(tr("No incidents recorded yet. Each incident you open is kept here, so the next one can say whether it was seen before."));
    else if (lines.isEmpty())
        m_culprits->setText(tr("No node, GPU or component version started more than one incident in the last %1 days.")
                                .arg(HistoryController::CulpritDays));
    else
        m_culprits->setText(tr("<b>Recurring in the last %1 days</b><br>%2").arg(HistoryController::CulpritDays).arg(lines.join(u"<br>"_s)));
}

void HistoryPanel::activate(const QModelIndex &index)
{
    const history::IncidentRecord *r = m_model->incident(m_proxy->mapToSource(index).row());
    if (!r || r->origin.isEmpty())
        return;
    Q_EMIT openRequested(r->origin.split(u'\n'));
}

void HistoryPanel::forgetSelected()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return;
    if (const history::IncidentRecord *r = m_model->incident(m_proxy->mapToSource(rows.first()).row()))
        m_controller->forget(r->id);
}

} // namespace rankscope::ui
