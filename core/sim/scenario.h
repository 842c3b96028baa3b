// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "simconfig.h"
#include "version.h"

#include <QList>
#include <QString>

namespace rankscope::sim {

// One incident the simulator can stage. The id is the encyclopedia entry it must be diagnosed as
// (entry is empty only for `healthy`). kind selects the generator hooks in IncidentPlanner and
// RankWriter; the rest are the constraints the CLI checks before anything is written.
struct Scenario
{
    enum class Kind {
        NcclVersionConflict,
        CudaOom,
        HostOomKill,
        GpuXidFallenOffBus,
        GpuEccError,
        IbCompletionError,
        NcclSocketBootstrapFailure,
        CollectiveMismatch,
        StragglerHang,
        RendezvousTimeout,
        StoreUnreachable,
        NcclDuplicateGpu,
        NcclShmExhausted,
        NvlsMulticastFailure,
        Fp16LossScaleCollapse,
        NanLoss,
        CudaIllegalMemoryAccess,
        SlurmTimeLimit,
        SlurmNodeFailure,
        K8sOomKilled,
        CheckpointDiskFull,
        DriverTooOld,
        NcclNetPluginMismatch,
        Healthy,
    };
    // When the failure happens: while the communicator is being built, or after --steps steps.
    enum class Phase { Startup, Init, Training, End };

    QString id;
    QString entry;
    QString description;
    Kind kind = Kind::Healthy;
    Phase phase = Phase::Training;
    bool external = false;
    int minNodes = 1;
    QList<SimConfig::Layout> layouts; // allowed; the first is the natural one
    SimConfig::NcclDebug minNcclDebug = SimConfig::NcclDebug::Off; // raised to this when lower
    Version ncclMin; // invalid: no bound
    Version ncclMax;

    bool allows(SimConfig::Layout l) const { return layouts.contains(l); }

    static const QList<Scenario> &all();
    static const Scenario *find(const QString &id);
};

} // namespace rankscope::sim
