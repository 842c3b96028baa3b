// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "linesource.h"

#include "ansicodes.h"
#include "archivewalker.h"
#include "filehandlepool.h"
#include "lineclaims.h"
#include "linecollector.h"
#include "lineprefix.h"
#include "linereader.h"
#include "membercache.h"
#include "promiseprogress.h"
#include "slurmlayout.h"
#include "timestampparser.h"

#include <QFile>
#include <QFileInfo>
#include <QPromise>
#include <QRegularExpression>
#include <QSet>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <limits>
#include <queue>

using namespace Qt::StringLiterals;

namespace rankscope::ingest {

namespace {

constexpr qint64 ScanBlockLines = 4096;
constexpr qint64 NoKey = std::numeric_limits<qint64>::max();

quint64 lineKey(SourceRef ref) { return (quint64(ref.file) << 40) | quint64(ref.line); }

QByteArrayList readIndexed(QFile &f, const QList<Checkpoint> &index, qint64 first, qint64 count, qsizetype maxBytes)
{
    auto it = std::upper_bound(index.cbegin(), index.cend(), first,
                               [](qint64 line, const Checkpoint &c) { return line < c.line; });
    Checkpoint start;
    if (it != index.cbegin())
        start = *std::prev(it);
    if (!f.seek(start.offset))
        return {};
    LineCollector c{start.line, first, first + count, maxBytes, {}, {}};
    QByteArray buf(1 << 16, Qt::Uninitialized);
    while (!c.done) {
        const qint64 n = f.read(buf.data(), buf.size());
        if (n <= 0)
            break;
        c.feed(buf.constData(), n);
    }
    c.finish();
    return c.out;
}

// Reads the given ascending rows of a source with few calls: rows closer than a gap share a read.
QList<QByteArray> readRows(const LineSource &source, const QList<qint64> &rows)
{
    QList<QByteArray> out;
    out.reserve(rows.size());
    qsizetype i = 0;
    while (i < rows.size()) {
        qsizetype j = i + 1;
        while (j < rows.size() && rows.at(j) - rows.at(j - 1) <= 256)
            ++j;
        const qint64 first = rows.at(i);
        const QByteArrayList span = source.lines(first, rows.at(j - 1) - first + 1);
        for (qsizetype k = i; k < j; ++k)
            out.append(span.value(rows.at(k) - first));
        i = j;
    }
    return out;
}

LineSeverity fromSpec(FingerprintSpec::Severity s)
{
    switch (s) {
    case FingerprintSpec::Severity::Fatal: return LineSeverity::Fatal;
    case FingerprintSpec::Severity::Error: return LineSeverity::Error;
    case FingerprintSpec::Severity::Warning: return LineSeverity::Warning;
    case FingerprintSpec::Severity::Info: break;
    }
    return LineSeverity::Info;
}

bool isUpper(char c) { return c >= 'A' && c <= 'Z'; }
bool isLetter(char c) { return isUpper(c) || (c >= 'a' && c <= 'z'); }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

// "...Error" as an exception name: letters before it, a separator or the end after it.
bool hasErrorName(QByteArrayView s)
{
    qsizetype from = 0;
    while (true) {
        const qsizetype i = s.indexOf("Error", from);
        if (i < 0)
            return false;
        const qsizetype after = i + 5;
        const bool namedBefore = i > 0 && isLetter(s.at(i - 1));
        const bool endAfter = after >= s.size() || s.at(after) == ':' || s.at(after) == ' ' || s.at(after) == '(';
        if (namedBefore && endAfter)
            return true;
        from = i + 1;
    }
}

} // namespace

// ------------------------------------------------------------------------------------------------

LineSource::~LineSource() = default;

QByteArrayList LineSource::lines(qint64 first, qint64 count) const
{
    const qint64 n = lineCount();
    if (first < 0) {
        count += first;
        first = 0;
    }
    count = std::min(count, n - first);
    if (count <= 0)
        return {};
    return readLines(first, count);
}

// ------------------------------------------------------------------------------------------------

FileLineSource::FileLineSource(FileId id, const InputFile &file)
    : FileLineSource(id, file, Options{})
{
}

FileLineSource::FileLineSource(FileId id, const InputFile &file, const Options &options)
    : m_id(id)
    , m_file(file)
    , m_options(options)
    , m_lines(file.lines)
{
}

FileLineSource::~FileLineSource()
{
    handles().release(this);
}

FileHandlePool &FileLineSource::handles() const
{
    return m_options.handles ? *m_options.handles : FileHandlePool::instance();
}

QString FileLineSource::defaultCacheDir()
{
    return MemberCache::defaultDir();
}

bool FileLineSource::needsDecoding() const
{
    return !LineReader::seekable(m_file);
}

bool FileLineSource::prepare(const ProgressCallback &progress) const
{
    QMutexLocker lock(&m_mutex);
    return prepareLocked(progress);
}

bool FileLineSource::isPrepared() const
{
    return m_prepared.load();
}

QString FileLineSource::errorString() const
{
    QMutexLocker lock(&m_mutex);
    return m_error;
}

QString FileLineSource::cachePath() const
{
    QMutexLocker lock(&m_mutex);
    return m_cachePath;
}

bool FileLineSource::prepareLocked(const ProgressCallback &progress) const
{
    if (m_prepared)
        return true;
    m_error.clear();
    if (LineReader::seekable(m_file)) {
        const std::shared_ptr<QFile> f = handles().acquire(this, m_file.diskPath, &m_error);
        if (!f || !unchangedSinceRead(*f))
            return false;
        m_readPath = m_file.diskPath;
        m_index = m_file.checkpoints;
        m_lines = m_file.lines;
        m_prepared = true;
        return true;
    }

    const MemberCache cache(m_options.cacheDir, m_options.cacheCapBytes);
    auto openCached = [this](const QString &path, const QList<Checkpoint> &index, qint64 lines) {
        if (!handles().acquire(this, path))
            return false;
        m_readPath = path;
        m_index = index;
        m_lines = lines;
        m_cachePath = path;
        m_prepared = true;
        return true;
    };

    // Already decoded (by the ingest's pass, by this or an earlier session): the text the ingest
    // indexed, byte for byte, so its index serves.
    if (const QString cached = cache.find(m_file.diskPath, m_file.member, m_file.bytes); !cached.isEmpty()) {
        if (openCached(cached, m_file.checkpoints, m_file.lines))
            return true;
    }

    QString why;
    const std::unique_ptr<MemberCache::Writer> part = cache.begin(m_file.diskPath, m_file.member, m_file.bytes, &why);
    if (!part) {
        // NOTE: over the cap or a full disk: correct but slow, every read streams the archive again.
        m_streamFallback = true;
        m_lines = m_file.lines;
        m_prepared = true;
        return true;
    }

    LineIndexer ix;
    bool cancelled = false;
    QString readError;
    const bool read = LineReader::stream(m_file, [&](QByteArrayView block) {
        if (!part->write(block))
            return false;
        ix.feed(block.data(), block.size());
        if (!reportProgress(progress, ix.offset, m_file.bytes)) {
            cancelled = true;
            return false;
        }
        return true;
    }, nullptr, &readError);
    if (cancelled) {
        m_error = u"cancelled"_s;
        return false;
    }
    if (!read || !part->commit()) {
        m_error = u"cannot decode %1: %2"_s.arg(m_file.path, !readError.isEmpty() ? readError : part->errorString());
        return false;
    }
    ix.finish();
    if (!openCached(cache.pathFor(m_file.diskPath, m_file.member), ix.index, ix.lines())) {
        m_error = u"cannot open the cache file %1"_s.arg(cache.pathFor(m_file.diskPath, m_file.member));
        return false;
    }
    return true;
}

qint64 FileLineSource::lineCount() const
{
    return m_lines.load();
}

SourceRef FileLineSource::origin(qint64 row) const
{
    if (row < 0 || row >= lineCount())
        return {};
    return {m_id, row + 1};
}

qint64 FileLineSource::rowOf(SourceRef ref) const
{
    if (ref.file != m_id)
        return -1;
    const qint64 n = lineCount();
    if (n == 0)
        return -1;
    return std::clamp<qint64>(ref.line - 1, 0, n - 1);
}

QByteArrayList FileLineSource::readLines(qint64 first, qint64 count) const
{
    QMutexLocker lock(&m_mutex);
    if (!prepareLocked({}))
        return {};
    if (m_streamFallback)
        return LineReader::read(m_file, first + 1, count, m_options.maxLineBytes);
    // Evicted since the last read (another source needed the descriptor): open it again.
    const std::shared_ptr<QFile> f = handles().acquire(this, m_readPath, &m_error);
    if (!f || (m_readPath == m_file.diskPath && !unchangedSinceRead(*f)))
        return {};
    return readIndexed(*f, m_index, first + 1, count, m_options.maxLineBytes);
}

// A plain file is read through the index the ingest made of it. Shorter, another file under
// its name, or the same size but modified since: its offsets would land mid-line or on other
// text and give wrong lines under right numbers, so it is refused with the reason. Longer is a
// live log that grew: the indexed lines are still where they were.
bool FileLineSource::unchangedSinceRead(QFile &f) const
{
    const QString why = FileIdentity::changeSince(m_file.identity, m_file.bytes, FileIdentity::of(f), f.size());
    if (why.isEmpty())
        return true;
    m_error = why + u"; open the incident again to read it anew"_s;
    return false;
}

// ------------------------------------------------------------------------------------------------

FilteredLineSource::FilteredLineSource(LineSourcePtr source, QList<Run> runs, qint64 count)
    : m_source(std::move(source))
    , m_runs(std::move(runs))
    , m_count(count)
{
}

FilteredLineSource::Ptr FilteredLineSource::build(LineSourcePtr source, const Predicate &accept, const ProgressCallback &progress)
{
    QList<Run> runs;
    qint64 count = 0;
    const qint64 n = source->lineCount();
    for (qint64 b = 0; b < n; b += ScanBlockLines) {
        if (!reportProgress(progress, b, n))
            return nullptr;
        const QByteArrayList block = source->lines(b, std::min(ScanBlockLines, n - b));
        for (qsizetype i = 0; i < block.size(); ++i) {
            const qint64 row = b + i;
            if (!accept(block.at(i), source->origin(row)))
                continue;
            const bool extends = !runs.isEmpty() && runs.last().first + (count - runs.last().row) == row;
            if (!extends)
                runs.append({count, row});
            ++count;
        }
    }
    if (!reportProgress(progress, n, n))
        return nullptr;
    runs.squeeze();
    return std::make_shared<const FilteredLineSource>(std::move(source), std::move(runs), count);
}

QFuture<FilteredLineSource::Ptr> FilteredLineSource::buildAsync(LineSourcePtr source, Predicate accept, QThreadPool *pool)
{
    auto job = [](QPromise<Ptr> &promise, const LineSourcePtr &src, const Predicate &pred) {
        promise.setProgressRange(0, 1000);
        Ptr result = build(src, pred, promiseProgress(promise));
        if (result) {
            promise.setProgressValue(1000);
            promise.addResult(std::move(result));
        }
    };
    return QtConcurrent::run(pool ? pool : QThreadPool::globalInstance(), job, std::move(source), std::move(accept));
}

qsizetype FilteredLineSource::runAt(qint64 row) const
{
    auto it = std::upper_bound(m_runs.cbegin(), m_runs.cend(), row, [](qint64 r, const Run &run) { return r < run.row; });
    return qsizetype(it - m_runs.cbegin()) - 1;
}

qint64 FilteredLineSource::sourceRow(qint64 row) const
{
    if (row < 0 || row >= m_count)
        return -1;
    const Run &run = m_runs.at(runAt(row));
    return run.first + (row - run.row);
}

SourceRef FilteredLineSource::origin(qint64 row) const
{
    const qint64 s = sourceRow(row);
    return s < 0 ? SourceRef{} : m_source->origin(s);
}

qint64 FilteredLineSource::rowOf(SourceRef ref) const
{
    const qint64 s = m_source->rowOf(ref);
    if (s < 0 || m_count == 0)
        return -1;
    // The last run starting at or before s.
    auto it = std::upper_bound(m_runs.cbegin(), m_runs.cend(), s, [](qint64 r, const Run &run) { return r < run.first; });
    if (it == m_runs.cbegin())
        return 0;
    const qsizetype i = qsizetype(it - m_runs.cbegin()) - 1;
    const Run &run = m_runs.at(i);
    const qint64 end = i + 1 < m_runs.size() ? m_runs.at(i + 1).row : m_count;
    if (s - run.first < end - run.row)
        return run.row + (s - run.first);
    return end < m_count ? end : m_count - 1;
}

QByteArrayList FilteredLineSource::readLines(qint64 first, qint64 count) const
{
    QList<qint64> rows;
    rows.reserve(count);
    qsizetype r = runAt(first);
    for (qint64 row = first; row < first + count; ++row) {
        while (r + 1 < m_runs.size() && m_runs.at(r + 1).row <= row)
            ++r;
        rows.append(m_runs.at(r).first + (row - m_runs.at(r).row));
    }
    return readRows(*m_source, rows);
}

// ------------------------------------------------------------------------------------------------

MergedLineSource::MergedLineSource(QList<std::shared_ptr<const FileLineSource>> sources, QList<Run> runs, qint64 count)
    : m_sources(std::move(sources))
    , m_runs(std::move(runs))
    , m_count(count)
{
    m_runsBySource.resize(m_sources.size());
    for (qsizetype i = 0; i < m_runs.size(); ++i)
        m_runsBySource[m_runs.at(i).source].append(i);
}

MergedLineSource::Ptr MergedLineSource::build(IngestResultPtr result, const QList<std::shared_ptr<const FileLineSource>> &sources,
                                              const ProgressCallback &progress)
{
    const LineAttribution attribution(result);
    struct Cursor
    {
        qint64 next = 0;       // next row to take
        qint64 lines = 0;
        qint64 blockStart = 0;
        QList<qint64> keys;    // keys of rows [blockStart, blockStart + keys.size())
        qint64 lastKey = NoKey;
    };
    const qsizetype k = sources.size();
    // Bounded memory for thousands of files: the key blocks shrink as the file count grows.
    const qint64 block = std::clamp<qint64>((qint64(4) << 20) / std::max<qsizetype>(k, 1), 64, ScanBlockLines);
    QList<Cursor> cursors(k);
    qint64 total = 0;
    for (qsizetype s = 0; s < k; ++s) {
        cursors[s].lines = sources.at(s)->lineCount();
        const qint64 first = sources.at(s)->file().firstTimeMs;
        cursors[s].lastKey = first == NoTime ? NoKey : first;
        total += cursors[s].lines;
    }
    auto fill = [&](qsizetype s) {
        Cursor &c = cursors[s];
        c.blockStart = c.next;
        c.keys.clear();
        const QByteArrayList lines = sources.at(s)->lines(c.next, std::min(block, c.lines - c.next));
        const FileId fid = sources.at(s)->fileId();
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const qint64 t = attribution.time(lines.at(i), {fid, c.next + i + 1});
            if (t != NoTime)
                c.lastKey = t;
            c.keys.append(c.lastKey);
        }
        if (lines.isEmpty())
            c.lines = c.next; // the file shrank or became unreadable: end it here
    };
    using Head = std::pair<qint64, qsizetype>; // (key, source)
    std::priority_queue<Head, std::vector<Head>, std::greater<>> heap;
    for (qsizetype s = 0; s < k; ++s) {
        if (cursors[s].lines > 0) {
            fill(s);
            if (!cursors[s].keys.isEmpty())
                heap.push({cursors[s].keys.first(), s});
        }
    }
    QList<Run> runs;
    qint64 count = 0;
    while (!heap.empty()) {
        const auto [key, s] = heap.top();
        heap.pop();
        Cursor &c = cursors[s];
        const bool extends = !runs.isEmpty() && runs.last().source == int(s)
                             && runs.last().first + (count - runs.last().row) == c.next;
        if (!extends)
            runs.append({count, c.next, key, int(s)});
        ++count;
        ++c.next;
        if (c.next < c.lines && c.next - c.blockStart >= c.keys.size()) {
            if (!reportProgress(progress, count, total))
                return nullptr;
            fill(s);
        }
        if (c.next < c.lines && c.next - c.blockStart < c.keys.size())
            heap.push({c.keys.at(c.next - c.blockStart), s});
    }
    if (!reportProgress(progress, total, total))
        return nullptr;
    runs.squeeze();
    return std::make_shared<const MergedLineSource>(sources, std::move(runs), count);
}

QFuture<MergedLineSource::Ptr> MergedLineSource::buildAsync(IngestResultPtr result, QList<std::shared_ptr<const FileLineSource>> sources,
                                                            QThreadPool *pool)
{
    auto job = [](QPromise<Ptr> &promise, const IngestResultPtr &r, const QList<std::shared_ptr<const FileLineSource>> &srcs) {
        promise.setProgressRange(0, 1000);
        Ptr merged = build(r, srcs, promiseProgress(promise));
        if (merged) {
            promise.setProgressValue(1000);
            promise.addResult(std::move(merged));
        }
    };
    return QtConcurrent::run(pool ? pool : QThreadPool::globalInstance(), job, std::move(result), std::move(sources));
}

qsizetype MergedLineSource::runAt(qint64 row) const
{
    auto it = std::upper_bound(m_runs.cbegin(), m_runs.cend(), row, [](qint64 r, const Run &run) { return r < run.row; });
    return qsizetype(it - m_runs.cbegin()) - 1;
}

SourceRef MergedLineSource::origin(qint64 row) const
{
    if (row < 0 || row >= m_count)
        return {};
    const Run &run = m_runs.at(runAt(row));
    return {m_sources.at(run.source)->fileId(), run.first + (row - run.row) + 1};
}

qint64 MergedLineSource::timeOf(qint64 row) const
{
    if (row < 0 || row >= m_count)
        return NoTime;
    const qint64 t = m_runs.at(runAt(row)).time;
    return t == NoKey ? NoTime : t;
}

QList<FileId> MergedLineSource::files() const
{
    QList<FileId> ids;
    for (const auto &s : m_sources)
        ids.append(s->fileId());
    return ids;
}

qint64 MergedLineSource::rowOf(SourceRef ref) const
{
    qsizetype s = -1;
    for (qsizetype i = 0; i < m_sources.size(); ++i) {
        if (m_sources.at(i)->fileId() == ref.file) {
            s = i;
            break;
        }
    }
    if (s < 0 || m_runsBySource.at(s).isEmpty())
        return -1;
    const QList<qsizetype> &mine = m_runsBySource.at(s);
    const qint64 line = ref.line - 1;
    auto it = std::upper_bound(mine.cbegin(), mine.cend(), line, [this](qint64 l, qsizetype run) { return l < m_runs.at(run).first; });
    if (it == mine.cbegin())
        return m_runs.at(mine.first()).row;
    const qsizetype ri = *std::prev(it);
    const Run &run = m_runs.at(ri);
    const qint64 length = (ri + 1 < m_runs.size() ? m_runs.at(ri + 1).row : m_count) - run.row;
    if (line - run.first < length)
        return run.row + (line - run.first);
    if (it != mine.cend())
        return m_runs.at(*it).row;
    return run.row + length - 1;
}

QByteArrayList MergedLineSource::readLines(qint64 first, qint64 count) const
{
    // Per source, the rows it contributes (ascending), read with few calls each.
    QList<QList<qint64>> wanted(m_sources.size());
    QList<std::pair<int, qsizetype>> slots; // (source, index into wanted[source]) per view row
    slots.reserve(count);
    qsizetype r = runAt(first);
    for (qint64 row = first; row < first + count; ++row) {
        while (r + 1 < m_runs.size() && m_runs.at(r + 1).row <= row)
            ++r;
        const Run &run = m_runs.at(r);
        slots.append({run.source, wanted[run.source].size()});
        wanted[run.source].append(run.first + (row - run.row));
    }
    QList<QList<QByteArray>> read(m_sources.size());
    for (qsizetype s = 0; s < m_sources.size(); ++s) {
        if (!wanted.at(s).isEmpty())
            read[s] = readRows(*m_sources.at(s), wanted.at(s));
    }
    QByteArrayList out;
    out.reserve(count);
    for (const auto &[s, i] : std::as_const(slots))
        out.append(read.at(s).value(i));
    return out;
}

// ------------------------------------------------------------------------------------------------

LineAttribution::LineAttribution(IngestResultPtr result)
    : m_result(std::move(result))
{
    if (!m_result)
        return;
    for (const NodeAlias &a : m_result->nodeAliases)
        m_alias.insert(a.alias, a);
    for (const Event &ev : m_result->events) {
        if (ev.kind == Event::Kind::Fingerprint || ev.kind == Event::Kind::Fact || ev.kind == Event::Kind::NcclInitComplete
            || ev.kind == Event::Kind::TrainingStep)
            m_eventIdentity.insert(lineKey(ev.source), {ev.rank, ev.node, ev.rankFrom, ev.nodeFrom});
        if (ev.timeMs != NoTime && !ev.timeInferred && ev.kind != Event::Kind::ProcessStart && ev.kind != Event::Kind::LastLine)
            m_eventTime.insert(lineKey(ev.source), ev.timeMs);
        if (ev.kind == Event::Kind::Fingerprint && ev.fingerprint >= 0 && ev.fingerprint < m_result->fingerprints.size()) {
            const LineSeverity s = fromSpec(m_result->fingerprints.at(ev.fingerprint).severity);
            LineSeverity &slot = m_eventSeverity[lineKey(ev.source)];
            slot = std::max(slot, s);
        }
    }
    for (const ClockOffset &co : m_result->clockOffsets)
        m_offsetMs.insert(co.node, qint64(co.seconds * 1000.0));
}

LineAttribution::Identity LineAttribution::identity(QByteArrayView raw, SourceRef origin) const
{
    if (const auto it = m_eventIdentity.constFind(lineKey(origin)); it != m_eventIdentity.cend())
        return *it;
    const InputFile *f = m_result ? m_result->file(origin.file) : nullptr;
    if (!f)
        return {};
    QByteArray scratch;
    const QByteArrayView line = AnsiCodes::without(raw, scratch);
    const LinePrefix prefix = LinePrefix::parse(line, f->bracketRanks);
    const LineClaims claims = LineClaims::of(prefix, line.sliced(prefix.contentOffset));
    // The ingest's own rule over its own tables; a result built by hand (tests) has none, and
    // then only the line and its file speak.
    static const IdentityRules none;
    Identity id = (m_result->identities ? *m_result->identities : none).identify(claims, *f, origin.file, origin.line);
    // The bundle's other names of a node, as the ingest applied them to its events.
    if (const auto a = m_alias.constFind(id.node); a != m_alias.cend()) {
        id.node = a->node;
        id.nodeFrom = a->kind == NodeAlias::Kind::Pod ? IdentitySource::PodPlacement : IdentitySource::Address;
    }
    return id;
}

LineSeverity LineAttribution::severity(QByteArrayView line, SourceRef origin) const
{
    const LineSeverity own = lineSeverity(line);
    return std::max(own, m_eventSeverity.value(lineKey(origin), LineSeverity::Info));
}

LineSeverity LineAttribution::lineSeverity(QByteArrayView raw)
{
    QByteArray scratch;
    const QByteArrayView line = AnsiCodes::without(raw, scratch);
    const LinePrefix prefix = LinePrefix::parse(line);
    QByteArrayView c = line.sliced(prefix.contentOffset);
    // glog "E0601 10:31:02.123456 ..." and c10 "[E601 10:31:02.123 file:line]" level letters.
    const QByteArrayView head = c.startsWith('[') ? c.sliced(1) : c;
    if (head.size() > 5 && isDigit(head.at(1)) && isDigit(head.at(2)) && isDigit(head.at(3))) {
        switch (head.at(0)) {
        case 'F': return LineSeverity::Fatal;
        case 'E': return LineSeverity::Error;
        case 'W': return LineSeverity::Warning;
        default: break;
        }
    }
    if (c.contains("FATAL") || c.contains("CRITICAL") || c.contains("Fatal Python error") || c.contains("Kernel panic"))
        return LineSeverity::Fatal;
    if (c.contains("ERROR") || c.contains("error:") || c.contains("Error:") || c.contains("Traceback (most recent call last)")
        || c.contains("FAILED") || c.contains("CANCELLED AT") || c.contains("Killed process") || c.contains("SIGKILL")
        || c.contains("SIGABRT") || c.contains("SIGSEGV") || c.contains("NVRM: Xid") || hasErrorName(c))
        return LineSeverity::Error;
    if (c.contains("WARN") || c.contains("Warning:") || c.contains("warning:") || c.contains("SIGTERM"))
        return LineSeverity::Warning;
    return LineSeverity::Info;
}

qint64 LineAttribution::time(QByteArrayView raw, SourceRef origin) const
{
    const auto ev = m_eventTime.constFind(lineKey(origin));
    if (ev != m_eventTime.cend())
        return ev.value();
    const InputFile *f = m_result ? m_result->file(origin.file) : nullptr;
    if (!f)
        return NoTime;
    QByteArray scratch;
    const QByteArrayView line = AnsiCodes::without(raw, scratch);
    const LinePrefix prefix = LinePrefix::parse(line, f->bracketRanks);
    const ParsedTime t = prefix.outerTime.isValid() ? prefix.outerTime : TimestampParser::parse(line.sliced(prefix.contentOffset));
    // Completed as the ingest completed its events: the same year, rollover and boot times.
    const qint64 ms = m_result->times.complete(t, f->node);
    if (ms == NoTime || m_offsetMs.isEmpty())
        return ms;
    // The clock offset of the node that wrote the line.
    return ms + m_offsetMs.value(this->node(raw, origin));
}

// ------------------------------------------------------------------------------------------------

FilteredLineSource::Predicate LineFilter::predicate(IngestResultPtr result) const
{
    auto attribution = std::make_shared<const LineAttribution>(std::move(result));
    const QSet<int> ranks(this->ranks.cbegin(), this->ranks.cend());
    const QSet<QString> nodes(this->nodes.cbegin(), this->nodes.cend());
    const LineSeverity minSeverity = this->minSeverity;
    return [attribution, ranks, nodes, minSeverity](QByteArrayView line, SourceRef origin) {
        if (minSeverity > LineSeverity::Info && attribution->severity(line, origin) < minSeverity)
            return false;
        if (ranks.isEmpty() && nodes.isEmpty())
            return true;
        const LineAttribution::Identity id = attribution->identity(line, origin); // one parse for both
        if (!ranks.isEmpty() && !ranks.contains(id.rank))
            return false;
        return nodes.isEmpty() || nodes.contains(id.node);
    };
}

std::optional<QList<int>> LineFilter::parseRanks(QStringView text, QString *error)
{
    QList<int> out;
    static const QRegularExpression item(uR"(^(\d{1,7})(?:\s*-\s*(\d{1,7}))?$)"_s);
    // Commas and blanks separate; a range's dash may have blanks around it.
    QString normalised = text.toString();
    normalised.replace(QRegularExpression(uR"(\s*-\s*)"_s), u"-"_s);
    const QStringList parts = normalised.split(QRegularExpression(uR"([,;\s]+)"_s), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        const QRegularExpressionMatch m = item.match(part);
        if (!m.hasMatch()) {
            if (error)
                *error = u"'%1' is not a rank or a range of ranks (write for example 16-23, 40)"_s.arg(part);
            return std::nullopt;
        }
        const qint64 from = m.captured(1).toLongLong();
        const qint64 to = m.capturedLength(2) > 0 ? m.captured(2).toLongLong() : from;
        if (to < from || to >= MaxWorldSize) {
            if (error)
                *error = to < from ? u"the range %1 runs backwards"_s.arg(part)
                                   : u"rank %1 is beyond any job (at most %2)"_s.arg(to).arg(MaxWorldSize - 1);
            return std::nullopt;
        }
        for (qint64 r = from; r <= to; ++r)
            out.append(int(r));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::optional<QStringList> LineFilter::parseNodes(QStringView text, QString *error)
{
    // Split at commas outside brackets: "gpu-0[1-4,7], login1".
    QStringList items;
    QString current;
    int depth = 0;
    for (QChar c : text) {
        if (c == u'[')
            ++depth;
        else if (c == u']')
            depth = std::max(0, depth - 1);
        if ((c == u',' || c.isSpace()) && depth == 0) {
            if (!current.isEmpty())
                items.append(std::exchange(current, QString()));
            continue;
        }
        current.append(c);
    }
    if (depth != 0) {
        if (error)
            *error = u"a '[' has no closing ']'"_s;
        return std::nullopt;
    }
    if (!current.isEmpty())
        items.append(current);
    QStringList out;
    for (const QString &i : std::as_const(items)) {
        if (!i.contains(u'[')) {
            if (!out.contains(i))
                out.append(i);
            continue;
        }
        const QStringList expanded = SlurmLayout::expandHostlist(i);
        if (expanded.isEmpty()) {
            if (error)
                *error = u"'%1' is not a host list (write for example gpu-0[1-4])"_s.arg(i);
            return std::nullopt;
        }
        for (const QString &n : expanded) {
            if (!out.contains(n))
                out.append(n);
        }
    }
    return out;
}

QString LineFilter::rankText(const QList<int> &ranks)
{
    QStringList parts;
    for (qsizetype i = 0; i < ranks.size();) {
        qsizetype j = i;
        while (j + 1 < ranks.size() && ranks.at(j + 1) == ranks.at(j) + 1)
            ++j;
        parts.append(j > i ? u"%1-%2"_s.arg(ranks.at(i)).arg(ranks.at(j)) : QString::number(ranks.at(i)));
        i = j + 1;
    }
    return parts.join(u", "_s);
}

} // namespace rankscope::ingest
