// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace rankscope::ui {

// The small highlighter for the encyclopedia's bash, python and yaml blocks when KF6
// SyntaxHighlighting is not available (Debian 12), and for a language it does not know.
// Line-local on purpose: comments, quoted strings, variables, the command word of each
// pipeline stage (bash), keywords (python), keys (yaml), options and numbers. Two colour sets,
// chosen like KSyntaxHighlighting's default themes by the palette's lightness.
class BuiltinCodeHighlighter final : public QSyntaxHighlighter
{
    Q_OBJECT
public:
    enum class Language { Bash, Python, Yaml, Plain };
    enum class Kind { Comment, String, Command, Keyword, Variable, Option, Number, Key, Operator };

    BuiltinCodeHighlighter(QTextDocument *document, Language language, bool dark);

    static Language languageFromName(QStringView name);
    // Switches between the light and the dark colour set and highlights again.
    void setDark(bool dark);
    QTextCharFormat format(Kind kind) const;

protected:
    void highlightBlock(const QString &text) final;

private:
    void highlightBash(const QString &text);
    void highlightPython(const QString &text);
    void highlightYaml(const QString &text);
    // Quoted string starting at `start`; returns the index after its closing quote (or the end).
    qsizetype stringEnd(const QString &text, qsizetype start) const;

    Language m_language;
    bool m_dark = false;
};

} // namespace rankscope::ui
