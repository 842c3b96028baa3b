// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "themes.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

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
    p.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
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
    p.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
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
    case Theme::System:
        app.setPalette(QApplication::style()->standardPalette());
        break;
    }
}

} // namespace rankscope::ui
