// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The anchor prefilter alone, one thread, warm page cache: RankScope's AnchorMatcher (its bitmap
// engine, and its Hyperscan engine when built with libhs) against raw Hyperscan (or Vectorscan)
// literal databases over the same 4 MiB blocks of the same files.
//   bench_prefilter [--max-mb N] PATH
// Every matcher must report the same (line, anchor) pairs; the program says so, or fails when
// they differ. Only matching is timed; reading the files and cutting blocks is not. Prints
// figures; judges nothing else. Hyperscan is optional: without it only the bitmap runs.
#include "analyzer.h"
#include "eventmatcher.h"
#include "knowledgebase.h"

#include <QCoreApplication>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <vector>

#if RANKSCOPE_BENCH_HYPERSCAN
#include <hs.h>
#endif

using namespace Qt::StringLiterals;
using namespace rankscope;

namespace {

// What a matcher found: lines with an anchor, (line, anchor) pairs, and an order-independent
// checksum over the pairs so that two matchers can be compared without storing every pair.
struct Tally
{
    const char *name = "";
    double secs = 0;
    qint64 lines = 0;
    qint64 pairs = 0;
    quint64 checksum = 0;

    void add(qint64 line, int anchor)
    {
        ++pairs;
        quint64 x = quint64(line) * 0x9E3779B97F4A7C15ull ^ quint64(anchor) * 0xC2B2AE3D27D4EB4Full;
        x ^= x >> 29;
        checksum += x * 0xBF58476D1CE4E5B9ull;
    }
};

// Line starts of a block that ends at a line end; the lines are those the ingest scans.
void splitLines(QByteArrayView block, std::vector<qsizetype> &starts)
{
    starts.clear();
    const char *b = block.data();
    const char *p = b;
    const char *end = b + block.size();
    while (p < end) {
        starts.push_back(p - b);
        const void *nl = std::memchr(p, '\n', size_t(end - p));
        p = nl ? static_cast<const char *>(nl) + 1 : end;
    }
    starts.push_back(block.size());
}

QByteArrayView lineAt(QByteArrayView block, const std::vector<qsizetype> &starts, size_t i)
{
    qsizetype len = starts[i + 1] - starts[i];
    if (len > 0 && block.at(starts[i + 1] - 1) == '\n')
        --len;
    return block.sliced(starts[i], len);
}

#if RANKSCOPE_BENCH_HYPERSCAN
struct Hyperscan
{
    hs_database_t *db = nullptr;
    hs_scratch_t *scratch = nullptr;

    Hyperscan(const QList<QByteArray> &anchors, unsigned flags)
    {
        std::vector<const char *> exprs;
        std::vector<size_t> lens;
        std::vector<unsigned> ids, fl;
        for (int i = 0; i < anchors.size(); ++i) {
            exprs.push_back(anchors.at(i).constData());
            lens.push_back(size_t(anchors.at(i).size()));
            ids.push_back(unsigned(i));
            fl.push_back(flags);
        }
        hs_compile_error_t *err = nullptr;
        if (hs_compile_lit_multi(exprs.data(), fl.data(), ids.data(), lens.data(), unsigned(exprs.size()), HS_MODE_BLOCK, nullptr, &db,
                                 &err)
            != HS_SUCCESS) {
            std::fprintf(stderr, "bench_prefilter: hyperscan: %s\n", err ? err->message : "?");
            hs_free_compile_error(err);
            std::exit(1);
        }
        hs_alloc_scratch(db, &scratch);
    }
    ~Hyperscan()
    {
        hs_free_scratch(scratch);
        hs_free_database(db);
    }
    Hyperscan(const Hyperscan &) = delete;
    Hyperscan &operator=(const Hyperscan &) = delete;
};
#endif

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments().mid(1);
    QString path;
    qint64 maxBytes = -1;
    for (int i = 0; i < args.size(); ++i) {
        if (args.at(i) == u"--max-mb"_s && i + 1 < args.size())
            maxBytes = args.at(++i).toLongLong() * 1000 * 1000;
        else
            path = args.at(i);
    }
    if (path.isEmpty()) {
        std::fprintf(stderr, "usage: bench_prefilter [--max-mb N] PATH\n");
        return 2;
    }
    Warnings w;
    const auto kb = kb::KnowledgeBase::open(kb::KnowledgeBase::defaultDatabasePath(), QString(), &w);
    if (kb->entries().isEmpty()) {
        std::fprintf(stderr, "bench_prefilter: no encyclopedia (set RANKSCOPE_ENCYCLOPEDIA)\n");
        return 1;
    }
    const ingest::EventMatcher matcher(analysis::Analyzer::fingerprintSpecs(*kb));
    const QList<QByteArray> &anchors = matcher.anchors();

    std::vector<std::pair<Tally, std::function<void(QByteArrayView, const std::vector<qsizetype> &, qint64, Tally &)>>> runs;
    runs.push_back({{"memchr line split only"}, [](QByteArrayView block, const std::vector<qsizetype> &, qint64, Tally &t) {
                        std::vector<qsizetype> starts;
                        splitLines(block, starts);
                        t.lines += qint64(starts.size()) - 1;
                    }});
    // The ingest's prefilter with each of its engines (the second is the bitmap again without libhs).
    const ingest::AnchorMatcher bitmap(anchors, ingest::AnchorMatcher::Engine::Bitmap);
    const ingest::AnchorMatcher best(anchors);
    QList<int> hits;
    for (const ingest::AnchorMatcher *m : {&bitmap, &best}) {
        const char *name = m->engine() == ingest::AnchorMatcher::Engine::Bitmap ? "AnchorMatcher bitmap, per line" : "AnchorMatcher hyperscan, per line";
        runs.push_back({{name}, [m, &hits](QByteArrayView block, const std::vector<qsizetype> &starts, qint64 firstLine, Tally &t) {
                            for (size_t i = 0; i + 1 < starts.size(); ++i) {
                                hits.clear();
                                if (!m->match(lineAt(block, starts, i), hits))
                                    continue;
                                ++t.lines;
                                for (int a : std::as_const(hits))
                                    t.add(firstLine + qint64(i), a);
                            }
                        }});
    }
#if RANKSCOPE_BENCH_HYPERSCAN
    // SINGLEMATCH per line gives exactly the AnchorMatcher's answer (each anchor once per line),
    // at the price of one hs_scan call per line.
    Hyperscan perLine(anchors, HS_FLAG_SINGLEMATCH);
    struct LineCtx
    {
        Tally *t;
        qint64 line;
        bool any;
    };
    runs.push_back({{"Hyperscan SINGLEMATCH, per line"}, [&](QByteArrayView block, const std::vector<qsizetype> &starts, qint64 firstLine, Tally &t) {
                        for (size_t i = 0; i + 1 < starts.size(); ++i) {
                            const QByteArrayView line = lineAt(block, starts, i);
                            LineCtx ctx{&t, firstLine + qint64(i), false};
                            hs_scan(perLine.db, line.data(), unsigned(line.size()), 0, perLine.scratch,
                                    [](unsigned id, unsigned long long, unsigned long long, unsigned, void *c) -> int {
                                        auto *lc = static_cast<LineCtx *>(c);
                                        lc->t->add(lc->line, int(id));
                                        lc->any = true;
                                        return 0;
                                    },
                                    &ctx);
                            t.lines += ctx.any ? 1 : 0;
                        }
                    }});
    // One hs_scan per 4 MiB block; SINGLEMATCH would report an anchor once per block, so every
    // match is reported and mapped back to its line through the line starts, then deduplicated.
    Hyperscan perBlock(anchors, 0);
    struct BlockCtx
    {
        const std::vector<qsizetype> *starts;
        std::vector<std::pair<qint64, int>> found;
    };
    BlockCtx bctx;
    runs.push_back({{"Hyperscan, per 4 MiB block"}, [&](QByteArrayView block, const std::vector<qsizetype> &starts, qint64 firstLine, Tally &t) {
                        bctx.starts = &starts;
                        bctx.found.clear();
                        hs_scan(perBlock.db, block.data(), unsigned(block.size()), 0, perBlock.scratch,
                                [](unsigned id, unsigned long long, unsigned long long to, unsigned, void *c) -> int {
                                    auto *bc = static_cast<BlockCtx *>(c);
                                    // The match ends at `to`; its last byte is at to - 1.
                                    const auto it = std::upper_bound(bc->starts->cbegin(), bc->starts->cend(), qsizetype(to - 1));
                                    bc->found.push_back({qint64(it - bc->starts->cbegin()) - 1, int(id)});
                                    return 0;
                                },
                                &bctx);
                        std::sort(bctx.found.begin(), bctx.found.end());
                        bctx.found.erase(std::unique(bctx.found.begin(), bctx.found.end()), bctx.found.end());
                        qint64 last = -1;
                        for (const auto &[line, id] : bctx.found) {
                            t.add(firstLine + line, id);
                            if (line != last)
                                ++t.lines;
                            last = line;
                        }
                    }});
#endif

    QStringList files;
    for (QDirIterator it(path, QDir::Files, QDirIterator::Subdirectories); it.hasNext();)
        files << it.next();
    files.sort();
    qint64 bytes = 0, lines = 0;
    QByteArray buf;
    std::vector<qsizetype> starts;
    QElapsedTimer timer;
    for (const QString &file : std::as_const(files)) {
        if (maxBytes >= 0 && bytes >= maxBytes)
            break;
        QFile f(file);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        QByteArray carry;
        while (true) {
            buf = carry;
            buf.resize(carry.size() + (4 << 20));
            const qint64 n = f.read(buf.data() + carry.size(), 4 << 20);
            buf.resize(carry.size() + std::max<qint64>(n, 0));
            if (buf.isEmpty())
                break;
            // Blocks end at a line end, as a line never spans two scans.
            const qsizetype cut = n > 0 ? buf.lastIndexOf('\n') + 1 : buf.size();
            carry = buf.mid(cut > 0 ? cut : buf.size());
            const QByteArrayView block(buf.constData(), cut > 0 ? cut : buf.size());
            splitLines(block, starts);
            for (auto &[tally, run] : runs) {
                timer.start();
                run(block, starts, lines, tally);
                tally.secs += timer.nsecsElapsed() / 1e9;
            }
            bytes += block.size();
            lines += qint64(starts.size()) - 1;
            if (n <= 0)
                break;
        }
    }
    std::printf("%lld files, %.1f MB, %lld lines, %lld anchors\n", (long long)files.size(), bytes / 1e6, (long long)lines,
                (long long)anchors.size());
    bool same = true;
    const Tally &reference = runs.at(1).first;
    for (const auto &[t, run] : runs) {
        std::printf("%-34s %7.0f MB/s  %8.3f s  %9lld lines with an anchor  %9lld pairs  checksum %016llx\n", t.name,
                    bytes / 1e6 / std::max(1e-9, t.secs), t.secs, (long long)t.lines, (long long)t.pairs, (unsigned long long)t.checksum);
        if (&t != &runs.front().first && (t.pairs != reference.pairs || t.checksum != reference.checksum))
            same = false;
    }
    std::printf("%s\n", same ? "all prefilters report the same (line, anchor) pairs" : "MISMATCH: the prefilters disagree");
    return same ? 0 : 1;
}
