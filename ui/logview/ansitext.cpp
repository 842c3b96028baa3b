// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ansitext.h"

#include "themes.h"

#include <QPalette>

#include <cstring>

namespace rankscope::ui {

namespace {

struct SgrState
{
    qint32 fg = AnsiText::NoColour;
    qint32 bg = AnsiText::NoColour;
    bool bold = false;
    bool italic = false;
    bool underline = false;

    bool plain() const { return fg == AnsiText::NoColour && bg == AnsiText::NoColour && !bold && !italic && !underline; }
};

// Applies the parameters of one "ESC [ … m".
void applySgr(QByteArrayView params, SgrState &st)
{
    QList<int> codes;
    int value = 0;
    bool any = false;
    for (char c : params) {
        if (c >= '0' && c <= '9') {
            value = std::min(value * 10 + (c - '0'), 1 << 20);
            any = true;
        } else if (c == ';' || c == ':') {
            codes.append(any ? value : 0);
            value = 0;
            any = false;
        }
    }
    codes.append(any ? value : 0);
    for (qsizetype i = 0; i < codes.size(); ++i) {
        const int c = codes.at(i);
        if (c == 0) {
            st = SgrState();
        } else if (c == 1) {
            st.bold = true;
        } else if (c == 3) {
            st.italic = true;
        } else if (c == 4) {
            st.underline = true;
        } else if (c == 22) {
            st.bold = false;
        } else if (c == 23) {
            st.italic = false;
        } else if (c == 24) {
            st.underline = false;
        } else if (c >= 30 && c <= 37) {
            st.fg = c - 30;
        } else if (c >= 90 && c <= 97) {
            st.fg = c - 90 + 8;
        } else if (c == 39) {
            st.fg = AnsiText::NoColour;
        } else if (c >= 40 && c <= 47) {
            st.bg = c - 40;
        } else if (c >= 100 && c <= 107) {
            st.bg = c - 100 + 8;
        } else if (c == 49) {
            st.bg = AnsiText::NoColour;
        } else if (c == 38 || c == 48) {
            qint32 &slot = c == 38 ? st.fg : st.bg;
            if (i + 2 < codes.size() && codes.at(i + 1) == 5) {
                slot = std::clamp(codes.at(i + 2), 0, 255);
                i += 2;
            } else if (i + 4 < codes.size() && codes.at(i + 1) == 2) {
                slot = AnsiText::TrueColour | (std::clamp(codes.at(i + 2), 0, 255) << 16)
                       | (std::clamp(codes.at(i + 3), 0, 255) << 8) | std::clamp(codes.at(i + 4), 0, 255);
                i += 4;
            }
        }
    }
}

} // namespace

AnsiText AnsiText::decode(QByteArrayView raw, int maxChars)
{
    AnsiText out;
    SgrState st;
    const char *p = raw.data();
    const char *end = p + raw.size();
    auto flush = [&](const char *from, const char *to) {
        if (from == to || out.cut)
            return;
        qsizetype bytes = to - from;
        if (maxChars >= 0) {
            // Enough bytes for the characters still wanted (at most 4 bytes each), not a 1 MiB line.
            const qsizetype budget = (maxChars - out.text.size() + 1) * 4;
            bytes = std::min(bytes, budget);
        }
        QString piece = QString::fromUtf8(from, bytes);
        piece.remove(u'\r');
        if (maxChars >= 0 && out.text.size() + piece.size() > maxChars) {
            qsizetype keep = maxChars - out.text.size();
            if (keep > 0 && piece.at(keep - 1).isHighSurrogate())
                --keep;
            piece.truncate(std::max<qsizetype>(keep, 0));
            out.cut = true;
        }
        if (!st.plain() && !piece.isEmpty())
            out.spans.append({int(out.text.size()), int(piece.size()), st.fg, st.bg, st.bold, st.italic, st.underline});
        out.text += piece;
    };
    const char *runStart = p;
    while (p < end && !out.cut) {
        if (*p != '\x1b') {
            const void *esc = std::memchr(p, '\x1b', size_t(end - p));
            p = esc ? static_cast<const char *>(esc) : end;
            continue;
        }
        flush(runStart, p);
        ++p;
        if (p < end && *p == '[') {
            const char *params = ++p;
            while (p < end && !(*p >= '@' && *p <= '~'))
                ++p;
            if (p < end) {
                if (*p == 'm')
                    applySgr(QByteArrayView(params, p - params), st);
                ++p;
            }
        } else if (p < end && *p == ']') {
            // OSC (terminal titles, hyperlinks): up to BEL or ESC backslash.
            while (p < end && *p != '\x07' && !(*p == '\x1b' && p + 1 < end && p[1] == '\\'))
                ++p;
            p += (p < end && *p == '\x07') ? 1 : (p < end ? 2 : 0);
        } else if (p < end) {
            ++p;
        }
        runStart = p;
    }
    flush(runStart, p);
    if (p < end)
        out.cut = true;
    return out;
}

QColor AnsiText::colour(qint32 code, const QPalette &palette)
{
    if (code == NoColour)
        return {};
    if (code & TrueColour)
        return QColor::fromRgb(QRgb(code & 0xffffff));
    const bool dark = Themes::isDark(palette);
    if (code < 16) {
        // The terminal's 16 colours, tuned so each stays readable on the palette's base.
        static const QRgb light[16] = {0x232629, 0xb3261e, 0x2e7d32, 0x8d6e00, 0x1e55b3, 0x8e24aa, 0x00838f, 0x5f6368,
                                       0x70757a, 0xd32f2f, 0x388e3c, 0xa67c00, 0x1a73e8, 0xab47bc, 0x00897b, 0x232629};
        static const QRgb darkSet[16] = {0x9aa0a6, 0xf28b82, 0x81c995, 0xfdd663, 0x8ab4f8, 0xd7aefb, 0x78d9ec, 0xe8eaed,
                                         0xbdc1c6, 0xff8a80, 0xa8dab5, 0xffe082, 0xaecbfa, 0xe9c6ff, 0xa1f0f7, 0xffffff};
        QColor c = QColor::fromRgb(dark ? darkSet[code] : light[code]);
        // Black on a dark base and white on a light one would vanish: use the palette's text.
        if ((dark && code == 0) || (!dark && (code == 7 || code == 15)))
            c = palette.color(QPalette::Text);
        return c;
    }
    if (code < 232) {
        const int v = code - 16;
        static const int steps[6] = {0, 95, 135, 175, 215, 255};
        return QColor(steps[(v / 36) % 6], steps[(v / 6) % 6], steps[v % 6]);
    }
    const int grey = 8 + (code - 232) * 10;
    return QColor(grey, grey, grey);
}

QList<QTextLayout::FormatRange> AnsiText::formats(const QPalette &palette) const
{
    QList<QTextLayout::FormatRange> out;
    for (const Span &s : spans) {
        QTextLayout::FormatRange r;
        r.start = s.start;
        r.length = s.length;
        if (s.fg != NoColour)
            r.format.setForeground(colour(s.fg, palette));
        if (s.bg != NoColour)
            r.format.setBackground(colour(s.bg, palette));
        if (s.bold)
            r.format.setFontWeight(QFont::Bold);
        if (s.italic)
            r.format.setFontItalic(true);
        if (s.underline)
            r.format.setFontUnderline(true);
        out.append(r);
    }
    return out;
}

} // namespace rankscope::ui
