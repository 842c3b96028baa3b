// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"

#include <QByteArrayList>

namespace rankscope::analysis {

// Reads node inventories (log-formats.md §6): RankScope's own JSON (schema
// "rankscope.inventory/1", documented in the README), `python -m torch.utils.collect_env`,
// nvidia-smi (table and -q), pip freeze / pip list, dpkg -l, env / printenv dumps, ibstat /
// ibv_devinfo and docker inspect. A pure function of (file, its lines): returns facts with
// their line numbers and typed warnings; a file may hold several of these one after another.
class InventoryParser
{
public:
    // One GPU as nvidia-smi lists it: its index (PCI order, the default of nvidia-smi and of
    // CUDA_DEVICE_ORDER=PCI_BUS_ID) and its bus id, which kernel Xid lines name.
    struct GpuSlot
    {
        int index = -1;
        QString busId;
        Evidence evidence;
    };
    struct Result
    {
        QList<Fact> facts;
        Warnings warnings;
        QString node; // the node the content names (hostname, "node" field), if any
        QList<GpuSlot> gpus;
        // CUDA_VISIBLE_DEVICES of an env dump: CUDA ordinal i is GPU visibleDevices[i].
        QStringList visibleDevices;
        Evidence visibleDevicesEvidence;
    };
    static Result parse(const ingest::InputFile &file, FileId id, const QByteArrayList &lines);

    // "2.21.5-1+cuda12.4" -> "2.21.5"; "2.5.1+cu124" -> "2.5.1+cu124" (kept: the build matters)
    static QString normaliseVersion(const QString &component, const QString &value);
    // A PCI address in any of its spellings ("0000:5d:00" in Xid lines, "00000000:5D:00.0" in
    // nvidia-smi, "5d000" in NCCL's busId) as one number; 0 when it is none.
    static quint64 busNumber(const QString &pci);
    // Two bus numbers name the same GPU: equal, or equal but for the domain where one spelling
    // has none.
    static bool sameBus(quint64 a, quint64 b);
};

} // namespace rankscope::analysis
