// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"
#include "ingestconfig.h"
#include "progress.h"

#include <QStringList>

#include <functional>

namespace rankscope::kb {
class KnowledgeBase;
}

namespace rankscope::analysis {

// Reading a bundle and analysing it, in the one order every caller needs: the encyclopedia's
// fingerprints into the ingest configuration, the ingest (with the user's corrections in
// config.manual, progress and cancel), then the analysis. `analyze`, `report`, `diff`, the
// window's loader and the tests all come through here, so none can forget a step.
struct IncidentPipeline
{
    struct Outcome
    {
        ingest::IngestResultPtr ingested; // never null; files empty when nothing was readable
        // Null only when kb is null. A cancelled ingest is analysed too: the window then shows
        // what was read, and says so.
        AnalysisResultPtr result;
    };

    // kb null: ingest only (the window shows the logs while the encyclopedia cannot be opened).
    // onIngested, when set, receives the ingest result before the analysis starts (the window
    // shows the logs while the verdict is being worked out).
    static Outcome run(const QStringList &paths, ingest::IngestConfig config, const kb::KnowledgeBase *kb,
                       const ProgressCallback &progress = {},
                       const std::function<void(const ingest::IngestResultPtr &)> &onIngested = {});
};

} // namespace rankscope::analysis
