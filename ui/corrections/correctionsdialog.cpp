// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "correctionsdialog.h"

#include "clockoffsetmodel.h"
#include "fileattributionmodel.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

namespace {
QTableView *makeTable(QAbstractItemModel *model, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                          | QAbstractItemView::AnyKeyPressed);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setHighlightSections(false);
    view->setWordWrap(false);
    return view;
}

QLabel *explanation(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    return label;
}
} // namespace

CorrectionsDialog::CorrectionsDialog(const ingest::IngestResult &ingest, const ingest::ManualCorrections &current, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Corrections"));
    m_tabs = new QTabWidget(this);

    auto *clockPage = new QWidget(m_tabs);
    auto *clockLayout = new QVBoxLayout(clockPage);
    clockLayout->addWidget(explanation(
        tr("RankScope lines up node clocks from events that happen at the same moment everywhere (NCCL init, "
           "the same collective timing out, training steps). Where that is wrong or impossible, set the seconds to "
           "add to a node's clock; leave the cell empty to use the estimate."),
        clockPage));
    m_clocks = new ClockOffsetModel(this);
    m_clocks->setOffsets(ingest.clockOffsets, current.clockOffsets);
    m_clockView = makeTable(m_clocks, clockPage);
    m_clockView->horizontalHeader()->setSectionResizeMode(ClockOffsetModel::MethodColumn, QHeaderView::Stretch);
    m_clockView->resizeColumnsToContents();
    clockLayout->addWidget(m_clockView);
    m_tabs->addTab(clockPage, tr("&Clocks"));

    auto *filePage = new QWidget(m_tabs);
    auto *fileLayout = new QVBoxLayout(filePage);
    fileLayout->addWidget(explanation(
        tr("Who wrote each file, as the ingest found it from paths, line prefixes and NCCL init lines. Double-click a "
           "node or rank to say it yourself: it then holds for every line of the file. Uncheck \"By hand\" to undo."),
        filePage));
    m_filter = new QLineEdit(filePage);
    m_filter->setPlaceholderText(tr("Filter files…"));
    m_filter->setClearButtonEnabled(true);
    fileLayout->addWidget(m_filter);
    m_files = new FileAttributionModel(this);
    m_files->setFiles(ingest.files, current.attribution);
    m_fileProxy = new QSortFilterProxyModel(this);
    m_fileProxy->setSourceModel(m_files);
    m_fileProxy->setFilterKeyColumn(FileAttributionModel::PathColumn);
    m_fileProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    connect(m_filter, &QLineEdit::textChanged, m_fileProxy, &QSortFilterProxyModel::setFilterFixedString);
    m_fileView = makeTable(m_fileProxy, filePage);
    m_fileView->setSortingEnabled(true);
    m_fileView->sortByColumn(FileAttributionModel::PathColumn, Qt::AscendingOrder);
    // Bundle paths are long and differ at both ends (node folder, file name): elide the middle.
    m_fileView->setTextElideMode(Qt::ElideMiddle);
    m_fileView->resizeColumnsToContents();
    m_fileView->horizontalHeader()->setSectionResizeMode(FileAttributionModel::PathColumn, QHeaderView::Stretch);
    fileLayout->addWidget(m_fileView);
    m_tabs->addTab(filePage, tr("&Files"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::Reset, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Read Again with These"));
    buttons->button(QDialogButtonBox::Reset)->setText(tr("Clear All"));
    buttons->button(QDialogButtonBox::Reset)->setToolTip(tr("Forget every correction: the estimates decide again"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::Reset), &QPushButton::clicked, this, [this] {
        m_clocks->clearManual();
        m_files->clearOverrides();
    });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs);
    layout->addWidget(buttons);
    resize(760, 520);
}

ingest::ManualCorrections CorrectionsDialog::corrections() const
{
    return {m_clocks->manualOffsets(), m_files->overrides()};
}

void CorrectionsDialog::selectFile(const QString &path)
{
    m_tabs->setCurrentIndex(1);
    m_filter->clear();
    const int row = m_files->rowOf(path);
    if (row < 0)
        return;
    const QModelIndex at = m_fileProxy->mapFromSource(m_files->index(row, FileAttributionModel::RankColumn));
    m_fileView->setCurrentIndex(at);
    m_fileView->scrollTo(at);
    m_fileView->setFocus();
}

} // namespace rankscope::ui
