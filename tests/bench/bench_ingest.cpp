// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Ingest throughput, next to ripgrep over the same files with the same anchors, and peak RSS.
//   bench_ingest [--ranks N] [--gpus-per-node G] [--steps K] [--keep DIR] [--threads T] [PATH]
// Without PATH it simulates an NCCL_DEBUG=INFO bundle (scenario cuda-oom) first. The page cache
// is warmed by reading every file once before anything is timed. Prints figures; judges nothing.
#include "analyzer.h"
#include "ingestor.h"
#include "knowledgebase.h"
#include "simulator.h"

#include <QCoreApplication>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace rankscope;

static qint64 peakRssKiB()
{
    QFile f(u"/proc/self/status"_s);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &l : f.readAll().split('\n')) {
        if (l.startsWith("VmHWM:"))
            return l.mid(6).trimmed().split(' ').first().toLongLong();
    }
    return -1;
}

static void resetPeakRss()
{
    QFile f(u"/proc/self/clear_refs"_s);
    if (f.open(QIODevice::WriteOnly))
        f.write("5");
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    int ranks = 64, gpus = 8, steps = 40, threads = 0;
    QString keep, path;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args.at(i);
        auto next = [&] { return i + 1 < args.size() ? args.at(++i) : QString(); };
        if (a == u"--ranks"_s) ranks = next().toInt();
        else if (a == u"--gpus-per-node"_s) gpus = next().toInt();
        else if (a == u"--steps"_s) steps = next().toInt();
        else if (a == u"--threads"_s) threads = next().toInt();
        else if (a == u"--keep"_s) keep = next();
        else path = a;
    }
    Warnings w;
    const auto kb = kb::KnowledgeBase::open(kb::KnowledgeBase::defaultDatabasePath(), QString(), &w);
    if (kb->entries().isEmpty()) {
        std::fprintf(stderr, "bench_ingest: no encyclopedia (set RANKSCOPE_ENCYCLOPEDIA)\n");
        return 1;
    }
    QTemporaryDir tmp;
    if (path.isEmpty()) {
        sim::SimConfig cfg;
        cfg.scenario = u"cuda-oom"_s;
        cfg.outDir = keep.isEmpty() ? tmp.filePath(u"bundle"_s) : keep;
        cfg.truthFile = tmp.filePath(u"truth.json"_s);
        cfg.nodes = std::max(1, ranks / gpus);
        cfg.gpusPerNode = gpus;
        cfg.steps = steps;
        cfg.ncclDebug = sim::SimConfig::NcclDebug::Info;
        QElapsedTimer t;
        t.start();
        const auto r = sim::Simulator::run(cfg);
        if (!r.ok()) {
            std::fprintf(stderr, "bench_ingest: simulate failed: %s\n", qPrintable(r.error));
            return 1;
        }
        std::printf("simulated %d ranks: %.1f MB in %.2f s (%.0f MB/s)\n", cfg.nodes * gpus, r.bytes / 1e6, t.elapsed() / 1000.0,
                    r.bytes / 1e6 / std::max(0.001, t.elapsed() / 1000.0));
        path = cfg.outDir;
    }
    // Warm the page cache.
    qint64 bytes = 0;
    QStringList files;
    for (QDirIterator it(path, QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
        files << it.next();
        QFile f(files.last());
        if (f.open(QIODevice::ReadOnly)) {
            QByteArray buf(4 << 20, Qt::Uninitialized);
            qint64 n;
            while ((n = f.read(buf.data(), buf.size())) > 0)
                bytes += n;
        }
    }
    ingest::IngestConfig cfg;
    cfg.fingerprints = analysis::Analyzer::fingerprintSpecs(*kb);
    cfg.threads = threads;
    resetPeakRss();
    const qint64 rssBefore = peakRssKiB();
    QElapsedTimer t;
    t.start();
    const auto result = ingest::Ingestor::run({path}, cfg);
    const double secs = t.nsecsElapsed() / 1e9;
    const qint64 rss = peakRssKiB();
    std::printf("bundle: %lld files, %.1f MB, %lld lines\n", (long long)result->stats.files, bytes / 1e6, (long long)result->stats.lines);
    std::printf("rankscope ingest: %.3f s, %.0f MB/s, %lld events, peak RSS %.1f MB (%.2f %% of the bundle; %.1f MB before)\n", secs,
                bytes / 1e6 / secs, (long long)result->stats.events, rss / 1024.0, 100.0 * rss * 1024.0 / std::max<qint64>(1, bytes),
                rssBefore / 1024.0);

    const QString rg = QStandardPaths::findExecutable(u"rg"_s);
    if (rg.isEmpty()) {
        std::printf("ripgrep: not installed (apt-get install ripgrep) — no comparison\n");
        return 0;
    }
    QFile anchors(tmp.filePath(u"anchors.txt"_s));
    anchors.open(QIODevice::WriteOnly);
    QSet<QString> seen;
    for (const auto &f : cfg.fingerprints) {
        if (!seen.contains(f.anchor)) {
            seen.insert(f.anchor);
            anchors.write(f.anchor.toUtf8() + '\n');
        }
    }
    anchors.close();
    QProcess p;
    t.restart();
    p.start(rg, {u"-c"_s, u"-F"_s, u"-f"_s, anchors.fileName(), u"--no-messages"_s, path});
    p.waitForFinished(-1);
    const double rgSecs = t.nsecsElapsed() / 1e9;
    std::printf("ripgrep -c -F -f <%lld anchors>: %.3f s, %.0f MB/s\n", (long long)seen.size(), rgSecs, bytes / 1e6 / rgSecs);
    std::printf("ratio rankscope/ripgrep: %.2fx\n", secs / rgSecs);
    return 0;
}
