// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "builtincodehighlighter.h"

#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

namespace {

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_';
}

// Ends a bash word: blanks, operators, quotes and expansions.
bool endsBashWord(QChar c)
{
    return c.isSpace() || c == u'|' || c == u';' || c == u'&' || c == u'(' || c == u')' || c == u'<' || c == u'>'
        || c == u'`' || c == u'"' || c == u'\'' || c == u'$';
}

const QSet<QString> &bashKeywords()
{
    static const QSet<QString> set = { u"if"_s, u"then"_s, u"else"_s, u"elif"_s, u"fi"_s, u"for"_s, u"in"_s,
        u"do"_s, u"done"_s, u"while"_s, u"until"_s, u"case"_s, u"esac"_s, u"function"_s, u"export"_s,
        u"unset"_s, u"local"_s, u"return"_s };
    return set;
}

// Words that run the next word as the command: highlighting stays on the command position.
const QSet<QString> &bashPrefixes()
{
    static const QSet<QString> set = { u"sudo"_s, u"env"_s, u"time"_s, u"exec"_s, u"nohup"_s, u"xargs"_s,
        u"watch"_s };
    return set;
}

const QSet<QString> &pythonKeywords()
{
    static const QSet<QString> set = { u"and"_s, u"as"_s, u"assert"_s, u"async"_s, u"await"_s, u"break"_s,
        u"class"_s, u"continue"_s, u"def"_s, u"del"_s, u"elif"_s, u"else"_s, u"except"_s, u"False"_s,
        u"finally"_s, u"for"_s, u"from"_s, u"global"_s, u"if"_s, u"import"_s, u"in"_s, u"is"_s, u"lambda"_s,
        u"None"_s, u"nonlocal"_s, u"not"_s, u"or"_s, u"pass"_s, u"raise"_s, u"return"_s, u"True"_s, u"try"_s,
        u"while"_s, u"with"_s, u"yield"_s };
    return set;
}

bool isAssignment(QStringView word)
{
    const qsizetype eq = word.indexOf(u'=');
    if (eq <= 0)
        return false;
    for (qsizetype i = 0; i < eq; ++i) {
        if (!isWordChar(word.at(i)) || (i == 0 && word.at(i).isDigit()))
            return false;
    }
    return true;
}

} // namespace

BuiltinCodeHighlighter::BuiltinCodeHighlighter(QTextDocument *document, Language language, bool dark)
    : QSyntaxHighlighter(document)
    , m_language(language)
    , m_dark(dark)
{
}

BuiltinCodeHighlighter::Language BuiltinCodeHighlighter::languageFromName(QStringView name)
{
    if (name.compare(u"bash", Qt::CaseInsensitive) == 0 || name.compare(u"sh", Qt::CaseInsensitive) == 0
        || name.compare(u"shell", Qt::CaseInsensitive) == 0)
        return Language::Bash;
    if (name.compare(u"python", Qt::CaseInsensitive) == 0 || name.compare(u"py", Qt::CaseInsensitive) == 0)
        return Language::Python;
    if (name.compare(u"yaml", Qt::CaseInsensitive) == 0 || name.compare(u"yml", Qt::CaseInsensitive) == 0)
        return Language::Yaml;
    return Language::Plain;
}

void BuiltinCodeHighlighter::setDark(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    rehighlight();
}

QTextCharFormat BuiltinCodeHighlighter::format(Kind kind) const
{
    // Two fixed sets in the spirit of the Breeze and GitHub themes: each stays readable on the
    // palette base it is chosen for (contrast >= 4.5:1 against #fcfcfc and #141618).
    struct Style
    {
        QRgb light;
        QRgb dark;
        bool bold;
        bool italic;
    };
    static constexpr Style styles[] = {
        { 0x5c6670, 0x8b949e, false, true }, // Comment
        { 0xa31515, 0xa5d6ff, false, false }, // String
        { 0x0b57a4, 0x79c0ff, true, false }, // Command
        { 0xa0287a, 0xff7b72, true, false }, // Keyword
        { 0x6a3fb5, 0xd2a8ff, false, false }, // Variable
        { 0x1d6f35, 0x7ee787, false, false }, // Option
        { 0x8a5a00, 0xf2cc60, false, false }, // Number
        { 0x0b57a4, 0x79c0ff, false, false }, // Key
        { 0x5c6670, 0x8b949e, true, false }, // Operator
    };
    const Style &s = styles[int(kind)];
    QTextCharFormat f;
    f.setForeground(QColor::fromRgb(m_dark ? s.dark : s.light));
    if (s.bold)
        f.setFontWeight(QFont::Bold);
    if (s.italic)
        f.setFontItalic(true);
    return f;
}

void BuiltinCodeHighlighter::highlightBlock(const QString &text)
{
    switch (m_language) {
    case Language::Bash: highlightBash(text); break;
    case Language::Python: highlightPython(text); break;
    case Language::Yaml: highlightYaml(text); break;
    case Language::Plain: break;
    }
}

qsizetype BuiltinCodeHighlighter::stringEnd(const QString &text, qsizetype start) const
{
    const QChar quote = text.at(start);
    qsizetype i = start + 1;
    while (i < text.size()) {
        // Single quotes in bash take no escapes; everywhere else a backslash escapes.
        if (text.at(i) == u'\\' && !(m_language == Language::Bash && quote == u'\'')) {
            i += 2;
            continue;
        }
        if (text.at(i) == quote)
            return i + 1;
        ++i;
    }
    return text.size();
}

void BuiltinCodeHighlighter::highlightBash(const QString &text)
{
    bool commandPosition = true;
    qsizetype i = 0;
    const qsizetype n = text.size();
    while (i < n) {
        const QChar c = text.at(i);
        if (c.isSpace()) {
            ++i;
            continue;
        }
        if (c == u'#' && (i == 0 || text.at(i - 1).isSpace())) {
            setFormat(int(i), int(n - i), format(Kind::Comment));
            return;
        }
        if (c == u'"' || c == u'\'') {
            const qsizetype end = stringEnd(text, i);
            setFormat(int(i), int(end - i), format(Kind::String));
            // Expansions inside double quotes still read as variables.
            if (c == u'"') {
                for (qsizetype j = i + 1; j < end; ++j) {
                    if (text.at(j) == u'$' && j + 1 < end && (isWordChar(text.at(j + 1)) || text.at(j + 1) == u'{')) {
                        qsizetype k = j + 1;
                        if (text.at(k) == u'{') {
                            const qsizetype close = text.indexOf(u'}', k);
                            k = close < 0 || close >= end ? end : close + 1;
                        } else {
                            while (k < end && isWordChar(text.at(k)))
                                ++k;
                        }
                        setFormat(int(j), int(k - j), format(Kind::Variable));
                        j = k - 1;
                    }
                }
            }
            commandPosition = false;
            i = end;
            continue;
        }
        if (c == u'$') {
            qsizetype k = i + 1;
            if (k < n && text.at(k) == u'(') {
                setFormat(int(i), 2, format(Kind::Operator));
                commandPosition = true;
                i = k + 1;
                continue;
            }
            if (k < n && text.at(k) == u'{') {
                const qsizetype close = text.indexOf(u'}', k);
                k = close < 0 ? n : close + 1;
            } else {
                while (k < n && (isWordChar(text.at(k)) || (k == i + 1 && (text.at(k) == u'?' || text.at(k) == u'@'))))
                    ++k;
            }
            setFormat(int(i), int(k - i), format(Kind::Variable));
            commandPosition = false;
            i = k;
            continue;
        }
        if (c == u'|' || c == u';' || c == u'&' || c == u'(' || c == u'`') {
            qsizetype k = i + 1;
            while (k < n && (text.at(k) == u'|' || text.at(k) == u'&'))
                ++k;
            setFormat(int(i), int(k - i), format(Kind::Operator));
            commandPosition = true;
            i = k;
            continue;
        }
        if (c == u')' || c == u'<' || c == u'>') {
            setFormat(int(i), 1, format(Kind::Operator));
            ++i;
            continue;
        }
        qsizetype k = i;
        while (k < n && !endsBashWord(text.at(k)))
            ++k;
        if (k == i) { // a lone character such as '\' at a line end
            ++i;
            continue;
        }
        const QString word = text.mid(i, k - i);
        if (bashKeywords().contains(word)) {
            setFormat(int(i), int(k - i), format(Kind::Keyword));
            // `for x in …; do cmd`: the word after do/then/else runs as a command.
            commandPosition = word == u"do"_s || word == u"then"_s || word == u"else"_s;
        } else if (commandPosition && isAssignment(word)) {
            setFormat(int(i), int(word.indexOf(u'=')), format(Kind::Variable));
        } else if (commandPosition) {
            setFormat(int(i), int(k - i), format(Kind::Command));
            commandPosition = bashPrefixes().contains(word);
        } else if (word.startsWith(u'-')) {
            setFormat(int(i), int(k - i), format(Kind::Option));
        } else if (std::all_of(word.cbegin(), word.cend(), [](QChar ch) { return ch.isDigit() || ch == u'.'; })) {
            setFormat(int(i), int(k - i), format(Kind::Number));
        }
        i = k;
    }
}

void BuiltinCodeHighlighter::highlightPython(const QString &text)
{
    qsizetype i = 0;
    const qsizetype n = text.size();
    while (i < n) {
        const QChar c = text.at(i);
        if (c == u'#') {
            setFormat(int(i), int(n - i), format(Kind::Comment));
            return;
        }
        if (c == u'"' || c == u'\'') {
            const qsizetype end = stringEnd(text, i);
            setFormat(int(i), int(end - i), format(Kind::String));
            i = end;
            continue;
        }
        if (c.isDigit()) {
            qsizetype k = i;
            while (k < n && (text.at(k).isLetterOrNumber() || text.at(k) == u'.' || text.at(k) == u'_'))
                ++k;
            setFormat(int(i), int(k - i), format(Kind::Number));
            i = k;
            continue;
        }
        if (isWordChar(c)) {
            qsizetype k = i;
            while (k < n && isWordChar(text.at(k)))
                ++k;
            const QString word = text.mid(i, k - i);
            qsizetype next = k;
            while (next < n && text.at(next) == u' ')
                ++next;
            if (pythonKeywords().contains(word))
                setFormat(int(i), int(k - i), format(Kind::Keyword));
            else if (next < n && text.at(next) == u'(')
                setFormat(int(i), int(k - i), format(Kind::Command));
            i = k;
            continue;
        }
        ++i;
    }
}

void BuiltinCodeHighlighter::highlightYaml(const QString &text)
{
    const qsizetype n = text.size();
    qsizetype i = 0;
    while (i < n && text.at(i).isSpace())
        ++i;
    if (i < n && text.at(i) == u'-') {
        setFormat(int(i), 1, format(Kind::Operator));
        ++i;
        while (i < n && text.at(i).isSpace())
            ++i;
    }
    // key: value
    qsizetype k = i;
    while (k < n && text.at(k) != u':' && text.at(k) != u'#' && text.at(k) != u'"' && text.at(k) != u'\'')
        ++k;
    if (k < n && text.at(k) == u':' && (k + 1 == n || text.at(k + 1).isSpace()) && k > i) {
        setFormat(int(i), int(k - i), format(Kind::Key));
        i = k + 1;
    }
    while (i < n) {
        const QChar c = text.at(i);
        if (c == u'#' && (i == 0 || text.at(i - 1).isSpace())) {
            setFormat(int(i), int(n - i), format(Kind::Comment));
            return;
        }
        if (c == u'"' || c == u'\'') {
            const qsizetype end = stringEnd(text, i);
            setFormat(int(i), int(end - i), format(Kind::String));
            i = end;
            continue;
        }
        ++i;
    }
}

} // namespace rankscope::ui
