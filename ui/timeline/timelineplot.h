// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"

#include <QPair>
#include <QStringList>
#include <QWidget>

#include <memory>

class QCheckBox;
class QLabel;
class QMenu;
class QKeyEvent;
class QToolButton;

namespace rankscope::kb {
class KnowledgeBase;
}

namespace rankscope::ui {

class TimelineCanvas;

// Rank x node timeline: ranks grouped by node in bands (y), corrected time (x, absolute or
// relative to the initiating failure), a lifecycle line per rank, event markers by role (the
// initiating failure as a large haloed star, collateral muted) and lines from the initiating
// failure to the collateral it caused. Only timelineplot.cpp sees QCustomPlot (STYLE.md 17).
//
// It stays interactive at 16,384 ranks and 100,000 events because it never draws them all: on
// every change of the visible range the events are bucketed into cells of a few pixels (and at
// least one rank row) and each cell draws only its most important event (initiating, then
// collateral, then context; then severity). Node bands and labels merge into groups of nodes
// when a node is thinner than a label. Range changes mark the view dirty and one coalesced
// replot re-buckets (bench_timeline prints the figures). Filters by role and by category hide
// events before they are bucketed, so a hidden event never wins a cell.
class TimelinePlot final : public QWidget
{
    Q_OBJECT
public:
    explicit TimelinePlot(QWidget *parent = nullptr);
    ~TimelinePlot() override;

    void setIngest(const ingest::IngestResultPtr &ingest);
    void setResult(const analysis::AnalysisResultPtr &result);
    void clear();
    // While a bundle is read: an empty plot that says so, with no 1970 axis.
    void setLoading(bool loading);
    void resetZoom();
    // Shows spanMs of corrected job time centred on timeMs (ms since the epoch), lanes as they
    // are: a walkthrough step frames its moment this way. NoTime leaves the view alone.
    void focusTime(qint64 timeMs, qint64 spanMs);
    // The visible time range in ms since the epoch (tests).
    QPair<qint64, qint64> visibleTimeRange() const;
    void setRelativeTime(bool relative);
    // G / the toolbar's "Go to Failure": the initiating failure in the middle of the view, its
    // rank's row among labelled rows. False when there is none.
    bool goToFailure();
    // N / P: the next or previous step of the verdict's chain of evidence, centred and opened
    // in the log view (eventActivated). Returns the step shown, -1 when the chain is empty.
    int stepChain(int direction);
    // The keys the plot answers, as (keys, what they do), for Help > Keyboard Shortcuts.
    static QList<std::pair<QString, QString>> keyboardHelp();
    // For tests: the row labels the axis shows now, and the node names drawn in their bands.
    QStringList rowLabels() const;
    QStringList bandLabels() const;
    // For tests: the visible row range (fractional rows).
    QPair<double, double> visibleRowRange() const;
    // The encyclopedia names each fingerprint's category for the filter; without it fingerprint
    // events fall into otherCategory().
    void setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb);

    // Filters, kept in QSettings (timeline/hiddenRoles, timeline/hiddenCategories). Hidden
    // events are not drawn at all. Categories are the encyclopedia's ("communication", …),
    // lifecycleCategory() (NCCL init, training steps) and otherCategory().
    void setRoleVisible(rankscope::analysis::ChainStep::Role role, bool visible);
    bool isRoleVisible(rankscope::analysis::ChainStep::Role role) const;
    void setCategoryVisible(const QString &category, bool visible);
    bool isCategoryVisible(const QString &category) const;
    void showAllEvents();
    // The categories the open incident has plotted events in, in menu order.
    QStringList presentCategories() const;
    static QString lifecycleCategory();
    static QString otherCategory();

    // For tests: the pixel position of the initiating marker, or (-1, -1) when there is none.
    QPoint initiatingMarkerPosition() const;
    // Markers drawn now (after filtering and aggregation), in all and by role; each is an index
    // into IngestResult::events.
    int plottedEvents() const;
    QList<int> plottedEventIndices(rankscope::analysis::ChainStep::Role role) const;
    // Time span of every plotted event in ms since the epoch; {NoTime, NoTime} when empty.
    QPair<qint64, qint64> dataTimeRange() const;
    // Benchmarks: re-buckets if the view changed, replots and repaints at once; returns the
    // wall time in ms. lastReplotMs() is QCustomPlot's own figure (without the bucketing),
    // lastAggregateMs() the bucketing's.
    double replotNow();
    double lastReplotMs() const;
    double lastAggregateMs() const;
    QWidget *canvas() const;

Q_SIGNALS:
    void eventActivated(rankscope::SourceRef source);

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void applyColours();
    void applyFilters();
    void rebuildFilterMenu();
    void syncFilterMenu();
    void saveFilters() const;
    bool handleKey(QKeyEvent *event);
    // Centres the view on time t (seconds) and row, with at least rows stay labelled.
    void centreOn(double t, int row);

    TimelineCanvas *m_canvas = nullptr;
    QCheckBox *m_relative = nullptr;
    QToolButton *m_filterButton = nullptr;
    QMenu *m_filterMenu = nullptr;
    QLabel *m_info = nullptr;
    ingest::IngestResultPtr m_ingest;
    analysis::AnalysisResultPtr m_result;
    std::shared_ptr<const kb::KnowledgeBase> m_kb;
    quint32 m_hiddenRoles = 0; // bit per ChainStep::Role
    QStringList m_hiddenCategories;
    int m_chainStep = -1;
    bool m_loading = false;
};

} // namespace rankscope::ui
