// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "timelineimage.h"

#include "redactor.h"

#include <QBuffer>
#include <QDateTime>
#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>
#include <QTimeZone>
#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

using namespace Qt::StringLiterals;

namespace rankscope::render {

using Timeline = report::IncidentReport::Timeline;

namespace {

// The workbench timeline's role colours (ui/timeline/timelineplot.cpp), on a print palette.
const QColor InitiatingColour(0xd3, 0x2f, 0x2f);
const QColor CollateralColour(0xef, 0x8f, 0x3a);
const QColor ContextColour(0x8a, 0x90, 0x96);
const QColor SpanColour(0xb8, 0xbd, 0xc2);
const QColor BandColour(0xf3, 0xf4, 0xf5);
const QColor TextColour(0x23, 0x26, 0x29);
const QColor GridColour(0xe3, 0xe6, 0xe9);

constexpr int LegendHeight = 26;
constexpr int AxisHeight = 36;
constexpr int RightMargin = 18;
constexpr int LaneTarget = 16; // preferred lane height when the image grows with the lanes

// Records every string drawn, so that what reaches the pixels can be checked.
class LabelPainter
{
public:
    LabelPainter(QPainter &p, QStringList &labels)
        : m_p(p)
        , m_labels(labels)
    { }
    void text(const QRectF &rect, int flags, const QString &s)
    {
        m_labels.append(s);
        m_p.drawText(rect, flags, s);
    }
    void text(const QPointF &baseline, const QString &s)
    {
        m_labels.append(s);
        m_p.drawText(baseline, s);
    }

private:
    QPainter &m_p;
    QStringList &m_labels;
};

struct TickStep
{
    qint64 ms;
    const char16_t *format;
};

// A step that gives ticks about every `pixels` pixels.
TickStep tickStep(qint64 spanMs, double width, double pixels)
{
    static const std::array<TickStep, 22> steps { { { 1, u"hh:mm:ss.zzz" }, { 2, u"hh:mm:ss.zzz" },
        { 5, u"hh:mm:ss.zzz" }, { 10, u"hh:mm:ss.zzz" }, { 20, u"hh:mm:ss.zzz" }, { 50, u"hh:mm:ss.zzz" },
        { 100, u"hh:mm:ss.zzz" }, { 200, u"hh:mm:ss.zzz" }, { 500, u"hh:mm:ss.zzz" }, { 1000, u"hh:mm:ss" },
        { 2000, u"hh:mm:ss" }, { 5000, u"hh:mm:ss" }, { 10000, u"hh:mm:ss" }, { 15000, u"hh:mm:ss" },
        { 30000, u"hh:mm:ss" }, { 60000, u"hh:mm" }, { 120000, u"hh:mm" }, { 300000, u"hh:mm" }, { 600000, u"hh:mm" },
        { 1800000, u"hh:mm" }, { 3600000, u"hh:mm" }, { 6 * 3600000, u"MM-dd hh:mm" } } };
    const double wanted = double(spanMs) * pixels / std::max(1.0, width);
    for (const TickStep &s : steps) {
        if (double(s.ms) >= wanted)
            return s;
    }
    return { 86400000, u"MM-dd" };
}

QString utc(qint64 ms, const char16_t *format)
{
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(QString::fromUtf16(format));
}

QPainterPath star(QPointF c, double r)
{
    QPainterPath path;
    for (int i = 0; i < 10; ++i) {
        const double a = -std::numbers::pi / 2 + i * std::numbers::pi / 5;
        const double rr = i % 2 ? r * 0.45 : r;
        const QPointF p(c.x() + rr * std::cos(a), c.y() + rr * std::sin(a));
        if (i == 0)
            path.moveTo(p);
        else
            path.lineTo(p);
    }
    path.closeSubpath();
    return path;
}

QPainterPath triangle(QPointF c, double r)
{
    QPainterPath path;
    path.moveTo(c.x(), c.y() - r);
    path.lineTo(c.x() + r * 0.9, c.y() + r * 0.7);
    path.lineTo(c.x() - r * 0.9, c.y() + r * 0.7);
    path.closeSubpath();
    return path;
}

} // namespace

TimelineImage::Rendered TimelineImage::render(const Timeline &t, QSize size)
{
    Rendered out;
    const int width = std::max(320, size.width());
    QFont font(u"DejaVu Sans"_s);
    font.setPixelSize(11);
    QFont bold = font;
    bold.setBold(true);
    const QFontMetrics fm(font);
    const int lanes = int(t.lanes.size());
    const int height = size.height() > 0
        ? size.height()
        : std::clamp(LegendHeight + AxisHeight + lanes * LaneTarget, LegendHeight + AxisHeight + 120, 1800);

    out.image = QImage(width, height, QImage::Format_ARGB32_Premultiplied);
    out.image.fill(Qt::white);
    QPainter p(&out.image);
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    p.setFont(font);
    LabelPainter label(p, out.labels);

    if (t.isEmpty() || lanes == 0 || t.startMs == ingest::NoTime) {
        p.setPen(TextColour);
        label.text(QRectF(0, 0, width, height), Qt::AlignCenter, u"No timed events"_s);
        return out;
    }

    // Left margin: node and rank labels, within a third of the width.
    int nodeLabelWidth = 0;
    for (const Timeline::Lane &l : t.lanes)
        nodeLabelWidth = std::max(nodeLabelWidth, fm.horizontalAdvance(l.node.isEmpty() ? u"(no node)"_s : l.node));
    const int rankLabelWidth = fm.horizontalAdvance(u"r00000"_s);
    const int left = std::min(width / 3, nodeLabelWidth + rankLabelWidth + 16);
    const QRectF plot(left, LegendHeight, width - left - RightMargin, height - LegendHeight - AxisHeight);
    const double laneHeight = plot.height() / lanes;

    // A job that trained for hours and failed in seconds would put the whole incident in one
    // pixel column: then zoom to the failure (its events plus some context before and after).
    qint64 t0 = t.startMs, t1 = t.endMs;
    qint64 incidentFirst = ingest::NoTime, incidentLast = ingest::NoTime;
    for (const Timeline::Event &e : t.events) {
        if (e.role == u"context"_s)
            continue;
        incidentFirst = incidentFirst == ingest::NoTime ? e.timeMs : std::min(incidentFirst, e.timeMs);
        incidentLast = incidentLast == ingest::NoTime ? e.timeMs : std::max(incidentLast, e.timeMs);
    }
    bool zoomed = false;
    if (incidentFirst != ingest::NoTime) {
        const qint64 d = std::max<qint64>(incidentLast - incidentFirst, 10000);
        const qint64 lo = incidentFirst - 2 * d, hi = incidentLast + d;
        if (t1 - t0 > 5 * (hi - lo)) {
            t0 = std::max(t0, lo);
            t1 = std::min(t1, hi);
            zoomed = true;
        }
    }
    const qint64 windowFirst = t0, windowLast = t1;
    const auto inWindow = [&](qint64 ms) { return ms >= windowFirst && ms <= windowLast; };
    if (t1 <= t0) {
        t0 -= 1000;
        t1 += 1000;
    }
    const qint64 pad = std::max<qint64>(1, (t1 - t0) / 40);
    t0 -= pad;
    t1 += pad;
    const auto xOf = [&](qint64 ms) { return plot.left() + double(ms - t0) / double(t1 - t0) * plot.width(); };
    const auto yOf = [&](int lane) { return plot.top() + (lane + 0.5) * laneHeight; };

    // Legend and title.
    p.setPen(TextColour);
    p.setFont(bold);
    label.text(QPointF(8, 17), u"Ranks by node over time"_s);
    p.setFont(font);
    double lx = width - RightMargin;
    const std::array<std::pair<QString, QColor>, 3> legend { { { u"context"_s, ContextColour },
        { u"collateral"_s, CollateralColour }, { u"initiating"_s, InitiatingColour } } };
    for (const auto &[name, colour] : legend) {
        lx -= fm.horizontalAdvance(name);
        p.setPen(TextColour);
        label.text(QPointF(lx, 17), name);
        lx -= 14;
        p.setPen(Qt::NoPen);
        p.setBrush(colour);
        const QPointF c(lx + 5, 13);
        if (name == u"initiating"_s)
            p.drawPath(star(c, 6));
        else if (name == u"collateral"_s)
            p.drawPath(triangle(c, 5));
        else
            p.drawEllipse(c, 3, 3);
        lx -= 14;
    }

    // Node bands and labels; rank labels while lanes are tall enough to read.
    const bool rankLabels = laneHeight >= fm.height() - 2;
    double lastLabelBottom = -1;
    bool band = false;
    for (int first = 0; first < lanes;) {
        int last = first;
        while (last + 1 < lanes && t.lanes.at(last + 1).node == t.lanes.at(first).node)
            ++last;
        const QRectF group(0, plot.top() + first * laneHeight, width, (last - first + 1) * laneHeight);
        if (band)
            p.fillRect(QRectF(plot.left(), group.top(), plot.width(), group.height()), BandColour);
        band = !band;
        const QString node = t.lanes.at(first).node.isEmpty() ? u"(no node)"_s : t.lanes.at(first).node;
        const double cy = group.center().y();
        if (cy - fm.height() / 2.0 >= lastLabelBottom) {
            p.setPen(TextColour);
            p.setFont(bold);
            const QString shown = QFontMetrics(bold).elidedText(node, Qt::ElideMiddle, left - rankLabelWidth - 10);
            label.text(QRectF(6, cy - fm.height(), left - rankLabelWidth - 8, 2 * fm.height()),
                Qt::AlignLeft | Qt::AlignVCenter, shown);
            p.setFont(font);
            lastLabelBottom = cy + fm.height() / 2.0;
        }
        if (rankLabels) {
            p.setPen(ContextColour);
            for (int lane = first; lane <= last; ++lane) {
                const int rank = t.lanes.at(lane).rank;
                label.text(QRectF(left - rankLabelWidth - 6, yOf(lane) - laneHeight / 2, rankLabelWidth, laneHeight),
                    Qt::AlignRight | Qt::AlignVCenter, rank >= 0 ? u"r%1"_s.arg(rank) : u"node"_s);
            }
        }
        first = last + 1;
    }

    // Time axis: grid lines and UTC tick labels, the date in the caption.
    const TickStep step = tickStep(t1 - t0, plot.width(), 110);
    p.setPen(QPen(GridColour, 1));
    const qint64 firstTick = (t0 / step.ms + 1) * step.ms;
    QList<qint64> ticks;
    for (qint64 tick = firstTick; tick < t1 && ticks.size() < 200; tick += step.ms)
        ticks.append(tick);
    for (qint64 tick : std::as_const(ticks))
        p.drawLine(QPointF(xOf(tick), plot.top()), QPointF(xOf(tick), plot.bottom()));
    p.setPen(QPen(TextColour, 1));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    for (qint64 tick : std::as_const(ticks)) {
        const double x = xOf(tick);
        p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 4));
        label.text(QRectF(x - 60, plot.bottom() + 5, 120, fm.height()), Qt::AlignHCenter | Qt::AlignTop,
            utc(tick, step.format));
    }
    label.text(QRectF(plot.left(), height - fm.height() - 2, plot.width(), fm.height()),
        Qt::AlignRight | Qt::AlignVCenter, u"time (UTC, "_s + utc(windowFirst, u"yyyy-MM-dd") + u')');

    // Active spans, then markers from least to most important.
    p.setPen(QPen(SpanColour, std::clamp(laneHeight / 4, 1.0, 2.5), Qt::SolidLine, Qt::RoundCap));
    for (int lane = 0; lane < lanes; ++lane) {
        const Timeline::Lane &l = t.lanes.at(lane);
        if (l.firstMs != ingest::NoTime && l.lastMs >= windowFirst && l.firstMs <= windowLast)
            p.drawLine(QPointF(xOf(std::max(l.firstMs, windowFirst)), yOf(lane)),
                QPointF(xOf(std::min(l.lastMs, windowLast)), yOf(lane)));
    }
    const double r = std::clamp(laneHeight * 0.32, 1.5, 4.0);
    p.setPen(Qt::NoPen);
    qsizetype outside = 0;
    for (const Timeline::Event &e : t.events)
        outside += !inWindow(e.timeMs);
    for (const Timeline::Event &e : t.events) {
        if (e.role == u"context"_s && inWindow(e.timeMs)) {
            p.setBrush(ContextColour);
            p.drawEllipse(QPointF(xOf(e.timeMs), yOf(e.lane)), r, r);
        }
    }
    p.setPen(QPen(CollateralColour.darker(125), 1));
    p.setBrush(CollateralColour);
    for (const Timeline::Event &e : t.events) {
        if (e.role == u"collateral"_s)
            p.drawPath(triangle(QPointF(xOf(e.timeMs), yOf(e.lane)), r * 1.6));
    }
    for (qsizetype i = 0; i < t.events.size(); ++i) {
        const Timeline::Event &e = t.events.at(i);
        if (e.role != u"initiating"_s)
            continue;
        const QPointF c(xOf(e.timeMs), yOf(e.lane));
        if (i == t.initiating) {
            QColor halo = InitiatingColour;
            halo.setAlpha(60);
            p.setPen(Qt::NoPen);
            p.setBrush(halo);
            p.drawEllipse(c, 15, 15);
        }
        p.setPen(QPen(InitiatingColour.darker(130), 1));
        p.setBrush(InitiatingColour);
        p.drawPath(star(c, i == t.initiating ? 8 : 5));
    }
    if (t.initiating >= 0) {
        const Timeline::Event &e = t.events.at(t.initiating);
        const Timeline::Lane &lane = t.lanes.at(e.lane);
        const QString text = (lane.rank >= 0 ? u"rank %1"_s.arg(lane.rank) : u"node"_s)
            + (lane.node.isEmpty() ? QString() : u" on "_s + lane.node) + u": "_s + e.label;
        const QString shown = QFontMetrics(bold).elidedText(text, Qt::ElideRight, int(plot.width() * 0.6));
        const int w = QFontMetrics(bold).horizontalAdvance(shown) + 10;
        const QPointF c(xOf(e.timeMs), yOf(e.lane));
        const bool toLeft = c.x() + 20 + w > plot.right();
        const double y = std::clamp(c.y() - 26, plot.top() + 2, plot.bottom() - fm.height() - 4);
        const QRectF box(toLeft ? c.x() - 20 - w : c.x() + 20, y, w, fm.height() + 4);
        p.setPen(QPen(InitiatingColour, 1));
        p.drawLine(c, QPointF(toLeft ? box.right() : box.left(), box.center().y()));
        p.setBrush(Qt::white);
        p.drawRect(box);
        p.setPen(InitiatingColour.darker(120));
        p.setFont(bold);
        label.text(box, Qt::AlignCenter, shown);
        p.setFont(font);
    }
    if (t.omitted > 0 || t.untimed > 0 || zoomed) {
        p.setPen(ContextColour);
        QStringList notes;
        if (zoomed)
            notes.append(u"zoomed to the failure: %1 events outside not drawn"_s.arg(outside));
        if (t.omitted)
            notes.append(u"%1 context events not drawn"_s.arg(t.omitted));
        if (t.untimed)
            notes.append(u"%1 events without a time"_s.arg(t.untimed));
        label.text(QRectF(plot.left(), height - fm.height() - 2, plot.width(), fm.height()),
            Qt::AlignLeft | Qt::AlignVCenter, notes.join(u"; "_s));
    }
    return out;
}

TimelineImage::Rendered TimelineImage::render(
    const analysis::AnalysisResult &result, const report::Redactor &redactor, QSize size, const kb::KnowledgeBase *kb)
{
    return render(report::IncidentReport::buildTimeline(result, kb, redactor), size);
}

QByteArray TimelineImage::toPng(const QImage &image)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return bytes;
}

} // namespace rankscope::render
