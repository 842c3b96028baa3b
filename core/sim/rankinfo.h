// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

namespace rankscope::sim {

// One training process: global rank, node, local rank, pid and the CUDA device it uses.
struct RankInfo
{
    int rank = 0;
    int node = 0;
    int local = 0;
    int pid = 0;
    int device = 0; // CUDA ordinal actually selected (differs from local only on misconfiguration)
    quint64 comm = 0; // ncclComm_t address
};

} // namespace rankscope::sim
