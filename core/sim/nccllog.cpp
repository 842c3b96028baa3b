// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "nccllog.h"

#include "timeformat.h"

namespace rankscope::sim {

namespace {

constexpr qint64 Ms = 1000;

int digits(int v)
{
    int d = 1;
    while (v >= 10) {
        v /= 10;
        ++d;
    }
    return d;
}

} // namespace

NcclLog::NcclLog(const Cluster &cluster)
    : m_cluster(cluster)
    , m_level(cluster.ncclDebug())
    , m_timestamps(cluster.config().ncclTimestamps)
{ }

QByteArray NcclLog::versionString(int rank) const
{
    const NodeInfo &n = m_cluster.node(m_cluster.rank(rank).node);
    return n.nccl.toBytes() + "+cuda" + n.ncclCuda;
}

QByteArray NcclLog::busId(int rank) const
{
    const int dev = m_cluster.rank(rank).device;
    return QByteArray::number(m_cluster.busIds.value(dev, 0x18 + dev) << 12, 16);
}

QByteArray NcclLog::peerAddress(int node, int salt) const
{
    const quint64 h = Prng::mix(m_cluster.seed() ^ 0xADD, quint64(node) * 131 + quint64(salt));
    return m_cluster.node(node).ip + '<' + QByteArray::number(int(32768 + h % 28000)) + '>';
}

NcclLog::RankText &NcclLog::text(int rank)
{
    if (m_text.isEmpty())
        m_text.resize(m_cluster.worldSize());
    return m_text[rank];
}

OutFile &NcclLog::info(LineSink &s, int rank, qint64 t, int tid)
{
    const int kind = tid == tidMain(rank) ? 0 : tid == tidInit(rank) ? 1 : tid == tidProxy(rank) ? 2 : -1;
    OutFile &f = s.begin(t);
    const RankInfo &r = m_cluster.rank(rank);
    if (kind < 0) {
        f << m_cluster.node(r.node).host << ':' << r.pid << ':' << tid << " [" << r.device << "] NCCL INFO ";
        return f;
    }
    QByteArray &prefix = text(rank).prefix[kind];
    if (prefix.isEmpty())
        prefix = m_cluster.node(r.node).host + ':' + QByteArray::number(r.pid) + ':' + QByteArray::number(tid) + " ["
            + QByteArray::number(r.device) + "] NCCL INFO ";
    f << prefix;
    return f;
}

qint64 NcclLog::infoLine(LineSink &s, int rank, qint64 t, int tid, std::string_view msg)
{
    info(s, rank, t, tid) << msg;
    return s.end();
}

OutFile &NcclLog::warn(LineSink &s, int rank, qint64 t, int tid, const char *file, int line, const char *func)
{
    const RankInfo &r = m_cluster.rank(rank);
    const Version &v = version(rank);
    s.begin(t);
    s.end();
    OutFile &f = s.begin(t);
    if (m_timestamps && v >= Version(2, 26))
        TimeFormat::ncclStamp(f, m_cluster.local(r.node, t));
    f << m_cluster.node(r.node).host << ':' << r.pid << ':' << tid << " [" << r.device << "] " << file << ':' << line;
    if (func && v >= Version(2, 30, 7))
        f << " (" << func << ')';
    f << " NCCL WARN ";
    return f;
}

void NcclLog::errorChain(LineSink &s, int rank, qint64 t, int tid, int code, int depth)
{
    if (!infoOn())
        return;
    static const char *const sites[][2] = { { "init.cc", "1376" }, { "init.cc", "1547" }, { "init.cc", "1810" },
        { "group.cc", "65" }, { "group.cc", "420" }, { "enqueue.cc", "2067" } };
    const bool func = version(rank) >= Version(2, 30, 7);
    for (int i = 0; i < depth && i < 6; ++i) {
        OutFile &f = info(s, rank, t + i * 40, tid);
        f << sites[i][0] << ':' << sites[i][1];
        if (func)
            f << " (" << (i < 3 ? "ncclCommInitRankFunc" : "groupLaunch") << ')';
        f << " -> " << code;
        if (i >= 3)
            f << " [Async thread]";
        s.end();
    }
}

void NcclLog::banner(LineSink &processStdout, LineSink &ncclSink, bool debugFile, int rank, qint64 t)
{
    if (!warnOn())
        return;
    const Version &v = version(rank);
    const QByteArray text = "NCCL version " + versionString(rank);
    if (v <= Version(2, 21, 99)) {
        processStdout.line(t, std::string_view(text.constData(), size_t(text.size())));
        if (debugFile && infoOn())
            infoLine(ncclSink, rank, t, tidMain(rank), std::string_view(text.constData(), size_t(text.size())));
        return;
    }
    if (!infoOn()) {
        ncclSink.line(t, std::string_view(text.constData(), size_t(text.size())));
        return;
    }
    infoLine(ncclSink, rank, t, tidMain(rank), std::string_view(text.constData(), size_t(text.size())));
    if (v >= Version(2, 29)) {
        info(ncclSink, rank, t, tidMain(rank))
            << "NCCL git version HEAD v" << v.toBytes() << "-1-g"
            << OutFile::Hex { (Prng::mix(quint64(v.ncclCode()), 7) & 0xfffffff) | 0x1000000 };
        ncclSink.end();
    }
}

qint64 NcclLog::netLines(LineSink &s, int rank, qint64 t)
{
    const RankInfo &r = m_cluster.rank(rank);
    const NodeInfo &n = m_cluster.node(r.node);
    const Version &v = version(rank);
    const int tid = tidMain(rank);
    m_pluginErrorLine = 0;
    info(s, rank, t, tid) << (v >= Version(2, 24) ? "Bootstrap: Using " : "Bootstrap : Using ") << n.iface << ':'
                          << n.ip << "<0>";
    s.end();
    t += 2 * Ms;
    if (!m_cluster.pluginName.isEmpty()) {
        if (n.usesPlugin) {
            info(s, rank, t, tid) << "NET/Plugin: Loaded net plugin " << m_cluster.pluginName << " (v8)";
            s.end();
            infoLine(s, rank, t + Ms, tid, "NET/OFI Using aws-ofi-nccl 1.9.2-aws");
            infoLine(s, rank, t + 2 * Ms, tid, "NET/OFI Selected Provider is efa (found 4 nics)");
            info(s, rank, t + 3 * Ms, tid) << "Using network " << m_cluster.pluginName;
            s.end();
        } else {
            // The plugin is there but one of its libraries is not: NCCL falls back to sockets.
            OutFile &f = info(s, rank, t, tid);
            if (v < Version(2, 12))
                f << "NET/Plugin : Plugin load returned 2 : libnccl-net.so: libfabric.so.1: cannot open shared object "
                     "file: No such file or directory";
            else
                f << "NET/Plugin : Plugin load (libnccl-net.so) returned 2 : libfabric.so.1: cannot open shared object "
                     "file: No such file or directory";
            m_pluginErrorLine = s.end();
            infoLine(s, rank, t + Ms, tid, "NET/IB : No device found.");
            info(s, rank, t + 2 * Ms, tid) << "NET/Socket : Using [0]" << n.iface << ':' << n.ip << "<0>";
            s.end();
            infoLine(s, rank, t + 3 * Ms, tid, "Using network Socket");
        }
        return t + 4 * Ms;
    }
    infoLine(s, rank, t, tid,
        v >= Version(2, 19) ? "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin."
                            : "NET/Plugin : No plugin found (libnccl-net.so), using internal implementation");
    OutFile &f = info(s, rank, t + Ms, tid);
    f << "NET/IB : Using";
    for (int i = 0; i < m_cluster.hcas.size(); ++i)
        f << " [" << i << ']' << m_cluster.hcas.at(i) << ":1/IB";
    f << (v >= Version(2, 12) ? " [RO]" : " ") << "; OOB " << n.iface << ':' << n.ip << "<0>";
    s.end();
    infoLine(s, rank, t + 2 * Ms, tid, "Using network IB");
    return t + 3 * Ms;
}

void NcclLog::topology(LineSink &s, int rank, qint64 &t)
{
    const RankInfo &r = m_cluster.rank(rank);
    const int gpus = m_cluster.gpusPerNode();
    const int tid = tidInit(rank);
    const bool nvl = gpus > 1;
    const int bw = m_cluster.hopper ? 24 : 20;
    info(s, rank, t, tid) << "=== System : maxBw " << bw << ".0 totalBw " << (nvl ? (m_cluster.hopper ? 480 : 240) : bw)
                          << ".0 ===";
    s.end();
    for (int socket = 0; socket < (gpus > 4 ? 2 : 1); ++socket) {
        info(s, rank, t, tid) << "CPU/" << socket << "-" << socket << " (1/2/-1)";
        s.end();
        for (int g = socket * 4; g < qMin(gpus, socket * 4 + 4); ++g) {
            const QByteArray bus = QByteArray::number(m_cluster.busIds.value(g) << 12, 16);
            info(s, rank, t, tid) << "+ PCI[24.0] - PCI/0-"
                                  << QByteArray::number((m_cluster.busIds.value(g) - 3) << 12, 16)
                                  << " (1000c01010000000)";
            s.end();
            info(s, rank, t, tid) << "              + PCI[24.0] - GPU/0-" << bus << " (" << g << ')';
            s.end();
            if (nvl) {
                info(s, rank, t, tid) << "                            + NVL[" << (m_cluster.hopper ? "480.0" : "240.0")
                                      << "] - NVS/0-0";
                s.end();
            }
            if (!m_cluster.hcas.isEmpty()) {
                info(s, rank, t, tid) << "              + PCI[24.0] - NIC/0-"
                                      << QByteArray::number((m_cluster.busIds.value(g) + 1) << 12, 16);
                s.end();
                info(s, rank, t, tid) << "                            + NET[25.0] - NET/" << g << "-0 (" << g
                                      << "/0/25.000000)";
                s.end();
            }
        }
    }
    infoLine(s, rank, t, tid, "==========================================");
    OutFile &f = info(s, rank, t, tid);
    f << "GPU/0-" << QByteArray::number(m_cluster.busIds.value(r.device) << 12, 16) << " :";
    for (int g = 0; g < gpus; ++g) {
        f << "GPU/0-" << QByteArray::number(m_cluster.busIds.value(g) << 12, 16) << " (" << (g == r.device ? 0 : 2)
          << '/' << (g == r.device ? "5000.0/LOC" : (nvl ? "480.0/NVL" : "24.0/PHB")) << ") ";
    }
    s.end();
    const int channels = m_cluster.ncclChannels;
    info(s, rank, t, tid) << "Pattern 4, crossNic 0, nChannels " << channels / 2 << ", bw " << bw << ".000000/" << bw
                          << ".000000, type " << (nvl ? "NVL" : "LOC") << "/PIX, sameChannels 1";
    s.end();
    for (int c = 0; c < channels / 2; ++c) {
        OutFile &g = info(s, rank, t, tid);
        g << OutFile::Pad { c, 2 } << " :";
        for (int i = 0; i < gpus; ++i)
            g << " GPU/" << (i + c) % gpus;
        if (m_cluster.nodeCount() > 1)
            g << " NET/" << c % qMax(1, int(m_cluster.hcas.size()));
        s.end();
    }
    t += 30 * Ms;
}

void NcclLog::ringLines(LineSink &s, int rank, qint64 &t)
{
    const Cluster &c = m_cluster;
    const RankInfo &r = c.rank(rank);
    const Version &v = version(rank);
    const int world = c.worldSize();
    if (world < 2)
        return;
    const int tid = tidInit(rank);
    const int next = (rank + 1) % world;
    const int prev = (rank + world - 1) % world;
    const bool busBrackets = v < Version(2, 19);
    const bool connIndex = v >= Version(2, 12);
    const NodeInfo &node = c.node(r.node);
    auto dev = [&](OutFile &f, int q) {
        f << q << '[';
        if (busBrackets)
            f << QByteArray::number(c.busIds.value(c.rank(q).device) << 12, 16);
        else
            f << c.rank(q).device;
        f << ']';
    };
    auto net = [&](OutFile &f, int nic) {
        f << "NET/";
        if (!node.usesPlugin && !c.pluginName.isEmpty())
            f << "Socket/" << nic;
        else if (node.usesPlugin)
            f << c.pluginName << '/' << nic << "/GDRDMA";
        else
            f << "IB/" << nic << "/GDRDMA";
    };
    const int nics = qMax(1, int(c.hcas.size()));
    for (int ch = 0; ch < c.ncclChannels; ++ch) {
        auto head = [&]() -> OutFile & {
            OutFile &f = info(s, rank, t, tid);
            f << "Channel " << OutFile::Pad { ch, 2 };
            if (connIndex)
                f << "/0";
            f << " : ";
            return f;
        };
        if (c.rank(next).node == r.node) {
            OutFile &f = head();
            dev(f, rank);
            f << " -> ";
            dev(f, next);
            f << (v >= Version(2, 19) ? " via P2P/CUMEM/read" : " via P2P/IPC/read");
            s.end();
        } else {
            OutFile &f = head();
            dev(f, rank);
            f << " -> ";
            dev(f, next);
            f << " [send] via ";
            net(f, (r.device + ch) % nics);
            s.end();
        }
        if (c.rank(prev).node != r.node) {
            OutFile &f = head();
            dev(f, prev);
            f << " -> ";
            dev(f, rank);
            f << " [receive] via ";
            net(f, (r.device + ch) % nics);
            s.end();
        }
        if (allOn()) {
            info(s, rank, t, tidProxy(rank)) << "New proxy send connection " << ch << " from local rank " << r.local
                                             << ", transport " << (c.rank(next).node == r.node ? 0 : 2);
            s.end();
            info(s, rank, t, tid) << "Connected to proxy localRank " << r.local << " -> connection 0x"
                                  << OutFile::Hex { 0x7f0000000000ULL
                                         + (Prng::mix(r.comm, quint64(ch)) & 0xfffffff0ULL) };
            s.end();
        }
        t += 150;
    }
}

qint64 NcclLog::init(LineSink &s, int rank, qint64 t)
{
    if (!infoOn())
        return t + 900 * Ms;
    const Cluster &c = m_cluster;
    const RankInfo &r = c.rank(rank);
    const NodeInfo &n = c.node(r.node);
    const Version &v = version(rank);
    const int world = c.worldSize();
    const int tidM = tidMain(rank);
    if (v >= Version(2, 14)) {
        info(s, rank, t, tidM) << "cudaDriverVersion " << n.driverApi;
        s.end();
    }
    t = netLines(s, rank, t + 3 * Ms);
    if (allOn()) {
        info(s, rank, t, tidM) << "NCCL_SOCKET_IFNAME set by environment to " << n.iface;
        s.end();
        if (!c.hcas.isEmpty())
            infoLine(s, rank, t, tidM, "NCCL_IB_TIMEOUT set by environment to 22.");
        infoLine(s, rank, t, tidM, "NCCL_ASYNC_ERROR_HANDLING set by environment to 1.");
    }
    const int tid = tidInit(rank);
    const QByteArray api = v >= Version(2, 23) ? QByteArray("ncclCommInitRankConfig") : QByteArray("ncclCommInitRank");
    const quint64 commId = Prng::mix(c.seed(), 0xC0FFEE) | 0x8000000000000000ULL;
    t += 20 * Ms;
    if (v >= Version(2, 19)) {
        OutFile &f = info(s, rank, t, tid);
        if (v >= Version(2, 30, 7))
            f << "[Rank " << rank << "] ";
        f << api << " comm 0x" << OutFile::Hex { r.comm } << " rank " << rank << " nranks " << world << " cudaDev "
          << r.device << " nvmlDev " << r.device << " busId " << busId(rank) << " commId 0x" << OutFile::Hex { commId }
          << " - Init START";
        s.end();
    }
    info(s, rank, t + 2 * Ms, tid) << "Setting affinity for GPU " << r.device << " to "
                                   << (r.device < c.gpusPerNode() / 2 || c.gpusPerNode() < 2
                                              ? "ffffffff,00000000,ffffffff"
                                              : "ffffffff,00000000,ffffffff,00000000");
    s.end();
    if (v >= Version(2, 17)) {
        info(s, rank, t + 3 * Ms, tid) << "NVLS multicast support is " << (c.hopper ? "" : "not ")
                                       << "available on dev " << r.device;
        s.end();
    }
    if (v >= Version(2, 21)) {
        info(s, rank, t + 4 * Ms, tid) << "comm 0x" << OutFile::Hex { r.comm } << " rank " << rank << " nRanks "
                                       << world << " nNodes " << c.nodeCount() << " localRanks " << c.gpusPerNode()
                                       << " localRank " << r.local << " MNNVL 0";
        s.end();
    }
    t += 40 * Ms;
    if (allOn())
        topology(s, rank, t);
    {
        // Trees: a chain inside the node, a binary tree over node roots (mirrored on odd channels).
        const int nodes = c.nodeCount();
        const int gpus = c.gpusPerNode();
        OutFile &f = info(s, rank, t, tid);
        f << "Trees";
        for (int ch = 0; ch < c.ncclChannels; ++ch) {
            const bool mirror = ch % 2 == 1;
            const int pos = mirror ? nodes - 1 - r.node : r.node;
            auto rootOf = [&](int p) { return (mirror ? nodes - 1 - p : p) * gpus; };
            int down[3] = { -1, -1, -1 };
            int up = -1;
            if (r.local > 0) {
                up = rank - 1;
                down[0] = r.local + 1 < gpus ? rank + 1 : -1;
            } else {
                int k = 0;
                if (gpus > 1)
                    down[k++] = rank + 1;
                for (int child : { 2 * pos + 1, 2 * pos + 2 }) {
                    if (child < nodes && k < 3)
                        down[k++] = rootOf(child);
                }
                up = pos == 0 ? -1 : rootOf((pos - 1) / 2);
            }
            f << " [" << ch << "] " << down[0] << '/' << down[1] << '/' << down[2] << "->" << rank << "->" << up;
        }
        s.end();
    }
    if (v >= Version(2, 12))
        infoLine(s, rank, t, tid, "P2P Chunksize set to 131072");
    if (rank == 0) {
        const int width = digits(world - 1);
        for (int ch = 0; ch < c.ncclChannels; ++ch) {
            OutFile &f = info(s, rank, t, tid);
            f << "Channel " << OutFile::Pad { ch, 2 } << '/' << OutFile::Pad { c.ncclChannels, 2 } << " :";
            if (v >= Version(2, 23)) {
                int chars = 0;
                for (int q = 0; q < world; ++q) {
                    if (chars + width + 1 > 128) {
                        f << "...";
                        break;
                    }
                    f << ' ' << OutFile::Pad { q, width, ' ' };
                    chars += width + 1;
                }
            } else {
                f << ' ';
                for (int q = 0; q < qMin(world, 20); ++q)
                    f << ' ' << OutFile::Pad { q, 3, ' ' };
            }
            s.end();
        }
    }
    ringLines(s, rank, t);
    infoLine(s, rank, t + 5 * Ms, tid,
        v >= Version(2, 24) ? "Connected all rings, use ring PXN 0 GDR 1" : "Connected all rings");
    infoLine(s, rank, t + 9 * Ms, tid, "Connected all trees");
    infoLine(s, rank, t + 9 * Ms, tid, "threadThresholds 8/8/64 | 128/8/64 | 512 | 512");
    {
        OutFile &f = info(s, rank, t + 9 * Ms, tid);
        const int ch = c.ncclChannels;
        if (v >= Version(2, 21))
            f << ch << " coll channels, " << ch << " collnet channels, " << (c.hopper ? 16 : 0) << " nvls channels, "
              << ch << " p2p channels, " << ch << " p2p channels per peer";
        else if (v >= Version(2, 17))
            f << ch << " coll channels, " << (c.hopper ? 16 : 0) << " nvls channels, " << ch << " p2p channels, " << ch
              << " p2p channels per peer";
        else
            f << ch << " coll channels, " << ch << " p2p channels, " << ch << " p2p channels per peer";
        s.end();
    }
    if (v >= Version(2, 24))
        infoLine(s, rank, t + 10 * Ms, tid, "CC Off, workFifoBytes 1048576");
    t += 60 * Ms + qint64(Prng::mix(r.comm, 3) % 300) * Ms;
    {
        OutFile &f = info(s, rank, t, tid);
        if (v >= Version(2, 23))
            f << api << ' ';
        else if (v >= Version(2, 21))
            f << "ncclCommInitRank ";
        f << "comm 0x" << OutFile::Hex { r.comm } << " rank " << rank << " nranks " << world << " cudaDev " << r.device;
        if (v >= Version(2, 19))
            f << " nvmlDev " << r.device;
        f << " busId " << busId(rank);
        if (v >= Version(2, 16))
            f << " commId 0x" << OutFile::Hex { commId };
        f << " - Init COMPLETE";
        s.end();
    }
    if (v >= Version(2, 24)) {
        const double total = double(t % 900000) / 1e6 + 0.4;
        info(s, rank, t, tid) << "Init timings - " << api << ": rank " << rank << " nranks " << world << " total "
                              << OutFile::Fixed { total, 2 } << " (kernels " << OutFile::Fixed { total * 0.12, 2 }
                              << ", alloc " << OutFile::Fixed { total * 0.03, 2 } << ", bootstrap "
                              << OutFile::Fixed { total * 0.05, 2 } << ", allgathers "
                              << OutFile::Fixed { total * 0.02, 2 } << ", topo " << OutFile::Fixed { total * 0.31, 2 }
                              << ", graphs " << OutFile::Fixed { total * 0.02, 2 } << ", connections "
                              << OutFile::Fixed { total * 0.40, 2 } << ", rest " << OutFile::Fixed { total * 0.05, 2 }
                              << ')';
        s.end();
    }
    return t;
}

void NcclLog::collective(LineSink &s, int rank, qint64 t, const char *op, quint64 opCount, qint64 count, int datatype)
{
    RankText &rt = text(rank);
    if (rt.collTail.isEmpty()) {
        const RankInfo &r = m_cluster.rank(rank);
        for (quint64 i = 0; i < 8; ++i) {
            const QByteArray buf
                = QByteArray::number(0x7f0000000000ULL + ((Prng::mix(r.comm, i) & 0xffffffffULL) << 8), 16);
            rt.buffers[i] = " sendbuff 0x" + buf + " recvbuff 0x" + buf + " count ";
        }
        rt.collTail = " op 0 root 0 comm 0x" + QByteArray::number(r.comm, 16) + " [nranks="
            + QByteArray::number(m_cluster.worldSize()) + "] stream 0x" + QByteArray::number(r.comm + 0xa4f0e0, 16);
    }
    OutFile &f = info(s, rank, t, tidMain(rank));
    f << op << ": opCount " << OutFile::Hex { opCount } << rt.buffers[opCount % 8] << count << " datatype " << datatype
      << rt.collTail;
    s.end();
}

void NcclLog::destroy(LineSink &s, int rank, qint64 t, bool abort)
{
    if (!infoOn())
        return;
    const RankInfo &r = m_cluster.rank(rank);
    const Version &v = version(rank);
    OutFile &f = info(s, rank, t, tidMain(rank));
    f << "comm 0x" << OutFile::Hex { r.comm } << " rank " << rank << " nranks " << m_cluster.worldSize() << " cudaDev "
      << r.device;
    if (v >= Version(2, 19))
        f << " nvmlDev " << r.device;
    f << " busId " << busId(rank) << (abort ? " - Abort COMPLETE" : " - Destroy COMPLETE");
    s.end();
}

} // namespace rankscope::sim
