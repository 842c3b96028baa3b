// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "rankwriter.h"

#include "timeformat.h"

#include <cmath>

namespace rankscope::sim {

namespace {

using K = Scenario::Kind;
using E = Incident::End;
using F = C10dLog::Frame;
constexpr qint64 Ms = 1000;
constexpr qint64 Sec = 1000000;

QList<F> mainFrames(QList<F> tail)
{
    QList<F> f { { "@", 233, "<module>", "main()" },
        { "@", 198, "main", "train(args, model, optimizer, train_loader)" } };
    f += tail;
    return f;
}

QList<F> forwardFrames()
{
    return mainFrames({ { "@", 142, "train", "outputs = model(**batch)", 14 },
        { "~/nn/modules/module.py", 1736, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)", 11 },
        { "~/nn/modules/module.py", 1747, "_call_impl", "return forward_call(*args, **kwargs)", 11 },
        { "~/nn/parallel/distributed.py", 1643, "forward", "else self._run_ddp_forward(*inputs, **kwargs)", 9 },
        { "~/nn/parallel/distributed.py", 1459, "_run_ddp_forward",
            "return self.module(*inputs, **kwargs)  # type: ignore[index]", 11 },
        { "@modeling.py", 412, "forward", "attn = torch.softmax(scores, dim=-1)", 11 },
        { "~/nn/functional.py", 2140, "softmax", "ret = input.softmax(dim)", 10 } });
}

QList<F> backwardFrames()
{
    return mainFrames(
        { { "@", 151, "train", "loss.backward()" }, { "~/_tensor.py", 581, "backward", "torch.autograd.backward(" },
            { "~/autograd/__init__.py", 347, "backward", "_engine_run_backward(" },
            { "~/autograd/graph.py", 825, "_engine_run_backward",
                "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
                11 } });
}

QList<F> ddpInitFrames()
{
    return { { "@", 233, "<module>", "main()" }, { "@", 97, "main", "model = DDP(model, device_ids=[local_rank])", 12 },
        { "~/nn/parallel/distributed.py", 825, "__init__",
            "_verify_param_shape_across_processes(self.process_group, parameters)" },
        { "~/distributed/utils.py", 288, "_verify_param_shape_across_processes",
            "return dist._verify_params_across_processes(process_group, tensors, logger)", 11 } };
}

QList<F> storeFrames()
{
    return { { "@", 233, "<module>", "main()" }, { "@", 58, "main", "dist.init_process_group(backend=\"nccl\")" },
        { "~/distributed/c10d_logger.py", 83, "wrapper", "return func(*args, **kwargs)", 11 },
        { "~/distributed/c10d_logger.py", 97, "wrapper", "func_return = func(*args, **kwargs)", 18 },
        { "~/distributed/distributed_c10d.py", 1520, "init_process_group",
            "store, rank, world_size = next(rendezvous_iterator)", 30 },
        { "~/distributed/rendezvous.py", 269, "_env_rendezvous_handler", "store = _create_c10d_store(" },
        { "~/distributed/rendezvous.py", 189, "_create_c10d_store", "return TCPStore(" } };
}

QByteArray gib(double v)
{
    return QByteArray::number(v, 'f', 2) + " GiB";
}

QByteArray jsonEscape(const QByteArray &s)
{
    QByteArray out;
    out.reserve(s.size() + 16);
    for (char c : s) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            out += c;
        }
    }
    return out;
}

QByteArray sciLr(double v)
{
    int exp = 0;
    while (v < 1.0 && exp > -12) {
        v *= 10.0;
        --exp;
    }
    QByteArray e = QByteArray::number(-exp);
    if (e.size() < 2)
        e.prepend('0');
    return QByteArray::number(v, 'f', 2) + "e-" + e;
}

} // namespace

RankWriter::RankWriter(const Cluster &cluster, const Incident &incident, BundleLayout &layout, BundleWriter &writer,
    EvidenceRecorder &evidence)
    : m_cluster(cluster)
    , m_incident(incident)
    , m_layout(layout)
    , m_writer(writer)
    , m_evidence(evidence)
    , m_nccl(cluster)
    , m_c10d(cluster)
    , m_steps(cluster.config().steps)
{ }

void RankWriter::markInitiating(const LineSink &s, qint64 line, qint64 t)
{
    s.file()->markEvidence(line);
    m_evidence.initiating(*s.file(), line, t);
}

void RankWriter::markCollateral(int rank, const LineSink &s, qint64 line)
{
    if (rank == m_incident.initiatingRank)
        return;
    s.file()->markEvidence(line);
    m_evidence.collateral(rank, *s.file(), line);
}

void RankWriter::write(int rank, int segment)
{
    const Incident::RankFate &fate = m_incident.ranks.at(rank);
    if (fate.end == E::NeverStarted)
        return;
    Prng rng(Prng::mix(m_cluster.seed() ^ 0x5EC7, quint64(rank) * 1000003u + quint64(segment)));
    if (segment == 0)
        return prelude(rank, rng);
    if (segment == 1)
        return init(rank, rng);
    if (segment <= m_steps + 1)
        return step(rank, segment - 1, rng);
    switch (segment - m_steps - 2) {
    case 0:
        return incident(rank, rng);
    case 1:
        return reaction(rank, rng);
    case 2:
        return timeout(rank, rng);
    default:
        return teardown(rank, rng);
    }
}

// ---------------------------------------------------------------- start-up

void RankWriter::prelude(int rank, Prng &rng)
{
    const RankInfo &ri = m_cluster.rank(rank);
    const Incident::RankFate &fate = m_incident.ranks.at(rank);
    BundleLayout::RankSinks &rs = m_layout.rank(rank);
    const qint64 t = m_cluster.workerStartUs(ri.node) + ri.local * 25 * Ms + rng.range(0, 400 * Ms);
    const K kind = m_cluster.scenario().kind;
    if (rank == 0 && m_cluster.trainStyle != 1) {
        OutFile &f = rs.out.begin(t + 900 * Ms);
        f << "Loaded config: model=" << m_cluster.jobName << " world_size=" << m_cluster.worldSize()
          << " micro_batch=" << (2 << (m_cluster.seed() % 3)) << " seq_len=" << (m_cluster.hopper ? 8192 : 4096)
          << " precision=" << (kind == K::Fp16LossScaleCollapse ? "fp16" : "bf16");
        rs.out.end();
    }
    switch (fate.end) {
    case E::StoreServerTimeout:
    case E::StoreConnectTimeout:
    case E::StoreLost:
        return storeEnding(rank, rng);
    case E::Primary:
    case E::CoPrimary:
        if (kind == K::DriverTooOld)
            driverTooOld(rank, fate.failUs);
        return;
    default:
        return;
    }
}

void RankWriter::driverTooOld(int rank, qint64 t)
{
    BundleLayout::RankSinks &rs = m_layout.rank(rank);
    const QByteArray found = QByteArray::number(m_cluster.node(m_cluster.rank(rank).node).driverApi);
    const QByteArray advice
        = "Please update your GPU driver by downloading and installing a new version from the URL: "
          "http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a "
          "PyTorch version that has been compiled with your version of the CUDA driver.";
    OutFile &f = rs.err.begin(t);
    f << m_cluster.sitePackages
      << "/torch/cuda/__init__.py:129: UserWarning: CUDA initialization: The NVIDIA driver on your "
         "system is too old (found version "
      << found << "). " << advice << " (Triggered internally at "
      << (m_cluster.torch >= Version(2, 5) ? "/pytorch" : "..") << "/c10/cuda/CUDAFunctions.cpp:108.)";
    const qint64 warnLine = rs.err.end();
    if (rank == m_incident.initiatingRank)
        markInitiating(rs.err, warnLine, t);
    rs.err.line(t, "  return torch._C._cuda_getDeviceCount() > 0");
    pythonFailure(rank, t + 20 * Ms,
        { { "@", 233, "<module>", "main()" }, { "@", 41, "main", "torch.cuda.set_device(local_rank)" },
            { "~/cuda/__init__.py", 478, "set_device", "torch._C._cuda_setDevice(device)" },
            { "~/cuda/__init__.py", 319, "_lazy_init", "torch._C._cuda_init()" } },
        { "RuntimeError: The NVIDIA driver on your system is too old (found version " + found + "). " + advice }, -1,
        Mark::None, false);
}

void RankWriter::storeEnding(int rank, Prng &rng)
{
    const Incident::RankFate &fate = m_incident.ranks.at(rank);
    BundleLayout::RankSinks &rs = m_layout.rank(rank);
    const NodeInfo &host = m_cluster.node(0);
    const NodeInfo &self = m_cluster.node(m_cluster.rank(rank).node);
    const QByteArray port = QByteArray::number(m_cluster.masterPort);
    const bool newC10 = m_cluster.torch >= Version(2, 4);
    const qint64 start = m_cluster.workerStartUs(self.index) + 2 * Sec;
    auto warnPrefix = [&](qint64 t, const char *file, int line) -> OutFile & {
        return m_c10d.cpp(rs.err, rank, t, 'W', file, line, false);
    };
    switch (fate.end) {
    case E::StoreConnectTimeout: {
        // Retries with back-off until the store timeout, then the error.
        qint64 t = start + rng.range(100 * Ms, 600 * Ms);
        qint64 delay = 1 * Sec;
        bool first = true;
        const qint64 until = fate.cutUs > 0 ? qMin(fate.cutUs, fate.failUs - 2 * Sec) : fate.failUs - 2 * Sec;
        while (t < until) {
            OutFile &f = warnPrefix(t, "socket.cpp", newC10 ? 752 : 601);
            f << "[c10d] The client socket has failed to connect to [" << host.host << "]:" << port
              << " (errno: 113 - No route to host).";
            const qint64 n = rs.err.end();
            if (first && m_incident.initiatingRank < 0 && m_cluster.scenario().kind == K::StoreUnreachable)
                markInitiating(rs.err, n, t);
            first = false;
            t += delay;
            delay = qMin(delay * 2, 60 * Sec);
        }
        if (fate.cutUs > 0 && fate.cutUs < fate.failUs)
            return; // killed while still retrying
        QByteArray timeoutText = "The client socket has timed out after " + QByteArray::number(m_cluster.timeoutMs)
            + "ms while trying to connect to (" + host.host + ", " + port + ").";
        pythonFailure(rank, fate.failUs, storeFrames(), { "torch.distributed.DistNetworkError: " + timeoutText }, -1,
            Mark::None, false);
        return;
    }
    case E::StoreServerTimeout: {
        const int joined = m_incident.storeJoined;
        const QByteArray text = "Timed out after " + QByteArray::number(m_cluster.timeoutMs / 1000 + 1)
            + " seconds waiting for clients. " + QByteArray::number(joined) + '/'
            + QByteArray::number(m_cluster.worldSize()) + " clients joined.";
        const QByteArray cls
            = m_cluster.torch >= Version(2, 1) ? "torch.distributed.DistStoreError: " : "RuntimeError: ";
        pythonFailure(rank, fate.failUs, storeFrames(), { cls + text }, 0,
            m_cluster.scenario().kind == K::RendezvousTimeout ? Mark::Initiating : Mark::None, false);
        return;
    }
    case E::StoreLost: {
        OutFile &f = warnPrefix(fate.failUs, "TCPStore.cpp", newC10 ? 125 : 115);
        f << "[c10d] recvValue failed on SocketImpl(fd=" << (3 + rank % 5) << ", addr=[" << self.host
          << "]:" << (40000 + rank * 7 % 20000) << ", remote=[" << host.host << "]:" << port << "): "
          << (newC10 ? "Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or "
                       "crash?"
                     : "failed to recv, got 0 bytes");
        const qint64 n = rs.err.end();
        markCollateral(rank, rs.err, n);
        pythonFailure(rank, fate.failUs + 2 * Ms,
            { { "@", 233, "<module>", "main()" }, { "@", 58, "main", "dist.init_process_group(backend=\"nccl\")" },
                { "~/distributed/c10d_logger.py", 83, "wrapper", "return func(*args, **kwargs)", 11 },
                { "~/distributed/distributed_c10d.py", 1520, "init_process_group",
                    "store, rank, world_size = next(rendezvous_iterator)", 30 },
                { "~/distributed/rendezvous.py", 269, "_env_rendezvous_handler", "store = _create_c10d_store(" } },
            { "torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. Did the "
              "remote server shutdown or crash?" },
            -1, Mark::None, false);
        return;
    }
    default:
        return;
    }
}

// ---------------------------------------------------------------- Python failures

void RankWriter::pythonFailure(int rank, qint64 t, const QList<C10dLog::Frame> &frames,
    const QList<QByteArray> &exception, int evidenceIndex, Mark mark, bool withRank)
{
    BundleLayout::RankSinks &rs = m_layout.rank(rank);
    m_c10d.traceback(rs.err, rank, t, frames, withRank);
    QByteArray stack = "Traceback (most recent call last):\n";
    for (const C10dLog::Frame &fr : frames)
        stack += m_c10d.frameText(fr);
    for (qsizetype i = 0; i < exception.size(); ++i) {
        m_c10d.py(rs.err, rank, t, withRank) << exception.at(i);
        const qint64 n = rs.err.end();
        if (i == evidenceIndex) {
            if (mark == Mark::Initiating)
                markInitiating(rs.err, n, t);
            else if (mark == Mark::Collateral)
                markCollateral(rank, rs.err, n);
        }
        stack += exception.at(i) + '\n';
    }
    QByteArray message = exception.join('\n');
    const qsizetype colon = message.indexOf(": ");
    const qsizetype dot = message.lastIndexOf('.', colon);
    if (dot >= 0 && colon > 0)
        message = message.mid(dot + 1);
    m_callstacks.insert(rank, stack);
    m_exceptions.insert(rank, message);
    m_errorTimes.insert(rank, t);
    if (!rs.errorJson.isEmpty() && m_cluster.recordErrors) {
        const qint64 epoch = m_cluster.local(m_cluster.rank(rank).node, t) / Sec;
        const QByteArray json = "{\"message\": {\"message\": \"" + jsonEscape(message)
            + "\", \"extraInfo\": {\"py_callstack\": \"" + jsonEscape(stack) + "\", \"timestamp\": \""
            + QByteArray::number(epoch) + "\"}}}";
        m_writer.writeWhole(rs.errorJson, json);
    }
}

// ---------------------------------------------------------------- NCCL init

void RankWriter::init(int rank, Prng &rng)
{
    const Incident::RankFate &fate = m_incident.ranks.at(rank);
    const K kind = m_cluster.scenario().kind;
    const Scenario::Phase phase = m_cluster.scenario().phase;
    BundleLayout::RankSinks &rs = m_layout.rank(rank);
    const qint64 t = m_cluster.initUs() + rng.range(0, 300 * Ms);
    if (fate.end == E::StoreServerTimeout || fate.end == E::StoreConnectTimeout || fate.end == E::StoreLost)
        return;
    if (phase == Scenario::Phase::Startup && (fate.end == E::Primary || fate.end == E::CoPrimary))
        return;
    if (fate.end != E::Finish && fate.end != E::Straggler && t >= fate.endUs)
        return;
    m_nccl.banner(rs.out, rs.nccl, rs.ncclFile, rank, t);
    if (phase == Scenario::Phase::Init && (fate.end == E::Primary || fate.end == E::CoPrimary))
        return initFailure(rank, rng, fate.failUs);
    if (fate.end == E::InitPeerLost)
        return initPeerLost(rank, rng);
    const bool partial = fate.end == E::Watchdog && fate.failSeq == 1
        && (kind == K::NcclSocketBootstrapFailure || kind == K::DriverTooOld);
    if (partial) {
        if (m_nccl.infoOn()) {
            const qint64 u = m_nccl.netLines(rs.nccl, rank, t + 3 * Ms);
            m_nccl.info(rs.nccl, rank, u + 20 * Ms, m_nccl.tidInit(rank))
                << "Setting affinity for GPU " << m_cluster.rank(rank).device << " to ffffffff,00000000,ffffffff";
            rs.nccl.end();
        }
        return;
    }
    m_nccl.init(rs.nccl, rank, t + 3 * Ms);
    if (kind == K::NcclNetPluginMismatch && rank == m_incident.initiatingRank && m_nccl.pluginErrorLine())
        markInitiating(rs.nccl, m_nccl.pluginErrorLine(), t + 5 * Ms);
    if (m_nccl.allOn())
        m_nccl.collective(rs.nccl, rank, m_cluster.initDoneUs() + rng.range(0, 50 * Ms), "Broadcast", 0,
            m_cluster.gradNumel * m_cluster.seqPerStep, 7);
}

void RankWriter::initFailure(int rank, Prng &rng, qint64 t)
{
    const K kind = m_cluster.scenario().kind;
    const RankInfo &ri = m_cluster.rank(rank);
    BundleLayout::RankSinks &rs = m_layout.rank(rank);
    const bool primary = rank == m_incident.initiatingRank;
    const Version &v = m_nccl.version(rank);
    const int tid = m_nccl.tidInit(rank);
    const qint64 start = qMin(t - 60 * Ms, m_cluster.initUs() + rng.range(0, 100 * Ms));
    QByteArray text;
    int code = 5;
    const char *file = "init.cc";
    int line = 1032;
    const char *func = "initTransportsRank";
    if (kind != K::NcclSocketBootstrapFailure && m_nccl.infoOn()) {
        const qint64 u = m_nccl.netLines(rs.nccl, rank, start + 3 * Ms);
        OutFile &f = m_nccl.info(rs.nccl, rank, u + 15 * Ms, tid);
        if (v >= Version(2, 19))
            f << (v >= Version(2, 23) ? "ncclCommInitRankConfig" : "ncclCommInitRank") << " comm 0x"
              << OutFile::Hex { ri.comm } << " rank " << rank << " nranks " << m_cluster.worldSize() << " cudaDev "
              << ri.device << " nvmlDev " << ri.device << " busId " << m_nccl.busId(rank) << " commId 0x"
              << OutFile::Hex { Prng::mix(m_cluster.seed(), 0xC0FFEE) | 0x8000000000000000ULL } << " - Init START";
        else
            f << "Setting affinity for GPU " << ri.device << " to ffffffff,00000000,ffffffff";
        rs.nccl.end();
    }
    switch (kind) {
    case K::NcclVersionConflict: {
        // The peer named is a rank on another node, which runs the other release.
        const int node = ri.node;
        const int otherNode
            = node == m_incident.initiatingNode ? (node + 1) % m_cluster.nodeCount() : m_incident.initiatingNode;
        const int peer = m_cluster.node(otherNode).firstRank + ri.local;
        text = "Mismatched NCCL version detected : rank " + QByteArray::number(peer) + " version "
            + QByteArray::number(m_cluster.node(otherNode).nccl.ncclCode()) + " rank " + QByteArray::number(rank)
            + " version " + QByteArray::number(v.ncclCode());
        break;
    }
    case K::NcclDuplicateGpu: {
        const int other = rank == m_incident.initiatingRank ? m_incident.peerRank : m_incident.initiatingRank;
        text = "Duplicate GPU detected : rank " + QByteArray::number(rank) + " and rank " + QByteArray::number(other)
            + " both on CUDA device " + m_nccl.busId(rank);
        line = 1000;
        break;
    }
    case K::NcclShmExhausted: {
        static const char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        QByteArray seg = "/dev/shm/nccl-";
        for (int i = 0; i < 6; ++i)
            seg += alphabet[rng.below(sizeof(alphabet) - 1)];
        const qint64 size = 9637888 + 1048576 * rng.range(0, 4);
        code = 2;
        func = "ncclShmOpen";
        if (v < Version(2, 20)) {
            text = "Error: failed to extend " + seg + " to " + QByteArray::number(size) + " bytes";
            file = "misc/shmutils.cc";
            line = 87;
        } else if (v < Version(2, 28)) {
            text = "Error while creating shared memory segment " + seg + " (size " + QByteArray::number(size) + ')';
            file = "misc/shmutils.cc";
            line = 129;
        } else {
            text = "Error while creating shared memory segment " + seg + " (size " + QByteArray::number(size)
                + "), error: No space left on device (28)";
            file = "os/linux.cc";
            line = 410;
        }
        break;
    }
    case K::NvlsMulticastFailure:
        file = "transport/nvls.cc";
        func = "nvlsAllocateMem";
        code = 1;
        if (v < Version(2, 24)) {
            text = "Cuda failure 401 'the operation cannot be performed in the present state'";
            line = 254;
        } else {
            text = "Failed to bind NVLink SHARP (NVLS) Multicast memory of size "
                + QByteArray::number(2097152 * qint64(1 + rng.below(4)))
                + " : CUDA error 401 'the operation cannot be performed in the present state'.\nThis is usually caused "
                  "by a "
                  "system or configuration error in the Fabric Manager or NVSwitches.\nDisable NVLS "
                  "(NCCL_NVLS_ENABLE=0) if you "
                  "wish to avoid this error in the future.";
            line = 379;
        }
        break;
    case K::NcclSocketBootstrapFailure:
        if (m_nccl.infoOn()) {
            m_nccl.info(rs.nccl, rank, start, m_nccl.tidMain(rank))
                << "cudaDriverVersion " << m_cluster.node(ri.node).driverApi;
            rs.nccl.end();
            m_nccl.infoLine(
                rs.nccl, rank, start + Ms, m_nccl.tidMain(rank), "NCCL_SOCKET_IFNAME set by environment to ib0");
        }
        text = v >= Version(2, 24) ? "Bootstrap: no socket interface found" : "Bootstrap : no socket interface found";
        file = "bootstrap.cc";
        func = "bootstrapNetInit";
        line = 71;
        code = 2;
        break;
    default:
        break;
    }
    const int warnTid = kind == K::NcclSocketBootstrapFailure ? m_nccl.tidMain(rank) : tid;
    if (m_nccl.warnOn()) {
        // Continuation lines of a multi-line WARN are printed raw.
        const qsizetype nl = text.indexOf('\n');
        OutFile &f = m_nccl.warn(rs.nccl, rank, t, warnTid, file, line, func);
        f << std::string_view(text.constData(), size_t(nl < 0 ? text.size() : nl));
        const qint64 n = rs.nccl.end();
        if (primary)
            markInitiating(rs.nccl, n, t);
        if (nl >= 0) {
            for (const QByteArray &rest : text.mid(nl + 1).split('\n'))
                rs.nccl.line(t, std::string_view(rest.constData(), size_t(rest.size())));
        }
        m_nccl.errorChain(rs.nccl, rank, t + 2 * Ms, warnTid, code, 3);
    }
    const QList<QByteArray> lines = m_c10d.ncclErrorLines(code, v.toBytes(), text, m_c10d.atLeast(2, 4) ? 2006 : 1269);
    const bool textEvidence = primary && !m_nccl.warnOn() && v >= Version(2, 13);
    pythonFailure(rank, t + rng.range(5 * Ms, 80 * Ms), ddpInitFrames(), lines, textEvidence ? 3 : -1,
        textEvidence ? Mark::Initiating : Mark::None);
}

static QByteArray closedText(const Version &v, const QByteArray &peer)
{
    if (v >= Version(2, 24))
        return "socketProgress: Connection closed by remote peer " + peer;
    return "socketProgressOpt: Call to recv from " + peer + " failed : Connection reset by peer";
}

qint64 RankWriter::peerClosedWarn(int rank, qint64 t)
{
    BundleLayout::RankSinks &rs = m_layout.rank(rank);
    const Version &v = m_nccl.version(rank);
    const QByteArray text = closedText(v, m_nccl.peerAddress(m_incident.initiatingNode, rank % 7));
    if (!m_nccl.warnOn())
        return 0;
    const char *file = v >= Version(2, 29) ? "os/linux.cc" : "misc/socket.cc";
    OutFile &f = m_nccl.warn(
        rs.nccl, rank, t, m_nccl.tidProxy(rank), file, v >= Version(2, 24) ? 49 : 521, "ncclOsSocketProgressOpt");
    f << text;
    const qint64 n = rs.nccl.end();
    markCollateral(rank, rs.nccl, n);
    m_nccl.errorChain(rs.nccl, rank, t + Ms, m_nccl.tidProxy(rank), v >= Version(2, 12) ? 6 : 2, 2);
    return n;
}

void RankWriter::initPeerLost(int rank, Prng &rng)
{
    const Incident::RankFate &fate = m_incident.ranks.at(rank);
    const RankInfo &ri = m_cluster.rank(rank);
    BundleLayout::RankSinks &rs = m_layout.rank(rank);
    const Version &v = m_nccl.version(rank);
    if (m_nccl.infoOn()) {
        const qint64 u = m_nccl.netLines(rs.nccl, rank, m_cluster.initUs() + rng.range(0, 200 * Ms));
        m_nccl.info(rs.nccl, rank, u + 15 * Ms, m_nccl.tidInit(rank))
            << "Setting affinity for GPU " << ri.device << " to ffffffff,00000000,ffffffff";
        rs.nccl.end();
    }
    if (fate.peerClosedUs > 0)
        peerClosedWarn(rank, fate.peerClosedUs);
    const int code = v >= Version(2, 12) ? 6 : 2;
    const QByteArray last = closedText(v, m_nccl.peerAddress(m_incident.initiatingNode, rank % 7));
    pythonFailure(rank, fate.failUs, ddpInitFrames(),
        m_c10d.ncclErrorLines(code, v.toBytes(), last, m_c10d.atLeast(2, 4) ? 2006 : 1269), 0, Mark::Collateral);
}

// ---------------------------------------------------------------- training

void RankWriter::trainingLine(int rank, int k, Prng &rng)
{
    BundleLayout::RankSinks &rs = m_layout.rank(rank);
    const int node = m_cluster.rank(rank).node;
    const qint64 t = m_cluster.stepEndUs(k) + rng.range(1 * Ms, 30 * Ms);
    const qint64 lt = m_cluster.local(node, t);
    const double loss = 2.1 + 8.4 * std::exp(-double(k) / 350.0) + (rng.unit() - 0.5) * 0.08;
    const double lr = 3e-4 * qMin(1.0, double(k) / 100.0 + 0.01);
    const double gnorm = 0.55 + 0.5 * std::exp(-double(k) / 200.0) + rng.unit() * 0.1;
    const qint64 total = qMax(qint64(m_steps) * 4, qint64(10000));
    OutFile &f = rs.out.begin(t);
    switch (m_cluster.trainStyle) {
    case 0:
        TimeFormat::asctime(f, lt);
        f << " - INFO - __main__ - step " << k << '/' << total << " | loss " << OutFile::Fixed { loss, 4 } << " | lr "
          << sciLr(lr) << " | grad_norm " << OutFile::Fixed { gnorm, 3 } << " | "
          << OutFile::Fixed { double(m_cluster.stepUs()) / 1e6, 2 } << " s/step";
        break;
    case 1:
        f << "{'loss': " << OutFile::Fixed { loss, 4 } << ", 'grad_norm': " << OutFile::Fixed { gnorm, 4 }
          << ", 'learning_rate': " << QByteArray::number(lr, 'g', 6)
          << ", 'epoch': " << OutFile::Fixed { double(k) / double(total) * 3.0, 2 } << '}';
        break;
    case 2:
        f << '[';
        TimeFormat::asctime(f, lt);
        f << "] [INFO] [logging.py:128:log_dist] [Rank 0] step=" << k << ", skipped=0, lr=["
          << QByteArray::number(lr, 'g', 6) << "], mom=[(0.9, 0.95)]";
        break;
    default:
        f << "\x1b[32m";
        TimeFormat::isoSeconds(f, lt, ' ');
        f << '.' << OutFile::Pad { TimeFormat::civil(lt).micro / 1000, 3 } << "\x1b[0m | \x1b[1mINFO    \x1b[0m | "
          << "\x1b[36mtrain\x1b[0m:\x1b[36mtrain_step\x1b[0m:\x1b[36m214\x1b[0m - \x1b[1mstep " << k << " | loss "
          << OutFile::Fixed { loss, 4 } << " | lr " << sciLr(lr) << "\x1b[0m";
        break;
    }
    rs.out.end();
}

void RankWriter::step(int rank, int k, Prng &rng)
{
    const Incident::RankFate &fate = m_incident.ranks.at(rank);
    if (k > fate.stepsDone)
        return;
    const qint64 t = m_cluster.stepEndUs(k);
    if (fate.end != E::Finish && fate.end != E::Straggler && t >= fate.endUs)
        return;
    BundleLayout::RankSinks &rs = m_layout.rank(rank);
    if (m_nccl.allOn()) {
        const qint64 stepStart = t - m_cluster.stepUs();
        for (int c = 0; c < m_cluster.seqPerStep; ++c) {
            const qint64 tc
                = stepStart + m_cluster.stepUs() * (c + 5) / (m_cluster.seqPerStep + 6) + rng.range(0, 3 * Ms);
            m_nccl.collective(
                rs.nccl, rank, tc, "AllReduce", quint64(m_cluster.seqOf(k, c) - 1), m_cluster.gradNumel, 7);
        }
    }
    if (rank == 0)
        trainingLine(rank, k, rng);
    if (m_cluster.scenario().kind == K::Fp16LossScaleCollapse && k > m_steps - 16) {
        const int exp = m_steps - k + 1;
        const qint64 lt = m_cluster.local(m_cluster.rank(rank).node, t + rng.range(2 * Ms, 40 * Ms));
        OutFile &f = rs.out.begin(t);
        f << '[';
        TimeFormat::asctime(f, lt);
        f << "] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank " << rank
          << " Skipping step. Attempted loss scale: " << (qint64(1) << exp) << ", reducing to "
          << (qint64(1) << (exp - 1));
        rs.out.end();
    }
}

void RankWriter::incident(int rank, Prng &rng)
{
    const Incident::RankFate &fate = m_incident.ranks.at(rank);
    const K kind = m_cluster.scenario().kind;
    if (kind == K::CheckpointDiskFull && rank == 0 && m_incident.ranks.at(0).endUs > m_incident.incidentUs - 2 * Sec) {
        BundleLayout::RankSinks &rs = m_layout.rank(rank);
        OutFile &f = rs.out.begin(m_incident.incidentUs - 2 * Sec);
        f << "Saving checkpoint to " << m_cluster.ckptDir << "/global_step_" << m_incident.stepsDone;
        rs.out.end();
    }
    if (m_cluster.scenario().phase != Scenario::Phase::Training)
        return;
    if (fate.end == E::Primary || fate.end == E::CoPrimary)
        trainingPrimary(rank, rng);
}

void RankWriter::trainingPrimary(int rank, Prng &rng)
{
    const Incident::RankFate &fate = m_incident.ranks.at(rank);
    const K kind = m_cluster.scenario().kind;
    const RankInfo &ri = m_cluster.rank(rank);
    BundleLayout::RankSinks &rs = m_layout.rank(rank);
    const Version &tv = m_cluster.torch;
    const bool primary = rank == m_incident.initiatingRank;
    const Mark mark = primary ? Mark::Initiating : Mark::None;
    const qint64 t = fate.failUs;
    const QByteArray c10Prefix = tv >= Version(2, 5) ? "/pytorch/c10" : "../c10";
    switch (kind) {
    case K::CudaOom: {
        static const double sizes[] = { 0.0195, 0.5, 1.70, 2.87, 4.0 };
        const double alloc = sizes[rng.below(5)];
        const QByteArray tried = alloc < 1.0 ? QByteArray::number(alloc * 1024.0, 'f', 2) + " MiB" : gib(alloc);
        const double total = m_cluster.hopper ? 79.11 : 79.14;
        const double used = total - 0.01 - rng.unit() * 0.2;
        const double allocated = used - 1.0 - rng.unit() * 2.0;
        const double reserved = used - allocated - 0.3;
        QByteArray msg;
        QByteArray cls = tv >= Version(2, 5)
            ? "torch.OutOfMemoryError: "
            : (tv >= Version(1, 13) ? "torch.cuda.OutOfMemoryError: " : "RuntimeError: ");
        if (tv < Version(2, 1)) {
            msg = "CUDA out of memory. Tried to allocate " + tried + " (GPU " + QByteArray::number(ri.device) + "; "
                + gib(total) + " total capacity; " + gib(allocated) + " already allocated; 6.81 MiB free; "
                + gib(allocated + reserved)
                + " reserved in total by PyTorch) If reserved memory is >> allocated memory try setting "
                  "max_split_size_mb to "
                  "avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF";
        } else {
            msg = "CUDA out of memory. Tried to allocate " + tried + ". GPU " + QByteArray::number(ri.device)
                + (tv < Version(2, 2) ? " has a total capacty of " : " has a total capacity of ") + gib(total)
                + " of which 6.81 MiB is free. Including non-PyTorch memory, this process has " + gib(used)
                + " memory in use. Of the allocated memory " + gib(allocated) + " is allocated by PyTorch, and "
                + gib(reserved) + " is reserved by PyTorch but unallocated. ";
            if (tv < Version(2, 2))
                msg += "If reserved but unallocated memory is large try setting max_split_size_mb to avoid "
                       "fragmentation.  "
                       "See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF";
            else
                msg += QByteArray("If reserved but unallocated memory is large try setting "
                                  "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True "
                                  "to avoid fragmentation.  See documentation for Memory Management  (https://")
                    + (tv >= Version(2, 7) ? "docs.pytorch.org" : "pytorch.org")
                    + "/docs/stable/notes/cuda.html#environment-variables)";
        }
        pythonFailure(rank, t, forwardFrames(), { cls + msg }, 0, mark);
        return;
    }
    case K::NanLoss: {
        OutFile &w = rs.err.begin(t - 5 * Ms);
        w << m_cluster.sitePackages
          << "/torch/autograd/graph.py:825: UserWarning: Error detected in MulBackward0. Traceback of "
             "forward call that caused the error:";
        rs.err.end();
        for (const C10dLog::Frame &fr : forwardFrames().mid(0, 7)) {
            QByteArray text = m_c10d.frameText(fr);
            text.chop(1);
            for (const QByteArray &l : text.split('\n'))
                rs.err.line(t - 5 * Ms, std::string_view(l.constData(), size_t(l.size())));
        }
        rs.err.line(t - 5 * Ms,
            "  File \"" + std::string(m_c10d.framePath({ "@modeling.py", 0, "", "" }).constData())
                + "\", line 388, in forward");
        rs.err.line(t - 5 * Ms, "    hidden = hidden * self.gate(hidden)");
        OutFile &trig = rs.err.begin(t - 5 * Ms);
        trig << " (Triggered internally at " << (tv >= Version(2, 5) ? "/pytorch" : "..")
             << "/torch/csrc/autograd/python_anomaly_mode.cpp:118.)";
        rs.err.end();
        rs.err.line(t - 5 * Ms,
            "  return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass");
        pythonFailure(rank, t, backwardFrames(),
            { "RuntimeError: Function 'MulBackward0' returned nan values in its 0th output." }, 0, mark);
        return;
    }
    case K::CollectiveMismatch: {
        const int other = primary ? m_incident.peerRank : m_incident.initiatingRank;
        const QByteArray opts
            = ", TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, "
              "layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), "
              "memory_format=(nullopt)))";
        const QByteArray seq = QByteArray::number(m_incident.failSeq);
        const QByteArray odd
            = "CollectiveFingerPrint(SequenceNumber=" + seq + ", OpType=ALLGATHER, TensorShape=[4]" + opts;
        const QByteArray even = "CollectiveFingerPrint(SequenceNumber=" + seq + ", OpType=ALLREDUCE, TensorShape=["
            + QByteArray::number(m_cluster.gradNumel) + ']' + opts;
        const QByteArray mine = primary ? odd : even;
        const QByteArray theirs = primary ? even : odd;
        const QByteArray msg = "RuntimeError: Detected mismatch between collectives on ranks. Rank "
            + QByteArray::number(rank) + " is running collective: " + mine + ", but Rank " + QByteArray::number(other)
            + " is running collective: " + theirs + ".Collectives differ in the following aspects: \t Op type: "
            + (primary ? "ALLGATHERvs ALLREDUCE" : "ALLREDUCEvs ALLGATHER") + "\t Tensor Tensor shapes: "
            + (primary ? QByteArray("4vs " + QByteArray::number(m_cluster.gradNumel))
                       : QByteArray(QByteArray::number(m_cluster.gradNumel) + "vs 4"));
        QList<F> frames
            = mainFrames({ primary ? F { "@", 168, "train", "dist.all_gather_into_tensor(done_flags, done)" }
                                   : F { "@", 171, "train", "dist.all_reduce(grad_bucket)" },
                { "~/distributed/c10d_logger.py", 83, "wrapper", "return func(*args, **kwargs)", 11 },
                primary ? F { "~/distributed/distributed_c10d.py", 3713, "all_gather_into_tensor",
                    "work = group._allgather_base(output_tensor, input_tensor, opts)", 11 }
                        : F { "~/distributed/distributed_c10d.py", 2501, "all_reduce",
                            "work = group.allreduce([tensor], opts)", 11 } });
        pythonFailure(rank, t, frames, { msg }, 0, mark);
        return;
    }
    case K::Fp16LossScaleCollapse:
        pythonFailure(rank, t,
            mainFrames({ { "@", 160, "train", "model_engine.step()" },
                { "^deepspeed/runtime/engine.py", 2213, "step", "self._take_model_step(lr_kwargs)" },
                { "^deepspeed/runtime/engine.py", 2119, "_take_model_step", "self.optimizer.step()" },
                { "^deepspeed/runtime/fp16/fused_optimizer.py", 281, "step", "self._update_scale(self.overflow)" },
                { "^deepspeed/runtime/fp16/fused_optimizer.py", 417, "_update_scale",
                    "self.loss_scaler.update_scale(skip)" },
                { "^deepspeed/runtime/fp16/loss_scaler.py", 177, "update_scale", "raise Exception(" } }),
            { "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run." }, 0,
            mark);
        return;
    case K::CheckpointDiskFull: {
        const QByteArray path = m_cluster.ckptDir + "/global_step_" + QByteArray::number(m_incident.stepsDone) + "/__"
            + QByteArray::number(rank) + "_0.distcp";
        pythonFailure(rank, t,
            mainFrames({ { "@", 177, "train", "save_checkpoint(model, optimizer, step)" },
                { "@", 64, "save_checkpoint", "dcp.save(state_dict, checkpoint_id=path)" },
                { "~/distributed/checkpoint/logger.py", 83, "wrapper", "result = func(*args, **kwargs)", 17 },
                { "~/distributed/checkpoint/state_dict_saver.py", 151, "save", "return _save_state_dict(" },
                { "~/distributed/checkpoint/filesystem.py", 376, "_write_files_from_queue",
                    "with create_stream(file_name, \"wb\") as stream:" } }),
            { "OSError: [Errno 28] No space left on device: '" + path + '\'' }, 0, mark);
        return;
    }
    case K::CudaIllegalMemoryAccess:
    case K::GpuEccError:
    case K::GpuXidFallenOffBus: {
        const char *error = kind == K::CudaIllegalMemoryAccess ? "an illegal memory access was encountered"
            : kind == K::GpuEccError                           ? "uncorrectable ECC error encountered"
                                                               : "unknown error";
        const char *name = kind == K::CudaIllegalMemoryAccess ? "cudaErrorIllegalAddress"
            : kind == K::GpuEccError                          ? "cudaErrorECCUncorrectable"
                                                              : "cudaErrorUnknown";
        const QByteArray what = QByteArray("CUDA error: ") + error;
        const QByteArray search = QByteArray("Search for `") + name
            + "' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information.";
        const QByteArray raisedFile = c10Prefix + "/cuda/CUDAException.cpp";
        m_nccl.destroy(rs.nccl, rank, t - 2 * Ms, true);
        qint64 n;
        if (tv >= Version(2, 6))
            n = m_c10d.watchdogException(rs.err, rank, t, std::string_view(what.constData(), size_t(what.size())),
                { std::string_view(search.constData(), size_t(search.size())),
                    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace "
                    "below might be incorrect.",
                    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." },
                "c10_cuda_check_implementation", raisedFile.constData(), 43);
        else
            n = m_c10d.watchdogException(rs.err, rank, t, std::string_view(what.constData(), size_t(what.size())),
                { "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
                  "might be incorrect.",
                    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
                    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." },
                "c10_cuda_check_implementation", raisedFile.constData(), 43);
        if (primary && kind == K::CudaIllegalMemoryAccess)
            markInitiating(rs.err, n, t);
        return;
    }
    case K::IbCompletionError: {
        const Version &v = m_nccl.version(rank);
        const NodeInfo &self = m_cluster.node(ri.node);
        const QByteArray peer = m_nccl.peerAddress(m_incident.peerNode, ri.local);
        const QByteArray hca = m_cluster.hcas.value(ri.device % qMax(1, int(m_cluster.hcas.size())), "mlx5_0");
        QByteArray text;
        const char *file = v >= Version(2, 29) ? "transport/net_ib/p2p.cc" : "transport/net_ib.cc";
        const int line = v >= Version(2, 29) ? 688 : v >= Version(2, 22) ? 2244 : 1295;
        if (v < Version(2, 18))
            text = "NET/IB : Got completion from peer " + peer + " with error 12, opcode 0, len 0, vendor err 129";
        else if (v < Version(2, 20))
            text = "NET/IB : Got completion from peer " + peer
                + " with error 12, opcode 1, len 0, vendor err 129 (Send)";
        else if (v < Version(2, 22))
            text = "NET/IB : Got completion from peer " + peer + " with status=12 opcode=1 len=0 vendor err 129 (Send)";
        else if (v <= Version(2, 28, 3))
            text = "NET/IB: Got completion from peer " + peer
                + " with status=12 opcode=1 len=0 vendor err 129 (Send) hca " + hca;
        else if (v < Version(2, 29))
            text = "NET/IB: Got completion from peer " + peer
                + " with status=IBV_WC_RETRY_EXC_ERR(12) opcode=IBV_WC_RDMA_WRITE(1) reqSize=0 vendor_err=129 "
                  "req_type=Send hca "
                + hca;
        else
            text = "NET/IB: Got completion from peer " + peer
                + " with status=IBV_WC_RETRY_EXC_ERR(12) opcode=IBV_WC_RDMA_WRITE(1) vendor_err=129  hca " + hca;
        const qint64 tw = m_incident.incidentUs;
        if (m_nccl.warnOn()) {
            OutFile &f
                = m_nccl.warn(rs.nccl, rank, tw, m_nccl.tidProxy(rank), file, line, "ncclIbLogCompletionWithError");
            f << text;
            const qint64 n = rs.nccl.end();
            if (primary)
                markInitiating(rs.nccl, n, tw);
            if (v >= Version(2, 30, 7))
                m_nccl.infoLine(rs.nccl, rank, tw, m_nccl.tidProxy(rank),
                    "HINT: In many cases this error indicates that NCCL_IB_TIMEOUT is set too short (the default value "
                    "is 20, which is ~30 seconds before timing out).");
            m_nccl.errorChain(rs.nccl, rank, tw + Ms, m_nccl.tidProxy(rank), 6, 2);
        }
        Q_UNUSED(self);
        const QByteArray what
            = "NCCL error: remote process exited or there was a network error, NCCL version " + v.toBytes();
        const QByteArray pgFile = m_cluster.torchSrcPrefix + "/distributed/c10d/ProcessGroupNCCL.cpp";
        const qint64 n
            = m_c10d.watchdogException(rs.err, rank, t, std::string_view(what.constData(), size_t(what.size())),
                { C10dLog::interpret(6), "Last error:", std::string_view(text.constData(), size_t(text.size())) },
                "checkForNCCLErrors", pgFile.constData(), tv >= Version(2, 4) ? 1997 : 1309);
        if (primary && !m_nccl.warnOn())
            markInitiating(rs.err, n + 3, tw);
        m_nccl.destroy(rs.nccl, rank, t + 3 * Ms, true);
        return;
    }
    default:
        return;
    }
}

// ---------------------------------------------------------------- after the incident

void RankWriter::reaction(int rank, Prng &rng)
{
    Q_UNUSED(rng);
    const Incident::RankFate &fate = m_incident.ranks.at(rank);
    if (fate.peerClosedUs <= 0 || fate.end == E::InitPeerLost || fate.peerClosedUs >= fate.endUs)
        return;
    if (fate.end == E::Silent && fate.peerClosedUs >= fate.failUs)
        return;
    peerClosedWarn(rank, fate.peerClosedUs);
}

const char *RankWriter::failOp(int rank) const
{
    return m_incident.ranks.at(rank).failSeq <= m_cluster.initCollectives ? "BROADCAST" : "ALLREDUCE";
}

qint64 RankWriter::failNumel(int rank) const
{
    return m_incident.ranks.at(rank).failSeq <= m_cluster.initCollectives ? m_cluster.gradNumel * m_cluster.seqPerStep
                                                                          : m_cluster.gradNumel;
}

void RankWriter::timeout(int rank, Prng &rng)
{
    const Incident::RankFate &fate = m_incident.ranks.at(rank);
    BundleLayout::RankSinks &rs = m_layout.rank(rank);
    if (fate.end == E::Watchdog) {
        qint64 line = 0;
        m_c10d.watchdogTimeout(rs.err, rank, fate.failUs, fate.failSeq, failOp(rank), failNumel(rank),
            fate.lastEnqueued, fate.lastCompleted, &line);
        markCollateral(rank, rs.err, line);
        m_nccl.destroy(rs.nccl, rank, fate.failUs + rng.range(20 * Ms, 300 * Ms), true);
        return;
    }
    if (fate.end == E::Straggler && fate.failUs > 0 && m_c10d.atLeast(2, 4)) {
        const qint64 n = m_c10d.dumpSignal(
            rs.err, rank, fate.failUs, qMax(0, m_incident.peerRank), fate.lastEnqueued, fate.lastCompleted);
        if (rank == m_incident.initiatingRank)
            markInitiating(rs.err, n, fate.failUs);
    }
}

void RankWriter::teardown(int rank, Prng &rng)
{
    const Incident::RankFate &fate = m_incident.ranks.at(rank);
    if (fate.end != E::Finish)
        return;
    BundleLayout::RankSinks &rs = m_layout.rank(rank);
    const qint64 t = fate.endUs - rng.range(200 * Ms, 600 * Ms);
    if (rank == 0) {
        OutFile &f = rs.out.begin(t);
        f << "Training finished: " << fate.stepsDone << " steps, saving final checkpoint to " << m_cluster.ckptDir
          << "/final";
        rs.out.end();
    }
    m_nccl.destroy(rs.nccl, rank, t + 100 * Ms, false);
}

} // namespace rankscope::sim
