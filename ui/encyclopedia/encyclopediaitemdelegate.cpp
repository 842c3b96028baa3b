// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "encyclopediaitemdelegate.h"
#include "encyclopediaroles.h"

#include <QApplication>
#include <QPainter>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

using namespace EncyclopediaRoles;

namespace {

constexpr int HMargin = 8;
constexpr int VMargin = 5;
constexpr int LineGap = 2;
constexpr int HeaderGap = 6;

QColor blend(const QColor &a, const QColor &b, qreal t)
{
    return QColor::fromRgbF(a.redF() * (1 - t) + b.redF() * t, a.greenF() * (1 - t) + b.greenF() * t,
                            a.blueF() * (1 - t) + b.blueF() * t);
}

QFont titleFont(const QFont &base)
{
    QFont f = base;
    f.setWeight(QFont::DemiBold);
    return f;
}

QFont headerFont(const QFont &base)
{
    QFont f = base;
    f.setWeight(QFont::Bold);
    f.setCapitalization(QFont::AllUppercase);
    f.setPointSizeF(base.pointSizeF() * 0.85);
    return f;
}

int headerHeight(const QFont &base)
{
    return QFontMetrics(headerFont(base)).height() + 2 * HeaderGap;
}

QString secondLine(const QModelIndex &index)
{
    const bool search = !index.data(SnippetRole).toString().isEmpty() || index.data(ScoreRole).toDouble() != 0;
    QString s = search ? index.data(CategoryRole).toString() + u" · "_s + index.data(EntryIdRole).toString()
                       : index.data(EntryIdRole).toString() + u" · "_s + index.data(EntryRoleRole).toString();
    if (index.data(UserOverrideRole).toBool())
        s += u" · user entry"_s;
    return s;
}

// Draws text whose [bracketed] parts are the matched words: those in bold, the brackets dropped,
// elided at the right edge.
void drawSnippet(QPainter *p, const QRect &rect, const QString &snippet, const QFont &font)
{
    QFont bold = font;
    bold.setWeight(QFont::Bold);
    int x = rect.left();
    const int right = rect.right();
    // Markdown marks of the entry text are noise in a one-line excerpt.
    QString flat = snippet;
    flat.replace(u'\n', u' ').remove(u'`').remove(u"**"_s);
    qsizetype i = 0;
    while (i < flat.size() && x < right) {
        const bool match = flat.at(i) == u'[';
        const qsizetype start = match ? i + 1 : i;
        qsizetype end = flat.indexOf(match ? u']' : u'[', start);
        if (end < 0)
            end = flat.size();
        const QString part = flat.mid(start, end - start);
        i = match ? end + 1 : end;
        const QFont &f = match ? bold : font;
        const QFontMetrics fm(f);
        const int w = fm.horizontalAdvance(part);
        p->setFont(f);
        const QRect r(x, rect.top(), right - x + 1, rect.height());
        if (x + w > right) {
            p->drawText(r, Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(part, Qt::ElideRight, r.width()));
            break;
        }
        p->drawText(r, Qt::AlignLeft | Qt::AlignVCenter, part);
        x += w;
    }
}

} // namespace

void EncyclopediaItemDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                                     const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear(); // the panel background only; the text is ours
    const QPalette &pal = option.palette;
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();

    painter->save();
    QRect itemRect = option.rect;
    const QString header = index.data(CategoryHeaderRole).toString();
    if (!header.isEmpty()) {
        const int h = headerHeight(option.font);
        const QRect headerRect(itemRect.left(), itemRect.top(), itemRect.width(), h);
        itemRect.setTop(itemRect.top() + h);
        painter->fillRect(headerRect, pal.brush(QPalette::Base));
        painter->setFont(headerFont(option.font));
        painter->setPen(blend(pal.color(QPalette::Text), pal.color(QPalette::Base), 0.35));
        painter->drawText(headerRect.adjusted(HMargin, 0, -HMargin, -2), Qt::AlignLeft | Qt::AlignBottom, header);
        painter->setPen(blend(pal.color(QPalette::Text), pal.color(QPalette::Base), 0.8));
        painter->drawLine(headerRect.left() + HMargin, headerRect.bottom(), headerRect.right() - HMargin,
                          headerRect.bottom());
    }
    opt.rect = itemRect;
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &opt, painter, widget);

    const bool selected = option.state & QStyle::State_Selected;
    const QColor text = pal.color(selected ? QPalette::HighlightedText : QPalette::Text);
    // On the selection the palette's own pair is the only one known to be readable: no blending.
    const QColor muted = selected ? text : blend(text, pal.color(QPalette::Base), 0.3);
    const QRect content = itemRect.adjusted(HMargin, VMargin, -HMargin, -VMargin);

    const QFont tf = titleFont(option.font);
    const QFontMetrics tfm(tf);
    const QFontMetrics fm(option.font);
    int y = content.top();
    painter->setFont(tf);
    painter->setPen(text);
    painter->drawText(QRect(content.left(), y, content.width(), tfm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                      tfm.elidedText(index.data(TitleRole).toString(), Qt::ElideRight, content.width()));
    y += tfm.height() + LineGap;
    painter->setFont(option.font);
    painter->setPen(muted);
    painter->drawText(QRect(content.left(), y, content.width(), fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                      fm.elidedText(secondLine(index), Qt::ElideRight, content.width()));
    const QString snippet = index.data(SnippetRole).toString();
    if (!snippet.isEmpty()) {
        y += fm.height() + LineGap;
        painter->setPen(text);
        drawSnippet(painter, QRect(content.left(), y, content.width(), fm.height()), snippet, option.font);
    }
    if (option.state & QStyle::State_HasFocus) {
        QStyleOptionFocusRect focus;
        focus.QStyleOption::operator=(opt);
        focus.rect = itemRect;
        focus.backgroundColor = pal.color(selected ? QPalette::Highlight : QPalette::Base);
        style->drawPrimitive(QStyle::PE_FrameFocusRect, &focus, painter, widget);
    }
    painter->restore();
}

QSize EncyclopediaItemDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QFontMetrics tfm(titleFont(option.font));
    const QFontMetrics fm(option.font);
    int h = 2 * VMargin + tfm.height() + LineGap + fm.height();
    if (!index.data(SnippetRole).toString().isEmpty())
        h += LineGap + fm.height();
    if (!index.data(CategoryHeaderRole).toString().isEmpty())
        h += headerHeight(option.font);
    return { tfm.horizontalAdvance(index.data(TitleRole).toString()) / 2 + 2 * HMargin, h };
}

} // namespace rankscope::ui
