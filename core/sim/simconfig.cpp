// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simconfig.h"

using namespace Qt::StringLiterals;

namespace rankscope::sim {

QString SimConfig::layoutName(Layout l)
{
    switch (l) {
    case Layout::Torchrun:
        return u"torchrun"_s;
    case Layout::Slurm:
        return u"slurm"_s;
    case Layout::Files:
        return u"files"_s;
    case Layout::K8s:
        return u"k8s"_s;
    case Layout::Mpi:
        return u"mpi"_s;
    case Layout::Mixed:
        return u"mixed"_s;
    }
    return {};
}

QStringList SimConfig::layoutNames()
{
    return { u"torchrun"_s, u"slurm"_s, u"files"_s, u"k8s"_s, u"mpi"_s, u"mixed"_s };
}

std::optional<SimConfig::Layout> SimConfig::parseLayout(const QString &s)
{
    for (Layout l : { Layout::Torchrun, Layout::Slurm, Layout::Files, Layout::K8s, Layout::Mpi, Layout::Mixed }) {
        if (layoutName(l) == s)
            return l;
    }
    return std::nullopt;
}

QString SimConfig::ncclDebugName(NcclDebug d)
{
    switch (d) {
    case NcclDebug::Off:
        return u"off"_s;
    case NcclDebug::Warn:
        return u"warn"_s;
    case NcclDebug::Info:
        return u"info"_s;
    case NcclDebug::InfoAll:
        return u"info-all"_s;
    }
    return {};
}

std::optional<SimConfig::NcclDebug> SimConfig::parseNcclDebug(const QString &s)
{
    for (NcclDebug d : { NcclDebug::Off, NcclDebug::Warn, NcclDebug::Info, NcclDebug::InfoAll }) {
        if (ncclDebugName(d) == s)
            return d;
    }
    return std::nullopt;
}

std::optional<SimConfig::Archive> SimConfig::parseArchive(const QString &s)
{
    if (s == u"tar.gz"_s || s == u"tgz"_s)
        return Archive::TarGz;
    if (s == u"zip"_s)
        return Archive::Zip;
    if (s == u"none"_s)
        return Archive::None;
    return std::nullopt;
}

std::optional<SimConfig::Inventories> SimConfig::parseInventories(const QString &s)
{
    if (s == u"none"_s)
        return Inventories::None;
    if (s == u"some"_s)
        return Inventories::Some;
    if (s == u"all"_s)
        return Inventories::All;
    return std::nullopt;
}

QString SimConfig::validate() const
{
    if (nodes < 1 || nodes > MaxRanks)
        return u"--nodes must be between 1 and %1"_s.arg(MaxRanks);
    if (gpusPerNode < 1 || gpusPerNode > 16)
        return u"--gpus-per-node must be between 1 and 16"_s;
    if (qint64(nodes) * gpusPerNode > MaxRanks)
        return u"at most %1 ranks (nodes x gpus-per-node)"_s.arg(MaxRanks);
    if (steps < 0 || steps > 1000000)
        return u"--steps must be between 0 and 1000000"_s;
    if (!(clockSkewSeconds >= 0.0) || clockSkewSeconds > 3600.0)
        return u"--clock-skew must be between 0 and 3600 seconds"_s;
    if (ncclVersion && (ncclVersion->x() != 2 || ncclVersion->y() < 4 || ncclVersion->y() > 30))
        return u"--nccl-version must be a 2.x release between 2.4 and 2.30 (X.Y.Z)"_s;
    if (torchVersion
        && !((torchVersion->x() == 1 && torchVersion->y() >= 9) || (torchVersion->x() == 2 && torchVersion->y() <= 9)))
        return u"--torch-version must be between 1.9 and 2.9 (X.Y)"_s;
    if (outDir.isEmpty())
        return u"--out DIR is required"_s;
    if (truthFile.isEmpty())
        return u"--truth FILE is required"_s;
    return {};
}

} // namespace rankscope::sim
