// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "gotolinebar.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QStyle>
#include <QToolButton>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

GoToLineBar::GoToLineBar(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"goToLineBar"_s);
    setAccessibleName(tr("Go to line bar"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(4);
    m_label = new QLabel(tr("Go to line:"), this);
    m_label->setToolTip(tr("Ctrl+L"));
    m_edit = new QLineEdit(this);
    m_edit->setObjectName(u"goToLineEdit"_s);
    m_edit->setAccessibleName(tr("Line number"));
    m_edit->setToolTip(tr("A line number of the current line's file. Enter: go, Escape: close"));
    m_edit->setValidator(new QRegularExpressionValidator(QRegularExpression(u"[0-9]{1,15}"_s), m_edit));
    m_edit->setMaximumWidth(m_edit->fontMetrics().horizontalAdvance(u"0000000000000"_s) + 16);
    m_edit->installEventFilter(this);
    m_label->setBuddy(m_edit);
    auto *go = new QToolButton(this);
    go->setObjectName(u"goToLineButton"_s);
    go->setText(tr("Go"));
    go->setToolTip(tr("Show this line"));
    go->setAccessibleName(tr("Go to line"));
    go->setAutoRaise(true);
    m_status = new QLabel(this);
    m_status->setObjectName(u"goToLineStatus"_s);
    m_status->setAccessibleName(tr("Go to line status"));
    m_status->setToolTip(tr("The lines of the current file"));
    auto *close = new QToolButton(this);
    close->setObjectName(u"goToLineClose"_s);
    close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    close->setToolTip(tr("Close (Escape)"));
    close->setAccessibleName(tr("Close go to line bar"));
    close->setAutoRaise(true);
    layout->addWidget(m_label);
    layout->addWidget(m_edit);
    layout->addWidget(go);
    layout->addWidget(m_status, 1);
    layout->addWidget(close);
    connect(go, &QToolButton::clicked, this, &GoToLineBar::go);
    connect(close, &QToolButton::clicked, this, [this] {
        hide();
        Q_EMIT closed();
    });
}

void GoToLineBar::activate(LineNumber current, LineNumber maximum, const QString &fileName)
{
    m_maximum = std::max<LineNumber>(1, maximum);
    m_status->setText(tr("1 – %1 in %2").arg(QLocale().toString(m_maximum), fileName));
    if (current > 0)
        m_edit->setText(QString::number(current));
    show();
    m_edit->setFocus(Qt::ShortcutFocusReason);
    m_edit->selectAll();
}

void GoToLineBar::setStatus(const QString &status)
{
    m_status->setText(status);
}

void GoToLineBar::go()
{
    bool ok = false;
    const LineNumber line = m_edit->text().toLongLong(&ok);
    if (!ok || line < 1) {
        m_status->setText(tr("Type a line number"));
        return;
    }
    Q_EMIT goRequested(std::min(line, m_maximum));
}

bool GoToLineBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            go();
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            hide();
            Q_EMIT closed();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace rankscope::ui
