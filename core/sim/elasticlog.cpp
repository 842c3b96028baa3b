// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "elasticlog.h"

#include "timeformat.h"

namespace rankscope::sim {

const ElasticLog::Site ElasticLog::Run { "torch.distributed.run", "torch/distributed/run.py", 793 };
const ElasticLog::Site ElasticLog::MpApi { "torch.distributed.elastic.multiprocessing.api",
    "torch/distributed/elastic/multiprocessing/api.py", 897 };
const ElasticLog::Site ElasticLog::AgentApi { "torch.distributed.elastic.agent.server.api",
    "torch/distributed/elastic/agent/server/api.py", 717 };
const ElasticLog::Site ElasticLog::Rendezvous { "torch.distributed.elastic.rendezvous.dynamic_rendezvous",
    "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 1122 };

ElasticLog::ElasticLog(const Cluster &cluster)
    : m_cluster(cluster)
{ }

OutFile &ElasticLog::begin(LineSink &s, int node, qint64 t, Level level, const Site &site, bool continuation)
{
    OutFile &f = s.begin(t);
    const Version &tv = m_cluster.torch;
    const qint64 lt = m_cluster.local(node, t);
    if (tv < Version(2, 1)) {
        if (!continuation)
            f << (level == Level::Info        ? "INFO:"
                    : level == Level::Warning ? "WARNING:"
                                              : "ERROR:")
              << site.logger << ':';
        return f;
    }
    if (tv < Version(2, 4)) {
        f << '[';
        TimeFormat::asctime(f, lt);
        f << "] " << site.logger << ": ["
          << (level == Level::Info             ? "INFO"
                     : level == Level::Warning ? "WARNING"
                                               : "ERROR")
          << "] ";
        return f;
    }
    const char letter = level == Level::Info ? 'I' : level == Level::Warning ? 'W' : 'E';
    TimeFormat::glogMicrosZero(f, lt, letter);
    const NodeInfo &n = m_cluster.node(node);
    if (tv < Version(2, 5))
        f << ' ' << (140209818330880ULL + quint64(n.agentPid) * 4096ULL);
    else
        f << ' ' << n.agentPid;
    f << ' ' << site.path << ':' << site.line << "] ";
    return f;
}

qint64 ElasticLog::log(LineSink &s, int node, qint64 t, Level level, const Site &site, std::string_view message)
{
    qint64 first = 0;
    size_t from = 0;
    bool cont = false;
    while (from <= message.size()) {
        size_t nl = message.find('\n', from);
        if (nl == std::string_view::npos)
            nl = message.size();
        begin(s, node, t, level, site, cont) << message.substr(from, nl - from);
        const qint64 n = s.end();
        if (!first)
            first = n;
        cont = true;
        from = nl + 1;
    }
    return first;
}

} // namespace rankscope::sim
