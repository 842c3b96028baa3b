// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "c10dlog.h"

#include "timeformat.h"

#include <cstring>

namespace rankscope::sim {

C10dLog::C10dLog(const Cluster &cluster)
    : m_cluster(cluster)
    , m_torch(cluster.torch)
{ }

QByteArray C10dLog::torchPath(const char *rel) const
{
    return m_cluster.sitePackages + "/torch/" + rel;
}

OutFile &C10dLog::cpp(LineSink &s, int rank, qint64 t, char level, const char *file, int line, bool withRank)
{
    OutFile &f = s.begin(t);
    if (atLeast(2, 3) && withRank)
        f << "[rank" << rank << "]:";
    f << '[';
    if (atLeast(2, 4)) {
        const int node = m_cluster.rank(rank).node;
        // tv_nsec of CLOCK_MONOTONIC: the node's uptime, not the wall clock's fraction.
        const quint32 ns = quint32(quint64((t - m_cluster.node(node).bootUs) * 1000 + rank % 997) % 1000000000u);
        TimeFormat::c10(f, m_cluster.local(node, t), level, ns);
    } else {
        f << level;
    }
    f << ' ' << file << ':' << line << "] ";
    return f;
}

void C10dLog::pgPrefix(OutFile &f, int rank) const
{
    if (atLeast(2, 5))
        f << "[PG ID 0 PG GUID 0(default_pg) Rank " << rank << "] ";
    else if (atLeast(2, 3))
        f << "[PG 0 Rank " << rank << "] ";
    else
        f << "[Rank " << rank << "] ";
}

OutFile &C10dLog::py(LineSink &s, int rank, qint64 t, bool withRank)
{
    OutFile &f = s.begin(t);
    if (withRank && atLeast(2, 4))
        f << "[rank" << rank << "]: ";
    return f;
}

QByteArray C10dLog::framePath(const Frame &fr) const
{
    const char *f = fr.file;
    if (f[0] == '@') {
        if (f[1] == 0)
            return m_cluster.scriptPath;
        return m_cluster.scriptPath.left(m_cluster.scriptPath.lastIndexOf('/') + 1) + (f + 1);
    }
    if (f[0] == '~')
        return m_cluster.sitePackages + "/torch" + (f + 1);
    if (f[0] == '^')
        return m_cluster.sitePackages + '/' + (f + 1);
    return QByteArray(f);
}

QByteArray C10dLog::frameText(const Frame &fr) const
{
    QByteArray out = "  File \"" + framePath(fr) + "\", line " + QByteArray::number(fr.line) + ", in " + fr.func
        + "\n    " + fr.code + '\n';
    if (m_cluster.pythonCarets && fr.caretFrom >= 0) {
        const int len = int(std::strlen(fr.code));
        out += "    " + QByteArray(fr.caretFrom, ' ') + QByteArray(qMax(1, len - fr.caretFrom), '^') + '\n';
    }
    return out;
}

void C10dLog::frame(LineSink &s, int rank, qint64 t, const Frame &fr, bool withRank)
{
    py(s, rank, t, withRank) << "  File \"" << framePath(fr) << "\", line " << fr.line << ", in " << fr.func;
    s.end();
    py(s, rank, t, withRank) << "    " << fr.code;
    s.end();
    if (m_cluster.pythonCarets && fr.caretFrom >= 0) {
        const int len = int(std::strlen(fr.code));
        OutFile &g = py(s, rank, t, withRank);
        g << "    ";
        for (int i = 0; i < qMax(fr.caretFrom + 1, len); ++i)
            g << (i < fr.caretFrom ? ' ' : '^');
        s.end();
    }
}

void C10dLog::traceback(LineSink &s, int rank, qint64 t, const QList<Frame> &frames, bool withRank)
{
    py(s, rank, t, withRank) << "Traceback (most recent call last):";
    s.end();
    for (const Frame &fr : frames)
        frame(s, rank, t, fr, withRank);
}

void C10dLog::workText(OutFile &f, int seq, const char *op, qint64 numel) const
{
    f << "WorkNCCL(SeqNum=" << seq << ", OpType=" << op;
    if (atLeast(2, 0))
        f << ", NumelIn=" << numel << ", NumelOut=" << numel;
    f << ", Timeout(ms)=" << m_cluster.timeoutMs << ')';
}

void C10dLog::cppFrames(LineSink &s, qint64 t, int count, quint64 salt)
{
    static const char *const symbols[] = {
        "c10::Error::Error(c10::SourceLocation, std::string)",
        "c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >)",
        "c10d::ProcessGroupNCCL::watchdogHandler()",
        "c10d::ProcessGroupNCCL::ncclCommWatchdog()",
        "<unknown function>",
        "<unknown function>",
        "clone",
    };
    static const char *const libs[] = { "libc10.so", "libtorch_cuda.so", "libtorch_cuda.so", "libtorch_cuda.so",
        "libstdc++.so.6", "libc.so.6", "libc.so.6" };
    const quint64 base = 0x7f0000000000ULL + ((Prng::mix(m_cluster.seed(), salt) & 0xffffffffULL) << 8);
    for (int i = 0; i < count && i < 7; ++i) {
        OutFile &f = s.begin(t);
        f << "frame #" << i << ": " << symbols[i] << " + 0x" << OutFile::Hex { 0x96 + quint64(i) * 0x1d3 } << " (0x"
          << OutFile::Hex { base + quint64(i) * 0x1a2b3c } << " in ";
        if (i < 4)
            f << m_cluster.sitePackages << "/torch/lib/" << libs[i];
        else
            f << "/lib/x86_64-linux-gnu/" << libs[i];
        f << ')';
        s.end();
    }
}

qint64 C10dLog::watchdogTimeout(LineSink &s, int rank, qint64 t, int seq, const char *op, qint64 numel,
    int lastEnqueued, int lastCompleted, qint64 *timeoutLine)
{
    const qint64 elapsed = m_cluster.timeoutMs + qint64(Prng::mix(quint64(t), 17) % 900);
    const char *const file = "ProcessGroupNCCL.cpp";
    OutFile &f = cpp(s, rank, t, 'E', file, atLeast(2, 4) ? 632 : 475);
    f << "[Rank " << rank << "] Watchdog caught collective operation timeout: ";
    workText(f, seq, op, numel);
    f << " ran for " << elapsed << " milliseconds before timing out.";
    const qint64 first = s.end();
    if (timeoutLine)
        *timeoutLine = first;
    t += 58;
    if (atLeast(2, 6)) {
        OutFile &g = cpp(s, rank, t, 'E', file, 2168);
        pgPrefix(g, rank);
        g << " failure detected by watchdog at work sequence id: " << seq
          << " PG status: last enqueued work: " << lastEnqueued << ", last completed work: " << lastCompleted;
        s.end();
    } else if (atLeast(2, 4)) {
        OutFile &g = cpp(s, rank, t, 'E', file, 1566);
        pgPrefix(g, rank);
        g << "Exception (either an error or timeout) detected by watchdog at work: " << seq
          << ", last enqueued NCCL work: " << lastEnqueued << ", last completed NCCL work: " << lastCompleted << '.';
        s.end();
    } else {
        OutFile &g = cpp(s, rank, t, 'E', file, 489);
        g << "[Rank " << rank << "] Timeout at NCCL work: " << seq << ", last enqueued NCCL work: " << lastEnqueued
          << ", last completed NCCL work: " << lastCompleted << '.';
        s.end();
    }
    if (atLeast(2, 4)) {
        OutFile &g = cpp(s, rank, t + 3, 'E', file, atLeast(2, 5) ? 1391 : 1316);
        pgPrefix(g, rank);
        g << "Received a dump signal due to a collective timeout from this local rank and we will try our best to dump "
             "the "
             "debug info. Last enqueued NCCL work: "
          << lastEnqueued << ", last completed NCCL work: " << lastCompleted
          << ".This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the "
             "order "
             "of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. "
             "Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the "
             "communications library (e.g. NCCL), etc. ";
        s.end();
    }
    if (atLeast(2, 5)) {
        cpp(s, rank, t + 5, 'E', file, 667) << "Stack trace of the failed collective not found, potentially because "
                                               "FlightRecorder is disabled. You can enable it by setting "
                                               "TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.";
        s.end();
    }
    cpp(s, rank, t + 6, 'E', file, atLeast(2, 4) ? 681 : 1025)
        << "[Rank " << rank
        << "] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, "
           "subsequent GPU "
           "operations might run on corrupted/incomplete data.";
    s.end();
    cpp(s, rank, t + 6, 'E', file, atLeast(2, 4) ? 695 : 1031)
        << "[Rank " << rank << "] To avoid data inconsistency, we are taking the entire process down.";
    s.end();
    auto what = [&](OutFile &g) {
        pgPrefix(g, rank);
        g << (atLeast(2, 2) ? "Process group watchdog thread terminated with exception: "
                            : "NCCL watchdog thread terminated with exception: ")
          << "[Rank " << rank << "] Watchdog caught collective operation timeout: ";
        workText(g, seq, op, numel);
        g << " ran for " << elapsed << " milliseconds before timing out.";
    };
    OutFile &g = cpp(s, rank, t + 9, 'E', file, atLeast(2, 4) ? 1895 : 1182);
    what(g);
    s.end();
    const QByteArray raised = "Exception raised from checkTimeout at " + m_cluster.torchSrcPrefix
        + "/distributed/c10d/ProcessGroupNCCL.cpp:" + QByteArray::number(atLeast(2, 4) ? 635 : 525)
        + " (most recent call first):";
    s.line(t + 9, std::string_view(raised.constData(), size_t(raised.size())));
    cppFrames(s, t + 9, 6, quint64(rank));
    s.line(t + 9, "");
    s.line(t + 10, "terminate called after throwing an instance of 'c10::DistBackendError'");
    OutFile &h = s.begin(t + 10);
    h << "  what():  ";
    what(h);
    s.end();
    s.line(t + 10, std::string_view(raised.constData(), size_t(raised.size())));
    cppFrames(s, t + 10, 6, quint64(rank) + 1);
    if (atLeast(2, 2)) {
        s.line(t + 10, "");
        OutFile &k = s.begin(t + 10);
        k << "Exception raised from ncclCommWatchdog at " << m_cluster.torchSrcPrefix
          << "/distributed/c10d/ProcessGroupNCCL.cpp:" << (atLeast(2, 4) ? 1901 : 1186) << " (most recent call first):";
        s.end();
        cppFrames(s, t + 10, 5, quint64(rank) + 2);
    }
    s.line(t + 10, "");
    return first;
}

qint64 C10dLog::dumpSignal(LineSink &s, int rank, qint64 t, int fromRank, int lastEnqueued, int lastCompleted)
{
    OutFile &g = cpp(s, rank, t, 'E', "ProcessGroupNCCL.cpp", atLeast(2, 5) ? 1391 : 1316);
    pgPrefix(g, rank);
    g << "Received a dump signal due to a collective timeout from  rank " << fromRank
      << " and we will try our best to dump the debug info. Last enqueued NCCL work: " << lastEnqueued
      << ", last completed NCCL work: " << lastCompleted
      << ".This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the "
         "order of "
         "collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. "
         "Additionally, "
         "this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications "
         "library "
         "(e.g. NCCL), etc. ";
    return s.end();
}

qint64 C10dLog::watchdogException(LineSink &s, int rank, qint64 t, std::string_view what,
    std::initializer_list<std::string_view> more, const char *raisedFrom, const char *raisedFile, int raisedLine)
{
    OutFile &f = cpp(s, rank, t, 'E', "ProcessGroupNCCL.cpp", atLeast(2, 4) ? 1595 : 1182);
    pgPrefix(f, rank);
    f << (atLeast(2, 2) ? "Process group watchdog thread terminated with exception: "
                        : "NCCL watchdog thread terminated with exception: ")
      << what;
    const qint64 first = s.end();
    for (std::string_view m : more)
        s.line(t, m);
    s.line(t, "");
    OutFile &r = s.begin(t);
    r << "Exception raised from " << raisedFrom << " at " << raisedFile << ':' << raisedLine
      << " (most recent call first):";
    s.end();
    cppFrames(s, t, 6, quint64(rank) + 5);
    s.line(t + 1, "");
    s.line(t + 1, "terminate called after throwing an instance of 'c10::DistBackendError'");
    OutFile &h = s.begin(t + 1);
    h << "  what():  ";
    pgPrefix(h, rank);
    h << (atLeast(2, 2) ? "Process group watchdog thread terminated with exception: "
                        : "NCCL watchdog thread terminated with exception: ")
      << what;
    s.end();
    for (std::string_view m : more)
        s.line(t + 1, m);
    s.line(t + 1, "");
    return first;
}

const char *C10dLog::interpret(int code)
{
    switch (code) {
    case 1:
        return "ncclUnhandledCudaError: Call to CUDA function failed.";
    case 2:
        return "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ";
    case 3:
        return "ncclInternalError: Internal check failed.";
    case 4:
        return "ncclInvalidArgument: Invalid value for an argument.";
    case 5:
        return "ncclInvalidUsage: This usually reflects invalid usage of NCCL library.";
    case 6:
        return "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting "
               "prematurely.";
    default:
        return "Unknown NCCL error!";
    }
}

QByteArray C10dLog::ncclErrorString(int code, const Version &nccl) const
{
    const bool hints = nccl >= Version(2, 18);
    switch (code) {
    case 1:
        return hints ? "unhandled cuda error (run with NCCL_DEBUG=INFO for details)" : "unhandled cuda error";
    case 2:
        return hints ? "unhandled system error (run with NCCL_DEBUG=INFO for details)" : "unhandled system error";
    case 3:
        return hints ? "internal error - please report this issue to the NCCL developers" : "internal error";
    case 4:
        return hints ? "invalid argument (run with NCCL_DEBUG=WARN for details)" : "invalid argument";
    case 5:
        return hints ? "invalid usage (run with NCCL_DEBUG=WARN for details)" : "invalid usage";
    case 6:
        return "remote process exited or there was a network error";
    default:
        return "unknown result code";
    }
}

QByteArray C10dLog::distBackendError() const
{
    return atLeast(2, 1) ? QByteArray("torch.distributed.DistBackendError") : QByteArray("RuntimeError");
}

QList<QByteArray> C10dLog::ncclErrorLines(
    int code, const QByteArray &ncclVersion, const QByteArray &lastError, int siteLine) const
{
    const Version nv = Version::parse(QString::fromLatin1(ncclVersion));
    QList<QByteArray> lines;
    lines << distBackendError() + ": NCCL error in: " + m_cluster.torchSrcPrefix
            + "/distributed/c10d/ProcessGroupNCCL.cpp:" + QByteArray::number(siteLine) + ", "
            + ncclErrorString(code, nv) + ", NCCL version " + ncclVersion;
    lines << QByteArray(interpret(code));
    if (nv < Version(2, 13)) {
        lines << "Last error: Unknown NCCL Error";
        return lines;
    }
    lines << "Last error:";
    lines += lastError.split('\n'); // a multi-line WARN text stays multi-line
    return lines;
}

} // namespace rankscope::sim
