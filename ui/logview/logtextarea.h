// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ansitext.h"
#include "linesource.h"
#include "logmark.h"

#include <QAbstractScrollArea>
#include <QBasicTimer>
#include <QHash>
#include <QRegularExpression>

#include <memory>

class QTextLayout;

namespace rankscope::ui {

class LineHighlighter;

// The raw-log pane (STYLE.md 13): a scroll area that reads and lays out only the rows it paints
// from a LineSource, so a multi-GB file scrolls as smoothly as a small one. The left gutter shows,
// per row, an evidence mark (shape by role), the file line number and the rank/node the line
// belongs to; the text shows ANSI colours (codes stripped), highlighting and find matches, and
// lines longer than DisplayCap are cut with a visible marker. Selection copies with Ctrl+C.
//
// Rows are the source's 0-based rows; the view never holds more than a few screens of lines.
class LogTextArea final : public QAbstractScrollArea
{
    Q_OBJECT
public:
    static constexpr int DisplayCap = 4096; // characters shown per line
    static constexpr qint64 MaxCopyRows = 200'000;

    explicit LogTextArea(QWidget *parent = nullptr);
    ~LogTextArea() override;

    // Keeps the current line when the new source contains it (e.g. a filter was applied).
    void setSource(ingest::LineSourcePtr source, std::shared_ptr<const ingest::LineAttribution> attribution);
    const ingest::LineSourcePtr &source() const { return m_source; }
    void setHighlighter(std::unique_ptr<LineHighlighter> highlighter);
    LineHighlighter *highlighter() const { return m_highlighter.get(); }
    // Shown instead of lines when there is no source (or an empty one).
    void setPlaceholderText(const QString &text);
    QString placeholderText() const { return m_placeholder; }

    void setMarks(const QList<LogMark> &marks);
    // The mark on that row's origin line (strongest role when several), or null.
    const LogMark *markAt(qint64 row) const;

    // Every match of re in the visible lines is highlighted; an empty pattern clears.
    void setSearchPattern(const QRegularExpression &re);
    // The match find went to, drawn like a selection; row < 0 clears.
    void setCurrentMatch(qint64 row, int start, int length);
    qint64 currentMatchRow() const { return m_matchRow; }
    int currentMatchColumn() const { return m_matchStart; }

    enum class Scroll { IfNeeded, Center };
    qint64 currentRow() const { return m_current; }
    rankscope::SourceRef currentOrigin() const;
    void setCurrentRow(qint64 row, Scroll scroll = Scroll::IfNeeded);
    qint64 firstVisibleRow() const { return m_first; }
    int visibleRowCount() const;
    // The first row of the last paintEvent, -1 before one; tests use it to see what was drawn.
    qint64 lastPaintedFirstRow() const { return m_lastPaintedFirst; }
    qint64 rowAt(const QPoint &viewportPos) const;
    int lineHeight() const { return m_lineHeight; }
    // Long lines wrap at the viewport's width instead of scrolling sideways. Rows stay the
    // source's lines: scrolling, find and selection still go by line; a wrapped line is taller.
    void setWrap(bool wrap);
    bool wrap() const { return m_wrap; }
    // The height a row takes on screen: one line height, or one per wrapped line.
    int rowHeight(qint64 row);

    // The shown text of a row (ANSI codes removed, cut at DisplayCap).
    QString displayText(qint64 row);
    bool hasSelection() const;
    QString selectedText() const;
    void selectRows(qint64 first, qint64 last);
    void clearSelection();
    // Copies the selection, or the current line when nothing is selected.
    void copy();

Q_SIGNALS:
    void currentRowChanged(qint64 row);
    // Double-click or Enter on a row.
    void rowActivated(qint64 row);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void keyPressEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void timerEvent(QTimerEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    struct Line;
    struct Pos
    {
        qint64 row = -1;
        int col = 0;
        friend bool operator==(const Pos &, const Pos &) = default;
        bool operator<(const Pos &o) const { return row != o.row ? row < o.row : col < o.col; }
    };

    Line *line(qint64 row);
    void fetch(qint64 first, qint64 last);
    void trimCache();
    void invalidateLines();
    QTextLayout *layoutFor(Line &l);
    void updateMetrics();
    void updateScrollBars();
    void setFirstRow(qint64 row);
    Pos posAt(const QPoint &viewportPos);
    int textLeft() const;
    qint64 rowCount() const;
    int rowHeight(Line &l);
    int wrapWidth() const;
    // The smallest first row with which rows first..row fit into height pixels (at least row).
    qint64 firstRowFitting(qint64 row, int height);
    qint64 maxFirstRow();
    // The row at a viewport y (clamped to the rows), and which of its wrapped lines is there.
    qint64 rowAtY(int y, int *lineInRow);
    void moveCurrent(qint64 row, Qt::KeyboardModifiers mods);

    ingest::LineSourcePtr m_source;
    std::shared_ptr<const ingest::LineAttribution> m_attribution;
    std::unique_ptr<LineHighlighter> m_highlighter;
    QString m_placeholder;

    QHash<qint64, std::shared_ptr<Line>> m_cache;
    QHash<quint64, LogMark> m_marks; // (file << 40 | line)

    QRegularExpression m_search;
    int m_searchGeneration = 0;
    qint64 m_matchRow = -1;
    int m_matchStart = 0;
    int m_matchLength = 0;

    qint64 m_first = 0;   // first visible row
    qint64 m_current = -1;
    qint64 m_lastPaintedFirst = -1;
    qint64 m_rowsPerStep = 1; // > 1 only past INT_MAX rows
    int m_hscroll = 0;
    qreal m_widest = 0;
    bool m_syncingScrollBars = false;
    bool m_wrap = false;
    double m_wheelRows = 0;

    Pos m_anchor;
    Pos m_cursor;
    bool m_selecting = false;
    QPoint m_lastMouse;
    QBasicTimer m_autoScroll;

    // Metrics (updated on font change).
    int m_lineHeight = 16;
    int m_ascent = 12;
    int m_charWidth = 8;
    int m_markWidth = 16;
    int m_numberWidth = 40;
    int m_rankWidth = 80;
    qint64 m_maxLineNumber = 1;
    qint64 m_maxRank = 9;       // the largest rank of the incident, for the rank column's width
};

} // namespace rankscope::ui
