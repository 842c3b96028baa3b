// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "version.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace rankscope::sim {

// Everything `rankscope simulate` accepts, in one value: the CLI fills it, tests and benchmarks
// build it directly, and Simulator::run() reads nothing else (no settings, no environment).
struct SimConfig
{
    enum class Layout { Torchrun, Slurm, Files, K8s, Mpi, Mixed };
    enum class NcclDebug { Off, Warn, Info, InfoAll };
    enum class Archive { None, TarGz, Zip };
    enum class Inventories { None, Some, All };

    QString scenario;
    QString outDir;
    QString truthFile;
    int nodes = 2;
    int gpusPerNode = 8;
    quint64 seed = 1;
    std::optional<Layout> layout; // unset: the scenario's natural layout
    NcclDebug ncclDebug = NcclDebug::Info;
    std::optional<Version> ncclVersion; // unset: the version the torch release pins
    std::optional<Version> torchVersion; // unset: 2.5
    int steps = 30;
    double clockSkewSeconds = 0.25;
    bool ncclTimestamps = true;
    Archive archive = Archive::None;
    Inventories inventories = Inventories::Some;

    static constexpr int MaxRanks = 65536;

    static QString layoutName(Layout l);
    static std::optional<Layout> parseLayout(const QString &s);
    static QStringList layoutNames();
    static QString ncclDebugName(NcclDebug d);
    static std::optional<NcclDebug> parseNcclDebug(const QString &s);
    static std::optional<Archive> parseArchive(const QString &s);
    static std::optional<Inventories> parseInventories(const QString &s);

    // Range checks that do not depend on the scenario; empty when fine.
    QString validate() const;
};

} // namespace rankscope::sim
