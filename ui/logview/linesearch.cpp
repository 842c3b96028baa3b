// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "linesearch.h"

#include "ansitext.h"
#include "promiseprogress.h"

#include <QPromise>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <climits>
#include <optional>

namespace rankscope::ui {

QRegularExpression LineSearch::makePattern(const QString &text, bool regex, bool caseSensitive)
{
    QRegularExpression re(regex ? text : QRegularExpression::escape(text),
                          caseSensitive ? QRegularExpression::NoPatternOption : QRegularExpression::CaseInsensitiveOption);
    re.optimize();
    return re;
}

LineSearch::Hit LineSearch::find(const Request &req, const ProgressCallback &progress)
{
    Hit none;
    if (!req.source || !req.pattern.isValid() || req.pattern.pattern().isEmpty())
        return none;
    const qint64 n = req.source->lineCount();
    if (n == 0)
        return none;
    const qint64 start = std::clamp<qint64>(req.row, 0, n - 1);
    qint64 scanned = 0;

    // The first (forward) or last (backward) match in a line within [from, before).
    auto matchIn = [&](const QString &text, int from, int before) -> std::pair<int, int> {
        std::pair<int, int> found{-1, 0};
        auto it = req.pattern.globalMatch(text, std::max(0, req.forward ? from : 0));
        while (it.hasNext()) {
            const auto m = it.next();
            if (m.capturedLength() == 0)
                continue;
            const int s = int(m.capturedStart());
            if (s >= before)
                break;
            if (s < from)
                continue;
            found = {s, int(m.capturedLength())};
            if (req.forward)
                break;
        }
        return found;
    };

    // Rows [a, b] in the search direction; the start row is limited by the column on the first pass.
    auto scan = [&](qint64 a, qint64 b, bool firstPass, bool wrapped) -> std::optional<Hit> {
        const qint64 step = req.forward ? 1 : -1;
        qint64 row = req.forward ? a : b;
        while (req.forward ? row <= b : row >= a) {
            const qint64 blockFirst = req.forward ? row : std::max(a, row - BlockRows + 1);
            const qint64 blockLast = req.forward ? std::min(b, row + BlockRows - 1) : row;
            if (!reportProgress(progress, scanned, n))
                return Hit{};
            const QByteArrayList lines = req.source->lines(blockFirst, blockLast - blockFirst + 1);
            for (qint64 r = row; req.forward ? r <= blockLast : r >= blockFirst; r += step) {
                const qsizetype i = r - blockFirst;
                if (i >= lines.size())
                    continue;
                const QString text = AnsiText::decode(lines.at(i)).text;
                int from = 0;
                int before = INT_MAX;
                if (firstPass && r == start) {
                    if (req.forward)
                        from = req.column;
                    else
                        before = req.column;
                }
                const auto [s, len] = matchIn(text, from, before);
                if (s >= 0)
                    return Hit{r, s, len, wrapped};
            }
            scanned += blockLast - blockFirst + 1;
            row = req.forward ? blockLast + 1 : blockFirst - 1;
        }
        return std::nullopt;
    };

    std::optional<Hit> hit = req.forward ? scan(start, n - 1, true, false) : scan(0, start, true, false);
    if (!hit)
        hit = req.forward ? scan(0, start, false, true) : scan(start, n - 1, false, true);
    return hit.value_or(none);
}

QFuture<LineSearch::Hit> LineSearch::findAsync(Request request, QThreadPool *pool)
{
    auto job = [](QPromise<Hit> &promise, const Request &req) {
        promise.setProgressRange(0, 1000);
        const Hit hit = find(req, promiseProgress(promise));
        if (!promise.isCanceled())
            promise.addResult(hit);
    };
    return QtConcurrent::run(pool ? pool : QThreadPool::globalInstance(), job, std::move(request));
}

LineSearch::AllHits LineSearch::findAll(const QList<ingest::LineSourcePtr> &sources, const QRegularExpression &pattern,
                                        int maxHits, const ProgressCallback &progress)
{
    AllHits out;
    if (!pattern.isValid() || pattern.pattern().isEmpty())
        return out;
    qint64 totalRows = 0;
    for (const ingest::LineSourcePtr &s : sources)
        totalRows += s ? s->lineCount() : 0;
    qint64 scanned = 0;
    for (const ingest::LineSourcePtr &source : sources) {
        if (!source)
            continue;
        const qint64 n = source->lineCount();
        bool any = false;
        for (qint64 first = 0; first < n; first += BlockRows) {
            if (!reportProgress(progress, scanned, totalRows)) {
                out.cancelled = true;
                return out;
            }
            const QByteArrayList lines = source->lines(first, std::min<qint64>(BlockRows, n - first));
            for (qsizetype i = 0; i < lines.size(); ++i) {
                const QString text = AnsiText::decode(lines.at(i)).text;
                const QRegularExpressionMatch m = pattern.match(text);
                if (!m.hasMatch() || m.capturedLength() == 0)
                    continue;
                ++out.total;
                any = true;
                if (out.hits.size() < maxHits)
                    out.hits.append({source->origin(first + i), text.left(400), int(m.capturedStart()), int(m.capturedLength())});
            }
            scanned += lines.size();
        }
        out.sources += any ? 1 : 0;
    }
    return out;
}

QFuture<LineSearch::AllHits> LineSearch::findAllAsync(QList<ingest::LineSourcePtr> sources, QRegularExpression pattern, int maxHits,
                                                      QThreadPool *pool)
{
    auto job = [](QPromise<AllHits> &promise, const QList<ingest::LineSourcePtr> &srcs, const QRegularExpression &re, int cap) {
        promise.setProgressRange(0, 1000);
        AllHits hits = findAll(srcs, re, cap, promiseProgress(promise));
        if (!promise.isCanceled())
            promise.addResult(std::move(hits));
    };
    return QtConcurrent::run(pool ? pool : QThreadPool::globalInstance(), job, std::move(sources), std::move(pattern), maxHits);
}

} // namespace rankscope::ui
