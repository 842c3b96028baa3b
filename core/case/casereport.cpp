// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "casereport.h"

namespace rankscope::cases {

report::ReportAnnotations CaseReport::annotations(const CaseData &data)
{
    report::ReportAnnotations a;
    a.notes = data.notes;
    a.tags = data.tags;
    for (const Bookmark &b : data.bookmarks)
        a.bookmarks.append({ b.path, b.line, b.label, b.note });
    const VerdictOverride &o = data.verdictOverride;
    if (o.active)
        a.verdictOverride = report::ReportVerdictOverride { o.rank, o.node, o.entry, {}, o.reason };
    return a;
}

} // namespace rankscope::cases
