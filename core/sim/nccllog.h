// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cluster.h"
#include "linesink.h"

namespace rankscope::sim {

// NCCL's own output (log-formats.md §1): the `host:pid:tid [dev]` prefix by level and release
// (timestamps from 2.26 on WARN by default, `(func)` from 2.30.7), the version banner, the init
// and topology lines of a communicator, per-collective COLL lines and the WARN texts. Each rank
// formats with the NCCL release its node actually loaded.
class NcclLog
{
public:
    explicit NcclLog(const Cluster &cluster);

    bool warnOn() const { return m_level >= SimConfig::NcclDebug::Warn; }
    bool infoOn() const { return m_level >= SimConfig::NcclDebug::Info; }
    bool allOn() const { return m_level >= SimConfig::NcclDebug::InfoAll; }

    const Version &version(int rank) const { return m_cluster.node(m_cluster.rank(rank).node).nccl; }
    int tidMain(int rank) const { return m_cluster.rank(rank).pid; }
    int tidInit(int rank) const { return m_cluster.rank(rank).pid + 31 + rank % 7; }
    int tidProxy(int rank) const { return m_cluster.rank(rank).pid + 67 + rank % 11; }

    OutFile &info(LineSink &s, int rank, qint64 t, int tid);
    qint64 infoLine(LineSink &s, int rank, qint64 t, int tid, std::string_view msg);
    // The blank line NCCL puts before every WARN, then the prefix up to "NCCL WARN ".
    OutFile &warn(LineSink &s, int rank, qint64 t, int tid, const char *file, int line, const char *func);
    // "file:line -> code" propagation lines after a WARN.
    void errorChain(LineSink &s, int rank, qint64 t, int tid, int code, int depth);

    // Plain banner for NCCL_DEBUG=VERSION/WARN (and always up to 2.21), INFO banner otherwise.
    void banner(LineSink &processStdout, LineSink &ncclSink, bool debugFile, int rank, qint64 t);
    // Everything a healthy ncclCommInitRank prints; returns the time it ends.
    qint64 init(LineSink &s, int rank, qint64 t);
    // The network selection part of init only (also used by failing inits).
    qint64 netLines(LineSink &s, int rank, qint64 t);
    void collective(LineSink &s, int rank, qint64 t, const char *op, quint64 opCount, qint64 count, int datatype);
    void destroy(LineSink &s, int rank, qint64 t, bool abort);

    QByteArray versionString(int rank) const; // "2.21.5+cuda12.4"
    QByteArray busId(int rank) const; // "5d000" for the device in use
    QByteArray peerAddress(int node, int salt) const; // "10.1.2.3<41234>"
    // Line of the last "Plugin load ... returned" INFO written by netLines(), 0 if none.
    qint64 pluginErrorLine() const { return m_pluginErrorLine; }

private:
    void ringLines(LineSink &s, int rank, qint64 &t);
    void topology(LineSink &s, int rank, qint64 &t);

    // Per-rank text that repeats on every line, built on first use: the line prefix for the main,
    // init and proxy threads, and the buffer addresses of COLL lines. About 1 KB per rank.
    struct RankText
    {
        QByteArray prefix[3]; // "host:pid:tid [dev] NCCL INFO " for tidMain/tidInit/tidProxy
        QByteArray buffers[8]; // " sendbuff 0x… recvbuff 0x… count " by opCount % 8
        QByteArray collTail; // " op 0 root 0 comm 0x… [nranks=N] stream 0x…"
    };
    RankText &text(int rank);

    const Cluster &m_cluster;
    QList<RankText> m_text; // indexed by rank
    SimConfig::NcclDebug m_level;
    bool m_timestamps;
    qint64 m_pluginErrorLine = 0;
};

} // namespace rankscope::sim
