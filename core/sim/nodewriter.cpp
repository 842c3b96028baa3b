// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "nodewriter.h"

#include "timeformat.h"

#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::sim {

namespace {

using E = Incident::End;
using A = Incident::AgentEnd;
using K = Scenario::Kind;
constexpr qint64 Ms = 1000;
constexpr qint64 Sec = 1000000;

std::string_view view(const QByteArray &b)
{
    return std::string_view(b.constData(), size_t(b.size()));
}

} // namespace

NodeWriter::NodeWriter(const Cluster &cluster, const Incident &incident, BundleLayout &layout, BundleWriter &writer,
    EvidenceRecorder &evidence, const RankWriter &ranks)
    : m_cluster(cluster)
    , m_incident(incident)
    , m_layout(layout)
    , m_writer(writer)
    , m_evidence(evidence)
    , m_ranks(ranks)
    , m_elastic(cluster)
    , m_c10d(cluster)
{
    Prng rng(Prng::mix(cluster.seed(), 0xA6E7u));
    m_verbose = rng.chance(0.5);
    m_kernelStyle = int(rng.below(3));
}

QByteArray NodeWriter::signalName(int exitCode) const
{
    switch (-exitCode) {
    case 6:
        return "SIGABRT";
    case 7:
        return "SIGBUS";
    case 9:
        return "SIGKILL";
    case 11:
        return "SIGSEGV";
    case 15:
        return "SIGTERM";
    default:
        return "SIG" + QByteArray::number(-exitCode);
    }
}

void NodeWriter::agentStart(int node)
{
    const Incident::NodeFate &nf = m_incident.nodes.at(node);
    if (nf.agent == A::None)
        return;
    LineSink &s = m_layout.agent(node);
    if (!s.isValid())
        return;
    const NodeInfo &n = m_cluster.node(node);
    const qint64 t = m_cluster.t0 + qint64(Prng::mix(m_cluster.seed(), quint64(node)) % 800000);
    using L = ElasticLog::Level;
    if (m_cluster.gpusPerNode() > 1) {
        m_elastic.log(s, node, t, L::Warning, ElasticLog::Run,
            "\n*****************************************\nSetting OMP_NUM_THREADS environment variable for each "
            "process to be 1 in default, to avoid your system being overloaded, please further tune the variable "
            "for optimal performance in your application as needed. \n*****************************************");
    }
    const QByteArray endpoint = m_cluster.node(0).host + ':' + QByteArray::number(m_cluster.masterPort);
    if (m_verbose) {
        const QByteArray cfg = "Starting elastic_operator with launch configs:\n  entrypoint       : "
            + m_cluster.scriptName + "\n  min_nodes        : " + QByteArray::number(m_cluster.nodeCount())
            + "\n  max_nodes        : " + QByteArray::number(m_cluster.nodeCount()) + "\n  nproc_per_node   : "
            + QByteArray::number(m_cluster.gpusPerNode()) + "\n  run_id           : " + m_cluster.runId
            + "\n  rdzv_backend     : c10d\n  rdzv_endpoint    : " + endpoint
            + "\n  rdzv_configs     : {'timeout': 900}\n  max_restarts     : 0\n  monitor_interval : "
            + (m_cluster.torch >= Version(2, 3) ? "0.1" : "5") + "\n  log_dir          : /scratch/logs/"
            + m_cluster.jobName + '/' + n.host + "\n  metrics_cfg      : {}\n";
        m_elastic.log(s, node, t + 2 * Ms, L::Info,
            { "torch.distributed.launcher.api", "torch/distributed/launcher/api.py", 188 }, view(cfg));
        const QByteArray join = "The node '" + n.fqdn + '_' + QByteArray::number(n.agentPid)
            + "_0' attempts to join the next round of the rendezvous '" + m_cluster.runId + "'.";
        m_elastic.log(s, node, t + 40 * Ms, L::Info, ElasticLog::Rendezvous, view(join));
    }
    if (nf.agent == A::StoreServerTimeout || nf.agent == A::StoreClientTimeout || nf.agent == A::StoreLost)
        return; // they never get past the rendezvous; agentEnd() writes the rest
    const qint64 tr = m_cluster.workerStartUs(node) - 800 * Ms;
    if (m_verbose) {
        int rdzvRank = node;
        for (int i = 0; i < node; ++i)
            rdzvRank -= m_incident.nodes.at(i).neverJoined ? 1 : 0;
        const QByteArray joined = "The node '" + n.fqdn + '_' + QByteArray::number(n.agentPid)
            + "_0' has joined round 0 of the rendezvous '" + m_cluster.runId + "' as rank "
            + QByteArray::number(rdzvRank) + " in a world of size " + QByteArray::number(m_cluster.nodeCount()) + '.';
        m_elastic.log(s, node, tr, L::Info, ElasticLog::Rendezvous, view(joined));
        m_elastic.log(s, node, tr + 300 * Ms, L::Info, ElasticLog::AgentApi, "[default] Starting worker group");
        const QByteArray logDir = "log directory set to: " + m_layout.logDirRemote(node).chopped(10);
        m_elastic.log(s, node, tr + 320 * Ms, L::Info, ElasticLog::MpApi, view(logDir));
        for (int l = 0; l < m_cluster.gpusPerNode(); ++l) {
            const QByteArray reply = "Setting worker" + QByteArray::number(l)
                + " reply file to: " + m_layout.logDirRemote(node) + '/' + QByteArray::number(l) + "/error.json";
            m_elastic.log(s, node, tr + 330 * Ms, L::Info, ElasticLog::MpApi, view(reply));
        }
    }
}

void NodeWriter::torchrunTraceback(
    int node, LineSink &s, qint64 t, const char *lastFile, int lastLine, const char *lastFunc, const char *lastCode)
{
    Q_UNUSED(node);
    const QByteArray site = m_cluster.sitePackages + "/torch/distributed/";
    const QByteArray bin = m_cluster.pythonBin.left(m_cluster.pythonBin.lastIndexOf('/') + 1) + "torchrun";
    s.line(t, "Traceback (most recent call last):");
    auto frame = [&](const QByteArray &file, int line, const char *func, const char *code) {
        OutFile &f = s.begin(t);
        f << "  File \"" << file << "\", line " << line << ", in " << func;
        s.end();
        OutFile &g = s.begin(t);
        g << "    " << code;
        s.end();
    };
    frame(bin, 8, "<module>", "sys.exit(main())");
    frame(site + "elastic/multiprocessing/errors/__init__.py", 355, "wrapper", "return f(*args, **kwargs)");
    frame(site + "run.py", 919, "main", "run(args)");
    frame(site + "run.py", 910, "run", "elastic_launch(");
    frame(site + "launcher/api.py", 138, "__call__", "return launch_agent(self._config, self._entrypoint, list(args))");
    if (lastFile)
        frame(site + lastFile, lastLine, lastFunc, lastCode);
}

void NodeWriter::summary(int node, LineSink &s, qint64 t, const QList<int> &failed, int root)
{
    const NodeInfo &n = m_cluster.node(node);
    const QByteArray border(60, '=');
    const QByteArray section(60, '-');
    OutFile &h = s.begin(t);
    h << "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ";
    s.end();
    s.line(t, view(border));
    OutFile &title = s.begin(t);
    title << m_cluster.scriptName << " FAILED";
    s.end();
    s.line(t, view(section));
    s.line(t, "Failures:");
    auto entry = [&](int idx, int r) {
        const Incident::RankFate &f = m_incident.ranks.at(r);
        const RankInfo &ri = m_cluster.rank(r);
        OutFile &a = s.begin(t);
        a << '[' << idx << "]:";
        s.end();
        OutFile &b = s.begin(t);
        b << "  time      : ";
        TimeFormat::isoSeconds(b, m_cluster.local(node, f.endUs), '_');
        s.end();
        OutFile &c = s.begin(t);
        c << "  host      : " << n.fqdn;
        s.end();
        OutFile &d = s.begin(t);
        d << "  rank      : " << r << " (local_rank: " << ri.local << ')';
        s.end();
        OutFile &e = s.begin(t);
        e << "  exitcode  : " << f.exitCode << " (pid: " << ri.pid << ')';
        const qint64 exitLine = s.end();
        if (f.exitCode == -15 && f.terminatedByAgent && r != m_incident.initiatingRank) {
            s.file()->markEvidence(exitLine);
            m_evidence.collateral(r, *s.file(), exitLine);
        }
        const QByteArray stack = m_ranks.callstack(r);
        const bool errorFile = f.exitCode > 0 && !stack.isEmpty() && m_cluster.recordErrors && m_layout.hasErrorFile(r);
        OutFile &g = s.begin(t);
        g << "  error_file: " << (errorFile ? m_layout.errorFileRemote(r) : QByteArray("<N/A>"));
        s.end();
        if (errorFile) {
            QByteArray text = stack;
            text.chop(1);
            const QList<QByteArray> lines = text.split('\n');
            for (qsizetype i = 0; i < lines.size(); ++i) {
                OutFile &k = s.begin(t);
                k << (i == 0 ? "  traceback : " : "  ") << lines.at(i);
                s.end();
            }
        } else if (f.exitCode < 0) {
            OutFile &k = s.begin(t);
            k << "  traceback : Signal " << -f.exitCode << " (" << signalName(f.exitCode) << ") received by PID "
              << ri.pid;
            s.end();
        } else {
            s.line(t, "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html");
        }
    };
    int idx = 1;
    bool any = false;
    for (int r : failed) {
        if (r == root)
            continue;
        entry(idx++, r);
        any = true;
    }
    if (!any)
        s.line(t, "  <NO_OTHER_FAILURES>");
    s.line(t, view(section));
    s.line(t, "Root Cause (first observed failure):");
    entry(0, root);
    s.line(t, view(border));
}

void NodeWriter::storeWarnings(int node, LineSink &s, qint64 from, qint64 until)
{
    const QByteArray host = m_cluster.node(0).host;
    qint64 t = from;
    qint64 delay = 1 * Sec;
    bool first = true;
    while (t < until) {
        OutFile &f = s.begin(t);
        f << '[';
        if (m_cluster.torch >= Version(2, 4)) {
            TimeFormat::c10(f, m_cluster.local(node, t), 'W',
                quint32(quint64((t - m_cluster.node(node).bootUs) * 1000) % 1000000000u));
            f << " socket.cpp:752] ";
        } else {
            f << "W socket.cpp:601] ";
        }
        f << "[c10d] The client socket has failed to connect to [" << host << "]:" << m_cluster.masterPort
          << " (errno: 113 - No route to host).";
        const qint64 n = s.end();
        if (first) {
            s.file()->markEvidence(n);
            m_evidence.initiating(*s.file(), n, t);
        }
        first = false;
        t += delay;
        delay = qMin(delay * 2, 60 * Sec);
    }
}

void NodeWriter::agentEnd(int node)
{
    const Incident::NodeFate &nf = m_incident.nodes.at(node);
    if (nf.agent == A::None || nf.agent == A::Lost)
        return;
    LineSink &s = m_layout.agent(node);
    if (!s.isValid())
        return;
    using L = ElasticLog::Level;
    const NodeInfo &n = m_cluster.node(node);
    const int gpus = m_cluster.gpusPerNode();
    const bool old = m_cluster.torch < Version(2, 1);
    switch (nf.agent) {
    case A::Succeeded:
        if (m_verbose) {
            m_elastic.log(s, node, nf.detectUs, L::Info, ElasticLog::AgentApi,
                "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish.");
            m_elastic.log(s, node, nf.detectUs + Ms, L::Info,
                { "torch.distributed.elastic.agent.server.api", "torch/distributed/elastic/agent/server/api.py", 1099 },
                "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish");
            m_elastic.log(s, node, nf.endUs, L::Info,
                { "torch.distributed.elastic.agent.server.api", "torch/distributed/elastic/agent/server/api.py", 1113 },
                "Done waiting for other agents. Elapsed: 0.0012345790863037109 seconds");
        }
        return;
    case A::Signalled: {
        m_elastic.log(s, node, nf.detectUs, L::Warning,
            { "torch.distributed.elastic.agent.server.api", "torch/distributed/elastic/agent/server/api.py", 704 },
            old ? "Received 15 death signal, shutting down workers"
                : "Received Signals.SIGTERM death signal, shutting down workers");
        for (int l = 0; l < gpus; ++l) {
            const int r = n.firstRank + l;
            const Incident::RankFate &f = m_incident.ranks.at(r);
            if (!f.terminatedByAgent)
                continue;
            const QByteArray msg
                = "Sending process " + QByteArray::number(m_cluster.rank(r).pid) + " closing signal SIGTERM";
            const qint64 line = m_elastic.log(s, node, nf.detectUs + 2 * Ms, L::Warning, ElasticLog::MpApi, view(msg));
            if (r != m_incident.initiatingRank) {
                s.file()->markEvidence(line);
                m_evidence.collateral(r, *s.file(), line);
            }
        }
        torchrunTraceback(node, s, nf.endUs, "launcher/api.py", 260, "launch_agent", "result = agent.run()");
        OutFile &f = s.begin(nf.endUs);
        f << "  File \"" << m_cluster.sitePackages
          << "/torch/distributed/elastic/multiprocessing/api.py\", line 84, in _terminate_process_handler";
        s.end();
        s.line(nf.endUs, "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)");
        OutFile &g = s.begin(nf.endUs);
        g << "torch.distributed.elastic.multiprocessing.api.SignalException: Process " << n.agentPid
          << " got signal: 15";
        s.end();
        return;
    }
    case A::WorkersFailed: {
        QList<int> failed;
        int root = -1;
        for (int l = 0; l < gpus; ++l) {
            const int r = n.firstRank + l;
            const Incident::RankFate &f = m_incident.ranks.at(r);
            if (f.exitCode == 0 || f.end == E::NeverStarted)
                continue;
            failed << r;
            if (!f.terminatedByAgent && (root < 0 || f.endUs < m_incident.ranks.at(root).endUs))
                root = r;
        }
        if (root < 0 && !failed.isEmpty())
            root = failed.first();
        for (int r : std::as_const(failed)) {
            const Incident::RankFate &f = m_incident.ranks.at(r);
            if (!f.terminatedByAgent)
                continue;
            const QByteArray msg
                = "Sending process " + QByteArray::number(m_cluster.rank(r).pid) + " closing signal SIGTERM";
            const qint64 line = m_elastic.log(s, node, nf.detectUs + 3 * Ms, L::Warning, ElasticLog::MpApi, view(msg));
            if (r != m_incident.initiatingRank) {
                s.file()->markEvidence(line);
                m_evidence.collateral(r, *s.file(), line);
            }
        }
        if (root >= 0) {
            const Incident::RankFate &f = m_incident.ranks.at(root);
            const QByteArray msg = "failed (exitcode: " + QByteArray::number(f.exitCode)
                + ") local_rank: " + QByteArray::number(m_cluster.rank(root).local)
                + " (pid: " + QByteArray::number(m_cluster.rank(root).pid) + ") of binary: " + m_cluster.pythonBin;
            m_elastic.log(s, node, nf.detectUs + 40 * Ms, L::Error,
                { "torch.distributed.elastic.multiprocessing.api", "torch/distributed/elastic/multiprocessing/api.py",
                    869 },
                view(msg));
            torchrunTraceback(node, s, nf.endUs, "launcher/api.py", 269, "launch_agent", "raise ChildFailedError(");
            summary(node, s, nf.endUs, failed, root);
        }
        return;
    }
    case A::StoreServerTimeout: {
        int joined = 0;
        for (const Incident::NodeFate &o : m_incident.nodes)
            joined += o.neverJoined || o.agent == A::StoreClientTimeout ? 0 : 1;
        torchrunTraceback(node, s, nf.detectUs, "launcher/api.py", 255, "launch_agent", "result = agent.run()");
        auto frame = [&](const char *file, int line, const char *func, const char *code) {
            OutFile &f = s.begin(nf.detectUs);
            f << "  File \"" << m_cluster.sitePackages << "/torch/distributed/" << file << "\", line " << line
              << ", in " << func;
            s.end();
            OutFile &g = s.begin(nf.detectUs);
            g << "    " << code;
            s.end();
        };
        frame("elastic/agent/server/api.py", 696, "run", "result = self._invoke_run(role)");
        frame("elastic/agent/server/api.py", 849, "_invoke_run", "self._initialize_workers(self._worker_group)");
        frame("elastic/agent/server/api.py", 668, "_initialize_workers", "self._rendezvous(worker_group)");
        frame("elastic/agent/server/api.py", 516, "_rendezvous", "rdzv_info = spec.rdzv_handler.next_rendezvous()");
        frame("elastic/rendezvous/static_tcp_rendezvous.py", 55, "next_rendezvous",
            "self._store = TCPStore(  # type: ignore[call-arg]");
        OutFile &e = s.begin(nf.detectUs);
        e << (old ? "RuntimeError: " : "torch.distributed.DistStoreError: ") << "Timed out after "
          << m_incident.rdzvTimeoutUs() / Sec + 1 << " seconds waiting for clients. " << joined << '/'
          << m_cluster.nodeCount() << " clients joined.";
        const qint64 line = s.end();
        if (m_cluster.scenario().kind == K::RendezvousTimeout) {
            s.file()->markEvidence(line);
            m_evidence.initiating(*s.file(), line, nf.detectUs);
        }
        return;
    }
    case A::StoreClientTimeout: {
        storeWarnings(node, s, m_cluster.t0 + 900 * Ms + qint64(node) * 37 * Ms, nf.detectUs - 2 * Sec);
        torchrunTraceback(node, s, nf.detectUs, "elastic/rendezvous/static_tcp_rendezvous.py", 55, "next_rendezvous",
            "self._store = TCPStore(  # type: ignore[call-arg]");
        OutFile &e = s.begin(nf.detectUs);
        e << "torch.distributed.DistNetworkError: The client socket has timed out after "
          << m_incident.rdzvTimeoutUs() / Sec << "s while trying to connect to (" << m_cluster.node(0).host << ", "
          << m_cluster.masterPort << ").";
        s.end();
        return;
    }
    case A::StoreLost: {
        OutFile &f = s.begin(nf.detectUs);
        f << '[';
        if (m_cluster.torch >= Version(2, 4)) {
            TimeFormat::c10(f, m_cluster.local(node, nf.detectUs), 'W',
                quint32(quint64((nf.detectUs - n.bootUs) * 1000) % 1000000000u));
            f << " TCPStore.cpp:125] ";
        } else {
            f << "W TCPStore.cpp:115] ";
        }
        f << "[c10d] recvValue failed on SocketImpl(fd=5, addr=[" << n.host << "]:" << 40000 + node * 13 << ", remote=["
          << m_cluster.node(0).host << "]:" << m_cluster.masterPort << "): failed to recv, got 0 bytes";
        s.end();
        torchrunTraceback(node, s, nf.detectUs, "elastic/rendezvous/static_tcp_rendezvous.py", 62, "next_rendezvous",
            "self._store.wait([self._barrier_key])");
        s.line(nf.detectUs, "torch.distributed.DistNetworkError: failed to recv, got 0 bytes");
        return;
    }
    case A::Lost:
    case A::None:
        return;
    }
}

bool NodeWriter::systemLog(int node)
{
    const NodeInfo &n = m_cluster.node(node);
    const QString base = u"nodes/"_s + QString::fromLatin1(n.machine) + u'/';
    const QString name = m_kernelStyle == 2 ? u"journal-kernel.log"_s : u"dmesg.txt"_s;
    OutFile *f = m_writer.open(base + name);
    if (!f)
        return false;
    LineSink s(f, {});
    auto line = [&](qint64 t) -> OutFile & {
        OutFile &o = s.begin(t);
        const qint64 lt = m_cluster.local(node, t);
        if (m_kernelStyle == 0) {
            TimeFormat::bootSeconds(o, t - n.bootUs);
            o << ' ';
        } else if (m_kernelStyle == 1) {
            o << '[';
            TimeFormat::ctime(o, lt);
            o << "] ";
        } else {
            TimeFormat::journal(o, lt);
            o << ' ' << n.machine << " kernel: ";
        }
        return o;
    };
    const qint64 boot = n.bootUs;
    line(boot + 9 * Sec + 412 * Ms) << "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  " << n.driver
                                    << "  Release Build  (dvs-builder@U16-I2-C03-12-4)  Tue Mar  5 22:23:56 UTC 2024";
    s.end();
    line(boot + 9 * Sec + 533 * Ms) << "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  "
                                    << n.driver;
    s.end();
    for (int i = 0; i < m_cluster.hcas.size(); ++i) {
        line(boot + 14 * Sec + i * 40 * Ms)
            << "mlx5_core 0000:" << QByteArray::number(m_cluster.busIds.value(i) + 1, 16).rightJustified(2, '0')
            << ":00.0 " << m_cluster.hcas.at(i) << ": Port: 1 Link ACTIVE";
        s.end();
    }
    line(m_cluster.workerStartUs(node) - 2 * Sec)
        << "IPv6: ADDRCONF(NETDEV_CHANGE): veth" << QByteArray::number(Prng::mix(n.agentPid, 1) & 0xffffff, 16)
        << ": link becomes ready";
    s.end();
    const K kind = m_cluster.scenario().kind;
    const bool here = m_incident.initiatingNode == node;
    if (here && m_incident.initiatingRank >= 0) {
        const RankInfo &ri = m_cluster.rank(m_incident.initiatingRank);
        const QByteArray pci
            = "0000:" + QByteArray::number(m_cluster.busIds.value(ri.device), 16).rightJustified(2, '0') + ":00";
        const qint64 t = m_incident.incidentUs;
        auto mark = [&](qint64 ln) {
            f->markEvidence(ln);
            m_evidence.initiating(*f, ln, t);
        };
        if (kind == K::HostOomKill) {
            const qint64 vm = 120000000 + qint64(Prng::mix(ri.pid, 2) % 9000000);
            const qint64 rss = vm * 2 / 3;
            line(t - 4 * Ms) << "pt_main_thread invoked oom-killer: "
                                "gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0";
            s.end();
            line(t - 2 * Ms) << "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/"
                                ",mems_allowed=0-1,global_oom,task_memcg=/system.slice/"
                             << (m_cluster.hasSlurm()
                                        ? "slurmstepd.scope/job_" + QByteArray::number(m_cluster.slurmJobId) + "/step_0"
                                        : QByteArray("docker-trainer.scope"))
                             << ",task=pt_main_thread,pid=" << ri.pid << ",uid=1012";
            s.end();
            line(t) << "Out of memory: Killed process " << ri.pid << " (pt_main_thread) total-vm:" << vm
                    << "kB, anon-rss:" << rss << "kB, file-rss:0kB, shmem-rss:0kB, UID:1012 pgtables:" << rss / 480
                    << "kB oom_score_adj:0";
            mark(s.end());
            line(t + 310 * Ms) << "oom_reaper: reaped process " << ri.pid
                               << " (pt_main_thread), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB";
            s.end();
        } else if (kind == K::GpuXidFallenOffBus) {
            line(t) << "NVRM: Xid (PCI:" << pci << "): 79, pid=" << ri.pid
                    << ", name=pt_main_thread, GPU has fallen off the bus.";
            mark(s.end());
            line(t) << "NVRM: GPU " << pci << ".0: GPU has fallen off the bus.";
            s.end();
            line(t + Ms) << "NVRM: A GPU crash dump has been created. If possible, please run";
            s.end();
            line(t + Ms) << "NVRM: nvidia-bug-report.sh as root to collect this data before";
            s.end();
            line(t + Ms) << "NVRM: the NVIDIA kernel module is unloaded.";
            s.end();
        } else if (kind == K::GpuEccError) {
            if (m_cluster.hopper) {
                line(t) << "NVRM: Xid (PCI:" << pci << "): 94, pid=" << ri.pid
                        << ", name=pt_main_thread, Contained ECC error";
            } else {
                line(t) << "NVRM: Xid (PCI:" << pci
                        << "): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) "
                           "has been detected on GPU in the framebuffer at physAddr 0x"
                        << OutFile::Hex { 0x7f0000000ULL + (Prng::mix(ri.pid, 9) & 0xffffff) }
                        << " partition 5, subpartition 1";
            }
            mark(s.end());
            line(t + 2 * Ms) << "NVRM: Xid (PCI:" << pci
                             << "): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row marked for remapping, "
                                "reset gpu to activate.";
            s.end();
        }
    }
    return m_writer.close(f);
}

} // namespace rankscope::sim
