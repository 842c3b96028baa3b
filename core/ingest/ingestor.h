// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ingestresult.h"

namespace rankscope::ingest {

// The ingest entry point shared by the CLI (on its main thread) and the GUI (inside a job).
// Reads folders, files and archives in place, in parallel across files and within large files,
// and returns an immutable result. progress(done, total) is called on the calling thread about
// every 50 ms with bytes; returning false cancels, and a cancelled result is still usable
// (cancelled = true, with what was read so far).
class Ingestor
{
public:
    static IngestResultPtr run(const QStringList &inputs, const IngestConfig &config, const ProgressCallback &progress = {});
};

} // namespace rankscope::ingest
