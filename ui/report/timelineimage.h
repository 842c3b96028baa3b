// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "incidentreport.h"

#include <QByteArray>
#include <QImage>
#include <QSize>
#include <QStringList>

namespace rankscope::report {
class Redactor;
}

namespace rankscope::render {

// The report's timeline as a picture, drawn with QPainter for HTML, Markdown and PDF (the
// workbench's interactive plot needs widgets and QCustomPlot; a report must not). Ranks grouped
// by node on y with node and rank labels, UTC time on x with tick labels, each rank's active span
// as a grey line, events as markers coloured by role, the initiating event with a halo and a
// label. Light colours on white: a report is read on paper and in any browser theme.
//
// Every string drawn comes from the IncidentReport, which is redacted before it is built, and is
// listed in Rendered::labels, so a test can prove no original name reaches the pixels.
class TimelineImage
{
public:
    struct Rendered
    {
        QImage image;
        QStringList labels; // every text drawn, in drawing order
    };

    // size.height() <= 0: as tall as the lanes need (within bounds).
    static Rendered render(const report::IncidentReport::Timeline &timeline, QSize size = QSize(1200, 0));
    static Rendered render(const analysis::AnalysisResult &result, const report::Redactor &redactor,
        QSize size = QSize(1200, 0), const kb::KnowledgeBase *kb = nullptr);
    static QByteArray toPng(const QImage &image);
};

} // namespace rankscope::render
