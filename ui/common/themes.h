// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QPalette>
#include <QString>

class QApplication;

namespace rankscope::ui {

// Light and dark palettes for the Fusion style. Qt 6.4 does not follow the desktop's colour
// scheme by itself, so the user can pick one (View > Theme) and every view re-reads its colours
// on QEvent::PaletteChange instead of caching them.
class Themes
{
public:
    enum class Theme { System, Light, Dark };

    static Theme fromString(const QString &name);
    static QString toString(Theme theme);
    static void apply(QApplication &app, Theme theme);
    static QPalette lightPalette();
    static QPalette darkPalette();
    // True when the palette's base colour is dark; views choose highlighting themes with it.
    static bool isDark(const QPalette &palette);
    // WCAG 2 contrast ratio of two colours, 1 (same luminance) to 21 (black on white).
    static double contrastRatio(const QColor &a, const QColor &b);
    // Darkens (or, under dark text, lightens) Highlight in every colour group until
    // HighlightedText on it reaches WCAG AA for body text (4.5:1): selected rows in the log view
    // and in the tables stay readable whatever the platform's palette.
    static void ensureReadableSelection(QPalette &palette);
    static constexpr double MinimumContrast = 4.5;
};

} // namespace rankscope::ui
