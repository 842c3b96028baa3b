// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Time to the verdict in the real workbench (issue #16): the MainWindow a user opens, on the
// offscreen platform, given a simulated NCCL_DEBUG=INFO bundle as a folder and (--archive) as one
// archive. For each it prints the seconds from openPaths() to the files being listed (ingest
// ready), to the verdict being in (analysis ready) and to the window having painted it, the
// longest stall of the GUI thread meanwhile (a 10 ms heartbeat timer: the thread must stay free
// of I/O and parsing), and the decoded text the load kept for the log view.
//
//   bench_window                          1024 ranks (about 2 GB), folder
//   bench_window --archive tar.zst        the same, and as .tar.zst
//   bench_window --tiny                   what CTest runs (label bench)
// Options: --ranks N --gpus-per-node G --steps K --archive tar.zst|tar.gz|zip [PATH]
// Build it in a Release tree for real figures. Settings and the member cache go to a temporary
// folder (XDG_CONFIG_HOME, XDG_CACHE_HOME), so nothing of the user's is read or evicted.
#include "benchbundle.h"
#include "knowledgebase.h"
#include "mainwindow.h"

#include <QApplication>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace rankscope;

namespace {

qint64 folderBytes(const QString &dir)
{
    qint64 total = 0;
    for (QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories); it.hasNext();) {
        it.next();
        total += it.fileInfo().size();
    }
    return total;
}

// Reads every file once, so the first timed run does not pay for the disk.
void warm(const QString &path)
{
    QByteArray buf(4 << 20, Qt::Uninitialized);
    auto readAll = [&buf](const QString &file) {
        QFile f(file);
        if (f.open(QIODevice::ReadOnly))
            while (f.read(buf.data(), buf.size()) > 0) {}
    };
    if (QFileInfo(path).isDir()) {
        for (QDirIterator it(path, QDir::Files, QDirIterator::Subdirectories); it.hasNext();)
            readAll(it.next());
    } else {
        readAll(path);
    }
}

struct Figures
{
    double ingestReady = -1;
    double analysisReady = -1;
    double painted = -1;
    double longestStallMs = 0;
    bool ok = false;
};

Figures openInWindow(const QString &input, const std::shared_ptr<const kb::KnowledgeBase> &kb)
{
    Figures fig;
    ui::MainWindow w;
    w.setKnowledgeBase(kb);
    w.resize(1600, 900);
    w.show();
    QCoreApplication::processEvents();

    QElapsedTimer clock;
    QElapsedTimer beat;
    QTimer heartbeat;
    heartbeat.setInterval(10);
    QObject::connect(&heartbeat, &QTimer::timeout, &heartbeat, [&] {
        fig.longestStallMs = std::max(fig.longestStallMs, double(beat.nsecsElapsed()) / 1e6 - 10.0);
        beat.restart();
    });
    QEventLoop loop;
    QObject::connect(&w, &ui::MainWindow::ingestReady, &loop, [&] { fig.ingestReady = double(clock.nsecsElapsed()) / 1e9; });
    QObject::connect(&w, &ui::MainWindow::analysisReady, &loop, [&] {
        fig.analysisReady = double(clock.nsecsElapsed()) / 1e9;
        // What the user sees: the panels take the result on this turn of the event loop; the
        // grab paints the window as the screen would.
        QTimer::singleShot(0, &loop, [&] {
            (void)w.grab();
            fig.painted = double(clock.nsecsElapsed()) / 1e9;
            fig.ok = w.analysis() != nullptr;
            loop.quit();
        });
    });
    QObject::connect(&w, &ui::MainWindow::loadingFinished, &loop, [&](bool cancelled) {
        if (cancelled)
            loop.quit();
    });
    QTimer::singleShot(30 * 60 * 1000, &loop, &QEventLoop::quit); // a hang is a figure too
    clock.start();
    beat.start();
    heartbeat.start();
    w.openPaths({input});
    loop.exec();
    heartbeat.stop();
    return fig;
}

bool shell(const QString &command)
{
    QProcess p;
    p.start(u"/bin/sh"_s, {u"-c"_s, command});
    p.waitForFinished(-1);
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QTemporaryDir home;
    qputenv("XDG_CONFIG_HOME", QFile::encodeName(home.filePath(u"config"_s)));
    qputenv("XDG_CACHE_HOME", QFile::encodeName(home.filePath(u"cache"_s)));
    QApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    int ranks = 1024, gpus = 8, steps = 40;
    QString path, archive;
    for (int i = 0; i < args.size(); ++i) {
        const QString &a = args.at(i);
        auto next = [&] { return i + 1 < args.size() ? args.at(++i) : QString(); };
        if (a == u"--ranks"_s) ranks = next().toInt();
        else if (a == u"--gpus-per-node"_s) gpus = next().toInt();
        else if (a == u"--steps"_s) steps = next().toInt();
        else if (a == u"--archive"_s) archive = next();
        else if (a == u"--tiny"_s) { ranks = 8; gpus = 2; steps = 5; archive = u"tar.gz"_s; }
        else path = a;
    }
    const auto kb = bench::benchEncyclopedia("bench_window");
    if (!kb)
        return 1;
    if (path.isEmpty()) {
        const sim::SimConfig cfg = bench::benchBundle(home.filePath(u"bundle"_s), home.filePath(u"truth.json"_s), ranks, gpus, steps);
        const auto r = sim::Simulator::run(cfg);
        if (!r.ok()) {
            std::fprintf(stderr, "bench_window: simulate failed: %s\n", qPrintable(r.error));
            return 1;
        }
        path = cfg.outDir;
    }
    QList<std::pair<QString, QString>> inputs{{u"folder"_s, path}};
    if (!archive.isEmpty()) {
        const QHash<QString, QString> pack{
            {u"tar.zst"_s, u"tar -C %1 -cf - . | zstd -q -T0 -3 -o %2"_s},
            {u"tar.gz"_s, u"tar -C %1 -czf %2 ."_s},
            {u"zip"_s, u"cd %1 && zip -q -r %2 ."_s},
        };
        if (!pack.contains(archive)) {
            std::fprintf(stderr, "bench_window: --archive takes tar.zst, tar.gz or zip\n");
            return 2;
        }
        const QString packed = home.filePath(u"bundle."_s + archive);
        if (!shell(pack.value(archive).arg(path, packed)))
            std::printf("%s: could not pack (is the tool installed?) — no archive figures\n", qPrintable(archive));
        else
            inputs.append({archive, packed});
    }
    const qint64 bundleBytes = folderBytes(path);
    std::printf("bundle: %.1f MB of text\n", bundleBytes / 1e6);
    const QString cacheDir = home.filePath(u"cache"_s);
    int failures = 0;
    for (const auto &[what, input] : inputs) {
        warm(input);
        const qint64 cachedBefore = folderBytes(cacheDir);
        const Figures f = openInWindow(input, kb);
        if (!f.ok) {
            std::printf("%s: no verdict (cancelled, failed or over 30 minutes)\n", qPrintable(what));
            ++failures;
            continue;
        }
        std::printf("%s: ingest ready %.3f s; verdict %.3f s; painted %.3f s (%.0f MB/s of text); longest GUI stall %.1f ms; "
                    "kept for the log view %.1f MB\n",
                    qPrintable(what), f.ingestReady, f.analysisReady, f.painted, bundleBytes / 1e6 / std::max(1e-6, f.painted),
                    f.longestStallMs, (folderBytes(cacheDir) - cachedBefore) / 1e6);
    }
    return failures == 0 ? 0 : 1;
}
