// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"
#include "casedata.h"

#include <QList>

namespace rankscope::cases {

// A first draft of the guided tour a case gives a colleague: the few lines worth reading, in
// the order things happened. The user edits it (reorders, rewrites notes, adds bookmarks as
// steps) in the GUI; this only proposes.
class Walkthrough
{
public:
    // Key moments of the verdict's evidence chain:
    //  - the job's start (the first line any rank wrote), when the bundle shows it;
    //  - up to two context steps of the chain (the version-matrix fact behind the verdict, …);
    //  - the initiating event, at the verdict's evidence line;
    //  - the first collateral failure on another node (the first collateral at all if every
    //    one is on the initiating node);
    //  - the job's end: the last line with a time in the bundle.
    // One step per log line, ordered by corrected time; a step without a time (an inventory
    // file) keeps its place after the step before it in that list. Empty when the verdict has
    // no chain: with no failure to explain there is nothing to walk through.
    static QList<WalkthroughStep> propose(const analysis::AnalysisResult &result);
};

} // namespace rankscope::cases
