// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bundlelayout.h"

using namespace Qt::StringLiterals;

namespace rankscope::sim {

namespace {

using L = SimConfig::Layout;

int digits(int v)
{
    int d = 1;
    while (v >= 10) {
        v /= 10;
        ++d;
    }
    return d;
}

QByteArray slurmLabel(int task, int width)
{
    QByteArray s = QByteArray::number(task);
    while (s.size() < width)
        s.prepend(' ');
    return s + ": ";
}

QString fromLatin(const QByteArray &b)
{
    return QString::fromLatin1(b);
}

} // namespace

BundleLayout::BundleLayout(const Cluster &cluster, const Incident &incident, BundleWriter &writer)
    : m_cluster(cluster)
    , m_incident(incident)
    , m_writer(writer)
    , m_layout(cluster.layout())
{
    Prng rng(Prng::mix(cluster.seed(), 0x1A7u));
    m_fileStyle = int(rng.below(3));
    m_kubectlStamps = rng.chance(0.5);
    m_pmix = rng.chance(0.5);
    const int world = cluster.worldSize();
    const bool perRankFiles = m_layout != L::Slurm && m_layout != L::Mpi;
    if (perRankFiles && rng.chance(0.35))
        m_crlfRank = int(rng.below(quint64(world)));
    // A process that was killed leaves a half-written last line; otherwise sometimes a SIGTERM'd one.
    QList<int> lost;
    QList<int> silent;
    for (int r = 0; r < world; ++r) {
        if (incident.ranks.at(r).end == Incident::End::Lost)
            lost << r;
        else if (incident.ranks.at(r).end == Incident::End::Silent)
            silent << r;
    }
    if (!lost.isEmpty())
        m_truncRank = lost.at(int(rng.below(quint64(lost.size()))));
    else if (!silent.isEmpty() && rng.chance(0.5))
        m_truncRank = silent.at(int(rng.below(quint64(silent.size()))));
    m_truncKeep = 0.25 + rng.unit() * 0.5;
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789_";
    for (int n = 0; n < cluster.nodeCount(); ++n) {
        QByteArray s(8, 'x');
        for (char &ch : s)
            ch = alphabet[rng.below(sizeof(alphabet) - 1)];
        m_rand << s;
    }
}

QList<std::pair<int, int>> BundleLayout::groups() const
{
    QList<std::pair<int, int>> g;
    if (m_layout == L::Slurm || m_layout == L::Mpi) {
        g.append({ 0, m_cluster.nodeCount() });
        return g;
    }
    for (int n = 0; n < m_cluster.nodeCount(); ++n)
        g.append({ n, n + 1 });
    return g;
}

bool BundleLayout::agentInGroup() const
{
    return m_layout == L::Torchrun || m_layout == L::K8s;
}

bool BundleLayout::agentGlobal() const
{
    return m_layout == L::Mixed;
}

bool BundleLayout::interleaved() const
{
    return m_layout == L::Slurm || m_layout == L::Mpi || m_layout == L::K8s;
}

QString BundleLayout::schedulerPath() const
{
    if (m_layout == L::Mpi)
        return u"mpirun.out"_s;
    return u"slurm-%1.out"_s.arg(m_cluster.slurmJobId);
}

bool BundleLayout::openGlobal()
{
    const bool slurm = m_cluster.hasSlurm();
    if (!slurm && m_layout != L::Mpi)
        return true;
    m_global = m_writer.open(schedulerPath());
    if (!m_global)
        return false;
    m_scheduler = LineSink(m_global, {});
    if (m_layout == L::Mixed) {
        const int width = digits(m_cluster.nodeCount() - 1);
        for (int n = 0; n < m_cluster.nodeCount(); ++n)
            m_globalAgents << LineSink(m_global, slurmLabel(n, width));
    }
    return true;
}

void BundleLayout::closeGlobal()
{
    if (m_global)
        m_writer.close(m_global);
    m_global = nullptr;
}

QString BundleLayout::treeDir(int node) const
{
    return fromLatin(m_cluster.node(node).host) + u'/' + fromLatin(m_cluster.runId) + u'_' + fromLatin(m_rand.at(node))
        + u"/attempt_0"_s;
}

QByteArray BundleLayout::logDirRemote(int node) const
{
    return "/scratch/logs/" + m_cluster.jobName + '/' + m_cluster.node(node).host + '/' + m_cluster.runId + '_'
        + m_rand.at(node) + "/attempt_0";
}

bool BundleLayout::hasErrorFile(int rank) const
{
    const int node = m_cluster.rank(rank).node;
    return m_layout == L::Torchrun || (m_layout == L::Mixed && node % 2 == 0);
}

QByteArray BundleLayout::errorFileRemote(int rank) const
{
    const RankInfo &r = m_cluster.rank(rank);
    return logDirRemote(r.node) + '/' + QByteArray::number(r.local) + "/error.json";
}

QString BundleLayout::rankFileName(int rank) const
{
    switch (m_fileStyle) {
    case 0:
        return u"rank-%1.log"_s.arg(rank);
    case 1:
        return u"rank_%1.log"_s.arg(rank, 4, 10, QLatin1Char('0'));
    default:
        return u"worker%1.out"_s.arg(rank);
    }
}

double BundleLayout::truncateFor(int rank) const
{
    return rank == m_truncRank ? m_truncKeep : -1.0;
}

LineSink &BundleLayout::agent(int node)
{
    if (m_layout == L::Mixed)
        return m_globalAgents[node];
    return m_groupAgents[node - m_groupFirstNode];
}

bool BundleLayout::openGroup(int firstNode, int endNode)
{
    const Cluster &c = m_cluster;
    const int gpus = c.gpusPerNode();
    m_groupFirstNode = firstNode;
    m_groupFirstRank = firstNode * gpus;
    m_rankSinks.clear();
    m_groupAgents.clear();
    m_rankSinks.resize(qsizetype(endNode - firstNode) * gpus);
    auto open = [this](const QString &rel, bool crlf = false, double trunc = -1.0) -> OutFile * {
        OutFile *f = m_writer.open(rel, crlf, trunc);
        if (f)
            m_groupFiles << f;
        return f;
    };

    switch (m_layout) {
    case L::Slurm:
    case L::Mpi: {
        const int width = digits(c.worldSize() - 1);
        for (int r = m_groupFirstRank; r < endNode * gpus; ++r) {
            RankSinks &rs = rank(r);
            if (m_layout == L::Slurm) {
                rs.out = rs.err = rs.nccl = LineSink(m_global, slurmLabel(r, width));
            } else {
                const QByteArray tail = m_pmix ? ": " : ":";
                rs.out = rs.nccl = LineSink(m_global, "[1," + QByteArray::number(r) + "]<stdout>" + tail);
                rs.err = LineSink(m_global, "[1," + QByteArray::number(r) + "]<stderr>" + tail);
            }
        }
        return true;
    }
    case L::Torchrun:
    case L::Mixed:
    case L::Files:
    case L::K8s:
        break;
    }

    for (int n = firstNode; n < endNode; ++n) {
        const NodeInfo &node = c.node(n);
        const QString host = fromLatin(node.host);
        if (m_layout == L::K8s) {
            const bool lostPod = m_incident.nodes.at(n).lost;
            if (m_incident.nodes.at(n).neverJoined) {
                m_groupAgents << LineSink();
                continue;
            }
            OutFile *pod = open(u"pods/"_s + host + u".log"_s, false, lostPod ? m_truncKeep : -1.0);
            if (!pod)
                return false;
            const LineSink::Stamp stamp = m_kubectlStamps ? LineSink::Stamp::Kubectl : LineSink::Stamp::None;
            m_groupAgents << LineSink(pod, {}, stamp, node.skewUs);
            for (int l = 0; l < gpus; ++l) {
                RankSinks &rs = rank(node.firstRank + l);
                rs.out = rs.err = rs.nccl
                    = LineSink(pod, "[default" + QByteArray::number(l) + "]:", stamp, node.skewUs);
            }
            continue;
        }
        const bool tree = m_layout == L::Torchrun || (m_layout == L::Mixed && n % 2 == 0);
        const bool ncclFile = (m_layout == L::Files || (m_layout == L::Mixed && n % 3 == 1))
            && c.ncclDebug() >= SimConfig::NcclDebug::Warn; // NCCL opens the file only above VERSION
        if (m_layout == L::Torchrun) {
            if (m_incident.nodes.at(n).neverJoined) {
                m_groupAgents << LineSink();
                continue;
            }
            OutFile *agentFile
                = open(host + u"/torchrun.log"_s, false, m_incident.nodes.at(n).lost ? m_truncKeep : -1.0);
            if (!agentFile)
                return false;
            m_groupAgents << LineSink(agentFile, {});
        }
        for (int l = 0; l < gpus; ++l) {
            const int r = node.firstRank + l;
            if (m_incident.ranks.at(r).end == Incident::End::NeverStarted)
                continue;
            RankSinks &rs = rank(r);
            if (tree) {
                const QString dir = treeDir(n) + u'/' + QString::number(l);
                OutFile *out = open(dir + u"/stdout.log"_s, r == m_crlfRank, truncateFor(r));
                OutFile *err = open(dir + u"/stderr.log"_s);
                if (!out || !err)
                    return false;
                rs.out = rs.nccl = LineSink(out, {});
                rs.err = LineSink(err, {});
                rs.errorJson = dir + u"/error.json"_s;
                rs.errorJsonRemote = errorFileRemote(r);
            } else {
                const QString dir = m_layout == L::Files ? u"logs"_s : host;
                OutFile *out = open(dir + u'/' + rankFileName(r), r == m_crlfRank, truncateFor(r));
                if (!out)
                    return false;
                rs.out = rs.err = rs.nccl = LineSink(out, {});
            }
            if (ncclFile) {
                const QString dir = m_layout == L::Files ? u"logs"_s : host;
                OutFile *nf = open(dir + u"/nccl."_s + host + u'.' + QString::number(c.rank(r).pid));
                if (!nf)
                    return false;
                rs.nccl = LineSink(nf, {});
                rs.ncclFile = true;
            }
        }
    }
    return true;
}

void BundleLayout::closeGroup()
{
    for (OutFile *f : std::as_const(m_groupFiles))
        m_writer.close(f);
    m_groupFiles.clear();
    m_rankSinks.clear();
    m_groupAgents.clear();
}

} // namespace rankscope::sim
