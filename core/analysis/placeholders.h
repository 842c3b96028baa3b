// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"

#include <QString>
#include <QStringList>

namespace rankscope::analysis {

// Fix and verification text of an entry speaks of the incident through placeholders:
// `{node}`, `{rank}`, `{outlier.node}`, `{outlier.component}`, `{outlier.value}`,
// `{majority.<component>}` (the value most nodes run, e.g. `{majority.nccl}`) and
// `{value.<component>}` (the verdict node's value), each optionally with an example after a
// colon: `{majority.nccl:2.21.5}`. Filled from the analysis; where the incident does not say,
// the example stands in (or the name, when there is none), and the caller is told which.
// Braces that are not one of these names (YAML maps, shell `${VAR}`) are left as they are.
class Placeholders
{
public:
    struct Filled
    {
        QString text;
        QStringList fromIncident; // "majority.nccl = 2.21.5"
        QStringList examples;     // names that took the entry's example value
    };
    static Filled fill(const QString &text, const AnalysisResult &result);
    // The entry's own reading, without an incident: every placeholder shows its example.
    static QString withExamples(const QString &text);
};

} // namespace rankscope::analysis
