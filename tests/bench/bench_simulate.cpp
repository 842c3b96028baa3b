// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Generation speed of the incident simulator. Prints MB/s of wall time and of process CPU time
// (the second is what to compare on a busy machine), lines/s and the number of files.
//
//   bench_simulate                                  1024 ranks, NCCL_DEBUG=INFO + SUBSYS=ALL, 300 steps
//   bench_simulate --nodes 2048 --gpus-per-node 8 --nccl-debug info --steps 30   the 16,384-rank check
//   bench_simulate --tiny                           what CTest runs (label bench)
// Options: --scenario ID --layout L --nodes N --gpus-per-node G --steps K --nccl-debug LEVEL
//          --seed S --out DIR (kept; default a temporary folder that is removed)
#include "simulator.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <cstdio>
#include <ctime>

using namespace Qt::StringLiterals;
using namespace rankscope;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    sim::SimConfig cfg;
    cfg.scenario = u"cuda-oom"_s;
    cfg.nodes = 128;
    cfg.gpusPerNode = 8;
    cfg.steps = 300;
    cfg.layout = sim::SimConfig::Layout::Torchrun;
    cfg.ncclDebug = sim::SimConfig::NcclDebug::InfoAll;
    QString keep;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString &a = args.at(i);
        const QString v = args.value(i + 1);
        auto take = [&] {
            ++i;
            return v;
        };
        if (a == u"--tiny"_s) {
            cfg.nodes = 2;
            cfg.gpusPerNode = 2;
            cfg.steps = 5;
        } else if (a == u"--scenario"_s) {
            cfg.scenario = take();
        } else if (a == u"--layout"_s) {
            cfg.layout = sim::SimConfig::parseLayout(take());
        } else if (a == u"--nodes"_s) {
            cfg.nodes = take().toInt();
        } else if (a == u"--gpus-per-node"_s) {
            cfg.gpusPerNode = take().toInt();
        } else if (a == u"--steps"_s) {
            cfg.steps = take().toInt();
        } else if (a == u"--seed"_s) {
            cfg.seed = take().toULongLong();
        } else if (a == u"--nccl-debug"_s) {
            cfg.ncclDebug = sim::SimConfig::parseNcclDebug(take()).value_or(sim::SimConfig::NcclDebug::InfoAll);
        } else if (a == u"--out"_s) {
            keep = take();
        } else {
            std::fprintf(stderr, "bench_simulate: unknown argument %s\n", qPrintable(a));
            return 2;
        }
    }
    QTemporaryDir tmp;
    cfg.outDir = keep.isEmpty() ? tmp.filePath(u"bundle"_s) : keep;
    cfg.truthFile = tmp.filePath(u"truth.json"_s);
    QElapsedTimer timer;
    timer.start();
    const std::clock_t cpu0 = std::clock();
    const sim::SimResult r = sim::Simulator::run(cfg);
    const double cpu = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
    const double wall = qMax(qint64(1), timer.elapsed()) / 1000.0;
    if (!r.ok()) {
        std::fprintf(stderr, "bench_simulate: %s\n", qPrintable(r.error));
        return 1;
    }
    const double mb = double(r.bytes) / 1e6;
    std::printf("%s %d ranks %s %s steps %d: %lld files, %.1f MB, %lld lines in %.2f s wall / %.2f s cpu\n",
        qPrintable(cfg.scenario), cfg.nodes * cfg.gpusPerNode, qPrintable(sim::SimConfig::layoutName(*cfg.layout)),
        qPrintable(sim::SimConfig::ncclDebugName(cfg.ncclDebug)), cfg.steps, qint64(r.files.size()), mb,
        qint64(r.lines), wall, cpu);
    std::printf("throughput: %.0f MB/s wall, %.0f MB/s cpu, %.0f klines/s wall\n", mb / wall, mb / qMax(0.001, cpu),
        double(r.lines) / 1e3 / wall);
    return 0;
}
