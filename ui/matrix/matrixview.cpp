// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "matrixview.h"

#include "roles.h"
#include "versionmatrixmodel.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QPainter>
#include <QStyledItemDelegate>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

namespace {

using State = analysis::MatrixCell::State;

// Paints the cell state from CellStateRole: background tint from the palette plus a badge, so the
// state never rests on colour alone. It paints the selection state too (STYLE.md 14).
class MatrixCellDelegate final : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *p, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        const auto state = State(index.data(models::CellStateRole).toInt());
        const QPalette &pal = opt.palette;
        const bool dark = pal.color(QPalette::Base).lightness() < 128;
        QColor bg;
        QString badge;
        if (state == State::Outlier) {
            bg = dark ? QColor(0x7a, 0x2a, 0x2a) : QColor(0xff, 0xd6, 0xd1);
            badge = u"!"_s;
        } else if (state == State::Conflicting) {
            bg = dark ? QColor(0x6b, 0x4e, 0x12) : QColor(0xff, 0xec, 0xb3);
            badge = u"≠"_s;
        } else if (state == State::Unknown) {
            opt.palette.setColor(QPalette::Text, pal.color(QPalette::PlaceholderText));
        }
        if (bg.isValid() && !(opt.state & QStyle::State_Selected))
            p->fillRect(opt.rect, bg);
        if (!badge.isEmpty()) {
            opt.rect.adjust(0, 0, -18, 0);
            QRect b(option.rect.right() - 16, option.rect.center().y() - 7, 14, 14);
            p->save();
            p->setRenderHint(QPainter::Antialiasing);
            p->setBrush(state == State::Outlier ? QColor(0xd3, 0x2f, 0x2f) : QColor(0xf5, 0x7c, 0x00));
            p->setPen(Qt::NoPen);
            p->drawEllipse(b);
            p->setPen(Qt::white);
            QFont f = opt.font;
            f.setBold(true);
            p->setFont(f);
            p->drawText(b, Qt::AlignCenter, badge);
            p->restore();
        }
        if (bg.isValid() || state == State::Unknown)
            opt.backgroundBrush = Qt::NoBrush;
        QStyledItemDelegate::paint(p, opt, index);
    }
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QSize s = QStyledItemDelegate::sizeHint(option, index);
        return {s.width() + 22, s.height()};
    }
};

} // namespace

MatrixView::MatrixView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"MatrixView"_s);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    m_group = new QCheckBox(tr("Group identical nodes"), this);
    m_group->setChecked(true);
    m_group->setToolTip(tr("Show nodes whose every value is the same as one row"));
    m_differing = new QCheckBox(tr("Only differing columns"), this);
    m_differing->setToolTip(tr("Hide components that are the same on every node"));
    bar->addWidget(m_group);
    bar->addWidget(m_differing);
    bar->addStretch(1);
    layout->addLayout(bar);
    m_model = new models::VersionMatrixModel(this);
    m_table = new QTableView(this);
    m_table->setObjectName(u"matrixTable"_s);
    m_table->setAccessibleName(tr("Version matrix"));
    m_table->setToolTip(tr("Nodes by component; ! marks an outlier, ≠ a node that reports two values; click a cell for its evidence"));
    m_table->setModel(m_model);
    m_table->setItemDelegate(new MatrixCellDelegate(m_table));
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    layout->addWidget(m_table, 1);
    connect(m_group, &QCheckBox::toggled, m_model, &models::VersionMatrixModel::setGroupIdentical);
    connect(m_differing, &QCheckBox::toggled, m_model, &models::VersionMatrixModel::setOnlyDifferingColumns);
    connect(m_table, &QTableView::clicked, this, [this](const QModelIndex &index) {
        const QVariant v = index.data(models::SourceRefRole);
        if (v.isValid())
            Q_EMIT sourceActivated(v.value<SourceRef>());
    });
}

int MatrixView::preferredHeight() const
{
    const int rowHeight = m_table->verticalHeader()->defaultSectionSize();
    const int rows = std::max(1, m_model->rowCount());
    const int bar = m_differing->sizeHint().height() + 6;
    return bar + m_table->horizontalHeader()->sizeHint().height() + rows * rowHeight + m_table->horizontalScrollBar()->sizeHint().height()
           + 2 * m_table->frameWidth() + 4;
}

void MatrixView::setResult(const analysis::AnalysisResultPtr &result)
{
    // With outliers the decisive cell may be one column of forty: only the differing ones show
    // (the user can turn it off; the next incident decides again).
    if (result)
        m_differing->setChecked(models::VersionMatrixModel::hasOutliers(result->matrix));
    m_model->setResult(result);
}

} // namespace rankscope::ui
