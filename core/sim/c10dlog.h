// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cluster.h"
#include "linesink.h"

#include <QList>
#include <initializer_list>

namespace rankscope::sim {

// What PyTorch prints on a worker's stderr (log-formats.md §2 and §5): the c10 C++ logger prefix
// by release (`[E file:line]`, `[rank0]:[E …]`, `[rank0]:[E1218 20:27:21.426415540 …]`), the
// process-group log prefix, the watchdog time-out and tear-down sequence, CUDA errors, Python
// tracebacks with the `[rankN]: ` excepthook prefix and the NCCL error texts torch wraps.
class C10dLog
{
public:
    struct Frame
    {
        // "@" is the script, "@x.py" a file beside it, "~/x.py" a file of torch, "^pkg/x.py" a file
        // under site-packages.
        const char *file;
        int line;
        const char *func;
        const char *code;
        int caretFrom = -1; // 3.11+ ^^^ markers under code[caretFrom..]
    };

    explicit C10dLog(const Cluster &cluster);

    bool atLeast(int x, int y) const { return m_torch >= Version(x, y); }

    // C++ logger line start; withRank: after init_process_group set the global rank.
    OutFile &cpp(LineSink &s, int rank, qint64 t, char level, const char *file, int line, bool withRank = true);
    void pgPrefix(OutFile &f, int rank) const;
    // Python traceback line start ("[rank3]: " from torch 2.4 once the process group exists).
    OutFile &py(LineSink &s, int rank, qint64 t, bool withRank = true);
    // "Traceback (most recent call last):" and the frames; the caller writes the exception lines.
    void traceback(LineSink &s, int rank, qint64 t, const QList<Frame> &frames, bool withRank = true);
    void frame(LineSink &s, int rank, qint64 t, const Frame &fr, bool withRank = true);
    QByteArray framePath(const Frame &fr) const;
    QByteArray frameText(const Frame &fr) const; // the two or three lines, unprefixed, newline-terminated

    void workText(OutFile &f, int seq, const char *op, qint64 numel) const;
    // Watchdog timeout and tear-down on one rank; returns the line number of the timeout line.
    qint64 watchdogTimeout(LineSink &s, int rank, qint64 t, int seq, const char *op, qint64 numel, int lastEnqueued,
        int lastCompleted, qint64 *timeoutLine);
    // "Received a dump signal due to a collective timeout from  rank N …" on a rank that did not time out.
    qint64 dumpSignal(LineSink &s, int rank, qint64 t, int fromRank, int lastEnqueued, int lastCompleted);
    // The watchdog dies on an asynchronous error: first line, extra lines, C++ frames, terminate.
    // Returns the line number of the first line.
    qint64 watchdogException(LineSink &s, int rank, qint64 t, std::string_view what,
        std::initializer_list<std::string_view> more, const char *raisedFrom, const char *raisedFile, int raisedLine);
    // The exception lines of a DistBackendError from an NCCL call: the error, the interpretation,
    // "Last error:" and the saved WARN text (one entry per line).
    QList<QByteArray> ncclErrorLines(
        int code, const QByteArray &ncclVersion, const QByteArray &lastError, int siteLine) const;
    void cppFrames(LineSink &s, qint64 t, int count, quint64 salt);

    QByteArray ncclErrorString(int code, const Version &nccl) const;
    static const char *interpret(int code);
    QByteArray distBackendError() const; // exception class name by release
    QByteArray torchPath(const char *rel) const;

private:
    const Cluster &m_cluster;
    Version m_torch;
};

} // namespace rankscope::sim
