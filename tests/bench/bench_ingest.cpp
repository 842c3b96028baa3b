// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Ingest throughput, next to ripgrep over the same files with the same anchors, and peak RSS.
//   bench_ingest [--ranks N] [--gpus-per-node G] [--steps K] [--keep DIR] [--threads T]
//                [--archive tar.zst|tar.gz|zip] [--inventories none|some|all] [--analyze] [PATH]
// Without PATH it simulates an NCCL_DEBUG=INFO bundle (scenario cuda-oom) first. The page cache
// is warmed by reading every file once before anything is timed. With --archive the bundle is
// also packed that way and ingested as one archive, next to the bare decompressor writing to
// /dev/null (zstd -dc, gzip -dc, unzip -p) in the same run. --analyze times the analysis too
// (the whole IncidentPipeline, as `rankscope analyze` runs it): what a bundle with inventories
// costs beyond its scan. Prints figures; judges nothing.
#include "analyzer.h"
#include "benchbundle.h"
#include "incidentpipeline.h"
#include "ingestor.h"
#include "knowledgebase.h"
#include "simulator.h"

#include <QCoreApplication>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
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
    QString keep, path, archive;
    bool analyze = false;
    auto inventories = sim::SimConfig::Inventories::Some;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args.at(i);
        auto next = [&] { return i + 1 < args.size() ? args.at(++i) : QString(); };
        if (a == u"--ranks"_s) ranks = next().toInt();
        else if (a == u"--gpus-per-node"_s) gpus = next().toInt();
        else if (a == u"--steps"_s) steps = next().toInt();
        else if (a == u"--threads"_s) threads = next().toInt();
        else if (a == u"--keep"_s) keep = next();
        else if (a == u"--archive"_s) archive = next();
        else if (a == u"--analyze"_s) analyze = true;
        else if (a == u"--inventories"_s) {
            const auto parsed = sim::SimConfig::parseInventories(next());
            if (!parsed) {
                std::fprintf(stderr, "bench_ingest: --inventories takes none, some or all\n");
                return 2;
            }
            inventories = *parsed;
        }
        else path = a;
    }
    const auto kb = bench::benchEncyclopedia("bench_ingest");
    if (!kb)
        return 1;
    QTemporaryDir tmp;
    if (path.isEmpty()) {
        sim::SimConfig cfg = bench::benchBundle(keep.isEmpty() ? tmp.filePath(u"bundle"_s) : keep, tmp.filePath(u"truth.json"_s), ranks, gpus, steps);
        cfg.inventories = inventories;
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
    // The ingest alone, or (--analyze) the ingest and the analysis as `rankscope analyze` runs them.
    const char *what = analyze ? "ingest+analysis" : "ingest";
    auto read = [&](const QString &input) {
        if (!analyze)
            return ingest::Ingestor::run({input}, cfg);
        return analysis::IncidentPipeline::run({input}, cfg, kb.get()).ingested;
    };
    resetPeakRss();
    const qint64 rssBefore = peakRssKiB();
    QElapsedTimer t;
    t.start();
    const auto result = read(path);
    const double secs = t.nsecsElapsed() / 1e9;
    const qint64 rss = peakRssKiB();
    std::printf("bundle: %lld files, %.1f MB, %lld lines\n", (long long)result->stats.files, bytes / 1e6, (long long)result->stats.lines);
    std::printf("rankscope %s: %.3f s, %.0f MB/s, %lld events, peak RSS %.1f MB (%.2f %% of the bundle; %.1f MB before)\n", what, secs,
                bytes / 1e6 / secs, (long long)result->stats.events, rss / 1024.0, 100.0 * rss * 1024.0 / std::max<qint64>(1, bytes),
                rssBefore / 1024.0);
    std::printf("  ingest phases:");
    for (const auto &[phaseName, phaseSecs] : result->stats.phaseSeconds)
        std::printf(" %s %.3f s;", qPrintable(phaseName), phaseSecs);
    std::printf("\n");

    if (!archive.isEmpty()) {
        // Pack, then time the archive's ingest and the bare decompressor over it.
        struct Kind
        {
            QString suffix, tool, pack, unpack;
        };
        const QList<Kind> kinds{
            {u"tar.zst"_s, u"zstd"_s, u"tar -C %1 -cf - . | zstd -q -T0 -3 -o %2"_s, u"zstd -dc %1 > /dev/null"_s},
            {u"tar.gz"_s, u"gzip"_s, u"tar -C %1 -czf %2 ."_s, u"gzip -dc %1 > /dev/null"_s},
            {u"zip"_s, u"zip"_s, u"cd %1 && zip -q -r %2 ."_s, u"unzip -p %1 > /dev/null"_s},
        };
        const auto kind = std::find_if(kinds.cbegin(), kinds.cend(), [&](const Kind &k) { return k.suffix == archive; });
        if (kind == kinds.cend()) {
            std::fprintf(stderr, "bench_ingest: --archive takes tar.zst, tar.gz or zip\n");
            return 2;
        }
        if (QStandardPaths::findExecutable(kind->tool).isEmpty()) {
            std::printf("%s: not installed — no archive figures\n", qPrintable(kind->tool));
        } else {
            const QString packed = tmp.filePath(u"bundle."_s + kind->suffix);
            auto shell = [](const QString &command) {
                QProcess p;
                p.start(u"/bin/sh"_s, {u"-c"_s, command});
                p.waitForFinished(-1);
                return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
            };
            if (!shell(kind->pack.arg(path, packed))) {
                std::fprintf(stderr, "bench_ingest: packing %s failed\n", qPrintable(packed));
                return 1;
            }
            const qint64 packedBytes = QFileInfo(packed).size();
            t.restart();
            shell(kind->unpack.arg(packed));
            const double bare = t.nsecsElapsed() / 1e9;
            resetPeakRss();
            t.restart();
            const auto fromArchive = read(packed);
            const double archSecs = t.nsecsElapsed() / 1e9;
            const qint64 archRss = peakRssKiB();
            std::printf("archive %s: %.1f MB packed; rankscope %s %.3f s (%.0f MB/s of text, %lld files, %lld lines), peak RSS %.1f MB\n",
                        qPrintable(kind->suffix), packedBytes / 1e6, what, archSecs, bytes / 1e6 / archSecs, (long long)fromArchive->stats.files,
                        (long long)fromArchive->stats.lines, archRss / 1024.0);
            std::printf("  %s alone: %.3f s; archive/folder %.2fx, archive/decompressor %.2fx\n", qPrintable(kind->unpack.section(u' ', 0, 1)), bare,
                        archSecs / secs, archSecs / std::max(1e-6, bare));
        }
    }

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
