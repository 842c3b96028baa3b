// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "logtextarea.h"

#include "linehighlighter.h"
#include "themes.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QTextLayout>
#include <QToolTip>

#include <climits>

using namespace Qt::StringLiterals;
using rankscope::ingest::LineSeverity;

namespace rankscope::ui {

namespace {

quint64 refKey(SourceRef ref) { return (quint64(ref.file) << 40) | quint64(ref.line); }

QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

int roleStrength(LogMark::Role r)
{
    switch (r) {
    case LogMark::Role::Initiating: return 3;
    case LogMark::Role::Collateral: return 2;
    case LogMark::Role::Context: break;
    }
    return 1;
}

QString roleName(LogMark::Role r)
{
    switch (r) {
    case LogMark::Role::Initiating: return QCoreApplication::translate("LogTextArea", "Initiating failure");
    case LogMark::Role::Collateral: return QCoreApplication::translate("LogTextArea", "Collateral");
    case LogMark::Role::Context: break;
    }
    return QCoreApplication::translate("LogTextArea", "Context");
}

// Mark colours: hue carries the role, lightness follows the palette so both themes read.
QColor markColour(LogMark::Role r, const QPalette &pal)
{
    const bool dark = Themes::isDark(pal);
    switch (r) {
    case LogMark::Role::Initiating: return QColor::fromHsl(2, 200, dark ? 150 : 110);
    case LogMark::Role::Collateral: return QColor::fromHsl(36, 220, dark ? 140 : 100);
    case LogMark::Role::Context: break;
    }
    return mix(pal.color(QPalette::Text), pal.color(QPalette::Base), 0.45);
}

QString humanSize(qint64 n)
{
    if (n >= (1 << 20))
        return QCoreApplication::translate("LogTextArea", "%1 MiB").arg(double(n) / double(1 << 20), 0, 'f', 1);
    if (n >= 1024)
        return QCoreApplication::translate("LogTextArea", "%1 KiB").arg(double(n) / 1024.0, 0, 'f', 1);
    return QCoreApplication::translate("LogTextArea", "%1 bytes").arg(n);
}

} // namespace

struct LogTextArea::Line
{
    AnsiText text;
    qsizetype rawBytes = 0;
    SourceRef origin;
    int rank = -1;
    QString node;
    ingest::IdentitySource rankFrom = ingest::IdentitySource::None;
    ingest::IdentitySource nodeFrom = ingest::IdentitySource::None;
    LineSeverity severity = LineSeverity::Info;
    std::unique_ptr<QTextLayout> layout;
    int layoutWidth = 0; // the wrap width the layout was made for; 0: not wrapped
    qreal width = 0;
    int matchGeneration = -1;
    QList<std::pair<int, int>> matches; // (start, length) of the search pattern
};

LogTextArea::LogTextArea(QWidget *parent)
    : QAbstractScrollArea(parent)
{
    setObjectName(u"logTextArea"_s);
    setFocusPolicy(Qt::StrongFocus);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    viewport()->setCursor(Qt::IBeamCursor);
    viewport()->setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setAccessibleName(tr("Log lines"));
    setAccessibleDescription(tr("The log file's lines. Arrow keys move the current line, Enter follows it, Ctrl+C copies."));
    updateMetrics();
}

LogTextArea::~LogTextArea() = default;

void LogTextArea::setSource(ingest::LineSourcePtr source, std::shared_ptr<const ingest::LineAttribution> attribution)
{
    const SourceRef keep = currentOrigin();
    m_source = std::move(source);
    m_attribution = std::move(attribution);
    invalidateLines();
    clearSelection();
    m_matchRow = -1;
    m_maxLineNumber = 1;
    m_maxRank = m_attribution && m_attribution->result() && !m_attribution->result()->job.ranks.isEmpty()
                    ? m_attribution->result()->job.ranks.last()
                    : 9;
    if (m_source && m_attribution && m_attribution->result()) {
        for (FileId id : m_source->files()) {
            if (const auto *f = m_attribution->result()->file(id))
                m_maxLineNumber = std::max(m_maxLineNumber, f->lines);
        }
    } else if (m_source) {
        m_maxLineNumber = m_source->lineCount();
    }
    updateMetrics();
    m_first = 0;
    m_hscroll = 0;
    m_widest = 0;
    m_current = -1;
    const qint64 n = rowCount();
    if (n > 0) {
        qint64 row = keep.isValid() ? m_source->rowOf(keep) : 0;
        if (row < 0)
            row = 0;
        m_current = row;
        updateScrollBars();
        setCurrentRow(row, Scroll::Center);
        Q_EMIT currentRowChanged(m_current);
    } else {
        updateScrollBars();
        Q_EMIT currentRowChanged(-1);
    }
    viewport()->update();
}

void LogTextArea::setHighlighter(std::unique_ptr<LineHighlighter> highlighter)
{
    m_highlighter = std::move(highlighter);
    if (m_highlighter)
        m_highlighter->setPalette(palette());
    invalidateLines();
    viewport()->update();
}

void LogTextArea::setPlaceholderText(const QString &text)
{
    m_placeholder = text;
    viewport()->update();
}

void LogTextArea::setMarks(const QList<LogMark> &marks)
{
    m_marks.clear();
    for (const LogMark &m : marks) {
        const quint64 k = refKey(m.source);
        auto it = m_marks.find(k);
        if (it == m_marks.end()) {
            m_marks.insert(k, m);
        } else {
            if (roleStrength(m.role) > roleStrength(it->role))
                it->role = m.role;
            if (!m.tooltip.isEmpty())
                it->tooltip += (it->tooltip.isEmpty() ? QString() : u"\n"_s) + m.tooltip;
        }
    }
    viewport()->update();
}

const LogMark *LogTextArea::markAt(qint64 row) const
{
    if (!m_source || m_marks.isEmpty())
        return nullptr;
    const SourceRef o = m_source->origin(row);
    if (!o.isValid())
        return nullptr;
    auto it = m_marks.constFind(refKey(o));
    return it == m_marks.cend() ? nullptr : &it.value();
}

void LogTextArea::setSearchPattern(const QRegularExpression &re)
{
    m_search = re;
    ++m_searchGeneration;
    viewport()->update();
}

void LogTextArea::setCurrentMatch(qint64 row, int start, int length)
{
    m_matchRow = row;
    m_matchStart = start;
    m_matchLength = length;
    if (row >= 0) {
        setCurrentRow(row, Scroll::IfNeeded);
        // Bring the match into view horizontally as well.
        if (Line *l = line(row)) {
            QTextLayout *layout = layoutFor(*l);
            if (layout->lineCount() > 0) {
                const int x = int(layout->lineAt(0).cursorToX(std::min<int>(start, int(l->text.text.size()))));
                const int w = viewport()->width() - textLeft() - 8;
                if (x < m_hscroll || x > m_hscroll + w)
                    horizontalScrollBar()->setValue(std::max(0, x - w / 3));
            }
        }
    }
    viewport()->update();
}

SourceRef LogTextArea::currentOrigin() const
{
    return m_source && m_current >= 0 ? m_source->origin(m_current) : SourceRef{};
}

qint64 LogTextArea::rowCount() const
{
    return m_source ? m_source->lineCount() : 0;
}

int LogTextArea::visibleRowCount() const
{
    return std::max(1, viewport()->height() / std::max(1, m_lineHeight));
}

void LogTextArea::setCurrentRow(qint64 row, Scroll scroll)
{
    const qint64 n = rowCount();
    if (n == 0)
        return;
    row = std::clamp<qint64>(row, 0, n - 1);
    const bool changed = row != m_current;
    m_current = row;
    const int h = viewport()->height();
    if (scroll == Scroll::Center)
        setFirstRow(firstRowFitting(row, (h + rowHeight(row)) / 2));
    else if (row < m_first)
        setFirstRow(row);
    else if (firstRowFitting(row, h) > m_first)
        setFirstRow(firstRowFitting(row, h));
    viewport()->update();
    if (changed)
        Q_EMIT currentRowChanged(m_current);
}

int LogTextArea::rowHeight(qint64 row)
{
    if (!m_wrap)
        return m_lineHeight;
    Line *l = line(row);
    return l ? rowHeight(*l) : m_lineHeight;
}

int LogTextArea::rowHeight(Line &l)
{
    if (!m_wrap)
        return m_lineHeight;
    return std::max(1, layoutFor(l)->lineCount()) * m_lineHeight;
}

int LogTextArea::wrapWidth() const
{
    return std::max(16 * m_charWidth, viewport()->width() - textLeft() - m_charWidth);
}

qint64 LogTextArea::firstRowFitting(qint64 row, int height)
{
    if (!m_wrap)
        return row - std::max(1, height / std::max(1, m_lineHeight)) + 1;
    qint64 first = row;
    int used = rowHeight(row);
    while (first > 0) {
        const int above = rowHeight(first - 1);
        if (used + above > height)
            break;
        used += above;
        --first;
    }
    return first;
}

qint64 LogTextArea::maxFirstRow()
{
    const qint64 n = rowCount();
    if (n == 0)
        return 0;
    return std::max<qint64>(0, firstRowFitting(n - 1, viewport()->height()));
}

qint64 LogTextArea::rowAtY(int y, int *lineInRow)
{
    *lineInRow = 0;
    const qint64 n = rowCount();
    if (n == 0)
        return -1;
    if (y < 0) // above the view (drag selection): one line per row is close enough
        return std::clamp<qint64>(m_first - 1 - (-y) / m_lineHeight, 0, n - 1);
    if (!m_wrap)
        return std::clamp<qint64>(m_first + y / m_lineHeight, 0, n - 1);
    int top = 0;
    for (qint64 row = m_first; row < n; ++row) {
        const int rh = rowHeight(row);
        if (y < top + rh) {
            *lineInRow = (y - top) / m_lineHeight;
            return row;
        }
        top += rh;
    }
    return n - 1;
}

void LogTextArea::setWrap(bool wrap)
{
    if (wrap == m_wrap)
        return;
    // The line at the top stays at the top; the current line, if it was in view, stays in view.
    const bool currentShown = m_current >= m_first && m_current < m_first + visibleRowCount();
    const qint64 top = m_first;
    m_wrap = wrap;
    m_hscroll = 0;
    setHorizontalScrollBarPolicy(wrap ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded);
    updateScrollBars();
    m_first = -1; // so that setFirstRow() below always syncs the scroll bar
    setFirstRow(top);
    if (currentShown)
        setCurrentRow(m_current);
    viewport()->update();
}

void LogTextArea::setFirstRow(qint64 row)
{
    row = std::clamp<qint64>(row, 0, maxFirstRow());
    if (row == m_first)
        return;
    m_first = row;
    m_syncingScrollBars = true;
    verticalScrollBar()->setValue(int(m_first / m_rowsPerStep));
    m_syncingScrollBars = false;
    viewport()->update();
}

qint64 LogTextArea::rowAt(const QPoint &p) const
{
    if (p.y() < 0)
        return -1;
    if (!m_wrap) {
        const qint64 row = m_first + p.y() / std::max(1, m_lineHeight);
        return (row >= 0 && row < rowCount()) ? row : -1;
    }
    // Wrapped rows have their own heights, which laying them out (the line cache) decides.
    int lineInRow = 0;
    const qint64 row = const_cast<LogTextArea *>(this)->rowAtY(p.y(), &lineInRow);
    return row;
}

int LogTextArea::textLeft() const
{
    return m_markWidth + m_numberWidth + m_rankWidth + 8;
}

void LogTextArea::updateMetrics()
{
    const QFontMetrics fm(font());
    m_lineHeight = fm.height() + 2;
    m_ascent = fm.ascent() + 1;
    m_charWidth = std::max(1, fm.horizontalAdvance(u'0'));
    m_markWidth = m_lineHeight;
    const int digits = int(QString::number(std::max<qint64>(m_maxLineNumber, 999)).size());
    m_numberWidth = m_charWidth * digits + 10;
    // "r12345 <node>": as wide as the longest node name of the incident needs, within reason.
    int nodeChars = 10;
    if (m_attribution && m_attribution->result()) {
        for (const QString &n : m_attribution->result()->job.nodes)
            nodeChars = std::max(nodeChars, int(n.size()));
    }
    const int rankChars = int(QString::number(std::max<qint64>(9, m_maxRank)).size()) + 2;
    m_rankWidth = m_charWidth * (rankChars + std::min(nodeChars, 40) + 1) + 8;
    updateScrollBars();
}

void LogTextArea::updateScrollBars()
{
    const qint64 visible = visibleRowCount();
    const qint64 maxFirst = maxFirstRow();
    m_rowsPerStep = std::max<qint64>(1, (maxFirst + INT_MAX - 1) / INT_MAX);
    m_syncingScrollBars = true;
    QScrollBar *v = verticalScrollBar();
    v->setRange(0, int(maxFirst / m_rowsPerStep));
    v->setPageStep(int(std::max<qint64>(1, visible / m_rowsPerStep)));
    v->setSingleStep(1);
    v->setValue(int(m_first / m_rowsPerStep));
    QScrollBar *h = horizontalScrollBar();
    const int textWidth = std::max(0, viewport()->width() - textLeft());
    h->setRange(0, m_wrap ? 0 : std::max(0, int(m_widest) + 4 * m_charWidth - textWidth));
    h->setPageStep(std::max(1, textWidth));
    h->setSingleStep(m_charWidth * 2);
    m_syncingScrollBars = false;
}

void LogTextArea::scrollContentsBy(int, int)
{
    if (m_syncingScrollBars)
        return;
    const qint64 v = verticalScrollBar()->value();
    m_first = std::clamp<qint64>(v * m_rowsPerStep, 0, maxFirstRow());
    m_hscroll = m_wrap ? 0 : horizontalScrollBar()->value();
    viewport()->update();
}

void LogTextArea::invalidateLines()
{
    m_cache.clear();
}

void LogTextArea::fetch(qint64 first, qint64 last)
{
    if (!m_source)
        return;
    const qint64 n = rowCount();
    first = std::max<qint64>(0, first);
    last = std::min(last, n - 1);
    if (last < first)
        return;
    const QByteArrayList raw = m_source->lines(first, last - first + 1);
    for (qsizetype i = 0; i < raw.size(); ++i) {
        const qint64 row = first + i;
        if (m_cache.contains(row))
            continue;
        auto l = std::make_shared<Line>();
        const QByteArray &bytes = raw.at(i);
        l->text = AnsiText::decode(bytes, DisplayCap);
        l->rawBytes = bytes.size();
        l->origin = m_source->origin(row);
        if (m_attribution) {
            const ingest::LineAttribution::Identity id = m_attribution->identity(bytes, l->origin);
            l->rank = id.rank;
            l->node = id.node;
            l->rankFrom = id.rankFrom;
            l->nodeFrom = id.nodeFrom;
            l->severity = m_attribution->severity(bytes, l->origin);
        }
        m_cache.insert(row, std::move(l));
    }
}

LogTextArea::Line *LogTextArea::line(qint64 row)
{
    if (row < 0 || row >= rowCount())
        return nullptr;
    auto it = m_cache.constFind(row);
    if (it == m_cache.cend()) {
        // Read a screen around the row at once: scrolling then mostly hits the cache.
        const qint64 visible = visibleRowCount();
        fetch(row - visible, row + 2 * visible);
        it = m_cache.constFind(row);
        if (it == m_cache.cend()) {
            // The source returned less than it promised (file shrank): show an empty line.
            auto l = std::make_shared<Line>();
            l->origin = m_source->origin(row);
            it = m_cache.insert(row, std::move(l));
        }
    }
    return it->get();
}

void LogTextArea::trimCache()
{
    const qint64 visible = visibleRowCount();
    if (m_cache.size() <= 8 * visible + 64)
        return;
    const qint64 lo = m_first - 2 * visible;
    const qint64 hi = m_first + 3 * visible;
    for (auto it = m_cache.begin(); it != m_cache.end();) {
        if (it.key() < lo || it.key() > hi)
            it = m_cache.erase(it);
        else
            ++it;
    }
}

QTextLayout *LogTextArea::layoutFor(Line &l)
{
    const int lineWidth = m_wrap ? wrapWidth() : 0;
    if (l.layout && l.layoutWidth == lineWidth)
        return l.layout.get();
    auto layout = std::make_unique<QTextLayout>(l.text.text, font());
    QTextOption opt;
    opt.setWrapMode(m_wrap ? QTextOption::WrapAtWordBoundaryOrAnywhere : QTextOption::NoWrap);
    opt.setTabStopDistance(8.0 * m_charWidth);
    layout->setTextOption(opt);
    QList<QTextLayout::FormatRange> formats;
    if (m_highlighter)
        formats = m_highlighter->highlight(l.text.text);
    // ANSI colours are what the program itself asked for: they win over the highlighter.
    formats += l.text.formats(palette());
    layout->setFormats(formats);
    layout->setCacheEnabled(true);
    layout->beginLayout();
    for (int k = 0;; ++k) {
        QTextLine tl = layout->createLine();
        if (!tl.isValid())
            break;
        tl.setLeadingIncluded(true);
        if (!m_wrap)
            break;
        // Every wrapped line gets the row height, so wrapped and single rows share one grid.
        tl.setLineWidth(lineWidth);
        tl.setPosition(QPointF(0, qreal(k) * m_lineHeight));
    }
    layout->endLayout();
    qreal width = 0; // known once the layout is done
    for (int k = 0; k < layout->lineCount(); ++k)
        width = std::max(width, layout->lineAt(k).naturalTextWidth());
    l.width = width;
    l.layoutWidth = lineWidth;
    l.layout = std::move(layout);
    return l.layout.get();
}

void LogTextArea::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    const QPalette &pal = palette();
    const QColor base = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    const QColor muted = mix(text, base, 0.5);
    const QColor gutterBg = mix(pal.color(QPalette::Window), base, 0.35);
    const QColor currentBg = mix(base, pal.color(QPalette::Highlight), Themes::isDark(pal) ? 0.28 : 0.16);
    const QColor initiatingBg = mix(base, markColour(LogMark::Role::Initiating, pal), 0.14);
    const QColor matchBg = mix(base, QColor::fromHsl(50, 230, 128), Themes::isDark(pal) ? 0.45 : 0.6);
    const int w = viewport()->width();
    const int h = viewport()->height();
    p.fillRect(QRect(0, 0, w, h), base);

    const int gutterRight = m_markWidth + m_numberWidth + m_rankWidth;
    p.fillRect(QRect(0, 0, gutterRight, h), gutterBg);
    p.setPen(mix(text, base, 0.8));
    p.drawLine(gutterRight, 0, gutterRight, h);

    const qint64 n = rowCount();
    if (n == 0) {
        p.setPen(pal.color(QPalette::PlaceholderText));
        p.drawText(QRect(gutterRight + 8, 0, w - gutterRight - 16, h), Qt::AlignCenter | Qt::TextWordWrap,
                   m_placeholder.isEmpty() ? tr("No log open") : m_placeholder);
        m_lastPaintedFirst = -1;
        return;
    }

    m_lastPaintedFirst = m_first;
    const int rows = h / m_lineHeight + 2; // at most: wrapped rows are taller
    const qint64 last = std::min(n - 1, m_first + rows - 1);
    if (!m_cache.contains(m_first) || !m_cache.contains(last))
        fetch(m_first - rows / 2, last + rows / 2);
    const Pos selA = std::min(m_anchor, m_cursor);
    const Pos selB = std::max(m_anchor, m_cursor);
    const bool selection = hasSelection();
    const int tx = textLeft();
    QFont small = font();
    small.setPointSizeF(std::max(6.0, font().pointSizeF() * 0.85));
    qreal widest = m_widest;

    int y = 0;
    int currentY = -1;
    int currentHeight = m_lineHeight;
    for (qint64 row = m_first; row <= last && y < h; y += rowHeight(row), ++row) {
        Line *l = line(row);
        if (!l)
            break;
        const int rh = rowHeight(*l);
        if (row == m_current) {
            currentY = y;
            currentHeight = rh;
        }
        const QRect rowRect(gutterRight + 1, y, w - gutterRight - 1, rh);
        const LogMark *mark = markAt(row);
        if (row == m_current)
            p.fillRect(rowRect, currentBg);
        else if (mark && mark->role == LogMark::Role::Initiating)
            p.fillRect(rowRect, initiatingBg);

        // Text.
        QTextLayout *layout = layoutFor(*l);
        widest = std::max(widest, l->width);
        QList<QTextLayout::FormatRange> overlays;
        if (!m_search.pattern().isEmpty() && m_search.isValid()) {
            if (l->matchGeneration != m_searchGeneration) {
                l->matches.clear();
                auto it = m_search.globalMatch(l->text.text);
                while (it.hasNext() && l->matches.size() < 256) {
                    const auto m = it.next();
                    if (m.capturedLength() > 0)
                        l->matches.append({int(m.capturedStart()), int(m.capturedLength())});
                }
                l->matchGeneration = m_searchGeneration;
            }
            for (const auto &[s, len] : std::as_const(l->matches)) {
                QTextLayout::FormatRange r{s, len, {}};
                r.format.setBackground(matchBg);
                overlays.append(r);
            }
        }
        if (row == m_matchRow && m_matchLength > 0) {
            QTextLayout::FormatRange r{m_matchStart, m_matchLength, {}};
            r.format.setBackground(pal.color(QPalette::Highlight));
            r.format.setForeground(pal.color(QPalette::HighlightedText));
            overlays.append(r);
        }
        if (selection && row >= selA.row && row <= selB.row) {
            const int s = row == selA.row ? selA.col : 0;
            const int e = row == selB.row ? std::min<int>(selB.col, int(l->text.text.size())) : int(l->text.text.size());
            if (e > s) {
                QTextLayout::FormatRange r{s, e - s, {}};
                r.format.setBackground(pal.color(QPalette::Highlight));
                r.format.setForeground(pal.color(QPalette::HighlightedText));
                overlays.append(r);
            } else if (row != selB.row || selB.col > 0) {
                // An empty line inside the selection: a small block so the selection reads as continuous.
                p.fillRect(QRect(tx - m_hscroll, y, m_charWidth / 2, m_lineHeight), pal.color(QPalette::Highlight));
            }
        }
        p.save();
        p.setClipRect(QRect(tx - 2, y, w - tx + 2, rh));
        p.setPen(text);
        layout->draw(&p, QPointF(tx - m_hscroll, y + 1), overlays);
        if (l->text.cut) {
            // The cut marker: a pill after the shown text saying how much was left out.
            const QString label = l->rawBytes >= (1 << 20) ? tr("cut, line over %1").arg(humanSize(l->rawBytes))
                                                           : tr("cut, %1 in all").arg(humanSize(l->rawBytes));
            p.setFont(small);
            const QFontMetrics sfm(small);
            const int lw = sfm.horizontalAdvance(label) + 12;
            // After the last shown character: the end of the last wrapped line when wrapping.
            const QTextLine lastLine = layout->lineAt(std::max(0, layout->lineCount() - 1));
            const qreal endX = m_wrap && lastLine.isValid() ? lastLine.naturalTextWidth() : l->width;
            const int endY = y + rh - m_lineHeight;
            const QRectF pill(tx - m_hscroll + endX + 6, endY + 1.5, lw, m_lineHeight - 3);
            p.setPen(QPen(muted, 1));
            p.setBrush(mix(base, muted, 0.2));
            p.drawRoundedRect(pill, 4, 4);
            p.setPen(text);
            p.drawText(pill, Qt::AlignCenter, u"\u2026 "_s + label);
            p.setFont(font());
            widest = std::max(widest, l->width + 6 + lw);
        }
        p.restore();

        // Gutter: mark, line number, rank / node.
        if (mark) {
            const QColor c = markColour(mark->role, pal);
            const qreal cx = m_markWidth / 2.0;
            const qreal cy = y + m_lineHeight / 2.0;
            const qreal r = m_lineHeight * 0.32;
            p.save();
            p.setRenderHint(QPainter::Antialiasing);
            switch (mark->role) {
            case LogMark::Role::Initiating: {
                // Filled diamond with an outline in the text colour: the one that started it.
                QPainterPath d;
                d.moveTo(cx, cy - r * 1.25);
                d.lineTo(cx + r * 1.25, cy);
                d.lineTo(cx, cy + r * 1.25);
                d.lineTo(cx - r * 1.25, cy);
                d.closeSubpath();
                p.setPen(QPen(text, 1));
                p.setBrush(c);
                p.drawPath(d);
                break;
            }
            case LogMark::Role::Collateral:
                // Hollow ring: damage that followed.
                p.setPen(QPen(c, std::max(1.5, r * 0.45)));
                p.setBrush(Qt::NoBrush);
                p.drawEllipse(QPointF(cx, cy), r * 0.85, r * 0.85);
                break;
            case LogMark::Role::Context:
                // Short vertical bar: background information.
                p.setPen(Qt::NoPen);
                p.setBrush(c);
                p.drawRect(QRectF(cx - 1.5, cy - r, 3, 2 * r));
                break;
            }
            p.restore();
        }
        p.setPen(row == m_current ? text : muted);
        p.drawText(QRect(m_markWidth, y, m_numberWidth - 6, m_lineHeight), Qt::AlignRight | Qt::AlignVCenter,
                   QString::number(l->origin.line));
        if (l->rank >= 0 || !l->node.isEmpty()) {
            QString who = l->rank >= 0 ? u"r"_s + QString::number(l->rank) : QString();
            if (!l->node.isEmpty())
                who += (who.isEmpty() ? QString() : u" "_s) + l->node;
            p.setPen(muted);
            p.drawText(QRect(m_markWidth + m_numberWidth + 2, y, m_rankWidth - 6, m_lineHeight), Qt::AlignLeft | Qt::AlignVCenter,
                       QFontMetrics(font()).elidedText(who, Qt::ElideRight, m_rankWidth - 6));
        }
        // A severity tick on the gutter edge (shape: length, not colour alone).
        if (l->severity >= LineSeverity::Warning) {
            const QColor c = l->severity >= LineSeverity::Error ? markColour(LogMark::Role::Initiating, pal)
                                                                : markColour(LogMark::Role::Collateral, pal);
            const int len = l->severity >= LineSeverity::Error ? m_lineHeight - 2 : m_lineHeight / 2;
            p.fillRect(QRect(gutterRight - 3, y + (m_lineHeight - len) / 2, 3, len), c);
        }
    }
    if (hasFocus() && currentY >= 0) {
        // Focus frame around the current line for keyboard users.
        p.setPen(QPen(pal.color(QPalette::Highlight), 1, Qt::DotLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRect(gutterRight + 1, currentY, w - gutterRight - 2, currentHeight - 1));
    }
    if (widest > m_widest + 0.5) {
        m_widest = widest;
        updateScrollBars();
    }
    trimCache();
}

void LogTextArea::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    // layoutFor() redoes a wrapped layout whose width no longer fits; nothing to drop here.
    updateScrollBars();
    setFirstRow(m_first);
    // A horizontal scroll bar that appears (a long line came into view) shortens the viewport:
    // the current line, often the evidence line at the end of a file, stays whole in view.
    if (m_current >= 0 && m_current >= m_first + visibleRowCount())
        setFirstRow(m_current - visibleRowCount() + 1);
}

void LogTextArea::moveCurrent(qint64 row, Qt::KeyboardModifiers mods)
{
    if (rowCount() == 0)
        return;
    row = std::clamp<qint64>(row, 0, rowCount() - 1);
    if (mods & Qt::ShiftModifier) {
        if (!hasSelection())
            m_anchor = {m_current, 0};
        m_cursor = {row + (row >= m_anchor.row ? 1 : 0), 0};
    } else {
        clearSelection();
    }
    setCurrentRow(row, Scroll::IfNeeded);
}

void LogTextArea::keyPressEvent(QKeyEvent *event)
{
    if (event->matches(QKeySequence::Copy)) {
        copy();
        return;
    }
    if (event->matches(QKeySequence::SelectAll)) {
        selectRows(0, rowCount() - 1);
        return;
    }
    const qint64 page = std::max(1, visibleRowCount() - 1);
    const auto mods = event->modifiers();
    switch (event->key()) {
    case Qt::Key_Up: moveCurrent(m_current - 1, mods); return;
    case Qt::Key_Down: moveCurrent(m_current + 1, mods); return;
    case Qt::Key_PageUp:
        setFirstRow(m_first - page);
        moveCurrent(m_current - page, mods);
        return;
    case Qt::Key_PageDown:
        setFirstRow(m_first + page);
        moveCurrent(m_current + page, mods);
        return;
    case Qt::Key_Home:
        if (mods & Qt::ControlModifier)
            moveCurrent(0, mods);
        horizontalScrollBar()->setValue(0);
        return;
    case Qt::Key_End:
        if (mods & Qt::ControlModifier)
            moveCurrent(rowCount() - 1, mods);
        else
            horizontalScrollBar()->setValue(horizontalScrollBar()->maximum());
        return;
    case Qt::Key_Left: horizontalScrollBar()->setValue(horizontalScrollBar()->value() - 4 * m_charWidth); return;
    case Qt::Key_Right: horizontalScrollBar()->setValue(horizontalScrollBar()->value() + 4 * m_charWidth); return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_current >= 0)
            Q_EMIT rowActivated(m_current);
        return;
    default: break;
    }
    QAbstractScrollArea::keyPressEvent(event);
}

LogTextArea::Pos LogTextArea::posAt(const QPoint &pt)
{
    const qint64 n = rowCount();
    if (n == 0)
        return {};
    int lineInRow = 0;
    const qint64 row = rowAtY(pt.y(), &lineInRow);
    Line *l = line(row);
    int col = 0;
    if (l) {
        QTextLayout *layout = layoutFor(*l);
        if (layout->lineCount() > 0)
            col = layout->lineAt(std::min(lineInRow, layout->lineCount() - 1)).xToCursor(pt.x() - textLeft() + m_hscroll);
    }
    return {row, std::max(0, col)};
}

void LogTextArea::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || rowCount() == 0) {
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    const QPoint pt = event->position().toPoint();
    const Pos pos = posAt(pt);
    if (pt.x() < textLeft()) {
        // The gutter selects whole lines.
        if (event->modifiers() & Qt::ShiftModifier && m_anchor.row >= 0)
            m_cursor = {pos.row + (pos.row >= m_anchor.row ? 1 : 0), 0};
        else
            selectRows(pos.row, pos.row);
    } else if (event->modifiers() & Qt::ShiftModifier && m_anchor.row >= 0) {
        m_cursor = pos;
    } else {
        m_anchor = m_cursor = pos;
    }
    m_selecting = true;
    m_lastMouse = pt;
    setCurrentRow(pos.row, Scroll::IfNeeded);
    viewport()->update();
}

void LogTextArea::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_selecting) {
        const bool inText = event->position().x() >= textLeft();
        viewport()->setCursor(inText ? Qt::IBeamCursor : Qt::ArrowCursor);
        QAbstractScrollArea::mouseMoveEvent(event);
        return;
    }
    m_lastMouse = event->position().toPoint();
    if (m_lastMouse.x() < textLeft() && m_anchor.col == 0) {
        const Pos p = posAt(m_lastMouse);
        m_cursor = {p.row + (p.row >= m_anchor.row ? 1 : 0), 0};
    } else {
        m_cursor = posAt(m_lastMouse);
    }
    if (m_lastMouse.y() < 0 || m_lastMouse.y() > viewport()->height()) {
        if (!m_autoScroll.isActive())
            m_autoScroll.start(40, this);
    } else {
        m_autoScroll.stop();
    }
    viewport()->update();
}

void LogTextArea::mouseReleaseEvent(QMouseEvent *event)
{
    m_selecting = false;
    m_autoScroll.stop();
    QAbstractScrollArea::mouseReleaseEvent(event);
}

void LogTextArea::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        const qint64 row = rowAt(event->position().toPoint());
        if (row >= 0) {
            setCurrentRow(row);
            Q_EMIT rowActivated(row);
        }
        return;
    }
    QAbstractScrollArea::mouseDoubleClickEvent(event);
}

void LogTextArea::timerEvent(QTimerEvent *event)
{
    if (event->timerId() != m_autoScroll.timerId()) {
        QAbstractScrollArea::timerEvent(event);
        return;
    }
    const int y = m_lastMouse.y();
    const int over = y < 0 ? y : y - viewport()->height();
    const qint64 step = std::clamp<qint64>(over / std::max(1, m_lineHeight / 2), -50, 50);
    if (step == 0)
        return;
    setFirstRow(m_first + step);
    m_cursor = posAt(m_lastMouse);
    viewport()->update();
}

void LogTextArea::wheelEvent(QWheelEvent *event)
{
    const bool horizontal = event->modifiers() & Qt::ShiftModifier || std::abs(event->angleDelta().x()) > std::abs(event->angleDelta().y());
    if (horizontal) {
        const int dx = event->pixelDelta().isNull() ? -(event->angleDelta().x() + event->angleDelta().y()) / 120 * m_charWidth * 6
                                                    : -(event->pixelDelta().x() + event->pixelDelta().y());
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() + dx);
        event->accept();
        return;
    }
    // Touchpads send pixels, wheels send eighths of a degree; both accumulate into whole rows.
    if (!event->pixelDelta().isNull())
        m_wheelRows -= double(event->pixelDelta().y()) / m_lineHeight;
    else
        m_wheelRows -= double(event->angleDelta().y()) / 120.0 * QApplication::wheelScrollLines();
    const qint64 whole = qint64(m_wheelRows);
    if (whole != 0) {
        m_wheelRows -= double(whole);
        setFirstRow(m_first + whole);
    }
    event->accept();
}

void LogTextArea::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange) {
        // Highlighting theme and ANSI colours follow the palette; lay the lines out again.
        if (m_highlighter)
            m_highlighter->setPalette(palette());
        invalidateLines();
        viewport()->update();
    } else if (event->type() == QEvent::FontChange) {
        invalidateLines();
        updateMetrics();
        m_widest = 0;
        viewport()->update();
    }
    QAbstractScrollArea::changeEvent(event);
}

bool LogTextArea::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const qint64 row = rowAt(help->pos());
        Line *l = row >= 0 ? line(row) : nullptr;
        QString tip;
        if (l) {
            const int x = help->pos().x();
            const auto *f = m_attribution && m_attribution->result() ? m_attribution->result()->file(l->origin.file) : nullptr;
            if (x < m_markWidth) {
                if (const LogMark *m = markAt(row))
                    tip = u"<b>"_s + roleName(m->role).toHtmlEscaped() + u"</b>"_s
                          + (m->tooltip.isEmpty() ? QString() : u"<br>"_s + m->tooltip.toHtmlEscaped().replace(u'\n', u"<br>"_s));
            } else if (x < m_markWidth + m_numberWidth) {
                tip = tr("%1, line %2").arg(f ? f->path : tr("line"), QString::number(l->origin.line));
            } else if (x < textLeft()) {
                // Who wrote the line, and what says so: the ingest's joins are visible here.
                QStringList parts;
                if (l->rank >= 0)
                    parts << tr("Rank %1 <i>(%2)</i>").arg(l->rank).arg(ingest::identitySourceName(l->rankFrom).toHtmlEscaped());
                if (!l->node.isEmpty()) {
                    const QStringList pods = m_attribution && m_attribution->result() ? m_attribution->result()->aliasesOf(l->node) : QStringList();
                    parts << tr("node %1%2 <i>(%3)</i>")
                                 .arg(l->node.toHtmlEscaped(),
                                      pods.isEmpty() ? QString() : tr(", pod %1").arg(pods.join(u", "_s).toHtmlEscaped()),
                                      ingest::identitySourceName(l->nodeFrom).toHtmlEscaped());
                }
                if (!parts.isEmpty()) {
                    tip = parts.join(tr(" on "));
                    tip[0] = tip.at(0).toUpper();
                }
            } else if (l->text.cut && x - textLeft() + m_hscroll > l->width) {
                tip = tr("This line is %1 long; only the first %2 characters are shown. Copy the line to get all of it "
                         "(up to 1 MiB).")
                          .arg(humanSize(l->rawBytes))
                          .arg(DisplayCap);
            }
        }
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void LogTextArea::focusInEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusInEvent(event);
    viewport()->update();
}

void LogTextArea::focusOutEvent(QFocusEvent *event)
{
    QAbstractScrollArea::focusOutEvent(event);
    viewport()->update();
}

QString LogTextArea::displayText(qint64 row)
{
    Line *l = line(row);
    return l ? l->text.text : QString();
}

bool LogTextArea::hasSelection() const
{
    return m_anchor.row >= 0 && m_cursor.row >= 0 && !(m_anchor == m_cursor);
}

void LogTextArea::selectRows(qint64 first, qint64 last)
{
    if (rowCount() == 0 || last < first)
        return;
    m_anchor = {first, 0};
    m_cursor = {last + 1, 0}; // up to the start of the row after: whole lines
    viewport()->update();
}

void LogTextArea::clearSelection()
{
    m_anchor = m_cursor = Pos{};
    viewport()->update();
}

QString LogTextArea::selectedText() const
{
    if (!hasSelection() || !m_source)
        return {};
    const Pos a = std::min(m_anchor, m_cursor);
    Pos b = std::max(m_anchor, m_cursor);
    const qint64 n = rowCount();
    qint64 lastRow = b.row;
    if (lastRow >= n || (b.col == 0 && b.row > a.row))
        lastRow = std::min(n, b.row) - 1; // whole lines up to the row before
    lastRow = std::min(lastRow, a.row + MaxCopyRows - 1);
    const QByteArrayList raw = m_source->lines(a.row, lastRow - a.row + 1);
    QStringList out;
    for (qsizetype i = 0; i < raw.size(); ++i) {
        const qint64 row = a.row + i;
        QString t = AnsiText::decode(raw.at(i)).text;
        int start = row == a.row ? a.col : 0;
        if (row == b.row && b.col < DisplayCap)
            t.truncate(b.col);
        out.append(t.mid(std::min<qsizetype>(start, t.size())));
    }
    QString text = out.join(u'\n');
    if (lastRow < b.row && b.col == 0 && b.row > a.row)
        text += u'\n';
    return text;
}

void LogTextArea::copy()
{
    QString text = selectedText();
    if (text.isEmpty() && m_source && m_current >= 0)
        text = AnsiText::decode(m_source->lines(m_current, 1).value(0)).text;
    if (!text.isEmpty())
        QGuiApplication::clipboard()->setText(text);
}

} // namespace rankscope::ui
