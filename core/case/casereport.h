// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "casedata.h"
#include "reportannotations.h"

namespace rankscope::cases {

// A case as an incident report shows it. core/report does not know case files; this maps a
// case's notes, tags, bookmarks and active verdict override onto its annotations, once, for
// both `rankscope report CASE.rscase` and the workbench's export.
class CaseReport
{
public:
    static report::ReportAnnotations annotations(const CaseData &data);
};

} // namespace rankscope::cases
