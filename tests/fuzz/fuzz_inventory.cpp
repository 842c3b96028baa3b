// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: every node-inventory parser (RankScope's JSON, collect_env, nvidia-smi table
// and -q, pip freeze/list, dpkg -l, env dumps, ibstat, docker inspect) through the one entry
// point the analysis calls. Every fact must point at a line of the input (0: the whole file).
#include "fuzzsupport.h"
#include "inventoryparser.h"

#include <cstdlib>

using namespace rankscope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QByteArrayList lines;
    fuzz::forEachLine(data, size, [&](QByteArrayView line) { lines.append(line.toByteArray()); });
    ingest::InputFile file;
    file.path = QStringLiteral("nodes/gpu-node-01/inventory.txt");
    file.kinds = ingest::KindInventory;
    const analysis::InventoryParser::Result r = analysis::InventoryParser::parse(file, 0, lines);
    for (const analysis::Fact &f : r.facts) {
        if (f.evidence.source.line < 0 || f.evidence.source.line > lines.size())
            std::abort();
    }
    for (const analysis::InventoryParser::GpuSlot &gpu : r.gpus)
        (void)analysis::InventoryParser::busNumber(gpu.busId);
    return 0;
}
