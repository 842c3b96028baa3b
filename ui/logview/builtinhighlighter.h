// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "linehighlighter.h"

#include <QTextCharFormat>

#include <array>

namespace rankscope::ui {

// The highlighter used without KF6 SyntaxHighlighting (Debian 12). It knows the categories of
// resources/syntax/rankscope-log.xml: launcher rank prefixes, timestamps, NCCL host:pid:tid,
// levels, error names and key=value numbers, and colours them from the palette so light and dark
// both read. Earlier rules win where matches overlap, as in the definition.
class BuiltinLineHighlighter final : public LineHighlighter
{
public:
    enum Category { Rank, Timestamp, Source, Error, Warning, Info, Number, CategoryCount };

    explicit BuiltinLineHighlighter(const QPalette &palette);

    void setPalette(const QPalette &palette) override;
    QList<QTextLayout::FormatRange> highlight(const QString &line) override;
    QString name() const override;

    const QTextCharFormat &format(Category c) const { return m_formats.at(c); }

private:
    std::array<QTextCharFormat, CategoryCount> m_formats;
};

} // namespace rankscope::ui
