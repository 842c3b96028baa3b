// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cluster.h"
#include "linesink.h"

namespace rankscope::sim {

// The torchrun agent's Python logging in the format of each torch release (log-formats.md §3.1):
// `WARNING:name:msg` up to 2.0, `[asctime] name: [LEVEL]` for 2.1-2.3, glog-like
// `W0724 20:47:35.222000 <tid|pid> path:line]` from 2.4. Multi-line messages get the prefix on
// every line except in the 2.0 basic format.
class ElasticLog
{
public:
    enum class Level { Info, Warning, Error };
    struct Site
    {
        const char *logger; // torch.distributed.elastic.multiprocessing.api
        const char *path; // torch/distributed/elastic/multiprocessing/api.py
        int line;
    };

    static const Site Run;
    static const Site MpApi;
    static const Site AgentApi;
    static const Site Rendezvous;

    explicit ElasticLog(const Cluster &cluster);

    // Writes one (possibly multi-line) message; returns the number of its first line.
    qint64 log(LineSink &s, int node, qint64 t, Level level, const Site &site, std::string_view message);
    OutFile &begin(LineSink &s, int node, qint64 t, Level level, const Site &site, bool continuation = false);

private:
    const Cluster &m_cluster;
};

} // namespace rankscope::sim
