// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QTextLayout>

class QPalette;

namespace rankscope::ui {

// A raw log line made displayable: ANSI escape sequences removed, the colours and weights of
// their SGR codes kept as ranges, and the text cut at a display cap. Colours are resolved against
// the palette only when formats() is asked, so a theme switch needs no new decode.
struct AnsiText
{
    static constexpr qint32 NoColour = -1;
    static constexpr qint32 TrueColour = 0x1000000; // | 0xRRGGBB; lower values are the 256-colour index

    struct Span
    {
        int start = 0;
        int length = 0;
        qint32 fg = NoColour;
        qint32 bg = NoColour;
        bool bold = false;
        bool italic = false;
        bool underline = false;
    };

    QString text;
    QList<Span> spans; // only styled stretches
    bool cut = false;  // the line went on past maxChars

    // maxChars < 0: no cap.
    static AnsiText decode(QByteArrayView raw, int maxChars = -1);
    static QColor colour(qint32 code, const QPalette &palette);
    QList<QTextLayout::FormatRange> formats(const QPalette &palette) const;
};

} // namespace rankscope::ui
