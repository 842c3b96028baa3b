// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "rankscopeconfig.h"

#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING

#include "linehighlighter.h"

#include <KSyntaxHighlighting/AbstractHighlighter>

namespace KSyntaxHighlighting {
class Repository;
}

namespace rankscope::ui {

// Highlighting through KF6 SyntaxHighlighting with the shipped "Distributed training log"
// definition (resources/syntax/rankscope-log.xml under :/org.kde.syntax-highlighting/syntax-addons).
// The Repository is created once by the application and passed in (its construction loads every
// definition); the theme is the repository's light or dark default, chosen by the palette's base.
class KSyntaxLineHighlighter final : public LineHighlighter, private KSyntaxHighlighting::AbstractHighlighter
{
public:
    static constexpr const char16_t *DefinitionName = u"Distributed training log";

    KSyntaxLineHighlighter(KSyntaxHighlighting::Repository *repository, const QPalette &palette);
    // False when the definition was not found (the resource was not linked): use the built-in one.
    bool isValid() const;

    void setPalette(const QPalette &palette) override;
    QList<QTextLayout::FormatRange> highlight(const QString &line) override;
    QString name() const override;

protected:
    void applyFormat(int offset, int length, const KSyntaxHighlighting::Format &format) override;

private:
    KSyntaxHighlighting::Repository *m_repository;
    QList<QTextLayout::FormatRange> m_ranges; // filled by applyFormat during highlight()
};

} // namespace rankscope::ui

#endif
