// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Interactivity of the rank x node timeline at scale. Builds a synthetic incident (no files; see
// syntheticincident.h), hands it to TimelinePlot on the offscreen platform and prints the build
// time, then what one drag step costs at full zoom-out and at 10 % and 1 % of the time span
// (centred on the initiating failure): the view moves by a pixel, the events are re-bucketed,
// QCustomPlot replots and the widget repaints. The budget is one frame, 16 ms. Wall time is what
// a user feels; the thread's CPU time is what to compare on a busy machine.
//
//   bench_timeline                      16,384 ranks x 100,000 events in a 1600 x 900 window
//   bench_timeline --uniform            every event at a random time and rank (worst case)
//   bench_timeline --tiny               what CTest runs (label bench)
// Options: --ranks N --events N --gpus-per-node G --size WxH --repeat K --seed S
//          --grab PREFIX (saves PREFIX-full.png, PREFIX-10.png and PREFIX-1.png to look at)
// Build it in a Release tree for real figures.
#include "syntheticincident.h"
#include "timelineplot.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

using namespace Qt::StringLiterals;
using namespace rankscope;

namespace {

QString peakMemory()
{
    QFile f(u"/proc/self/status"_s);
    if (!f.open(QIODevice::ReadOnly))
        return u"?"_s;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return QString::fromLatin1(line.mid(6).trimmed());
    }
    return u"?"_s;
}

double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

struct Figures
{
    double median = 0;
    double max = 0;
};

Figures summarise(std::vector<double> v)
{
    if (v.empty())
        return {};
    std::sort(v.begin(), v.end());
    return {v[v.size() / 2], v.back()};
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    testing::SyntheticIncident cfg;
    QSize size(1600, 900);
    int repeat = 30;
    QString grab;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i < args.size(); ++i) {
        const QString &a = args.at(i);
        const QString v = args.value(i + 1);
        auto take = [&] {
            ++i;
            return v;
        };
        if (a == u"--tiny"_s) {
            cfg.ranks = 64;
            cfg.events = 1000;
            repeat = 3;
        } else if (a == u"--uniform"_s) {
            cfg.uniform = true;
        } else if (a == u"--ranks"_s) {
            cfg.ranks = take().toInt();
        } else if (a == u"--events"_s) {
            cfg.events = take().toInt();
        } else if (a == u"--gpus-per-node"_s) {
            cfg.gpusPerNode = take().toInt();
        } else if (a == u"--seed"_s) {
            cfg.seed = take().toUInt();
        } else if (a == u"--repeat"_s) {
            repeat = std::max(1, take().toInt());
        } else if (a == u"--grab"_s) {
            grab = take();
        } else if (a == u"--size"_s) {
            const QStringList wh = take().split(u'x');
            size = QSize(wh.value(0).toInt(), wh.value(1).toInt());
        } else {
            std::fprintf(stderr, "bench_timeline: unknown argument %s\n", qPrintable(a));
            return 2;
        }
    }
    if (cfg.ranks < 1 || cfg.events < 1 || size.width() < 200 || size.height() < 200) {
        std::fprintf(stderr, "bench_timeline: bad --ranks, --events or --size\n");
        return 2;
    }

    QElapsedTimer timer;
    timer.start();
    const analysis::AnalysisResultPtr result = testing::makeSyntheticIncident(cfg);
    const double generateMs = double(timer.nsecsElapsed()) / 1e6;
    const int initiating = testing::syntheticInitiatingEvent(*result);

    ui::TimelinePlot plot;
    plot.resize(size);
    plot.show();
    QCoreApplication::processEvents();
    timer.restart();
    plot.setResult(result);
    const double firstReplot = plot.replotNow();
    const double buildMs = double(timer.nsecsElapsed()) / 1e6;
    QCoreApplication::processEvents();

    std::printf("%d ranks, %lld events (%s), %dx%d px\n", cfg.ranks, qint64(result->ingest->events.size()),
                cfg.uniform ? "uniform" : "clustered", size.width(), size.height());
    std::printf("generate %.1f ms; build (setResult + first replot) %.1f ms, of which the replot %.1f ms\n", generateMs,
                buildMs, firstReplot);

    const auto [lower, upper] = plot.dataTimeRange();
    const qint64 full = upper - lower;
    const qint64 centre = initiating >= 0 ? result->ingest->events.at(initiating).timeMs : (lower + upper) / 2;
    struct Zoom
    {
        const char *name;
        qint64 centre;
        qint64 span;
    };
    const Zoom zooms[] = {
        {"full zoom-out", (lower + upper) / 2, qint64(double(full) * 1.06)},
        {"10% zoom", centre, full / 10},
        {"1% zoom", centre, full / 100},
    };
    const char *grabSuffix[] = {"-full.png", "-10.png", "-1.png"};
    int zoomIndex = 0;
    bool initiatingShown = true;
    double worst = 0;
    for (const Zoom &z : zooms) {
        const qint64 pixel = std::max<qint64>(1, z.span / size.width());
        std::vector<double> total, cpu, aggregate, replot;
        int markers = 0;
        for (int k = -1; k < repeat; ++k) {
            // A drag step: one pixel to the left or right of the centre.
            plot.focusTime(z.centre + (k % 2 ? pixel : -pixel), z.span);
            const double cpu0 = threadCpuMs();
            const double ms = plot.replotNow();
            const double cpuMs = threadCpuMs() - cpu0;
            if (k < 0)
                continue; // warm-up
            total.push_back(ms);
            cpu.push_back(cpuMs);
            aggregate.push_back(plot.lastAggregateMs());
            replot.push_back(plot.lastReplotMs());
            markers = plot.plottedEvents();
        }
        initiatingShown = initiatingShown && plot.plottedEventIndices(analysis::ChainStep::Role::Initiating).contains(initiating);
        if (!grab.isEmpty())
            plot.grab().save(grab + QLatin1String(grabSuffix[zoomIndex]));
        ++zoomIndex;
        const Figures t = summarise(total), c = summarise(cpu), a = summarise(aggregate), r = summarise(replot);
        worst = std::max(worst, t.median);
        std::printf("%-14s replot %6.2f ms median, %6.2f ms max, %6.2f ms cpu (bucketing %5.2f ms, QCustomPlot %5.2f ms); %d markers\n",
                    z.name, t.median, t.max, c.median, a.median, r.median, markers);
    }
    std::printf("initiating event drawn at every zoom: %s\n", initiatingShown ? "yes" : "NO");
    std::printf("peak memory %s; slowest median replot %.2f ms (budget 16 ms)\n", qPrintable(peakMemory()), worst);
    return initiatingShown ? 0 : 1;
}
