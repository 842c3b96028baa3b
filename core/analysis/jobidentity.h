// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ingestresult.h"

#include <QStringList>

namespace rankscope::analysis {

// Which job a bundle is, as the logs name it: "slurm:4891784" (slurm-%j.out, the cancel banner,
// StepId=…), "slurm:123_4" for an array task, "k8s:<job>" from the pods a training operator
// named <job>-worker-N, "torchrun:<run_id>" from the error.json folder torchrun made. The
// incident history groups runs of one job by these and the reports show them. Sorted, each once.
struct JobIdentity
{
    static QStringList find(const ingest::IngestResult &in);
    // The span the timed events cover, or NoTime twice when none is timed.
    static std::pair<qint64, qint64> eventSpan(const ingest::IngestResult &in);
};

} // namespace rankscope::analysis
