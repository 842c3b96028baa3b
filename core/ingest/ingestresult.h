// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ingestconfig.h"
#include "regularfile.h"
#include "sourceref.h"
#include "textencoding.h"
#include "timereference.h"
#include "warning.h"

#include <QHash>
#include <QList>
#include <QPair>
#include <QString>

#include <limits>
#include <memory>

namespace rankscope::ingest {

inline constexpr qint64 NoTime = std::numeric_limits<qint64>::min();
// Every Stride-th line's (number, byte offset) is kept: a line is found by seeking to the
// checkpoint before it and reading forward at most Stride - 1 lines. 16 bytes per 64 lines keeps
// the index near 0.25 byte per line instead of the 8 bytes per line of a full offset table.
inline constexpr qint64 CheckpointStride = 64;
// The largest world size (and rank) a line is believed to name: a 2^20-rank job is beyond any
// cluster today; a larger number is a corrupt or crafted line.
inline constexpr int MaxWorldSize = 1 << 20;

struct Checkpoint
{
    qint64 line = 1;   // 1-based
    qint64 offset = 0; // byte offset of that line's first byte
};

enum FileKind : quint32 {
    KindUnknown = 0,
    KindRankLog = 1 << 0,      // a process's own output (torch, c10d, training loop)
    KindLauncherLog = 1 << 1,  // combined output whose lines carry rank labels, torchrun agent
    KindNcclDebug = 1 << 2,    // NCCL_DEBUG output or NCCL_DEBUG_FILE
    KindErrorJson = 1 << 3,    // torchrun error.json
    KindKernelLog = 1 << 4,    // dmesg / journal
    KindSchedulerLog = 1 << 5, // Slurm output
    KindInventory = 1 << 6,    // node inventory: parsed by core/analysis
    KindBinary = 1 << 7,       // skipped
    KindPlacement = 1 << 8,    // where pods ran: kubectl get pods -o wide, describe pod, events
};
QString fileKindNames(quint32 kinds);

struct InputFile
{
    QString path;          // relative to the opened root; archive members as "a.tar.gz!/x/y.log"
    QString diskPath;      // the file on disk (for an archive member: the archive)
    QString member;        // path inside the archive; nested: "inner.tar!/x"; empty for plain files
    quint32 kinds = KindUnknown;
    qint64 bytes = 0;      // uncompressed size
    qint64 lines = 0;
    // A plain file as it was when it was read, so a later read can tell it was replaced or
    // rewritten (invalid for archive members: the archive is streamed again, not seeked).
    FileIdentity identity;
    QString node;          // host name, as NCCL and the scheduler spell it when known
    int rank = -1;         // the global rank when the whole file belongs to one rank
    int localRank = -1;
    QList<int> ranks;      // every global rank seen in the file, sorted
    QList<Checkpoint> checkpoints; // ascending; the first is line 1
    qint64 firstTimeMs = NoTime; // after clock correction
    qint64 lastTimeMs = NoTime;
    bool crlf = false;
    bool ansi = false;
    bool truncatedLastLine = false;
    bool overlongLines = false;
    bool bracketRanks = false; // lines carry MPICH / Intel MPI "[rank] " labels
    // Lines where another run may begin in a file appended to by several (tee -a, Slurm
    // --open-mode=append): where a launcher (torchrun, DeepSpeed) started, and the line after
    // the scheduler's end of a job ("*** JOB 772514 ON … CANCELLED AT …", "srun: Force
    // Terminated …"). Ascending. The analysis takes one as a run's start when the timed lines
    // around it are more than an hour apart.
    QList<qint64> runBoundaries;
    // The boundaries that follow the scheduler's end of the job (a subset of runBoundaries): the
    // job was over there, so lines after a pause of minutes (a requeue, not the job's own
    // teardown) are another run, where a launcher start needs an hour to say so.
    QList<qint64> jobEnds;
    // The file's text encoding; lines, offsets and checkpoints are those of its UTF-8 decoding.
    TextEncoding encoding = TextEncoding::Utf8;
    // node and/or rank were set by the user (IngestConfig::manual): they hold for every line of
    // the file, over what its lines claim.
    bool attributionByHand = false;
    // The whole text of an inventory or placement file, read during the scan (null for other
    // files and for one larger than IngestConfig::maxKeptTextBytes).
    QByteArray keptText;
};

struct Capture
{
    QString name;
    QString value;
};

// Where an event's rank or node came from (analyze --events, the log view's hover).
enum class IdentitySource : quint8 {
    None,
    ByHand,        // Edit -> Corrections
    LinePrefix,    // the line's own prefix: [rankN]:, srun --label, MPI tag, NCCL host, pdsh host, pod
    NcclProcess,   // NCCL's init line for the line's host:pid
    WorkerTable,   // a launcher's table of ranks: Ray Train's worker pids, torchrun's local-rank offset
    Message,       // [PG … Rank N] inside the message
    File,          // the file's rank or node (its name, folder, or what most of its lines say)
    RankNode,      // where the rank runs, by NCCL's init lines or another line of the rank
    SlurmTask,     // srun's "srun: error: <node>: task N" or the printed Slurm layout
    PodPlacement,  // kubectl placed the line's pod on this machine
    Address,       // the NCCL bootstrap address the line names is this host's
    OnlyNode,      // the only node of a one-machine bundle
};
QString identitySourceName(IdentitySource s);

struct Event
{
    enum class Kind : quint8 {
        Fingerprint,      // a line matched an encyclopedia fingerprint (see fingerprint)
        ProcessStart,     // first line of a rank's output
        NcclInitComplete, // "… Init COMPLETE": ties host:pid to a rank
        TrainingStep,     // a training-loop progress line
        LastLine,         // last line of a rank's output
        Fact,             // an inventory fact read from a log line: captures "component", "value"
    };
    Kind kind = Kind::Fingerprint;
    int fingerprint = -1;  // index into IngestConfig::fingerprints
    SourceRef source;      // file id (index into IngestResult::files) and 1-based line
    qint64 timeMs = NoTime;      // UTC-like ms after year completion and clock correction
    qint64 localTimeMs = NoTime; // as the node's clock wrote it (after year completion)
    bool timeInferred = false;   // the line had no timestamp: taken from its neighbours
    bool timeCoarse = false;     // …and its file had none at all: spread over the rank's or node's span
    bool partial = false;        // the fingerprint's anchor is here but its regex did not match
    quint8 joinedLines = 0;      // physical lines after source.line that text continues over
    int rank = -1;
    int localRank = -1;
    QString node;
    IdentitySource rankFrom = IdentitySource::None;
    IdentitySource nodeFrom = IdentitySource::None;
    QString text;          // the line without ANSI codes, capped at maxEventTextBytes
    QList<Capture> captures;

    QString capture(const QString &name) const
    {
        for (const Capture &c : captures) {
            if (c.name == name)
                return c.value;
        }
        return {};
    }
};

struct ClockOffset
{
    QString node;
    double seconds = 0; // added to the node's local times
    QString method;     // "manual", "collective timeouts (SeqNum)", "NCCL init", "none"
    // What the events alone say, also when a manual offset replaced it (the corrections dialog
    // shows both): seconds, and how they were found ("none" when nothing could tell).
    double estimatedSeconds = 0;
    QString estimateMethod;
};

struct JobShape
{
    QStringList nodes;
    QList<int> ranks;
    int worldSize = -1; // -1: unknown
    QList<int> missingRanks;
    // A scheduler's task ids are not the ranks: lines carry both and they differ (srun --label
    // over torchrun's [rankN]: or [defaultN]:). Otherwise "task N" may stand for rank N.
    bool tasksAreAgents = false;
};

struct IngestStats
{
    qint64 files = 0;
    qint64 bytes = 0;
    qint64 lines = 0;
    qint64 events = 0;
    double seconds = 0;
    // Where the time went, phase by phase of Ingestor::run (listing, scanning, attribution,
    // times, clocks, job shape): for benchmarks and for a user asking why a bundle is slow.
    QList<QPair<QString, double>> phaseSeconds;
};

// Another name of a node: a Kubernetes pod that ran on it (its NCCL host name), with the
// line that says so.
struct NodeAlias
{
    enum class Kind { Pod, Address };
    QString alias;
    QString node;
    QString ip;
    QString path;
    qint64 line = 0;
    Kind kind = Kind::Pod;
};

// Everything the ingest learned about a bundle. Immutable once published: views, the analysis
// and reports share it through std::shared_ptr<const IngestResult>.
struct IdentityRules; // identityrules.h

struct IngestResult
{
    QStringList inputs;          // what the user opened
    QString root;                // paths are relative to this
    QList<InputFile> files;
    QList<Event> events;         // sorted by (timeMs, file, line); unknown times last
    QList<FingerprintSpec> fingerprints;
    JobShape job;
    // "host:pid" of every NCCL process whose init line named its rank: lets the analysis tie a
    // kernel line ("Killed process 3101") or a launcher line ("(pid: 3101)") to a rank.
    QHash<QString, int> processRanks;
    QList<NodeAlias> nodeAliases; // pod -> node, sorted by node
    QList<ClockOffset> clockOffsets;
    // The rules the ingest attributed and timed its events by, for any other line (the log view).
    std::shared_ptr<const IdentityRules> identities;
    TimeReference times;
    Warnings warnings;
    IngestStats stats;
    bool cancelled = false;

    const InputFile *file(FileId id) const { return id < FileId(files.size()) ? &files.at(id) : nullptr; }
    // The other names of a node ("worker-3" for the pod that ran on gpu-17; its addresses), sorted.
    QStringList aliasesOf(const QString &node, NodeAlias::Kind kind = NodeAlias::Kind::Pod) const
    {
        QStringList out;
        for (const NodeAlias &a : nodeAliases) {
            if (a.node == node && a.kind == kind)
                out.append(a.alias);
        }
        return out;
    }
};

using IngestResultPtr = std::shared_ptr<const IngestResult>;

} // namespace rankscope::ingest
