// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The encyclopedia the build compiled (share/rankscope/encyclopedia.sqlite), with the user
// entries of userDir (empty: none), for core tests that analyse bundles; and the analysis of a
// path with it.
#pragma once

#include "analyzer.h"
#include "incidentpipeline.h"
#include "knowledgebase.h"

namespace rankscope::test {

inline std::shared_ptr<const kb::KnowledgeBase> builtEncyclopedia(const QString &userDir = {})
{
    Warnings w;
    return kb::KnowledgeBase::open(QStringLiteral(RANKSCOPE_BINARY_DIR "/share/rankscope/encyclopedia.sqlite"), userDir, &w);
}

// The encyclopedia every analysing test shares: built once per test program.
inline std::shared_ptr<const kb::KnowledgeBase> sharedEncyclopedia()
{
    static const auto kb = builtEncyclopedia();
    return kb;
}

// A folder or file analysed as `rankscope analyze` would, with the built encyclopedia.
inline analysis::AnalysisResultPtr analysePath(const QString &path)
{
    return analysis::IncidentPipeline::run({path}, {}, sharedEncyclopedia().get()).result;
}

} // namespace rankscope::test
