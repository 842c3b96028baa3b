// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "schedulerwriter.h"

#include "rangelist.h"

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

// "0-3,5,7-8"
QByteArray ranges(const QList<int> &ids) { return rangeList(ids).toLatin1(); }

} // namespace

SchedulerWriter::SchedulerWriter(const Cluster &cluster, const Incident &incident, BundleLayout &layout,
    BundleWriter &writer, EvidenceRecorder &evidence)
    : m_cluster(cluster)
    , m_incident(incident)
    , m_layout(layout)
    , m_writer(writer)
    , m_evidence(evidence)
{ }

QByteArray SchedulerWriter::exitText(int exitCode) const
{
    switch (exitCode) {
    case -6:
        return "Aborted (core dumped)";
    case -9:
        return "Killed";
    case -11:
        return "Segmentation fault (core dumped)";
    case -15:
        return "Terminated";
    default:
        return "Exited with exit code " + QByteArray::number(exitCode);
    }
}

void SchedulerWriter::slurmEnd()
{
    LineSink &s = m_layout.scheduler();
    if (!s.isValid() || !m_cluster.hasSlurm())
        return;
    const K kind = m_cluster.scenario().kind;
    const QByteArray job = QByteArray::number(m_cluster.slurmJobId);
    const int bannerNode = m_incident.initiatingNode == 0 && m_cluster.nodeCount() > 1 ? 1 : 0;
    const QByteArray bannerHost = m_cluster.node(bannerNode).host;
    auto mark = [&](qint64 line, qint64 t) {
        s.file()->markEvidence(line);
        m_evidence.initiating(*s.file(), line, t);
    };
    if (kind == K::SlurmTimeLimit) {
        const qint64 t = m_incident.schedulerUs;
        OutFile &f = s.begin(t);
        f << "slurmstepd: error: *** JOB " << job << " ON " << bannerHost << " CANCELLED AT ";
        TimeFormat::isoSeconds(f, m_cluster.local(bannerNode, t));
        f << " DUE TO TIME LIMIT ***";
        mark(s.end(), t);
        OutFile &g = s.begin(t);
        g << "slurmstepd: error: *** STEP " << job << ".0 ON " << bannerHost << " CANCELLED AT ";
        TimeFormat::isoSeconds(g, m_cluster.local(bannerNode, t));
        g << " DUE TO TIME LIMIT ***";
        s.end();
        s.line(t + 20 * Ms, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.");
    } else if (kind == K::SlurmNodeFailure) {
        const qint64 t = m_incident.schedulerUs;
        OutFile &f = s.begin(t - Sec);
        f << "srun: error: Node failure on " << m_cluster.node(m_incident.initiatingNode).host;
        mark(s.end(), t - Sec);
        s.line(t, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.");
        OutFile &g = s.begin(t);
        g << "slurmstepd: error: *** STEP " << job << ".0 ON " << bannerHost << " CANCELLED AT ";
        TimeFormat::isoSeconds(g, m_cluster.local(bannerNode, t));
        g << " DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***";
        s.end();
    }

    // Task exit lines, one per node and outcome, in the order the tasks ended.
    struct Group
    {
        qint64 t;
        int node;
        int code;
        QList<int> tasks;
    };
    QList<Group> groups;
    const bool perRank
        = m_cluster.layout() == SimConfig::Layout::Slurm || m_cluster.layout() == SimConfig::Layout::Files;
    for (int n = 0; n < m_cluster.nodeCount(); ++n) {
        if (m_incident.nodes.at(n).lost && kind == K::SlurmNodeFailure)
            continue;
        if (perRank) {
            QList<Group> local;
            for (int l = 0; l < m_cluster.gpusPerNode(); ++l) {
                const int r = m_cluster.node(n).firstRank + l;
                const Incident::RankFate &f = m_incident.ranks.at(r);
                if (f.exitCode == 0 || f.end == E::NeverStarted)
                    continue;
                auto it
                    = std::find_if(local.begin(), local.end(), [&](const Group &g) { return g.code == f.exitCode; });
                if (it == local.end())
                    local.append({ f.endUs, n, f.exitCode, { r } });
                else {
                    it->tasks << r;
                    it->t = qMax(it->t, f.endUs);
                }
            }
            groups += local;
        } else {
            const Incident::NodeFate &nf = m_incident.nodes.at(n);
            int code = 0;
            switch (nf.agent) {
            case A::WorkersFailed:
            case A::StoreServerTimeout:
            case A::StoreClientTimeout:
            case A::StoreLost:
                code = 1;
                break;
            case A::Signalled:
                code = -15;
                break;
            case A::Lost:
                code = -9;
                break;
            default:
                break;
            }
            if (code)
                groups.append({ nf.endUs, n, code, { n } });
        }
    }
    std::stable_sort(groups.begin(), groups.end(), [](const Group &a, const Group &b) { return a.t < b.t; });
    for (const Group &g : std::as_const(groups)) {
        OutFile &f = s.begin(g.t + 50 * Ms);
        f << "srun: error: " << m_cluster.node(g.node).host << ": " << (g.tasks.size() > 1 ? "tasks " : "task ")
          << ranges(g.tasks) << ": " << exitText(g.code);
        s.end();
    }
    if (kind == K::SlurmTimeLimit || kind == K::SlurmNodeFailure) {
        OutFile &f = s.begin(m_incident.jobEndUs + Sec);
        f << "srun: Force Terminated StepId=" << job << ".0";
        s.end();
    }
}

void SchedulerWriter::mpiEnd()
{
    LineSink &s = m_layout.scheduler();
    if (!s.isValid() || m_cluster.layout() != SimConfig::Layout::Mpi)
        return;
    int first = -1;
    for (int r = 0; r < m_cluster.worldSize(); ++r) {
        const Incident::RankFate &f = m_incident.ranks.at(r);
        if (f.exitCode == 0 || f.end == E::NeverStarted)
            continue;
        if (first < 0 || f.endUs < m_incident.ranks.at(first).endUs)
            first = r;
    }
    if (first < 0)
        return;
    const Incident::RankFate &f = m_incident.ranks.at(first);
    const qint64 t = m_incident.jobEndUs + 200 * Ms;
    const QByteArray rule(74, '-');
    auto line = [&](std::string_view text) { s.line(t, text); };
    auto rl = [&] { s.line(t, std::string_view(rule.constData(), size_t(rule.size()))); };
    rl();
    line("Primary job  terminated normally, but 1 process returned");
    line("a non-zero exit code. Per user-direction, the job has been aborted.");
    rl();
    rl();
    if (f.exitCode > 0) {
        line("mpirun detected that one or more processes exited with non-zero status, thus causing");
        line("the job to be terminated. The first process to do so was:");
        line("");
        OutFile &a = s.begin(t);
        a << "  Process name: [[" << 40000 + int(m_cluster.seed() % 20000) << ",1]," << first << ']';
        s.end();
        OutFile &b = s.begin(t);
        b << "  Exit code:    " << f.exitCode;
        s.end();
    } else {
        const int sig = -f.exitCode;
        OutFile &a = s.begin(t);
        a << "mpirun noticed that process rank " << first << " with PID " << m_cluster.rank(first).pid << " on node "
          << m_cluster.node(m_cluster.rank(first).node).host << " exited on signal " << sig << " ("
          << (sig == 9           ? "Killed"
                     : sig == 6  ? "Aborted"
                     : sig == 15 ? "Terminated"
                                 : "Signal")
          << ").";
        s.end();
    }
    rl();
}

bool SchedulerWriter::k8sDescribe(int node)
{
    const Incident::NodeFate &nf = m_incident.nodes.at(node);
    if (nf.agent == A::None)
        return true;
    const NodeInfo &n = m_cluster.node(node);
    OutFile *f = m_writer.open(u"pods/"_s + QString::fromLatin1(n.host) + u".describe.txt"_s);
    if (!f)
        return false;
    LineSink s(f, {});
    const qint64 t = nf.endUs;
    auto kv = [&](std::string_view key, const QByteArray &value) {
        OutFile &o = s.begin(t);
        o << key << value;
        return s.end();
    };
    const bool master = node == 0;
    const QByteArray type = master ? "master" : "worker";
    const QByteArray index = QByteArray::number(master ? 0 : node - 1);
    kv("Name:             ", n.host);
    kv("Namespace:        ", "ml-training");
    kv("Priority:         ", "0");
    kv("Service Account:  ", "default");
    kv("Node:             ", n.machine + '/' + n.ip);
    {
        OutFile &o = s.begin(t);
        o << "Start Time:       ";
        TimeFormat::httpDate(o, m_cluster.t0 - 40 * Sec);
        s.end();
    }
    kv("Labels:           ", "training.kubeflow.org/job-name=" + m_cluster.jobName);
    kv("                  ", "training.kubeflow.org/operator-name=pytorchjob-controller");
    kv("                  ", "training.kubeflow.org/replica-index=" + index);
    kv("                  ", "training.kubeflow.org/replica-type=" + type);
    kv("Annotations:      ", "<none>");
    const bool ok = nf.agent == A::Succeeded;
    kv("Status:           ", ok ? "Succeeded" : "Failed");
    kv("IP:               ", "10.8." + QByteArray::number(node / 200) + '.' + QByteArray::number(10 + node % 200));
    kv("Controlled By:  ", "PyTorchJob/" + m_cluster.jobName);
    s.line(t, "Containers:");
    s.line(t, "  pytorch:");
    kv("    Container ID:  containerd://",
        QByteArray::number(Prng::mix(m_cluster.seed(), quint64(node)), 16).rightJustified(16, '0').repeated(4));
    kv("    Image:         ", "registry.example.com/ml/" + m_cluster.jobName + ":2024.06");
    kv("    Image ID:      ", n.image);
    kv("    Port:          ", "23456/TCP");
    kv("    Host Port:     ", "0/TCP");
    s.line(t, "    Command:");
    s.line(t, "      torchrun");
    s.line(t, "    Args:");
    kv("      --nnodes=", QByteArray::number(m_cluster.nodeCount()));
    kv("      --nproc-per-node=", QByteArray::number(m_cluster.gpusPerNode()));
    s.line(t, "      --tee=3");
    kv("      ", m_cluster.scriptPath);
    s.line(t, "    State:          Terminated");
    const qint64 reasonLine = kv("      Reason:       ", nf.lost ? "OOMKilled" : ok ? "Completed" : "Error");
    kv("      Exit Code:    ", nf.lost ? "137" : ok ? "0" : "1");
    {
        OutFile &o = s.begin(t);
        o << "      Started:      ";
        TimeFormat::httpDate(o, m_cluster.t0);
        s.end();
        OutFile &p = s.begin(t);
        p << "      Finished:     ";
        TimeFormat::httpDate(p, nf.lost ? m_incident.incidentUs : nf.endUs);
        s.end();
    }
    s.line(t, "    Ready:          False");
    s.line(t, "    Restart Count:  0");
    s.line(t, "    Limits:");
    s.line(t, "      memory:          512Gi");
    kv("      nvidia.com/gpu:  ", QByteArray::number(m_cluster.gpusPerNode()));
    s.line(t, "    Requests:");
    s.line(t, "      cpu:             96");
    s.line(t, "      memory:          512Gi");
    kv("      nvidia.com/gpu:  ", QByteArray::number(m_cluster.gpusPerNode()));
    s.line(t, "    Environment:");
    kv("      MASTER_ADDR:  ", m_cluster.node(0).host);
    kv("      MASTER_PORT:  ", QByteArray::number(m_cluster.masterPort));
    kv("      NCCL_DEBUG:   ",
        m_cluster.ncclDebug() == SimConfig::NcclDebug::Off
            ? "VERSION"
            : SimConfig::ncclDebugName(m_cluster.ncclDebug()).toLatin1().toUpper().replace("-ALL", ""));
    s.line(t, "Conditions:");
    s.line(t, "  Type              Status");
    s.line(t, "  Initialized       True ");
    s.line(t, "  Ready             False ");
    s.line(t, "  ContainersReady   False ");
    s.line(t, "  PodScheduled      True ");
    s.line(t, "Events:            <none>");
    if (nf.lost && m_cluster.scenario().kind == K::K8sOomKilled) {
        f->markEvidence(reasonLine);
        m_evidence.initiating(*f, reasonLine, m_incident.incidentUs);
    }
    return m_writer.close(f);
}

} // namespace rankscope::sim
