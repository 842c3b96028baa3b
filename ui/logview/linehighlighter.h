// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QTextLayout>

class QPalette;

namespace rankscope::ui {

// Turns one display line into format ranges for the log view (STYLE.md 15). The view asks only for
// visible lines, one at a time and from a fresh state: the shipped definition is line-local, so
// no line needs the lines above it. Two implementations: KSyntaxLineHighlighter on KF6
// SyntaxHighlighting with the "Distributed training log" definition, and BuiltinLineHighlighter
// with the same categories when KF6 is absent.
class LineHighlighter
{
public:
    virtual ~LineHighlighter();
    // Re-chooses colours (or the theme) for a palette; called again on QEvent::PaletteChange.
    virtual void setPalette(const QPalette &palette) = 0;
    virtual QList<QTextLayout::FormatRange> highlight(const QString &line) = 0;
    // For the About box and tooltips.
    virtual QString name() const = 0;

protected:
    LineHighlighter() = default;
};

} // namespace rankscope::ui
