// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "identityrules.h"
#include "ingestresult.h"
#include "membercache.h"
#include "progress.h"

#include <QByteArrayList>
#include <QFuture>
#include <QHash>
#include <QList>
#include <QMutex>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QThreadPool;

class QFile;

namespace rankscope::ingest {

class FileHandlePool;

// How bad a log line reads, ascending so that "at least Warning" is a comparison.
enum class LineSeverity : quint8 { Info, Warning, Error, Fatal };

// What the raw-log view reads: a sequence of lines ("rows") that may be one whole file, a filtered
// subset of another source, or several files merged by time (STYLE.md 13). A hundred million lines
// are not an item model, so the view asks only for the rows it paints and maps each back to its
// file and line through origin().
//
// Rows are 0-based view positions; SourceRef lines are 1-based file lines, as users see them.
// Every implementation is immutable after construction (archive members: after prepare) and
// safe to read from several threads at once, so the GUI can paint while a find job scans.
class LineSource
{
public:
    virtual ~LineSource();
    LineSource(const LineSource &) = delete;
    LineSource &operator=(const LineSource &) = delete;

    // Rows [first, first + count) without their line ends; fewer at the end of the view. Long
    // lines are cut by the underlying file source (FileLineSource::Options::maxLineBytes).
    QByteArrayList lines(qint64 first, qint64 count) const;
    virtual qint64 lineCount() const = 0;
    // The file and 1-based line that row shows; invalid for a row outside the view.
    virtual SourceRef origin(qint64 row) const = 0;
    // The row that shows ref. When ref's line is not in this view but its file is, the nearest
    // row of that file (the first one after it, else the last one before it); -1 when the file
    // is not in this view at all. Callers compare origin(rowOf(ref)) with ref to tell the cases.
    virtual qint64 rowOf(SourceRef ref) const = 0;
    // The files this view draws from, in their merge order.
    virtual QList<FileId> files() const = 0;

protected:
    LineSource() = default;
    // Called with a range already clamped to [0, lineCount()) and count > 0.
    virtual QByteArrayList readLines(qint64 first, qint64 count) const = 0;
};

using LineSourcePtr = std::shared_ptr<const LineSource>;

// One ingested file. Plain files are read in place through the ingest's checkpoint index.
// An archive member cannot seek, so its decoded text is read from the MemberCache: written by
// the ingest's own pass when it was asked to, else by prepare(), which decodes the member ONCE
// and indexes it; afterwards it reads like a plain file. A member that does not fit the cache
// (its cap, the free disk) is streamed from its archive on every read instead (correct, but
// slow). The open handle comes from a FileHandlePool on each read, so any number of sources can
// be read without running out of descriptors.
class FileLineSource final : public LineSource
{
public:
    struct Options
    {
        QString cacheDir;                              // empty: defaultCacheDir()
        qint64 cacheCapBytes = MemberCache::DefaultCapBytes; // the whole directory, all members
        qsizetype maxLineBytes = 1 << 20;              // as the ingest scans them
        FileHandlePool *handles = nullptr;             // null: FileHandlePool::instance()
    };

    FileLineSource(FileId id, const InputFile &file); // default Options
    FileLineSource(FileId id, const InputFile &file, const Options &options);
    ~FileLineSource() override;

    static QString defaultCacheDir();

    FileId fileId() const { return m_id; }
    const InputFile &file() const { return m_file; }
    bool isArchiveMember() const { return !m_file.member.isEmpty(); }
    // An archive member or UTF-16 text: prepare() decodes it into the cache before it can be read.
    bool needsDecoding() const;
    // Decompresses an archive member into the cache (no-op for plain files and on later calls).
    // Blocks; run it in a job. progress gets uncompressed bytes and may cancel (returns false then,
    // and a later call starts over). lines() calls it implicitly when nobody did.
    bool prepare(const ProgressCallback &progress = {}) const;
    bool isPrepared() const;
    QString errorString() const;
    QString cachePath() const; // empty for plain files and before prepare()

    qint64 lineCount() const override;
    SourceRef origin(qint64 row) const override;
    qint64 rowOf(SourceRef ref) const override;
    QList<FileId> files() const override { return {m_id}; }

protected:
    QByteArrayList readLines(qint64 first, qint64 count) const override;

private:
    bool prepareLocked(const ProgressCallback &progress) const;
    bool unchangedSinceRead(QFile &f) const; // sets m_error when not

    const FileId m_id;
    const InputFile m_file;
    const Options m_options;

    mutable QMutex m_mutex;
    FileHandlePool &handles() const;

    mutable QString m_readPath;                  // guarded by m_mutex; the plain file or the cache file
    mutable QList<Checkpoint> m_index;           // guarded by m_mutex; the cache file's own index
    // Written under m_mutex, read without it: the GUI asks while a job decompresses.
    mutable std::atomic<qint64> m_lines{0};
    mutable std::atomic<bool> m_prepared{false};
    mutable bool m_streamFallback = false;       // guarded by m_mutex; member over the cache cap
    mutable QString m_cachePath;                 // guarded by m_mutex
    mutable QString m_error;                     // guarded by m_mutex
};

// Rows of another source for which a predicate holds, kept as runs of consecutive source rows so
// a rank filter over a one-rank file costs a few bytes. Built by scanning the source in blocks,
// in a job (buildAsync) or on the calling worker thread (build), never on the GUI thread.
class FilteredLineSource final : public LineSource
{
public:
    // line is the raw line (ANSI codes included); origin is the source row's origin.
    using Predicate = std::function<bool(QByteArrayView line, SourceRef origin)>;
    using Ptr = std::shared_ptr<const FilteredLineSource>;

    // progress gets source rows; returns null when it cancels.
    static Ptr build(LineSourcePtr source, const Predicate &accept, const ProgressCallback &progress = {});
    // The same in a QtConcurrent job: progress in per mille, cancel through the future.
    static QFuture<Ptr> buildAsync(LineSourcePtr source, Predicate accept, QThreadPool *pool = nullptr);

    const LineSourcePtr &source() const { return m_source; }
    qint64 sourceRow(qint64 row) const;

    qint64 lineCount() const override { return m_count; }
    SourceRef origin(qint64 row) const override;
    qint64 rowOf(SourceRef ref) const override;
    QList<FileId> files() const override { return m_source->files(); }

    struct Run
    {
        qint64 row;      // first view row of the run
        qint64 first;    // the source row it shows
    };
    FilteredLineSource(LineSourcePtr source, QList<Run> runs, qint64 count); // use build()

protected:
    QByteArrayList readLines(qint64 first, qint64 count) const override;

private:
    qsizetype runAt(qint64 row) const;

    const LineSourcePtr m_source;
    const QList<Run> m_runs;
    const qint64 m_count;
};

// Several files' lines in one view, ordered by corrected time.
//
// Ordering rule. Each line gets a key:
//  - a line with an ingest event that carries its own time: the event's time (clock-corrected);
//  - else a line with a timestamp of its own (launcher prefix time first, then the message's),
//    completed with a year and shifted by its node's clock offset as the ingest does;
//  - else (no timestamp): the key of the last timed line before it in the same file, so it stays
//    behind that line; before a file's first timed line, the file's first sampled time;
//  - a file without any time sorts after every timed line.
// Files are merged by key, ties go to the earlier file in the list, and within one file the
// order is always the file's own order (a merge of per-file sequences never reorders a file,
// even when its clock steps backwards).
class MergedLineSource final : public LineSource
{
public:
    using Ptr = std::shared_ptr<const MergedLineSource>;

    // progress gets lines; returns null when it cancels.
    static Ptr build(IngestResultPtr result, const QList<std::shared_ptr<const FileLineSource>> &sources,
                     const ProgressCallback &progress = {});
    static QFuture<Ptr> buildAsync(IngestResultPtr result, QList<std::shared_ptr<const FileLineSource>> sources,
                                   QThreadPool *pool = nullptr);

    qint64 lineCount() const override { return m_count; }
    SourceRef origin(qint64 row) const override;
    qint64 rowOf(SourceRef ref) const override;
    QList<FileId> files() const override;
    // The merge key of a row (ms, NoTime for files without any time); for tests and tooltips.
    qint64 timeOf(qint64 row) const;

    struct Run
    {
        qint64 row;      // first view row of the run
        qint64 first;    // 0-based row in the source
        qint64 time;     // merge key of the run's first line
        int source;      // index into m_sources
    };
    MergedLineSource(QList<std::shared_ptr<const FileLineSource>> sources, QList<Run> runs, qint64 count); // use build()

protected:
    QByteArrayList readLines(qint64 first, qint64 count) const override;

private:
    qsizetype runAt(qint64 row) const;

    const QList<std::shared_ptr<const FileLineSource>> m_sources;
    const QList<Run> m_runs;
    const qint64 m_count;
    QList<QList<qsizetype>> m_runsBySource; // per source, its run indices (ascending rows and lines)
};

// Rank, node and severity of single lines, as the view's gutter and filters need them. The ingest
// attributes whole files and event lines; this does the same for any line on demand, from the
// line's own prefixes first and the file's attribution second.
class LineAttribution
{
public:
    explicit LineAttribution(IngestResultPtr result);

    // A line's writer and where each part came from. A line the ingest made an event of gets
    // the ingest's own answer (every join across files included); other lines are read by the
    // same prefix rules, with the bundle's node aliases (pods, addresses) applied.
    using Identity = LineIdentity;
    Identity identity(QByteArrayView line, SourceRef origin) const;
    // Launcher prefix rank (torch, Slurm label, MPI), NCCL host:pid, "[Rank N]", then the file's rank.
    int rank(QByteArrayView line, SourceRef origin) const { return identity(line, origin).rank; }
    // NCCL or pdsh host in the line, then where the rank runs, then the file's node.
    QString node(QByteArrayView line, SourceRef origin) const { return identity(line, origin).node; }
    // The higher of the ingest event's severity on that line and the line's own level words.
    LineSeverity severity(QByteArrayView line, SourceRef origin) const;
    // Level words only: glog / c10 level letters, ERROR, WARNING, NCCL WARN, Traceback, signals.
    static LineSeverity lineSeverity(QByteArrayView line);
    // The line time as the merge orders it (event time, else own timestamp); NoTime when none.
    qint64 time(QByteArrayView line, SourceRef origin) const;

    const IngestResultPtr &result() const { return m_result; }

private:
    IngestResultPtr m_result;
    QHash<QString, NodeAlias> m_alias;              // pod or address -> its node
    QHash<quint64, Identity> m_eventIdentity;       // (file << 40 | line) -> the ingest's answer
    QHash<QString, qint64> m_offsetMs;
    QHash<quint64, qint64> m_eventTime;             // (file << 40 | line) -> own-time events
    QHash<quint64, LineSeverity> m_eventSeverity;   // (file << 40 | line) -> fingerprint severity
};

// The log view's filter controls as a value: empty fields match everything.
struct LineFilter
{
    QList<int> ranks;   // sorted, no repeats; empty: every rank
    QStringList nodes;  // empty: every node
    LineSeverity minSeverity = LineSeverity::Info;

    bool isEmpty() const { return ranks.isEmpty() && nodes.isEmpty() && minSeverity == LineSeverity::Info; }
    FilteredLineSource::Predicate predicate(IngestResultPtr result) const;
    friend bool operator==(const LineFilter &, const LineFilter &) = default;

    // What a user types into the rank filter: numbers and ranges, separated by commas or blanks
    // ("16-23, 40"). Sorted and without repeats; nullopt (and *error) for text that is none.
    static std::optional<QList<int>> parseRanks(QStringView text, QString *error = nullptr);
    // Node names and Slurm host lists ("gpu-0[1-4], gpu-10"), in the order given.
    static std::optional<QStringList> parseNodes(QStringView text, QString *error = nullptr);
    // The shortest spelling of a rank set that parseRanks reads back ("0-3, 8").
    static QString rankText(const QList<int> &ranks);
};

} // namespace rankscope::ingest
