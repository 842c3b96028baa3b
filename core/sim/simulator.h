// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "progress.h"
#include "scenario.h"
#include "simconfig.h"
#include "simresult.h"

namespace rankscope::sim {

// Generates an incident bundle with a known answer: plans the job and the incident from the
// config and seed, writes every rank, agent, scheduler, kernel and inventory file through the
// layout, optionally packs the bundle, and writes the truth file apart from it. Deterministic:
// no clock, no hash iteration, one generator seeded from --seed. Output is streamed group by
// group, so memory stays flat from 4 ranks to 16,384.
class Simulator
{
public:
    // Checks the config against the scenario's constraints without writing anything; empty when
    // fine. Also fills the notes for adjusted options.
    static QString check(const SimConfig &config, QStringList *notes = nullptr);

    // progress(done, total) counts ranks written; returning false cancels.
    static SimResult run(const SimConfig &config, const ProgressCallback &progress = {});
};

} // namespace rankscope::sim
