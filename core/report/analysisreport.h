// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"

#include <QJsonObject>

namespace rankscope::kb {
class KnowledgeBase;
}

namespace rankscope::report {

// Renderings of an AnalysisResult for `rankscope analyze`: the JSON contract
// "rankscope.analysis/1" (documented in the README, pinned by tests), a terminal summary and a
// post-mortem-ready Markdown summary. Wall-clock values appear only in "stats".
struct ReportOptions
{
    bool includeEvents = false; // --events: every event, for pipelines
    bool colour = false;        // ANSI colours in text output (a TTY)
};

class AnalysisReport
{
public:
    using Options = ReportOptions;

    static QJsonObject toJson(const analysis::AnalysisResult &r, const Options &options = {});
    static QString toText(const analysis::AnalysisResult &r, const kb::KnowledgeBase *kb, const Options &options = {});
    static QString toMarkdown(const analysis::AnalysisResult &r, const kb::KnowledgeBase *kb);
    static QString isoTime(qint64 ms);
};

} // namespace rankscope::report
