// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"
#include "ingestconfig.h"

namespace rankscope::kb {
class KnowledgeBase;
}

namespace rankscope::analysis {

// Turns an ingest result into the incident analysis: inventory facts, the version matrix, the
// verdict (who started it and why) and ranked diagnoses. Pure: same inputs, same result.
class Analyzer
{
public:
    // The encyclopedia's fingerprints in the form the ingest scans for.
    static QList<ingest::FingerprintSpec> fingerprintSpecs(const kb::KnowledgeBase &kb);
    static AnalysisResultPtr run(const ingest::IngestResultPtr &ingest, const kb::KnowledgeBase &kb);
};

} // namespace rankscope::analysis
