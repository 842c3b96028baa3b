// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"

#include <QWidget>

class QCheckBox;
class QLabel;

namespace rankscope::ui {

class TimelineCanvas;

// Rank x node timeline: ranks grouped by node in bands (y), corrected time (x, absolute or
// relative to the initiating failure), a lifecycle line per rank, event markers by role (the
// initiating failure as a large haloed star, collateral muted) and lines from the initiating
// failure to the collateral it caused. Only timelineplot.cpp sees QCustomPlot (STYLE.md 17).
class TimelinePlot final : public QWidget
{
    Q_OBJECT
public:
    explicit TimelinePlot(QWidget *parent = nullptr);
    ~TimelinePlot() override;

    void setIngest(const ingest::IngestResultPtr &ingest);
    void setResult(const analysis::AnalysisResultPtr &result);
    void clear();
    void resetZoom();
    void setRelativeTime(bool relative);
    // For tests: the pixel position of the initiating marker, or (-1, -1) when there is none.
    QPoint initiatingMarkerPosition() const;
    int plottedEvents() const;
    // Replot time of the last replot in ms (benchmarks).
    double lastReplotMs() const;
    QWidget *canvas() const;

Q_SIGNALS:
    void eventActivated(rankscope::SourceRef source);

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void applyColours();

    TimelineCanvas *m_canvas = nullptr;
    QCheckBox *m_relative = nullptr;
    QCheckBox *m_showContext = nullptr;
    QCheckBox *m_showCollateral = nullptr;
    QLabel *m_info = nullptr;
    ingest::IngestResultPtr m_ingest;
    analysis::AnalysisResultPtr m_result;
};

} // namespace rankscope::ui
