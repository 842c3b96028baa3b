// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ksyntaxlinehighlighter.h"

#include "themes.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>

#include <QPalette>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

KSyntaxLineHighlighter::KSyntaxLineHighlighter(KSyntaxHighlighting::Repository *repository, const QPalette &palette)
    : m_repository(repository)
{
    setDefinition(m_repository->definitionForName(QString::fromUtf16(DefinitionName)));
    setPalette(palette);
}

bool KSyntaxLineHighlighter::isValid() const
{
    return definition().isValid();
}

void KSyntaxLineHighlighter::setPalette(const QPalette &palette)
{
    setTheme(m_repository->defaultTheme(Themes::isDark(palette) ? KSyntaxHighlighting::Repository::DarkTheme
                                                                : KSyntaxHighlighting::Repository::LightTheme));
}

QList<QTextLayout::FormatRange> KSyntaxLineHighlighter::highlight(const QString &line)
{
    m_ranges.clear();
    // Line-local definition: every line starts from a fresh state.
    highlightLine(line, KSyntaxHighlighting::State());
    return std::exchange(m_ranges, {});
}

QString KSyntaxLineHighlighter::name() const
{
    return u"KSyntaxHighlighting (%1)"_s.arg(theme().name());
}

void KSyntaxLineHighlighter::applyFormat(int offset, int length, const KSyntaxHighlighting::Format &format)
{
    if (length <= 0 || !format.isValid() || format.isDefaultTextStyle(theme()))
        return;
    QTextCharFormat f;
    if (format.hasTextColor(theme()))
        f.setForeground(format.textColor(theme()));
    if (format.hasBackgroundColor(theme()))
        f.setBackground(format.backgroundColor(theme()));
    if (format.isBold(theme()))
        f.setFontWeight(QFont::Bold);
    if (format.isItalic(theme()))
        f.setFontItalic(true);
    if (format.isUnderline(theme()))
        f.setFontUnderline(true);
    m_ranges.append({offset, length, f});
}

} // namespace rankscope::ui
