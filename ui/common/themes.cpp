// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "themes.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

Themes::Theme Themes::fromString(const QString &name)
{
    if (name == u"light"_s)
        return Theme::Light;
    if (name == u"dark"_s)
        return Theme::Dark;
    return Theme::System;
}

QString Themes::toString(Theme theme)
{
    switch (theme) {
    case Theme::Light: return u"light"_s;
    case Theme::Dark: return u"dark"_s;
    case Theme::System: break;
    }
    return u"system"_s;
}

QPalette Themes::lightPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0xef, 0xf0, 0xf1));
    p.setColor(QPalette::WindowText, QColor(0x23, 0x26, 0x29));
    p.setColor(QPalette::Base, QColor(0xfc, 0xfc, 0xfc));
    p.setColor(QPalette::AlternateBase, QColor(0xf3, 0xf4, 0xf5));
    p.setColor(QPalette::Text, QColor(0x23, 0x26, 0x29));
    p.setColor(QPalette::Button, QColor(0xf4, 0xf5, 0xf6));
    p.setColor(QPalette::ButtonText, QColor(0x23, 0x26, 0x29));
    // Breeze's #3daee9 under white text is 2.5:1; this blue is 5.3:1 (Themes::MinimumContrast).
    p.setColor(QPalette::Highlight, QColor(0x2a, 0x6f, 0xb0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::ToolTipBase, QColor(0xf7, 0xf7, 0xf7));
    p.setColor(QPalette::ToolTipText, QColor(0x23, 0x26, 0x29));
    p.setColor(QPalette::Link, QColor(0x29, 0x80, 0xb9));
    p.setColor(QPalette::PlaceholderText, QColor(0x70, 0x7d, 0x8a));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0xa0, 0xa4, 0xa8));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0xa0, 0xa4, 0xa8));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0xa0, 0xa4, 0xa8));
    return p;
}

QPalette Themes::darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x20, 0x23, 0x26));
    p.setColor(QPalette::WindowText, QColor(0xfc, 0xfc, 0xfc));
    p.setColor(QPalette::Base, QColor(0x14, 0x16, 0x18));
    p.setColor(QPalette::AlternateBase, QColor(0x1d, 0x1f, 0x22));
    p.setColor(QPalette::Text, QColor(0xfc, 0xfc, 0xfc));
    p.setColor(QPalette::Button, QColor(0x29, 0x2c, 0x30));
    p.setColor(QPalette::ButtonText, QColor(0xfc, 0xfc, 0xfc));
    // 6.5:1 under the text, and still distinct from Base and Window.
    p.setColor(QPalette::Highlight, QColor(0x1e, 0x5f, 0x99));
    p.setColor(QPalette::HighlightedText, QColor(0xfc, 0xfc, 0xfc));
    p.setColor(QPalette::ToolTipBase, QColor(0x29, 0x2c, 0x30));
    p.setColor(QPalette::ToolTipText, QColor(0xfc, 0xfc, 0xfc));
    p.setColor(QPalette::Link, QColor(0x1d, 0x99, 0xf3));
    p.setColor(QPalette::PlaceholderText, QColor(0xa1, 0xa9, 0xb1));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x6e, 0x72, 0x76));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x6e, 0x72, 0x76));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x6e, 0x72, 0x76));
    return p;
}

bool Themes::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

namespace {
double luminance(const QColor &c)
{
    auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    const QColor rgb = c.toRgb();
    return 0.2126 * channel(rgb.redF()) + 0.7152 * channel(rgb.greenF()) + 0.0722 * channel(rgb.blueF());
}
} // namespace

double Themes::contrastRatio(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

void Themes::ensureReadableSelection(QPalette &palette)
{
    for (const auto group : {QPalette::Active, QPalette::Inactive}) {
        const QColor text = palette.color(group, QPalette::HighlightedText);
        QColor highlight = palette.color(group, QPalette::Highlight);
        const bool darken = luminance(text) > 0.18; // light text wants a darker selection
        for (int step = 0; step < 40 && contrastRatio(text, highlight) < MinimumContrast; ++step) {
            float h = 0, s = 0, l = 0, a = 0;
            highlight.getHslF(&h, &s, &l, &a);
            l = darken ? std::max(0.0f, l - 0.025f) : std::min(1.0f, l + 0.025f);
            highlight = QColor::fromHslF(h, s, l, a);
        }
        palette.setColor(group, QPalette::Highlight, highlight);
    }
}

void Themes::apply(QApplication &app, Theme theme)
{
    switch (theme) {
    case Theme::Light:
        QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
        app.setPalette(lightPalette());
        break;
    case Theme::Dark:
        QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
        app.setPalette(darkPalette());
        break;
    case Theme::System: {
        QPalette p = QApplication::style()->standardPalette();
        ensureReadableSelection(p);
        app.setPalette(p);
        break;
    }
    }
}

} // namespace rankscope::ui
