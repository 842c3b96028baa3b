// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timelineplot.h"

// NOTE: qcustomplot.h uses Qt's foreach; ui/CMakeLists.txt undefines QT_NO_FOREACH for this file.
#include <qcustomplot.h>

#include <QCheckBox>
#include <QElapsedTimer>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QToolTip>
#include <QVBoxLayout>

#include <map>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

using analysis::ChainStep;
using ingest::Event;
using ingest::NoTime;

namespace {

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

} // namespace

class TimelineCanvas : public QCustomPlot
{
public:
    explicit TimelineCanvas(QWidget *parent)
        : QCustomPlot(parent)
    {
        setMouseTracking(true);
    }

    struct Series
    {
        QCPGraph *graph = nullptr;
        QList<int> events; // event index per data point, in key order
    };
    Series spans, context, collateral, initiating, halo;
    QList<QCPAbstractItem *> links;
    QSharedPointer<JobTimeTicker> ticker;
    QList<int> rowRank;               // row -> rank
    QStringList rowNode;
    const ingest::IngestResult *ingest = nullptr;
    double lastReplot = 0;
    std::function<void(int)> onClick;

    // Nearest event marker within a few pixels of pos, or -1.
    int eventAt(const QPoint &pos) const
    {
        int best = -1;
        double bestDist = 8 * 8;
        for (const Series *s : {&initiating, &collateral, &context}) {
            if (!s->graph || !s->graph->visible())
                continue;
            const auto data = s->graph->data();
            int i = 0;
            for (auto it = data->constBegin(); it != data->constEnd(); ++it, ++i) {
                const double x = xAxis->coordToPixel(it->key);
                const double y = yAxis->coordToPixel(it->value);
                const double d = (x - pos.x()) * (x - pos.x()) + (y - pos.y()) * (y - pos.y());
                if (d < bestDist) {
                    bestDist = d;
                    best = s->events.value(i, -1);
                }
            }
        }
        return best;
    }

protected:
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
            const int ev = eventAt(e->pos());
            if (ev >= 0 && onClick)
                onClick(ev);
        }
    }
    void mouseMoveEvent(QMouseEvent *e) override
    {
        QCustomPlot::mouseMoveEvent(e);
        if (e->buttons() != Qt::NoButton || !ingest)
            return;
        const int ev = eventAt(e->pos());
        if (ev < 0) {
            QToolTip::hideText();
            return;
        }
        const Event &event = ingest->events.at(ev);
        const ingest::InputFile *f = ingest->file(event.source.file);
        QString entry = event.fingerprint >= 0 ? ingest->fingerprints.at(event.fingerprint).entryId : QString();
        QToolTip::showText(e->globalPosition().toPoint(),
                           u"<b>%1</b> rank %2 · %3<br><tt>%4:%5</tt><br>%6"_s.arg(entry.toHtmlEscaped())
                               .arg(event.rank)
                               .arg(event.node.toHtmlEscaped(), f ? f->path.toHtmlEscaped() : QString())
                               .arg(event.source.line)
                               .arg(event.text.left(240).toHtmlEscaped()),
                           this);
    }

private:
    QPoint m_pressPos;
};

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
    m_showCollateral = new QCheckBox(tr("Collateral"), this);
    m_showCollateral->setChecked(true);
    m_showCollateral->setToolTip(tr("Show the failures that followed the initiating one"));
    m_showContext = new QCheckBox(tr("Context"), this);
    m_showContext->setChecked(true);
    m_showContext->setToolTip(tr("Show informational events (versions, init, steps)"));
    auto *reset = new QPushButton(tr("Reset Zoom"), this);
    reset->setToolTip(tr("Show the whole incident (wheel zooms, drag pans, Shift+drag zooms into a rectangle)"));
    m_info = new QLabel(this);
    bar->addWidget(m_relative);
    bar->addWidget(m_showCollateral);
    bar->addWidget(m_showContext);
    bar->addWidget(reset);
    bar->addStretch(1);
    bar->addWidget(m_info);
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

    connect(m_relative, &QCheckBox::toggled, this, &TimelinePlot::setRelativeTime);
    connect(m_showCollateral, &QCheckBox::toggled, this, [this](bool on) {
        if (m_canvas->collateral.graph) {
            m_canvas->collateral.graph->setVisible(on);
            for (QCPAbstractItem *i : std::as_const(m_canvas->links))
                i->setVisible(on);
            m_canvas->replot(QCustomPlot::rpQueuedReplot);
        }
    });
    connect(m_showContext, &QCheckBox::toggled, this, [this](bool on) {
        if (m_canvas->context.graph) {
            m_canvas->context.graph->setVisible(on);
            m_canvas->replot(QCustomPlot::rpQueuedReplot);
        }
    });
    connect(reset, &QPushButton::clicked, this, &TimelinePlot::resetZoom);
    rebuild();
}

TimelinePlot::~TimelinePlot() = default;

QWidget *TimelinePlot::canvas() const
{
    return m_canvas;
}

void TimelinePlot::clear()
{
    m_ingest.reset();
    m_result.reset();
    rebuild();
}

void TimelinePlot::setIngest(const ingest::IngestResultPtr &ingest)
{
    m_ingest = ingest;
    m_result.reset();
    rebuild();
}

void TimelinePlot::setResult(const analysis::AnalysisResultPtr &result)
{
    m_result = result;
    m_ingest = result ? result->ingest : nullptr;
    rebuild();
}

void TimelinePlot::setRelativeTime(bool relative)
{
    m_canvas->ticker->relative = relative;
    if (m_relative->isChecked() != relative)
        m_relative->setChecked(relative);
    m_canvas->replot(QCustomPlot::rpQueuedReplot);
}

int TimelinePlot::plottedEvents() const
{
    int n = 0;
    for (const auto *s : {&m_canvas->context, &m_canvas->collateral, &m_canvas->initiating})
        n += s->graph ? s->graph->dataCount() : 0;
    return n;
}

double TimelinePlot::lastReplotMs() const
{
    return m_canvas->replotTime(false);
}

QPoint TimelinePlot::initiatingMarkerPosition() const
{
    const QCPGraph *g = m_canvas->initiating.graph;
    if (!g || g->dataCount() == 0)
        return {-1, -1};
    const auto it = g->data()->constBegin();
    return QPoint(int(m_canvas->xAxis->coordToPixel(it->key)), int(m_canvas->yAxis->coordToPixel(it->value)));
}

void TimelinePlot::resetZoom()
{
    m_canvas->rescaleAxes();
    // The incident, not the whole bundle: kernel logs reach back to boot, weeks earlier. Frame
    // the failure markers (and the ranks' lives around them) when there are any.
    QCPRange focus;
    bool found = false;
    for (const auto *series : {&m_canvas->initiating, &m_canvas->collateral}) {
        if (!series->graph || series->graph->dataCount() == 0)
            continue;
        bool ok = false;
        const QCPRange r = series->graph->getKeyRange(ok);
        if (ok) {
            focus = found ? QCPRange(std::min(focus.lower, r.lower), std::max(focus.upper, r.upper)) : r;
            found = true;
        }
    }
    if (found) {
        const double margin = std::max(60.0, focus.size() * 0.5);
        m_canvas->xAxis->setRange(focus.lower - margin, focus.upper + margin);
    }
    const QCPRange x = m_canvas->xAxis->range();
    const double pad = std::max(1.0, x.size() * 0.03);
    m_canvas->xAxis->setRange(x.lower - pad, x.upper + pad);
    m_canvas->yAxis->setRange(-1, std::max<double>(1.0, m_canvas->rowRank.size()));
    m_canvas->replot();
}

void TimelinePlot::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyColours();
    QWidget::changeEvent(event);
}

void TimelinePlot::applyColours()
{
    const QPalette pal = palette();
    const QColor fg = pal.color(QPalette::WindowText);
    const QColor grid = pal.color(QPalette::Mid);
    m_canvas->setBackground(pal.color(QPalette::Base));
    for (QCPAxis *a : {m_canvas->xAxis, m_canvas->yAxis}) {
        a->setBasePen(QPen(fg));
        a->setTickPen(QPen(fg));
        a->setSubTickPen(QPen(fg));
        a->setTickLabelColor(fg);
        a->setLabelColor(fg);
        a->grid()->setPen(QPen(grid, 0, Qt::DotLine));
    }
    m_canvas->replot(QCustomPlot::rpQueuedReplot);
}

void TimelinePlot::rebuild()
{
    TimelineCanvas &c = *m_canvas;
    c.clearGraphs();
    c.clearItems();
    c.links.clear();
    c.rowRank.clear();
    c.rowNode.clear();
    c.ingest = m_ingest.get();
    c.spans = c.context = c.collateral = c.initiating = c.halo = {};
    applyColours();
    if (!m_ingest) {
        m_info->setText(tr("No incident open"));
        c.replot();
        return;
    }
    const ingest::IngestResult &in = *m_ingest;

    // Rows: ranks grouped by node (nodes sorted, ranks sorted); events without a rank get a
    // row per node below its ranks ("node (kernel, launcher)").
    std::map<QString, std::map<int, int>> byNode; // node -> rank -> row (filled below)
    for (const Event &e : in.events) {
        if (e.kind != Event::Kind::Fact)
            byNode[e.node][e.rank] = 0;
    }
    // One label per rank only while rows are tall enough to read; otherwise one per node.
    int totalRows = 0;
    for (const auto &[node, ranks] : byNode)
        totalRows += int(ranks.size());
    const bool labelRanks = totalRows * 14 <= std::max(200, m_canvas->axisRect()->height());
    QHash<QString, QHash<int, int>> rowOf;
    QSharedPointer<QCPAxisTickerText> yTicker(new QCPAxisTickerText);
    int row = 0;
    bool band = false;
    const QColor bandColour = palette().color(QPalette::AlternateBase);
    for (const auto &[node, ranks] : byNode) {
        const int first = row;
        for (const auto &[rank, unused] : ranks) {
            Q_UNUSED(unused);
            rowOf[node][rank] = row;
            c.rowRank.append(rank);
            c.rowNode.append(node);
            if (labelRanks)
                yTicker->addTick(row, rank >= 0 ? u"%1  r%2"_s.arg(node).arg(rank) : u"%1  (node)"_s.arg(node.isEmpty() ? u"?"_s : node));
            ++row;
        }
        if (!labelRanks)
            yTicker->addTick((first + row - 1) / 2.0, u"%1 (%2)"_s.arg(node.isEmpty() ? u"?"_s : node).arg(ranks.size()));
        if (band) {
            auto *rect = new QCPItemRect(&c);
            rect->topLeft->setTypeX(QCPItemPosition::ptAxisRectRatio);
            rect->bottomRight->setTypeX(QCPItemPosition::ptAxisRectRatio);
            rect->topLeft->setCoords(0, row - 0.5);
            rect->bottomRight->setCoords(1, first - 0.5);
            rect->setPen(Qt::NoPen);
            rect->setBrush(bandColour);
            rect->setLayer(u"background"_s);
        }
        band = !band;
    }
    c.yAxis->setTicker(yTicker);
    c.yAxis->setRangeReversed(true);

    const QPalette pal = palette();
    auto makeGraph = [&](QCPScatterStyle style, const QString &name) {
        QCPGraph *g = c.addGraph();
        g->setName(name);
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(style);
        g->setAdaptiveSampling(true);
        return g;
    };
    const QColor muted = pal.color(QPalette::PlaceholderText);
    const QColor initiatingColour(0xd3, 0x2f, 0x2f);
    const QColor collateralColour(0xef, 0x8f, 0x3a);
    c.spans.graph = c.addGraph();
    c.spans.graph->setPen(QPen(muted, 2));
    c.spans.graph->setLineStyle(QCPGraph::lsLine);
    c.context.graph = makeGraph(QCPScatterStyle(QCPScatterStyle::ssDisc, muted, muted, 4), tr("context"));
    c.collateral.graph = makeGraph(QCPScatterStyle(QCPScatterStyle::ssTriangle, collateralColour.darker(120), collateralColour, 7), tr("collateral"));
    QColor haloColour = initiatingColour;
    haloColour.setAlpha(70);
    c.halo.graph = makeGraph(QCPScatterStyle(QCPScatterStyle::ssDisc, haloColour, haloColour, 30), tr("halo"));
    QCPScatterStyle star(QCPScatterStyle::ssStar, initiatingColour, 16);
    star.setPen(QPen(initiatingColour, 3));
    c.initiating.graph = makeGraph(star, tr("initiating"));

    // Lifecycle spans: first to last timed event of each row.
    std::map<int, std::pair<double, double>> span; // row -> (first, last)
    using Point = std::pair<double, int>;
    QList<Point> ctx, col, ini;
    int untimed = 0;
    double initiatingTime = std::numeric_limits<double>::quiet_NaN();
    for (int i = 0; i < in.events.size(); ++i) {
        const Event &e = in.events.at(i);
        if (e.kind == Event::Kind::Fact)
            continue; // versions are the matrix's, not moments of the incident
        if (e.timeMs == NoTime) {
            ++untimed;
            continue;
        }
        const int r = rowOf.value(e.node).value(e.rank, -1);
        const double t = double(e.timeMs) / 1000.0;
        auto it = span.find(r);
        if (it == span.end())
            span[r] = {t, t};
        else {
            it->second.first = std::min(it->second.first, t);
            it->second.second = std::max(it->second.second, t);
        }
        const ChainStep::Role role = m_result ? m_result->eventRoles.value(i, ChainStep::Role::Context)
                                              : (e.fingerprint >= 0 && in.fingerprints.at(e.fingerprint).role == ingest::FingerprintSpec::Role::Collateral
                                                     ? ChainStep::Role::Collateral
                                                     : ChainStep::Role::Context);
        if (e.kind == Event::Kind::ProcessStart || e.kind == Event::Kind::LastLine)
            continue;
        if (role == ChainStep::Role::Initiating) {
            ini.append({t, i});
            if (std::isnan(initiatingTime))
                initiatingTime = t;
        } else if (role == ChainStep::Role::Collateral) {
            col.append({t, i});
        } else {
            ctx.append({t, i});
        }
    }
    for (const auto &[r, se] : span) {
        c.spans.graph->addData(se.first, r);
        c.spans.graph->addData(se.second, r);
        c.spans.graph->addData(se.second + 1e-6, std::numeric_limits<double>::quiet_NaN());
    }
    auto fill = [&](TimelineCanvas::Series &s, QList<Point> pts) {
        std::sort(pts.begin(), pts.end());
        QVector<double> keys, values;
        for (const auto &[t, i] : pts) {
            keys.append(t);
            values.append(rowOf.value(in.events.at(i).node).value(in.events.at(i).rank));
            s.events.append(i);
        }
        s.graph->setData(keys, values, true);
    };
    fill(c.context, ctx);
    fill(c.collateral, col);
    fill(c.initiating, ini);
    c.halo.graph->setData(c.initiating.graph->data());
    c.halo.events = c.initiating.events;

    // The chain: a line from the initiating failure to the first collateral event of each rank.
    if (m_result && !ini.isEmpty()) {
        const Event &origin = in.events.at(ini.first().second);
        const double ox = double(origin.timeMs) / 1000.0, oy = rowOf.value(origin.node).value(origin.rank);
        for (const ChainStep &s : m_result->verdict.chain) {
            if (s.role != ChainStep::Role::Collateral || s.evidence.timeMs == NoTime || c.links.size() >= 64)
                continue;
            auto *line = new QCPItemLine(&c);
            line->start->setCoords(ox, oy);
            line->end->setCoords(double(s.evidence.timeMs) / 1000.0, rowOf.value(s.evidence.node).value(s.evidence.rank));
            QColor lc = collateralColour;
            lc.setAlpha(110);
            line->setPen(QPen(lc, 1, Qt::DashLine));
            line->setHead(QCPLineEnding::esSpikeArrow);
            c.links.append(line);
        }
    }
    c.ticker->origin = std::isnan(initiatingTime) ? (ctx.isEmpty() ? 0 : ctx.first().first) : initiatingTime;
    m_info->setText(untimed ? tr("%1 events plotted, %2 without a time not shown").arg(ctx.size() + col.size() + ini.size()).arg(untimed)
                            : tr("%1 events").arg(ctx.size() + col.size() + ini.size()));
    m_canvas->collateral.graph->setVisible(m_showCollateral->isChecked());
    m_canvas->context.graph->setVisible(m_showContext->isChecked());
    resetZoom();
}

} // namespace rankscope::ui
