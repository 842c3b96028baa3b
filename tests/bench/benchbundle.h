// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The bundle the reading benchmarks (bench_ingest, bench_window) simulate when given no path:
// an NCCL_DEBUG=INFO job that ends in an out-of-memory error, ranks / gpusPerNode nodes.
#include "knowledgebase.h"
#include "simulator.h"

#include <cstdio>

#include <algorithm>

namespace rankscope::bench {

inline sim::SimConfig benchBundle(const QString &outDir, const QString &truthFile, int ranks, int gpusPerNode, int steps)
{
    sim::SimConfig cfg;
    cfg.scenario = QStringLiteral("cuda-oom");
    cfg.outDir = outDir;
    cfg.truthFile = truthFile;
    cfg.nodes = std::max(1, ranks / std::max(1, gpusPerNode));
    cfg.gpusPerNode = gpusPerNode;
    cfg.steps = steps;
    cfg.ncclDebug = sim::SimConfig::NcclDebug::Info;
    return cfg;
}

// The built encyclopedia (RANKSCOPE_ENCYCLOPEDIA), or null after saying on stderr that it is missing.
inline std::shared_ptr<const kb::KnowledgeBase> benchEncyclopedia(const char *program)
{
    Warnings w;
    auto kb = kb::KnowledgeBase::open(kb::KnowledgeBase::defaultDatabasePath(), QString(), &w);
    if (kb->entries().isEmpty()) {
        std::fprintf(stderr, "%s: no encyclopedia (set RANKSCOPE_ENCYCLOPEDIA)\n", program);
        return nullptr;
    }
    return kb;
}

} // namespace rankscope::bench
