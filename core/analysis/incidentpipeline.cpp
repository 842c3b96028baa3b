// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "incidentpipeline.h"

#include "analyzer.h"
#include "ingestor.h"

namespace rankscope::analysis {

IncidentPipeline::Outcome IncidentPipeline::run(const QStringList &paths, ingest::IngestConfig config, const kb::KnowledgeBase *kb,
                                                const ProgressCallback &progress,
                                                const std::function<void(const ingest::IngestResultPtr &)> &onIngested)
{
    if (kb)
        config.fingerprints = Analyzer::fingerprintSpecs(*kb);
    Outcome out;
    out.ingested = ingest::Ingestor::run(paths, config, progress);
    if (onIngested)
        onIngested(out.ingested);
    if (kb)
        out.result = Analyzer::run(out.ingested, *kb);
    return out;
}

} // namespace rankscope::analysis
