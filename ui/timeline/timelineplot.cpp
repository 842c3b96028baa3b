// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timelineplot.h"

#include "naturalorder.h"

#include "knowledgebase.h"
#include "reportnames.h"

// NOTE: qcustomplot.h uses Qt's foreach; ui/CMakeLists.txt undefines QT_NO_FOREACH for this file.
#include <qcustomplot.h>

#include <QCheckBox>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QTimer>
#include <QToolButton>
#include <QCursor>
#include <QKeyEvent>
#include <QToolTip>
#include <QWheelEvent>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

using analysis::ChainStep;
using ingest::Event;
using ingest::NoTime;

namespace {

constexpr double NaN = std::numeric_limits<double>::quiet_NaN();
// A cell is CellPx pixels wide and CellPx pixels (but at least one rank row) tall, and draws
// only its most important event. Should a view still hold more than MaxMarkers (a dense,
// uniform scatter), the cells double, up to 8 x CellPx: past a few ten thousand markers the
// drawing alone would take longer than a frame.
constexpr int CellPx = 4;
constexpr int MaxMarkers = 8000;
constexpr int MaxLinks = 64;
constexpr double MinRowPx = 6; // the thinnest row that is still drawn as one rank
constexpr double MaxNodeLabelPx = 120; // a node row's name on the axis; longer names are elided in the middle
constexpr int RoleCount = 3; // ChainStep::Role: Initiating, Collateral, Context

const auto HiddenRolesKey = u"timeline/hiddenRoles"_s;
const auto HiddenCategoriesKey = u"timeline/hiddenCategories"_s;

QString roleLabel(ChainStep::Role role)
{
    switch (role) {
    case ChainStep::Role::Initiating:
        return TimelinePlot::tr("Initiating failure");
    case ChainStep::Role::Collateral:
        return TimelinePlot::tr("Collateral failures");
    case ChainStep::Role::Context:
        break;
    }
    return TimelinePlot::tr("Context");
}

QString categoryLabel(const QString &category)
{
    static const QHash<QString, const char *> labels = {
        {u"communication"_s, QT_TRANSLATE_NOOP("TimelinePlot", "Communication")},
        {u"network"_s, QT_TRANSLATE_NOOP("TimelinePlot", "Network")},
        {u"launcher"_s, QT_TRANSLATE_NOOP("TimelinePlot", "Launcher")},
        {u"memory"_s, QT_TRANSLATE_NOOP("TimelinePlot", "Memory")},
        {u"gpu-hardware"_s, QT_TRANSLATE_NOOP("TimelinePlot", "GPU hardware")},
        {u"numerics"_s, QT_TRANSLATE_NOOP("TimelinePlot", "Numerics")},
        {u"data-io"_s, QT_TRANSLATE_NOOP("TimelinePlot", "Data I/O")},
        {u"checkpoint"_s, QT_TRANSLATE_NOOP("TimelinePlot", "Checkpoint")},
        {u"environment"_s, QT_TRANSLATE_NOOP("TimelinePlot", "Environment")},
        {u"scheduler"_s, QT_TRANSLATE_NOOP("TimelinePlot", "Scheduler")},
        {u"lifecycle"_s, QT_TRANSLATE_NOOP("TimelinePlot", "Lifecycle (NCCL init, steps)")},
        {u"other"_s, QT_TRANSLATE_NOOP("TimelinePlot", "Other")},
    };
    const auto it = labels.constFind(category);
    return it == labels.cend() ? category : TimelinePlot::tr(*it);
}

// Labels job time either as wall-clock UTC or relative to the initiating failure ("+00:02:31").
class JobTimeTicker : public QCPAxisTickerDateTime
{
public:
    double origin = 0; // seconds since the epoch
    bool relative = false;

protected:
    QString getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision) override
    {
        if (!relative)
            return QCPAxisTickerDateTime::getTickLabel(tick, locale, formatChar, precision);
        const double d = tick - origin;
        const qint64 s = qint64(std::llround(std::fabs(d)));
        return u"%1%2:%3:%4"_s.arg(d < 0 ? u'−' : u'+')
            .arg(s / 3600, 2, 10, QChar(u'0'))
            .arg((s / 60) % 60, 2, 10, QChar(u'0'))
            .arg(s % 60, 2, 10, QChar(u'0'));
    }
};

// One plotted event, in the units the axes speak; built once per incident.
struct PlotEvent
{
    double t = 0;          // seconds since the epoch
    int row = 0;
    int index = 0;         // into IngestResult::events
    quint8 role = 0;       // ChainStep::Role
    quint8 category = 0;   // index into TimelineCanvas::categories
    quint8 importance = 0; // the higher wins its cell
};

// What one cell of the current view draws: its most important event and how many it stands for.
struct Marker
{
    double key = 0;
    double value = 0;
    int event = -1;
    int count = 1;
};

struct NodeGroup
{
    int first = 0; // rows
    int last = 0;
    QString node;
};

struct Span
{
    double row = 0;
    double first = 0;
    double last = 0;
};

} // namespace

class TimelineCanvas : public QCustomPlot
{
public:
    explicit TimelineCanvas(QWidget *parent);

    // Built by TimelinePlot::rebuild(), once per incident.
    std::vector<PlotEvent> events; // sorted by t
    std::vector<double> rowFirst;  // lifecycle of each row: first and last timed event, or NaN
    std::vector<double> rowLast;
    QList<int> rowRank; // row -> rank
    std::vector<NodeGroup> groups; // in row order
    QStringList categories;
    QList<int> categoryCounts;
    const ingest::IngestResult *ingest = nullptr;
    QList<QCPAbstractItem *> links;
    QSharedPointer<JobTimeTicker> ticker;
    QSharedPointer<QCPAxisTickerText> rowTicker;
    std::function<void(int)> onClick;
    std::function<bool(QKeyEvent *)> onKey; // the plot's keys; false: not one of them
    quint32 roleMask = 0x7;         // bit per ChainStep::Role
    quint32 categoryMask = ~0u;     // bit per category index
    double fullLower = NaN;         // time extent of the incident, seconds
    double fullUpper = NaN;

    // The current view, as aggregate() left it.
    std::array<std::vector<Marker>, RoleCount> markers;
    std::vector<Span> spans;
    std::vector<std::pair<double, double>> bands; // shaded row ranges (edges at half rows)
    // Node names when the axis labels the ranks: (first row, last row, name, drawn in the band).
    // A node with a row of its own (its lines of no rank) is named on the axis at that row
    // instead, so the name never covers the node's own marks; otherwise it sits in its band.
    std::vector<std::tuple<int, int, QString, bool>> bandNames;
    double aggregateMs = 0;

    // Marker looks; pixmaps because a pixmap blit is several times cheaper than a path.
    QPixmap contextPixmap;
    QPixmap collateralPixmap;
    QCPScatterStyle star;
    QCPScatterStyle halo;
    QColor spanColour;
    QColor denseSpanColour; // when a span stands for several rows: lighter, markers come first
    bool denseSpans = false;
    double spanWidth = 2;
    QColor bandColour;
    QColor bandTextColour;

    // The visible range, the size or a filter changed: re-bucket before the next replot, and
    // make sure there is one (once, however many changes arrive in this event-loop turn).
    void markDirty()
    {
        m_dirty = true;
        if (!m_coalesce.isActive())
            m_coalesce.start();
    }
    void ensureAggregated()
    {
        if (m_dirty) {
            updateLayout();
            aggregate();
        }
    }
    void clearData()
    {
        clearItems();
        links.clear();
        events.clear();
        rowFirst.clear();
        rowLast.clear();
        rowRank.clear();
        groups.clear();
        categories.clear();
        categoryCounts.clear();
        for (auto &m : markers)
            m.clear();
        spans.clear();
        bands.clear();
        bandNames.clear();
        fullLower = fullUpper = NaN;
        m_dirty = true;
    }
    int rowOf(const QString &node, int rank) const
    {
        const auto g = std::lower_bound(groups.cbegin(), groups.cend(), node,
                                        [](const NodeGroup &a, const QString &n) { return naturalLess(a.node, n); });
        if (g == groups.cend() || g->node != node)
            return -1;
        const auto first = rowRank.cbegin() + g->first;
        const auto last = rowRank.cbegin() + g->last + 1;
        const auto r = std::lower_bound(first, last, rank);
        return r != last && *r == rank ? int(r - rowRank.cbegin()) : -1;
    }

    // The marker within a few pixels of pos, or null. The most important role within reach
    // wins over a nearer, lesser one: in a dense column of 4,096 ranks the click meant for the
    // star must not open the context dot next to it.
    const Marker *markerAt(const QPoint &pos)
    {
        ensureAggregated();
        for (const auto &roleMarkers : markers) { // Initiating, Collateral, Context
            const Marker *best = nullptr;
            double bestDist = 8 * 8;
            for (const Marker &m : roleMarkers) {
                const double dx = xAxis->coordToPixel(m.key) - pos.x();
                const double dy = yAxis->coordToPixel(m.value) - pos.y();
                const double d = dx * dx + dy * dy;
                if (d < bestDist) {
                    bestDist = d;
                    best = &m;
                }
            }
            if (best)
                return best;
        }
        return nullptr;
    }

    // Zooms an axis by factor (< 1 in) around the coordinate at pixel position px.
    void zoomAt(QCPAxis *axis, double factor, double px)
    {
        axis->scaleRange(factor, axis->pixelToCoord(px));
        replot(QCustomPlot::rpQueuedReplot);
    }
    // Pans an axis by fraction of its visible range.
    void pan(QCPAxis *axis, double fraction)
    {
        axis->moveRange(axis->range().size() * fraction);
        replot(QCustomPlot::rpQueuedReplot);
    }

protected:
    void keyPressEvent(QKeyEvent *e) override
    {
        if (onKey && onKey(e))
            e->accept();
        else
            QCustomPlot::keyPressEvent(e);
    }
    void wheelEvent(QWheelEvent *e) override
    {
        // Perfetto's conventions: the wheel zooms time, Ctrl+wheel zooms the ranks, Shift+wheel
        // pans time; each at the cursor.
        const double steps = e->angleDelta().y() / 120.0 + e->angleDelta().x() / 120.0;
        if (e->modifiers() & Qt::ControlModifier) {
            zoomAt(yAxis, std::pow(0.85, steps), e->position().y());
            e->accept();
        } else if (e->modifiers() & Qt::ShiftModifier) {
            pan(xAxis, -0.1 * steps);
            e->accept();
        } else {
            QCustomPlot::wheelEvent(e);
        }
    }
    void resizeEvent(QResizeEvent *e) override
    {
        m_dirty = true; // the cells are pixels: a new width is a new bucketing
        QCustomPlot::resizeEvent(e);
    }
    void mousePressEvent(QMouseEvent *e) override
    {
        // Shift + drag: rubber-band zoom; plain drag pans.
        setSelectionRectMode((e->modifiers() & Qt::ShiftModifier) ? QCP::srmZoom : QCP::srmNone);
        m_pressPos = e->pos();
        QCustomPlot::mousePressEvent(e);
    }
    void mouseReleaseEvent(QMouseEvent *e) override
    {
        QCustomPlot::mouseReleaseEvent(e);
        if ((e->pos() - m_pressPos).manhattanLength() < 4 && e->button() == Qt::LeftButton) {
            const Marker *m = markerAt(e->pos());
            if (m && onClick)
                onClick(m->event);
        }
    }
    void mouseMoveEvent(QMouseEvent *e) override
    {
        QCustomPlot::mouseMoveEvent(e);
        if (e->buttons() != Qt::NoButton || !ingest)
            return;
        const Marker *m = markerAt(e->pos());
        if (!m) {
            QToolTip::hideText();
            return;
        }
        const Event &event = ingest->events.at(m->event);
        const ingest::InputFile *f = ingest->file(event.source.file);
        QString entry = event.fingerprint >= 0 ? ingest->fingerprints.at(event.fingerprint).entryId : QString();
        QString text = u"<b>%1</b> rank %2 · %3<br><tt>%4:%5</tt><br>%6"_s.arg(entry.toHtmlEscaped())
                           .arg(event.rank)
                           .arg(event.node.toHtmlEscaped(), f ? f->path.toHtmlEscaped() : QString())
                           .arg(event.source.line)
                           .arg(event.text.left(240).toHtmlEscaped());
        if (m->count > 1)
            text += u"<br><i>"_s + TimelinePlot::tr("and %n more event(s) here: zoom in to see them", "", m->count - 1) + u"</i>"_s;
        QToolTip::showText(e->globalPosition().toPoint(), text, this);
    }

private:
    void aggregate();
    int aggregateMarkers(const QCPRange &x, int rowLo, int rowHi, int rowsPerCell, double secondsPerCell);
    void layoutRows(int rowLo, int rowHi, double pxPerRow);

    bool m_dirty = true;
    QTimer m_coalesce;
    QPoint m_pressPos;
    // Scratch space of aggregateMarkers(), kept between calls.
    std::vector<qint64> m_cellColumn;
    std::vector<int> m_cellWinner;
    std::vector<int> m_cellCount;
    std::vector<int> m_touched;
};

// Bands, lifecycle spans and markers draw themselves from TimelineCanvas's current view instead
// of living in QCPGraphs: the view is re-bucketed on every range change anyway, and drawing
// only what is visible keeps a replot independent of the number of ranks.
class TimelineLayer : public QCPLayerable
{
public:
    enum class Kind { Bands, Spans, Markers };
    TimelineLayer(TimelineCanvas *canvas, const QString &layer, Kind kind)
        : QCPLayerable(canvas, layer)
        , m_canvas(canvas)
        , m_kind(kind)
    {
    }

protected:
    QRect clipRect() const override { return m_canvas->axisRect()->rect(); }
    void applyDefaultAntialiasingHint(QCPPainter *painter) const override
    {
        applyAntialiasingHint(painter, m_kind == Kind::Markers, QCP::aeScatters);
    }
    void draw(QCPPainter *painter) override
    {
        TimelineCanvas &c = *m_canvas;
        const QRect ar = c.axisRect()->rect();
        switch (m_kind) {
        case Kind::Bands: {
            for (const auto &[from, to] : c.bands) {
                const double y1 = c.yAxis->coordToPixel(from);
                const double y2 = c.yAxis->coordToPixel(to);
                painter->fillRect(QRectF(ar.left(), std::min(y1, y2), ar.width(), std::fabs(y2 - y1)), c.bandColour);
            }
            // The node of each band, at its top left, under the markers.
            painter->setPen(c.bandTextColour);
            painter->setFont(c.yAxis->tickLabelFont());
            const QFontMetrics fm(c.yAxis->tickLabelFont());
            for (const auto &[first, last, name, inBand] : c.bandNames) {
                if (!inBand)
                    continue;
                const double top = c.yAxis->coordToPixel(first - 0.5);
                const double bottom = c.yAxis->coordToPixel(last + 0.5);
                const QRectF band(ar.left() + 4, std::min(top, bottom), ar.width() - 8, std::fabs(bottom - top));
                if (band.height() < fm.height() * 0.8)
                    continue;
                painter->drawText(band, Qt::AlignLeft | Qt::AlignTop, name);
            }
            break;
        }
        case Kind::Spans: {
            // Filled rectangles rather than wide lines: the raster engine fills an aligned
            // rectangle without stroking a path.
            const double w = c.spanWidth;
            const QColor colour = c.denseSpans ? c.denseSpanColour : c.spanColour;
            for (const Span &s : c.spans) {
                const double y = std::round(c.yAxis->coordToPixel(s.row) - w / 2);
                const double x1 = std::round(c.xAxis->coordToPixel(s.first));
                const double x2 = std::round(c.xAxis->coordToPixel(s.last));
                painter->fillRect(QRectF(std::min(x1, x2), y, std::max(1.0, std::fabs(x2 - x1)), w), colour);
            }
            break;
        }
        case Kind::Markers: {
            auto blit = [&](const std::vector<Marker> &markers, const QPixmap &pixmap) {
                const QSizeF size = pixmap.deviceIndependentSize();
                const double dx = size.width() / 2, dy = size.height() / 2;
                for (const Marker &m : markers)
                    painter->drawPixmap(QPointF(std::round(c.xAxis->coordToPixel(m.key) - dx),
                                                std::round(c.yAxis->coordToPixel(m.value) - dy)),
                                        pixmap);
            };
            blit(c.markers[int(ChainStep::Role::Context)], c.contextPixmap);
            blit(c.markers[int(ChainStep::Role::Collateral)], c.collateralPixmap);
            const auto &initiating = c.markers[int(ChainStep::Role::Initiating)];
            // A guide through the whole column, so the star is found among thousands of rows.
            if (!initiating.empty()) {
                painter->setPen(QPen(c.star.pen().color(), 1, Qt::DashLine));
                const double x = std::round(c.xAxis->coordToPixel(initiating.front().key)) + 0.5;
                painter->drawLine(QLineF(x, ar.top(), x, ar.bottom()));
            }
            for (const QCPScatterStyle *style : {&c.halo, &c.star}) {
                style->applyTo(painter, QPen());
                for (const Marker &m : initiating)
                    style->drawShape(painter, c.xAxis->coordToPixel(m.key), c.yAxis->coordToPixel(m.value));
            }
            break;
        }
        }
    }

private:
    TimelineCanvas *m_canvas;
    Kind m_kind;
};

TimelineCanvas::TimelineCanvas(QWidget *parent)
    : QCustomPlot(parent)
{
    setMouseTracking(true);
    setNoAntialiasingOnDrag(true);
    addLayer(u"spans"_s, layer(u"main"_s), QCustomPlot::limBelow);
    addLayer(u"markers"_s, layer(u"main"_s), QCustomPlot::limAbove);
    new TimelineLayer(this, u"background"_s, TimelineLayer::Kind::Bands);
    new TimelineLayer(this, u"spans"_s, TimelineLayer::Kind::Spans);
    new TimelineLayer(this, u"markers"_s, TimelineLayer::Kind::Markers);
    setCurrentLayer(u"main"_s);
    rowTicker = QSharedPointer<QCPAxisTickerText>::create();
    rowTicker->setSubTickCount(0);
    yAxis->setTicker(rowTicker);
    yAxis->setRangeReversed(true);

    // Coalescing as in hotspot and PlotJuggler: range changes only mark the view dirty; the
    // bucketing runs once, right before the replot QCustomPlot does for a drag or a wheel step
    // anyway, and this zero-time timer replots only when nothing else did.
    m_coalesce.setSingleShot(true);
    m_coalesce.setInterval(0);
    connect(&m_coalesce, &QTimer::timeout, this, [this] {
        if (m_dirty)
            replot();
    });
    connect(this, &QCustomPlot::beforeReplot, this, [this] { ensureAggregated(); });
    connect(xAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, [this] { markDirty(); });
    connect(yAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, [this] { markDirty(); });
}

void TimelineCanvas::aggregate()
{
    QElapsedTimer timer;
    timer.start();
    m_dirty = false;
    for (auto &m : markers)
        m.clear();
    spans.clear();
    bands.clear();
    bandNames.clear();
    const int rows = int(rowRank.size());
    const QRect ar = axisRect()->rect();
    const double width = std::max(1, ar.width());
    const double height = std::max(1, ar.height());
    const QCPRange x = xAxis->range();
    const QCPRange y = yAxis->range();
    if (rows == 0 || x.size() <= 0 || y.size() <= 0) {
        rowTicker->clear();
        aggregateMs = double(timer.nsecsElapsed()) / 1e6;
        return;
    }
    const double pxPerRow = height / y.size();
    const int rowLo = std::clamp(int(std::floor(y.lower)), 0, rows - 1);
    const int rowHi = std::clamp(int(std::ceil(y.upper)), 0, rows - 1);
    layoutRows(rowLo, rowHi, pxPerRow);

    for (int cellPx = CellPx;; cellPx *= 2) {
        const int rowsPerCell = std::max(1, int(std::ceil(cellPx / pxPerRow)));
        const int n = aggregateMarkers(x, rowLo, rowHi, rowsPerCell, cellPx * x.size() / width);
        if (n <= MaxMarkers || cellPx >= 8 * CellPx)
            break;
    }

    // Lifecycle spans: one line per CellPx of height, the union of the rows it covers.
    const int rowsPerSpan = std::max(1, int(std::ceil(CellPx / pxPerRow)));
    for (int start = rowLo - rowLo % rowsPerSpan; start <= rowHi; start += rowsPerSpan) {
        const int end = std::min(rows, start + rowsPerSpan);
        double first = std::numeric_limits<double>::infinity();
        double last = -first;
        for (int r = start; r < end; ++r) {
            if (!std::isnan(rowFirst[size_t(r)])) {
                first = std::min(first, rowFirst[size_t(r)]);
                last = std::max(last, rowLast[size_t(r)]);
            }
        }
        if (first <= last && last >= x.lower && first <= x.upper)
            spans.push_back({(start + end - 1) / 2.0, first, last});
    }
    spanWidth = pxPerRow * rowsPerSpan >= 4 ? 2 : 1;
    denseSpans = rowsPerSpan > 1;
    aggregateMs = double(timer.nsecsElapsed()) / 1e6;
}

int TimelineCanvas::aggregateMarkers(const QCPRange &x, int rowLo, int rowHi, int rowsPerCell, double secondsPerCell)
{
    for (auto &m : markers)
        m.clear();
    // Cells are anchored at time zero and row zero, not at the view's edge, so that panning
    // does not change which event represents a cell.
    const size_t cells = size_t(rowRank.size() + rowsPerCell - 1) / size_t(rowsPerCell);
    m_cellColumn.assign(cells, std::numeric_limits<qint64>::min());
    m_cellWinner.resize(cells);
    m_cellCount.resize(cells);
    m_touched.clear();
    // Events are sorted by time, so a column's events are contiguous: flush each column's
    // winners when the next column starts.
    auto flush = [&] {
        for (const int cell : m_touched) {
            const PlotEvent &e = events[size_t(m_cellWinner[size_t(cell)])];
            const int count = m_cellCount[size_t(cell)];
            markers[e.role].push_back({e.t, double(e.row), e.index, count});
        }
        m_touched.clear();
    };
    const double lo = x.lower - secondsPerCell;
    const double hi = x.upper + secondsPerCell;
    auto it = std::lower_bound(events.cbegin(), events.cend(), lo, [](const PlotEvent &e, double t) { return e.t < t; });
    qint64 column = std::numeric_limits<qint64>::min();
    for (; it != events.cend() && it->t <= hi; ++it) {
        if (!((roleMask >> it->role) & 1u) || !((categoryMask >> it->category) & 1u) || it->row < rowLo || it->row > rowHi)
            continue;
        const qint64 col = qint64(std::floor(it->t / secondsPerCell));
        if (col != column) {
            flush();
            column = col;
        }
        const size_t cell = size_t(it->row / rowsPerCell);
        const int index = int(it - events.cbegin());
        if (m_cellColumn[cell] != col) {
            m_cellColumn[cell] = col;
            m_cellWinner[cell] = index;
            m_cellCount[cell] = 1;
            m_touched.push_back(int(cell));
        } else {
            ++m_cellCount[cell];
            // The earlier event keeps the cell on a tie.
            if (it->importance > events[size_t(m_cellWinner[cell])].importance)
                m_cellWinner[cell] = index;
        }
    }
    flush();
    int total = 0;
    for (const auto &m : markers)
        total += int(m.size());
    return total;
}

void TimelineCanvas::layoutRows(int rowLo, int rowHi, double pxPerRow)
{
    // Down to MinRowPx a row is a rank: the axis names ranks (every k-th one when a label is
    // taller than a row) and each node's name sits in its band. Below that, nodes merge into
    // groups tall enough for one label each.
    const QFontMetrics labelMetrics(yAxis->tickLabelFont());
    const double labelPx = labelMetrics.height() * 1.1;
    QMap<double, QString> ticks;
    auto nodeName = [](const QString &n) { return n.isEmpty() ? u"?"_s : n; };
    if (pxPerRow >= MinRowPx) {
        const int every = std::max(1, int(std::ceil(labelPx / pxPerRow)));
        for (size_t g = 0; g < groups.size(); ++g) {
            const NodeGroup &group = groups[g];
            if (group.last < rowLo - 1 || group.first > rowHi + 1)
                continue;
            if (g % 2)
                bands.emplace_back(group.first - 0.5, group.last + 0.5);
            int nodeRow = -1;
            for (int r = group.first; r <= group.last && nodeRow < 0; ++r) {
                if (rowRank.at(r) < 0)
                    nodeRow = r;
            }
            bandNames.emplace_back(group.first, group.last, nodeName(group.node), nodeRow < 0);
            for (int r = std::max(group.first, rowLo - 1); r <= std::min(group.last, rowHi + 1); ++r) {
                const int rank = rowRank.at(r);
                if (rank < 0) {
                    // Long host names keep both ends (ip-10-0-…-108-2): the end tells nodes apart.
                    ticks.insert(r, labelMetrics.elidedText(nodeName(group.node), Qt::ElideMiddle, int(MaxNodeLabelPx)));
                    continue;
                }
                if ((r - group.first) % every != 0)
                    continue;
                ticks.insert(r, u"r%1"_s.arg(rank));
            }
        }
    } else {
        // Greedy from the first node, so groups do not change while panning.
        int band = 0;
        for (size_t g = 0; g < groups.size(); ++band) {
            size_t h = g;
            while (h + 1 < groups.size() && (groups[h].last - groups[g].first + 1) * pxPerRow < labelPx)
                ++h;
            const int first = groups[g].first;
            const int last = groups[h].last;
            if (last >= rowLo - 1 && first <= rowHi + 1) {
                if (band % 2)
                    bands.emplace_back(first - 0.5, last + 0.5);
                int ranks = 0; // the node's own row (lines of no rank) is not a rank
                for (int r = first; r <= last; ++r)
                    ranks += rowRank.at(r) >= 0;
                const QString count = ranks == 1 ? TimelinePlot::tr("1 rank") : TimelinePlot::tr("%1 ranks").arg(ranks);
                ticks.insert((first + last) / 2.0, g == h ? u"%1 · %2"_s.arg(nodeName(groups[g].node), count)
                                                          : u"%1 … %2"_s.arg(nodeName(groups[g].node), nodeName(groups[h].node)));
            }
            g = h + 1;
        }
    }
    rowTicker->setTicks(ticks);
}

TimelinePlot::TimelinePlot(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"TimelinePlot"_s);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *bar = new QHBoxLayout;
    m_relative = new QCheckBox(tr("Relative time"), this);
    m_relative->setToolTip(tr("Label the time axis relative to the initiating failure instead of wall-clock UTC"));
    m_relative->setAccessibleName(tr("Relative time"));
    m_filterMenu = new QMenu(this);
    m_filterMenu->setObjectName(u"timelineFilterMenu"_s);
    m_filterButton = new QToolButton(this);
    m_filterButton->setObjectName(u"timelineFilterButton"_s);
    m_filterButton->setText(tr("Filter"));
    m_filterButton->setIcon(QIcon::fromTheme(u"view-filter"_s));
    m_filterButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_filterButton->setPopupMode(QToolButton::InstantPopup);
    m_filterButton->setMenu(m_filterMenu);
    m_filterButton->setToolTip(tr("Choose which events the timeline draws, by role and by category"));
    m_filterButton->setAccessibleName(tr("Timeline filter"));
    auto *reset = new QPushButton(tr("Reset Zoom"), this);
    reset->setToolTip(tr("Show the whole incident (Home; wheel zooms time, Ctrl+wheel the ranks, drag pans, Shift+drag zooms into a rectangle)"));
    auto *failure = new QPushButton(tr("Go to Failure"), this);
    failure->setObjectName(u"goToFailureButton"_s);
    failure->setToolTip(tr("Centre the initiating failure (G); N and P step through the chain of evidence"));
    m_info = new QLabel(this);
    // A status text must not widen the window: it gets what space is left, its end elided.
    m_info->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_info->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    bar->addWidget(m_relative);
    bar->addWidget(m_filterButton);
    bar->addWidget(reset);
    bar->addWidget(failure);
    bar->addWidget(m_info, 1);
    layout->addLayout(bar);

    m_canvas = new TimelineCanvas(this);
    m_canvas->setObjectName(u"timelineCanvas"_s);
    m_canvas->setAccessibleName(tr("Rank by node timeline"));
    m_canvas->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_canvas->axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    m_canvas->axisRect()->setRangeZoom(Qt::Horizontal);
    m_canvas->ticker = QSharedPointer<JobTimeTicker>::create();
    m_canvas->ticker->setDateTimeSpec(Qt::UTC);
    m_canvas->ticker->setDateTimeFormat(u"HH:mm:ss\nyyyy-MM-dd"_s);
    m_canvas->xAxis->setTicker(m_canvas->ticker);
    m_canvas->onClick = [this](int ev) {
        if (m_ingest && ev >= 0 && ev < m_ingest->events.size())
            Q_EMIT eventActivated(m_ingest->events.at(ev).source);
    };
    layout->addWidget(m_canvas, 1);

    const QSettings settings;
    for (const QString &key : settings.value(HiddenRolesKey).toStringList()) {
        for (const auto role : {ChainStep::Role::Initiating, ChainStep::Role::Collateral, ChainStep::Role::Context}) {
            if (key == report::ReportNames::role(role))
                m_hiddenRoles |= 1u << int(role);
        }
    }
    m_hiddenCategories = settings.value(HiddenCategoriesKey).toStringList();

    connect(m_relative, &QCheckBox::toggled, this, &TimelinePlot::setRelativeTime);
    connect(reset, &QPushButton::clicked, this, &TimelinePlot::resetZoom);
    connect(failure, &QPushButton::clicked, this, [this] {
        goToFailure();
        m_canvas->setFocus(Qt::OtherFocusReason);
    });
    m_canvas->setFocusPolicy(Qt::StrongFocus);
    m_canvas->onKey = [this](QKeyEvent *e) { return handleKey(e); };
    rebuild();
}

TimelinePlot::~TimelinePlot() = default;

QWidget *TimelinePlot::canvas() const
{
    return m_canvas;
}

QString TimelinePlot::lifecycleCategory()
{
    return u"lifecycle"_s;
}

QString TimelinePlot::otherCategory()
{
    return u"other"_s;
}

void TimelinePlot::clear()
{
    m_ingest.reset();
    m_result.reset();
    m_chainStep = -1;
    rebuild();
}

void TimelinePlot::setIngest(const ingest::IngestResultPtr &ingest)
{
    m_loading = false;
    m_ingest = ingest;
    m_result.reset();
    rebuild();
}

void TimelinePlot::setLoading(bool loading)
{
    m_ingest.reset();
    m_result.reset();
    m_chainStep = -1;
    m_loading = loading;
    rebuild();
}

void TimelinePlot::setResult(const analysis::AnalysisResultPtr &result)
{
    m_loading = false;
    m_result = result;
    m_chainStep = -1;
    m_ingest = result ? result->ingest : nullptr;
    rebuild();
}

void TimelinePlot::setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb)
{
    m_kb = std::move(kb);
    if (m_ingest) {
        // Keep the view: only the categories change.
        const QCPRange x = m_canvas->xAxis->range();
        const QCPRange y = m_canvas->yAxis->range();
        rebuild();
        m_canvas->xAxis->setRange(x);
        m_canvas->yAxis->setRange(y);
    }
}

void TimelinePlot::setRelativeTime(bool relative)
{
    m_canvas->ticker->relative = relative;
    if (m_relative->isChecked() != relative)
        m_relative->setChecked(relative);
    m_canvas->replot(QCustomPlot::rpQueuedReplot);
}

void TimelinePlot::setRoleVisible(ChainStep::Role role, bool visible)
{
    const quint32 bit = 1u << int(role);
    const quint32 hidden = visible ? (m_hiddenRoles & ~bit) : (m_hiddenRoles | bit);
    if (hidden == m_hiddenRoles)
        return;
    m_hiddenRoles = hidden;
    saveFilters();
    applyFilters();
}

bool TimelinePlot::isRoleVisible(ChainStep::Role role) const
{
    return !(m_hiddenRoles & (1u << int(role)));
}

void TimelinePlot::setCategoryVisible(const QString &category, bool visible)
{
    if (visible == !m_hiddenCategories.contains(category))
        return;
    if (visible)
        m_hiddenCategories.removeAll(category);
    else
        m_hiddenCategories.append(category);
    saveFilters();
    applyFilters();
}

bool TimelinePlot::isCategoryVisible(const QString &category) const
{
    return !m_hiddenCategories.contains(category);
}

void TimelinePlot::showAllEvents()
{
    if (m_hiddenRoles == 0 && m_hiddenCategories.isEmpty())
        return;
    m_hiddenRoles = 0;
    m_hiddenCategories.clear();
    saveFilters();
    applyFilters();
}

QStringList TimelinePlot::presentCategories() const
{
    QStringList present;
    for (qsizetype i = 0; i < m_canvas->categories.size(); ++i) {
        if (m_canvas->categoryCounts.value(i) > 0)
            present.append(m_canvas->categories.at(i));
    }
    return present;
}

void TimelinePlot::saveFilters() const
{
    QStringList roles;
    for (const auto role : {ChainStep::Role::Initiating, ChainStep::Role::Collateral, ChainStep::Role::Context}) {
        if (!isRoleVisible(role))
            roles.append(report::ReportNames::role(role));
    }
    QSettings settings;
    settings.setValue(HiddenRolesKey, roles);
    settings.setValue(HiddenCategoriesKey, m_hiddenCategories);
}

void TimelinePlot::applyFilters()
{
    TimelineCanvas &c = *m_canvas;
    c.roleMask = ~m_hiddenRoles & 0x7u;
    c.categoryMask = 0;
    for (qsizetype i = 0; i < c.categories.size() && i < 32; ++i) {
        if (!m_hiddenCategories.contains(c.categories.at(i)))
            c.categoryMask |= 1u << i;
    }
    const bool chain = isRoleVisible(ChainStep::Role::Initiating) && isRoleVisible(ChainStep::Role::Collateral);
    for (QCPAbstractItem *i : std::as_const(c.links))
        i->setVisible(chain);
    const int hidden = std::popcount(m_hiddenRoles) + int(m_hiddenCategories.size());
    m_filterButton->setText(hidden ? tr("Filter (%n hidden)", "", hidden) : tr("Filter"));
    syncFilterMenu();
    c.markDirty();
}

void TimelinePlot::rebuildFilterMenu()
{
    m_filterMenu->clear();
    m_filterMenu->addSection(tr("Roles"));
    for (const auto role : {ChainStep::Role::Initiating, ChainStep::Role::Collateral, ChainStep::Role::Context}) {
        QAction *a = m_filterMenu->addAction(roleLabel(role));
        a->setCheckable(true);
        a->setData(QString(u"role:"_s + report::ReportNames::role(role)));
        connect(a, &QAction::toggled, this, [this, role](bool on) { setRoleVisible(role, on); });
    }
    m_filterMenu->addSection(tr("Categories"));
    const QLocale locale;
    bool any = false;
    for (qsizetype i = 0; i < m_canvas->categories.size(); ++i) {
        const int count = m_canvas->categoryCounts.value(i);
        if (count == 0)
            continue;
        const QString category = m_canvas->categories.at(i);
        QAction *a = m_filterMenu->addAction(tr("%1 (%2)").arg(categoryLabel(category), locale.toString(count)));
        a->setCheckable(true);
        a->setData(QString(u"category:"_s + category));
        connect(a, &QAction::toggled, this, [this, category](bool on) { setCategoryVisible(category, on); });
        any = true;
    }
    if (!any)
        m_filterMenu->addAction(tr("No events"))->setEnabled(false);
    m_filterMenu->addSeparator();
    QAction *all = m_filterMenu->addAction(tr("Show All Events"), this, &TimelinePlot::showAllEvents);
    all->setObjectName(u"timelineShowAllAction"_s);
    syncFilterMenu();
}

void TimelinePlot::syncFilterMenu()
{
    const QList<QAction *> actions = m_filterMenu->actions();
    for (QAction *a : actions) {
        const QString key = a->data().toString();
        const QSignalBlocker blocker(a);
        if (key.startsWith(u"role:"_s)) {
            for (const auto role : {ChainStep::Role::Initiating, ChainStep::Role::Collateral, ChainStep::Role::Context}) {
                if (key.mid(5) == report::ReportNames::role(role))
                    a->setChecked(isRoleVisible(role));
            }
        } else if (key.startsWith(u"category:"_s)) {
            a->setChecked(isCategoryVisible(key.mid(9)));
        }
    }
}

int TimelinePlot::plottedEvents() const
{
    m_canvas->ensureAggregated();
    int n = 0;
    for (const auto &m : m_canvas->markers)
        n += int(m.size());
    return n;
}

QList<int> TimelinePlot::plottedEventIndices(ChainStep::Role role) const
{
    m_canvas->ensureAggregated();
    QList<int> indices;
    for (const Marker &m : m_canvas->markers[size_t(role)])
        indices.append(m.event);
    return indices;
}

QPair<qint64, qint64> TimelinePlot::dataTimeRange() const
{
    if (std::isnan(m_canvas->fullLower))
        return {NoTime, NoTime};
    return {qint64(std::llround(m_canvas->fullLower * 1000.0)), qint64(std::llround(m_canvas->fullUpper * 1000.0))};
}

double TimelinePlot::replotNow()
{
    QElapsedTimer timer;
    timer.start();
    m_canvas->replot(QCustomPlot::rpImmediateRefresh);
    return double(timer.nsecsElapsed()) / 1e6;
}

double TimelinePlot::lastReplotMs() const
{
    return m_canvas->replotTime(false);
}

double TimelinePlot::lastAggregateMs() const
{
    return m_canvas->aggregateMs;
}

QPoint TimelinePlot::initiatingMarkerPosition() const
{
    m_canvas->ensureAggregated();
    const auto &initiating = m_canvas->markers[size_t(ChainStep::Role::Initiating)];
    if (initiating.empty())
        return {-1, -1};
    const auto first = std::min_element(initiating.cbegin(), initiating.cend(),
                                        [](const Marker &a, const Marker &b) { return a.key < b.key; });
    return QPoint(int(m_canvas->xAxis->coordToPixel(first->key)), int(m_canvas->yAxis->coordToPixel(first->value)));
}

void TimelinePlot::resetZoom()
{
    TimelineCanvas &c = *m_canvas;
    if (std::isnan(c.fullLower)) {
        c.xAxis->setRange(0, 1);
    } else {
        // The incident, not the whole bundle: kernel logs reach back to boot, weeks earlier. Frame
        // the failure markers (and the ranks' lives around them) when there are any.
        double lower = std::numeric_limits<double>::infinity();
        double upper = -lower;
        for (const PlotEvent &e : c.events) {
            if (e.role != quint8(ChainStep::Role::Context)) {
                lower = std::min(lower, e.t);
                upper = std::max(upper, e.t);
            }
        }
        if (lower <= upper) {
            const double margin = std::max(60.0, (upper - lower) * 0.5);
            lower = std::max(c.fullLower, lower - margin);
            upper = std::min(c.fullUpper, upper + margin);
        } else {
            lower = c.fullLower;
            upper = c.fullUpper;
        }
        const double pad = std::max(1.0, (upper - lower) * 0.03);
        c.xAxis->setRange(lower - pad, upper + pad);
    }
    c.yAxis->setRange(-1, std::max<double>(1.0, c.rowRank.size()));
    c.markDirty();
    c.replot();
}

QList<std::pair<QString, QString>> TimelinePlot::keyboardHelp()
{
    return {
        {tr("W / S, + / −"), tr("Timeline: zoom time in / out at the cursor")},
        {tr("A / D, ← / →"), tr("Timeline: pan time")},
        {tr("↑ / ↓"), tr("Timeline: scroll the ranks")},
        {tr("Ctrl+wheel"), tr("Timeline: zoom the ranks")},
        {tr("Shift+wheel"), tr("Timeline: pan time")},
        {tr("Home"), tr("Timeline: show the whole incident")},
        {tr("G"), tr("Timeline: go to the initiating failure")},
        {tr("N / P"), tr("Timeline: next / previous step of the chain of evidence")},
        {tr("Enter"), tr("Timeline: open the chain step shown in the log view")},
    };
}

bool TimelinePlot::handleKey(QKeyEvent *e)
{
    TimelineCanvas &c = *m_canvas;
    if (e->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return false;
    // Zoom at the mouse when it is over the plot, else at the centre.
    const QPoint mouse = c.mapFromGlobal(QCursor::pos());
    const QRect ar = c.axisRect()->rect();
    const double px = ar.contains(mouse) ? mouse.x() : ar.center().x();
    switch (e->key()) {
    case Qt::Key_W:
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        c.zoomAt(c.xAxis, 0.8, px);
        return true;
    case Qt::Key_S:
    case Qt::Key_Minus:
        c.zoomAt(c.xAxis, 1.25, px);
        return true;
    case Qt::Key_A:
    case Qt::Key_Left:
        c.pan(c.xAxis, -0.15);
        return true;
    case Qt::Key_D:
    case Qt::Key_Right:
        c.pan(c.xAxis, 0.15);
        return true;
    case Qt::Key_Up:
        c.pan(c.yAxis, -0.15);
        return true;
    case Qt::Key_Down:
        c.pan(c.yAxis, 0.15);
        return true;
    case Qt::Key_Home:
        resetZoom();
        return true;
    case Qt::Key_G:
        goToFailure();
        return true;
    case Qt::Key_N:
        stepChain(+1);
        return true;
    case Qt::Key_P:
        stepChain(-1);
        return true;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_result && m_chainStep >= 0 && m_chainStep < m_result->verdict.chain.size()) {
            Q_EMIT eventActivated(m_result->verdict.chain.at(m_chainStep).evidence.source);
            return true;
        }
        return false;
    default:
        return false;
    }
}

void TimelinePlot::centreOn(double t, int row)
{
    TimelineCanvas &c = *m_canvas;
    const double span = c.xAxis->range().size();
    c.xAxis->setRange(t - span / 2, t + span / 2);
    // Enough rows to stay labelled (about 16 px each), never more than there are.
    const double height = std::max(1, c.axisRect()->height());
    const double rows = std::min<double>(std::max<double>(1.0, c.rowRank.size()) + 1, std::max(8.0, height / 16.0));
    if (row >= 0)
        c.yAxis->setRange(row - rows / 2, row + rows / 2);
    c.markDirty();
    c.replot();
}

bool TimelinePlot::goToFailure()
{
    const TimelineCanvas &c = *m_canvas;
    const auto it = std::find_if(c.events.cbegin(), c.events.cend(), [](const PlotEvent &e) { return e.role == quint8(ChainStep::Role::Initiating); });
    if (it == c.events.cend())
        return false;
    centreOn(it->t, it->row);
    if (m_result) {
        const auto &chain = m_result->verdict.chain;
        for (int i = 0; i < chain.size(); ++i) {
            if (chain.at(i).role == ChainStep::Role::Initiating)
                m_chainStep = i;
        }
    }
    return true;
}

int TimelinePlot::stepChain(int direction)
{
    if (!m_result || m_result->verdict.chain.isEmpty())
        return -1;
    const auto &chain = m_result->verdict.chain;
    const int n = int(chain.size());
    m_chainStep = m_chainStep < 0 ? (direction > 0 ? 0 : n - 1) : std::clamp(m_chainStep + direction, 0, n - 1);
    const analysis::Evidence &ev = chain.at(m_chainStep).evidence;
    if (ev.timeMs != NoTime)
        centreOn(double(ev.timeMs) / 1000.0, m_canvas->rowOf(ev.node, ev.rank));
    if (ev.source.isValid())
        Q_EMIT eventActivated(ev.source);
    return m_chainStep;
}

QStringList TimelinePlot::rowLabels() const
{
    m_canvas->ensureAggregated();
    QStringList out;
    const auto ticks = m_canvas->rowTicker->ticks();
    const QCPRange y = m_canvas->yAxis->range();
    for (auto it = ticks.cbegin(); it != ticks.cend(); ++it) {
        if (it.key() >= y.lower && it.key() <= y.upper)
            out.append(it.value());
    }
    return out;
}

QStringList TimelinePlot::bandLabels() const
{
    m_canvas->ensureAggregated();
    QStringList out;
    for (const auto &[first, last, name, inBand] : m_canvas->bandNames) {
        if (inBand)
            out.append(name);
    }
    return out;
}

QPair<double, double> TimelinePlot::visibleRowRange() const
{
    return {m_canvas->yAxis->range().lower, m_canvas->yAxis->range().upper};
}

void TimelinePlot::focusTime(qint64 timeMs, qint64 spanMs)
{
    if (timeMs == NoTime)
        return;
    const double centre = double(timeMs) / 1000.0;
    const double half = std::max(0.5, double(spanMs) / 2000.0);
    m_canvas->xAxis->setRange(centre - half, centre + half);
    m_canvas->replot(QCustomPlot::rpQueuedReplot);
}

QPair<qint64, qint64> TimelinePlot::visibleTimeRange() const
{
    const QCPRange r = m_canvas->xAxis->range();
    return {qint64(std::llround(r.lower * 1000.0)), qint64(std::llround(r.upper * 1000.0))};
}

void TimelinePlot::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyColours();
    QWidget::changeEvent(event);
}

void TimelinePlot::applyColours()
{
    TimelineCanvas &c = *m_canvas;
    const QPalette pal = palette();
    const QColor fg = pal.color(QPalette::WindowText);
    const QColor grid = pal.color(QPalette::Mid);
    c.setBackground(pal.color(QPalette::Base));
    for (QCPAxis *a : {c.xAxis, c.yAxis}) {
        a->setBasePen(QPen(fg));
        a->setTickPen(QPen(fg));
        a->setSubTickPen(QPen(fg));
        a->setTickLabelColor(fg);
        a->setLabelColor(fg);
        a->grid()->setPen(QPen(grid, 0, Qt::DotLine));
    }
    // Rows need no grid: node bands and lifecycle spans already guide the eye, and 60 dotted
    // lines across the plot cost a fifth of a replot.
    c.yAxis->grid()->setVisible(false);
    const QColor muted = pal.color(QPalette::PlaceholderText);
    const QColor initiatingColour(0xd3, 0x2f, 0x2f);
    const QColor collateralColour(0xef, 0x8f, 0x3a);
    c.bandColour = pal.color(QPalette::AlternateBase);
    c.bandTextColour = muted;
    c.spanColour = muted;
    const QColor base = pal.color(QPalette::Base);
    c.denseSpanColour = QColor::fromRgbF(muted.redF() * 0.35f + base.redF() * 0.65f, muted.greenF() * 0.35f + base.greenF() * 0.65f,
                                         muted.blueF() * 0.35f + base.blueF() * 0.65f);

    // Context and collateral markers are many: drawn once into pixmaps at the screen's pixel ratio.
    const qreal dpr = std::max<qreal>(1.0, c.devicePixelRatioF());
    auto render = [dpr](const QCPScatterStyle &style, int size) {
        QPixmap pixmap(QSize(size, size) * dpr);
        pixmap.setDevicePixelRatio(dpr);
        pixmap.fill(Qt::transparent);
        QCPPainter painter(&pixmap);
        painter.setAntialiasing(true);
        style.applyTo(&painter, QPen());
        style.drawShape(&painter, size / 2.0, size / 2.0);
        return pixmap;
    };
    c.contextPixmap = render(QCPScatterStyle(QCPScatterStyle::ssDisc, muted, muted, 4), 6);
    c.collateralPixmap = render(QCPScatterStyle(QCPScatterStyle::ssTriangle, collateralColour.darker(120), collateralColour, 7), 10);
    QColor haloColour = initiatingColour;
    haloColour.setAlpha(70);
    c.halo = QCPScatterStyle(QCPScatterStyle::ssDisc, haloColour, haloColour, 30);
    c.star = QCPScatterStyle(QCPScatterStyle::ssStar, initiatingColour, 16);
    c.star.setPen(QPen(initiatingColour, 3));
    for (QCPAbstractItem *i : std::as_const(c.links)) {
        if (auto *line = qobject_cast<QCPItemLine *>(i)) {
            QColor lc = collateralColour;
            lc.setAlpha(110);
            line->setPen(QPen(lc, 1, Qt::DashLine));
        }
    }
    c.replot(QCustomPlot::rpQueuedReplot);
}

void TimelinePlot::rebuild()
{
    TimelineCanvas &c = *m_canvas;
    c.clearData();
    c.ingest = m_ingest.get();
    applyColours();
    c.xAxis->setTickLabels(bool(m_ingest));
    c.yAxis->setTickLabels(bool(m_ingest));
    if (!m_ingest) {
        m_info->setText(m_loading ? tr("Reading the bundle…") : tr("No incident open"));
        rebuildFilterMenu();
        applyFilters();
        resetZoom();
        return;
    }
    const ingest::IngestResult &in = *m_ingest;
    const QList<Event> &events = in.events;

    // Categories: the encyclopedia's, then lifecycle events, then fingerprints of no known one.
    c.categories = kb::categories();
    const int lifecycle = int(c.categories.size());
    c.categories << lifecycleCategory() << otherCategory();
    const int other = lifecycle + 1;
    c.categoryCounts = QList<int>(c.categories.size(), 0);
    std::vector<quint8> fingerprintCategory(size_t(in.fingerprints.size()), quint8(other));
    std::vector<quint8> fingerprintSeverity(size_t(in.fingerprints.size()), 0);
    for (qsizetype f = 0; f < in.fingerprints.size(); ++f) {
        const ingest::FingerprintSpec &spec = in.fingerprints.at(f);
        fingerprintSeverity[size_t(f)] = quint8(3 - std::min(3, int(spec.severity))); // Fatal 3 … Info 0
        if (const kb::Entry *entry = m_kb ? m_kb->entry(spec.entryId) : nullptr) {
            const qsizetype i = c.categories.indexOf(entry->category);
            if (i >= 0 && i < lifecycle)
                fingerprintCategory[size_t(f)] = quint8(i);
        }
    }

    // Rows: ranks grouped by node (nodes sorted, ranks sorted); events without a rank get a
    // row per node below its ranks ("node (node)", rank -1 sorts first).
    QHash<QString, int> nodeIndex;
    QStringList nodeNames;
    std::vector<std::vector<int>> nodeRanks;
    std::vector<int> eventNode(size_t(events.size()), -1);
    for (qsizetype i = 0; i < events.size(); ++i) {
        const Event &e = events.at(i);
        if (e.kind == Event::Kind::Fact)
            continue; // versions are the matrix's, not moments of the incident
        auto it = nodeIndex.constFind(e.node);
        int n = 0;
        if (it == nodeIndex.cend()) {
            n = int(nodeNames.size());
            nodeIndex.insert(e.node, n);
            nodeNames.append(e.node);
            nodeRanks.emplace_back();
        } else {
            n = *it;
        }
        eventNode[size_t(i)] = n;
        nodeRanks[size_t(n)].push_back(e.rank);
    }
    std::vector<int> order(nodeRanks.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return naturalLess(nodeNames.at(a), nodeNames.at(b)); });
    std::vector<int> nodeFirstRow(nodeRanks.size(), 0);
    for (const int n : order) {
        std::vector<int> &ranks = nodeRanks[size_t(n)];
        std::sort(ranks.begin(), ranks.end());
        ranks.erase(std::unique(ranks.begin(), ranks.end()), ranks.end());
        nodeFirstRow[size_t(n)] = int(c.rowRank.size());
        c.groups.push_back({int(c.rowRank.size()), int(c.rowRank.size() + ranks.size()) - 1, nodeNames.at(n)});
        for (const int rank : ranks) {
            c.rowRank.append(rank);
        }
    }
    c.rowFirst.assign(size_t(c.rowRank.size()), NaN);
    c.rowLast.assign(size_t(c.rowRank.size()), NaN);

    // Events: lifecycle spans (first to last timed event of each row) and markers.
    int untimed = 0;
    double initiatingTime = NaN;
    c.events.reserve(size_t(events.size()));
    for (qsizetype i = 0; i < events.size(); ++i) {
        const int n = eventNode[size_t(i)];
        if (n < 0)
            continue;
        const Event &e = events.at(i);
        if (e.timeMs == NoTime) {
            ++untimed;
            continue;
        }
        const std::vector<int> &ranks = nodeRanks[size_t(n)];
        const int row = nodeFirstRow[size_t(n)] + int(std::lower_bound(ranks.cbegin(), ranks.cend(), e.rank) - ranks.cbegin());
        const double t = double(e.timeMs) / 1000.0;
        double &first = c.rowFirst[size_t(row)];
        double &last = c.rowLast[size_t(row)];
        first = std::isnan(first) ? t : std::min(first, t);
        last = std::isnan(last) ? t : std::max(last, t);
        if (e.kind == Event::Kind::ProcessStart || e.kind == Event::Kind::LastLine)
            continue;
        const bool fingerprint = e.kind == Event::Kind::Fingerprint && e.fingerprint >= 0 && e.fingerprint < in.fingerprints.size();
        const ChainStep::Role role = m_result ? m_result->eventRoles.value(i, ChainStep::Role::Context)
                                              : (fingerprint && in.fingerprints.at(e.fingerprint).role == ingest::FingerprintSpec::Role::Collateral
                                                     ? ChainStep::Role::Collateral
                                                     : ChainStep::Role::Context);
        const int category = fingerprint ? fingerprintCategory[size_t(e.fingerprint)]
                                         : (e.kind == Event::Kind::Fingerprint ? other : lifecycle);
        const int severity = fingerprint ? fingerprintSeverity[size_t(e.fingerprint)] : 0;
        PlotEvent p;
        p.t = t;
        p.row = row;
        p.index = int(i);
        p.role = quint8(role);
        p.category = quint8(category);
        p.importance = quint8((RoleCount - 1 - int(role)) * 4 + severity);
        c.events.push_back(p);
        ++c.categoryCounts[category];
        if (role == ChainStep::Role::Initiating && std::isnan(initiatingTime))
            initiatingTime = t;
    }
    // IngestResult::events is sorted by time; this only guards the bucketing's assumption.
    auto byTime = [](const PlotEvent &a, const PlotEvent &b) { return a.t < b.t; };
    if (!std::is_sorted(c.events.cbegin(), c.events.cend(), byTime))
        std::stable_sort(c.events.begin(), c.events.end(), byTime);
    for (size_t r = 0; r < c.rowFirst.size(); ++r) {
        if (!std::isnan(c.rowFirst[r])) {
            c.fullLower = std::isnan(c.fullLower) ? c.rowFirst[r] : std::min(c.fullLower, c.rowFirst[r]);
            c.fullUpper = std::isnan(c.fullUpper) ? c.rowLast[r] : std::max(c.fullUpper, c.rowLast[r]);
        }
    }

    // The chain: a line from the initiating failure to the first collateral event of each rank.
    if (m_result && !std::isnan(initiatingTime)) {
        const auto origin = std::find_if(c.events.cbegin(), c.events.cend(),
                                         [](const PlotEvent &e) { return e.role == quint8(ChainStep::Role::Initiating); });
        for (const ChainStep &s : m_result->verdict.chain) {
            if (s.role != ChainStep::Role::Collateral || s.evidence.timeMs == NoTime || c.links.size() >= MaxLinks)
                continue;
            const int row = c.rowOf(s.evidence.node, s.evidence.rank);
            if (row < 0)
                continue;
            auto *line = new QCPItemLine(&c);
            line->start->setCoords(origin->t, origin->row);
            line->end->setCoords(double(s.evidence.timeMs) / 1000.0, row);
            line->setHead(QCPLineEnding::esSpikeArrow);
            c.links.append(line);
        }
        applyColours(); // the links' pens
    }
    c.ticker->origin = std::isnan(initiatingTime) ? (c.events.empty() ? 0 : c.events.front().t) : initiatingTime;
    const int plotted = int(c.events.size());
    const QLocale locale;
    // Short, so that it fits beside the buttons at 1366 px; the tooltip says the rest.
    m_info->setText(untimed ? tr("%1 events, %2 untimed").arg(locale.toString(plotted), locale.toString(untimed))
                            : tr("%1 events").arg(locale.toString(plotted)));
    m_info->setToolTip(untimed ? tr("%1 events plotted; %2 events have no time of their own or inferred, and are not shown on the time axis (they are in the log view)")
                                     .arg(locale.toString(plotted), locale.toString(untimed))
                               : QString());
    rebuildFilterMenu();
    applyFilters();
    resetZoom();
}

} // namespace rankscope::ui
