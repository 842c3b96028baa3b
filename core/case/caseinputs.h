// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "casedata.h"
#include "ingestconfig.h"

#include <QHash>
#include <QString>
#include <QStringList>

namespace rankscope::cases {

// What the ingest needs to read a case's bundle again, so that the workbench and
// `rankscope report CASE.rscase` open the same files with the same clock corrections.
class CaseInputs
{
public:
    // The paths to hand to the ingest. A case records files, not what the user opened, but the
    // two can be told apart where it matters: a root with a file in a subfolder was opened as
    // a folder and is opened as one again (files that are gone are then simply not read); the
    // files of any other root are listed one by one, which gives the same root and relative
    // paths whether the user opened the folder or picked the files (or one archive) in it.
    // Files that do not exist are left out; roots in the case's order.
    static QStringList paths(const CaseData &data);

    // The case's clock offsets and attribution overrides as IngestConfig::manual wants them.
    static ingest::ManualCorrections corrections(const CaseData &data);
    // The other way: what a case records of the corrections the workbench was opened with,
    // sorted (by node, by path) so that an unchanged set compares equal.
    static void setCorrections(CaseData &data, const ingest::ManualCorrections &corrections);
};

} // namespace rankscope::cases
