// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"

#include <QString>

namespace rankscope::report {

// The words every rendering (JSON, text, HTML, Markdown, PDF, trace) uses for roles and event
// kinds. They are part of the JSON contracts, so they live in one place.
struct ReportNames
{
    // "initiating", "collateral" or "context".
    static QString role(analysis::ChainStep::Role role);
    // "process start", "NCCL init complete", "training step", "last line", "fact"; "event" for
    // a fingerprint match (its entry names it).
    static QString eventKind(ingest::Event::Kind kind);
};

} // namespace rankscope::report
