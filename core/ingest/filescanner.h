// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eventmatcher.h"
#include "ingestresult.h"
#include "linebreaks.h"
#include "lineclaims.h"
#include "lineprefix.h"
#include "pastenormaliser.h"
#include "timestampparser.h"

#include <QByteArray>
#include <QHash>

#include <deque>

namespace rankscope::ingest {

// What one pass over one file (or one chunk of a large file) found, before the bundle-wide
// steps: years, rank attribution across files, clock offsets.
struct FileScan
{
    struct TimeSample
    {
        qint64 line = 0;
        ParsedTime time;
    };
    struct RawEvent
    {
        Event event;            // source.line, kind, fingerprint, text, captures, localRank filled
        ParsedTime time;        // as parsed from the line (None: infer)
        LineClaims claims;      // who the line says wrote it
    };
    struct NcclInit
    {
        QByteArray host;
        qint64 pid = -1;
        int rank = -1;
        int nranks = -1;
        qint64 line = 0;
    };

    qint64 firstLine = 1;       // number of the chunk's first line in the file
    qint64 lines = 0;
    qint64 bytes = 0;
    QList<Checkpoint> checkpoints;
    QList<TimeSample> times;    // sampled lines with a timestamp, ascending
    QList<RawEvent> events;
    QList<NcclInit> inits;
    QList<NcclInit> workerRanks; // launcher tables that tie host:pid to a rank (Ray Train); nranks -1
    struct LauncherRank
    {
        int rank = -1;
        int localRank = -1;
        qint64 line = 0;
        QByteArray host; // the line's writer (a pdsh "host: " prefix) in a file of several hosts
    };
    QList<LauncherRank> launcherRanks; // torchrun failure summaries: global rank of a local rank
    struct TaskNode
    {
        QString node;
        QList<int> tasks;
        qint64 line = 0;
    };
    QList<TaskNode> taskNodes;         // srun: error: <node>: task(s) N: the node of those tasks
    QList<qint64> runBoundaries;       // a run may start here (InputFile::runBoundaries): ascending
    QList<qint64> jobEnds;             // those after a scheduler's end of the job (InputFile::jobEnds)
    QStringList logDirs;               // torchrun agent: the folders its workers write to (last component)
    struct SlurmVariable
    {
        QString key;
        QString value;
        qint64 line = 0;
    };
    QList<SlurmVariable> slurmVariables; // SLURM_JOB_NODELIST=…, SLURM_TASKS_PER_NODE=…
    int agentGroupRank = -1;           // torchrun agent: "as rank N in a world of size W"
    int agentProcsPerNode = -1;        // torchrun agent: "nproc_per_node : N"
    qint64 bootTimeMs = -1;            // when the node booted (btime, who -b, inventory), node-local
    QHash<int, qint64> rankClaims;       // global rank from line prefixes -> lines
    QHash<QByteArray, qint64> hostClaims; // NCCL host / pdsh host -> lines
    // syslog / journal host fields and shell prompts: used only when nothing else names the node
    QHash<QByteArray, qint64> lineHostClaims;
    QHash<QByteArray, qint64> ncclProcs;  // "host:pid" -> lines
    bool crlf = false;
    bool ansi = false;
    qint64 overlongLines = 0;      // lines longer than MaxScannedLine…
    qint64 firstOverlongLine = 0;  // …and the number of the first, for the warning
    bool endsWithoutNewline = false;
    bool bracketRanks = false;  // MPICH "[rank] " labels (detectBracketRanks)
    bool tasksAreAgents = false; // srun task labels over other rank numbers (torchrun under srun)
    Warnings warnings;
};

// Splits a byte stream into lines and looks at each once: checkpoints for the line index, a
// timestamp on sampled lines, the anchor prefilter, and — for the few lines with an anchor —
// prefix attribution, the regexes and the event. Push-driven (feed/finish) so plain files,
// chunks of large files and archive members all go through the same code.
class FileScanner
{
public:
    FileScanner(const EventMatcher &matcher, const IngestConfig &config, qint64 firstLine, qint64 firstOffset);

    void feed(QByteArrayView block);
    FileScan finish();

    qint64 bytesSeen() const { return m_offset - m_firstOffset; }

    // A line longer than this is indexed whole but only its head is scanned and kept.
    static constexpr qsizetype MaxScannedLine = 1 << 20;
    // A message is read over at most this many lines after the one with its anchor.
    static constexpr int MaxJoinedLines = 8;
    // A hard-wrapped line is joined over at most this many physical lines.
    static constexpr qint64 MaxWrappedLines = 64;
    // The first lines of a file are all sampled for a timestamp and a rank or host claim.
    static constexpr qint64 DenseSampledLines = 256;
    // Training-step lines kept per file (chunk) as events, and the last ones always kept.
    static constexpr qint64 MaxKeptSteps = 2048;
    static constexpr qsizetype LastSteps = 16;

    // The width a file's head is hard-wrapped at, or 0 (tests call it directly).
    static qsizetype detectWrapWidth(QByteArrayView head);
    // Whether a file's head carries MPICH / Intel MPI "[rank] " labels (tests call it directly).
    static bool detectBracketRanks(QByteArrayView head);

private:
    // A line with a fingerprint's anchor but no whole match, waiting for the lines that may
    // complete its message.
    struct Pending
    {
        bool active = false;
        FileScan::RawEvent raw;  // attribution and time of the first line
        QByteArray text;         // the message so far, lines joined by one blank
        QList<int> anchors;      // the first line's anchors: the message starts there
        int prefixRank = -1;
        int joined = 0;
        EventMatcher::Hit partial; // fingerprint < 0: none
    };

    void processLine(QByteArrayView line, qint64 offset);
    void matchLine(QByteArrayView line, qint64 lineNo, int wrappedLines);
    void processCandidate(QByteArrayView line, qint64 lineNo, int wrappedLines, const QList<int> &anchors);
    bool continuesPending(const LinePrefix &prefix, QByteArrayView content) const;
    void continuePending(QByteArrayView line);
    void flushPending();
    void keepStep(FileScan::RawEvent &&raw);
    void markOverlong(qint64 lineNo);
    void setFingerprint(FileScan::RawEvent &raw, const EventMatcher::Hit &hit) const;
    void addCaptures(Event &ev, const EventMatcher::Hit &hit) const;

    const EventMatcher &m_matcher;
    const IngestConfig &m_config;
    FileScan m_scan;
    qint64 m_lineNo;          // number of the next line
    qint64 m_offset;          // byte offset of the next unread byte
    qint64 m_firstOffset;
    qint64 m_lineStart;       // offset of the line being assembled
    LineBreaks m_breaks;
    QByteArray m_carry;       // head of a line that spans blocks (capped at MaxScannedLine)
    bool m_carrying = false;
    bool m_carryOverlong = false;
    QByteArray m_stripped;    // scratch: the line without ANSI codes
    QByteArray m_normalised;  // scratch: the line without paste artefacts
    bool m_wrapDecided = false;
    qsizetype m_wrapWidth = 0;
    bool m_bracketRanks = false;
    QByteArray m_wrapped;     // physical lines of a hard-wrapped line so far
    qint64 m_wrappedFirst = 0;
    Pending m_pending;
    qint64 m_stepsSeen = 0;
    qint64 m_stepsKept = 0;
    std::deque<FileScan::RawEvent> m_lastSteps; // the latest step lines not kept above
    QList<EventMatcher::Hit> m_joinHits; // scratch
    QList<int> m_anchorHits;  // scratch
    QList<EventMatcher::Hit> m_hits; // scratch
};

} // namespace rankscope::ingest
