// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"

#include <QByteArray>
#include <QJsonObject>

namespace rankscope::kb {
class KnowledgeBase;
}

namespace rankscope::report {

class Redactor;

// The incident's timeline as Trace Event JSON (the "JSON Array/Object Format" that Perfetto and
// chrome://tracing open), so a job's ranks can be scrolled and zoomed in a tool made for it:
//   - one process per node ("process_name" metadata, pid 1..N in natural node order) and one
//     "job" process for lines that belong to no node;
//   - one thread per rank (tid = rank + 1, "thread_name" "rank N"; a rank lives on the node most
//     of its lines name), plus a "node events" thread (tid 0) for kernel and launcher lines;
//   - each rank's active span, first to last timed line, as a complete slice ("ph": "X");
//   - every timed event as a thread-scoped instant ("ph": "i", "s": "t") named after its
//     encyclopedia entry, with args {path, line, text, role, entry}; the verdict's moment as a
//     global instant;
//   - "ts" in microseconds since the earliest timed line (its UTC time is otherData.origin).
// Events without a time are left out and counted in otherData.untimed_events. Every string goes
// through the redactor.
class TraceExport
{
public:
    static QJsonObject toJson(
        const analysis::AnalysisResult &result, const Redactor &redactor, const kb::KnowledgeBase *kb = nullptr);
    static QByteArray toBytes(
        const analysis::AnalysisResult &result, const Redactor &redactor, const kb::KnowledgeBase *kb = nullptr);
};

} // namespace rankscope::report
