// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "linkrow.h"

#include <QKeyEvent>
#include <QLabel>
#include <QPainter>
#include <QStyle>
#include <QStyleOptionFocusRect>
#include <QVBoxLayout>

namespace rankscope::ui {

LinkRow::LinkRow(QWidget *parent)
    : QAbstractButton(parent)
    , m_label(new QLabel(this))
{
    setCursor(Qt::PointingHandCursor);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_Hover);
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);

    m_label->setTextFormat(Qt::RichText);
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::NoTextInteraction);
    // The whole row is the click target; the label only draws.
    m_label->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_label->setFocusPolicy(Qt::NoFocus);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 3, 6, 3);
    layout->addWidget(m_label);
}

void LinkRow::setRichText(const QString &html)
{
    m_label->setText(html);
    updateGeometry();
}

QString LinkRow::richText() const
{
    return m_label->text();
}

bool LinkRow::hasHeightForWidth() const
{
    return true;
}

int LinkRow::heightForWidth(int width) const
{
    const QMargins m = layout()->contentsMargins();
    return m_label->heightForWidth(width - m.left() - m.right()) + m.top() + m.bottom();
}

QSize LinkRow::sizeHint() const
{
    const QMargins m = layout()->contentsMargins();
    return m_label->sizeHint() + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize LinkRow::minimumSizeHint() const
{
    const QMargins m = layout()->contentsMargins();
    return m_label->minimumSizeHint() + QSize(m.left() + m.right(), m.top() + m.bottom());
}

void LinkRow::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QPalette &pal = palette();
    const bool hot = isEnabled() && (underMouse() || hasFocus() || isDown());
    if (hot) {
        QColor c = pal.color(QPalette::Highlight);
        c.setAlphaF(isDown() ? 0.30 : 0.14);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(Qt::NoPen);
        p.setBrush(c);
        p.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
    }
    if (hasFocus()) {
        QStyleOptionFocusRect focus;
        focus.initFrom(this);
        focus.backgroundColor = pal.color(QPalette::Base);
        style()->drawPrimitive(QStyle::PE_FrameFocusRect, &focus, &p, this);
    }
}

void LinkRow::keyPressEvent(QKeyEvent *event)
{
    // A link opens with Enter as well as with the button's Space.
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        click();
        return;
    }
    QAbstractButton::keyPressEvent(event);
}

bool LinkRow::event(QEvent *event)
{
    switch (event->type()) {
    case QEvent::HoverEnter:
    case QEvent::HoverLeave:
        update();
        break;
    default:
        break;
    }
    return QAbstractButton::event(event);
}

} // namespace rankscope::ui
