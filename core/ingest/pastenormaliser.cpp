// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pastenormaliser.h"

#include <cstring>

namespace rankscope::ingest {

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

qsizetype skipBlanks(QByteArrayView s, qsizetype i)
{
    while (i < s.size() && isBlank(s[i]))
        ++i;
    return i;
}

// "  42 | text", "42\ttext": a line number put in front by an editor, a pager or a web view.
// Returns where the text starts, or 0 when the line does not start that way.
qsizetype lineNumberEnd(QByteArrayView s)
{
    qsizetype i = skipBlanks(s, 0);
    const qsizetype digits = i;
    while (i < s.size() && isDigit(s[i]) && i - digits < 7)
        ++i;
    if (i == digits || i - digits > 6 || i >= s.size())
        return 0;
    if (s[i] == '\t')
        return i + 1;
    const qsizetype bar = skipBlanks(s, i);
    if (bar < s.size() && s[bar] == '|' && (bar + 1 == s.size() || isBlank(s[bar + 1])))
        return bar + 1 < s.size() ? bar + 2 : bar + 1;
    return 0;
}

// A Markdown table's separator row: only pipes, dashes, colons and blanks, with a dash.
bool isTableRule(QByteArrayView s)
{
    bool dash = false, bar = false;
    for (char c : s) {
        if (c == '-')
            dash = true;
        else if (c == '|')
            bar = true;
        else if (c != ':' && !isBlank(c))
            return false;
    }
    return dash && bar;
}

struct Entity
{
    const char *name;
    char value;
};
constexpr Entity entities[] = {{"lt;", '<'}, {"gt;", '>'}, {"amp;", '&'}, {"quot;", '"'}, {"#39;", '\''},
                               {"#x27;", '\''}, {"apos;", '\''}, {"nbsp;", ' '}, {"#34;", '"'}, {"#60;", '<'},
                               {"#62;", '>'}};

void decodeEntities(QByteArray &s)
{
    if (!std::memchr(s.constData(), '&', size_t(s.size())))
        return;
    QByteArray out;
    out.reserve(s.size());
    for (qsizetype i = 0; i < s.size(); ++i) {
        if (s[i] == '&') {
            bool replaced = false;
            for (const Entity &e : entities) {
                const qsizetype n = qsizetype(std::strlen(e.name));
                if (i + 1 + n <= s.size() && std::memcmp(s.constData() + i + 1, e.name, size_t(n)) == 0) {
                    out.append(e.value);
                    i += n;
                    replaced = true;
                    break;
                }
            }
            if (replaced)
                continue;
        }
        out.append(s[i]);
    }
    s = std::move(out);
}

} // namespace

bool PasteNormaliser::needed(QByteArrayView line)
{
    const qsizetype i = skipBlanks(line, 0);
    if (i < line.size()) {
        const char c = line[i];
        if (c == '>' || c == '|')
            return true;
        if (c == '-' && std::memchr(line.data(), '|', size_t(line.size())) && isTableRule(line))
            return true;
        if (isDigit(c) && lineNumberEnd(line) > 0)
            return true;
    }
    const void *amp = std::memchr(line.data(), '&', size_t(line.size()));
    return amp && std::memchr(amp, ';', size_t(line.data() + line.size() - static_cast<const char *>(amp)));
}

void PasteNormaliser::normalise(QByteArrayView line, QByteArray &out)
{
    QByteArrayView s = line;
    // Nested quotes ("> > text") and a line number inside a quote, in any order.
    for (bool again = true; again;) {
        again = false;
        const qsizetype i = skipBlanks(s, 0);
        if (i < s.size() && s[i] == '>' && (i + 1 == s.size() || isBlank(s[i + 1]) || s[i + 1] == '>')) {
            s = s.sliced(std::min(s.size(), i + (i + 1 < s.size() && isBlank(s[i + 1]) ? 2 : 1)));
            again = true;
        } else if (const qsizetype n = lineNumberEnd(s); n > 0) {
            s = s.sliced(n);
            again = true;
        }
    }
    const qsizetype i = skipBlanks(s, 0);
    if (isTableRule(s)) {
        s = QByteArrayView();
    } else if (i < s.size() && s[i] == '|') {
        {
            // "| text |": one cell of a table that holds log lines.
            s = s.sliced(std::min(s.size(), i + 1));
            if (!s.isEmpty() && isBlank(s.front()))
                s = s.sliced(1);
            qsizetype end = s.size();
            while (end > 0 && isBlank(s[end - 1]))
                --end;
            if (end > 0 && s[end - 1] == '|') {
                --end;
                while (end > 0 && isBlank(s[end - 1]))
                    --end;
            }
            s = s.first(end);
        }
    }
    out.resize(0);
    out.append(s.data(), s.size());
    decodeEntities(out);
}

} // namespace rankscope::ingest
