// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "anchormatcher.h"

#include <QVarLengthArray>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstring>

#if RANKSCOPE_HAVE_HYPERSCAN
#include <hs.h>
#endif

namespace rankscope::ingest {

namespace {
// Rough rarity of a byte in training logs: lower is rarer. Windows made of rare bytes (capitals,
// punctuation, digits) hit the bitmap far less often than windows of common lower-case letters.
int commonness(unsigned char c)
{
    if (c == ' ')
        return 10;
    if (c >= 'a' && c <= 'z')
        return (c == 'e' || c == 't' || c == 'a' || c == 'o' || c == 'i' || c == 'n' || c == 's' || c == 'r') ? 8 : 5;
    if (c >= '0' && c <= '9')
        return 6;
    if (c >= 'A' && c <= 'Z')
        return 3;
    return 2;
}

// "NCCL INFO" and friends appear on nearly every line of an NCCL debug file; a window inside
// them would verify on every line.
bool insideUbiquitousToken(const QByteArray &text, int offset)
{
    static const char *const tokens[] = {"NCCL INFO", "NCCL WARN", "NCCL ", "[rank", "] ", "INFO", "WARN"};
    for (const char *tok : tokens) {
        const int len = int(std::strlen(tok));
        for (int from = 0; (from = int(text.indexOf(tok, from))) >= 0; ++from) {
            if (offset < from + len && offset + 4 > from)
                return true;
        }
    }
    return false;
}
} // namespace

int AnchorMatcher::chooseWindow(const QByteArray &text)
{
    int best = 0;
    int bestScore = 1 << 30;
    for (int i = 0; i + 4 <= text.size(); ++i) {
        int score = 0;
        for (int k = 0; k < 4; ++k)
            score += commonness(static_cast<unsigned char>(text.at(i + k)));
        if (insideUbiquitousToken(text, i))
            score += 100;
        if (score < bestScore) {
            bestScore = score;
            best = i;
        }
    }
    return best;
}

#if RANKSCOPE_HAVE_HYPERSCAN
struct AnchorMatcher::HyperscanDb
{
    hs_database_t *db = nullptr;
    quint64 id = 0;                   // unique per database, for scratchFor
    QList<std::pair<int, int>> shape; // per anchor index: length, window offset (-1: short)

    ~HyperscanDb() { hs_free_database(db); }
};

namespace {
// One scratch space per thread, grown to fit every database the thread scans with: the scanner
// threads share one const AnchorMatcher, and a scratch must never be used by two threads at once.
// hs_alloc_scratch only grows a scratch, so it is asked again only for a database not yet seen;
// the scanner alternates between the file-kind probes and the anchors with every file.
hs_scratch_t *scratchFor(const hs_database_t *db, quint64 id)
{
    struct Scratch
    {
        hs_scratch_t *scratch = nullptr;
        QVarLengthArray<quint64, 8> fits; // ids of the databases it was grown for (bounded)
        ~Scratch() { hs_free_scratch(scratch); }
    };
    thread_local Scratch t;
    if (!t.fits.contains(id)) {
        if (hs_alloc_scratch(db, &t.scratch) != HS_SUCCESS)
            return nullptr;
        if (t.fits.size() == 8)
            t.fits.clear(); // ids of finished ingests; forgetting one costs one more check
        t.fits.append(id);
    }
    return t.scratch;
}
} // namespace
#endif

bool AnchorMatcher::hyperscanAvailable()
{
#if RANKSCOPE_HAVE_HYPERSCAN
    return hs_valid_platform() == HS_SUCCESS;
#else
    return false;
#endif
}

AnchorMatcher::AnchorMatcher(const QList<QByteArray> &anchors, Engine engine)
{
    for (int i = 0; i < anchors.size(); ++i) {
        const QByteArray &a = anchors.at(i);
        if (a.isEmpty())
            continue;
        if (a.size() < 4) {
            m_short.append({a, 0, i});
            continue;
        }
        Anchor anchor{a, chooseWindow(a), i};
        quint32 w;
        std::memcpy(&w, a.constData() + anchor.window, 4);
        const quint32 h = hash(w);
        m_bitmap[h >> 6] |= (quint64(1) << (h & 63));
        m_buckets.append({h, int(m_anchors.size())});
        m_anchors.append(anchor);
    }
    std::sort(m_buckets.begin(), m_buckets.end());

#if RANKSCOPE_HAVE_HYPERSCAN
    if (engine != Engine::Hyperscan || !hyperscanAvailable())
        return;
    auto hs = std::make_shared<HyperscanDb>();
    hs->shape.fill({0, -1}, anchors.size());
    for (const Anchor &a : std::as_const(m_anchors))
        hs->shape[a.index] = {int(a.text.size()), a.window};
    std::vector<const char *> texts;
    std::vector<size_t> lengths;
    std::vector<unsigned> ids, flags;
    for (int i = 0; i < anchors.size(); ++i) {
        if (anchors.at(i).isEmpty())
            continue;
        hs->shape[i].first = int(anchors.at(i).size());
        texts.push_back(anchors.at(i).constData());
        lengths.push_back(size_t(anchors.at(i).size()));
        ids.push_back(unsigned(i));
        // Every occurrence (no HS_FLAG_SINGLEMATCH): the first is the one with the smallest
        // offset, whatever order Hyperscan reports them in.
        flags.push_back(0);
    }
    hs_compile_error_t *error = nullptr;
    if (texts.empty()
        || hs_compile_lit_multi(texts.data(), flags.data(), ids.data(), lengths.data(), unsigned(texts.size()), HS_MODE_BLOCK, nullptr,
                                &hs->db, &error)
               != HS_SUCCESS) {
        // No anchors, or a literal set Hyperscan rejects: the bitmap answers alone.
        hs_free_compile_error(error);
        return;
    }
    static std::atomic<quint64> nextId{1};
    hs->id = nextId++;
    m_hyperscan = std::move(hs);
#else
    Q_UNUSED(engine);
#endif
}

bool AnchorMatcher::match(QByteArrayView line, QList<int> &out) const
{
#if RANKSCOPE_HAVE_HYPERSCAN
    // hs_scan takes an unsigned length; a longer line is left to the bitmap.
    if (m_hyperscan && line.size() <= qsizetype(UINT_MAX))
        return matchHyperscan(line, out);
#endif
    return matchBitmap(line, out);
}

#if RANKSCOPE_HAVE_HYPERSCAN
bool AnchorMatcher::matchHyperscan(QByteArrayView line, QList<int> &out) const
{
    hs_scratch_t *scratch = scratchFor(m_hyperscan->db, m_hyperscan->id);
    if (!scratch)
        return matchBitmap(line, out);
    // (short anchor?, offset of the window in the first occurrence, index): the order in which
    // matchBitmap reports, so that results do not depend on the engine.
    struct Found
    {
        const HyperscanDb *hs;
        QVarLengthArray<std::tuple<bool, qsizetype, int>, 8> hits;
    } found{m_hyperscan.get(), {}};
    hs_scan(m_hyperscan->db, line.data(), unsigned(line.size()), 0, scratch,
            [](unsigned id, unsigned long long, unsigned long long to, unsigned, void *context) -> int {
                auto *f = static_cast<Found *>(context);
                const auto [length, window] = f->hs->shape.at(int(id));
                const bool isShort = window < 0;
                const qsizetype key = isShort ? 0 : qsizetype(to) - length + window;
                for (auto &hit : f->hits) {
                    if (std::get<2>(hit) == int(id)) {
                        std::get<1>(hit) = std::min(std::get<1>(hit), key);
                        return 0;
                    }
                }
                f->hits.append({isShort, key, int(id)});
                return 0;
            },
            &found);
    std::sort(found.hits.begin(), found.hits.end());
    for (const auto &hit : std::as_const(found.hits))
        out.append(std::get<2>(hit));
    return !found.hits.isEmpty();
}
#endif

bool AnchorMatcher::matchBitmap(QByteArrayView line, QList<int> &out) const
{
    const qsizetype before = out.size();
    const char *p = line.data();
    const qsizetype n = line.size();
    auto addOnce = [&out, before](int idx) {
        for (qsizetype k = before; k < out.size(); ++k) {
            if (out.at(k) == idx)
                return;
        }
        out.append(idx);
    };
    for (qsizetype i = 0; i + 4 <= n; ++i) {
        quint32 w;
        std::memcpy(&w, p + i, 4);
        const quint32 h = hash(w);
        if (!(m_bitmap[h >> 6] & (quint64(1) << (h & 63))))
            continue;
        auto it = std::lower_bound(m_buckets.cbegin(), m_buckets.cend(), std::pair<quint32, int>(h, -1));
        for (; it != m_buckets.cend() && it->first == h; ++it) {
            const Anchor &a = m_anchors.at(it->second);
            const qsizetype start = i - a.window;
            if (start < 0 || start + a.text.size() > n)
                continue;
            if (std::memcmp(p + start, a.text.constData(), size_t(a.text.size())) == 0)
                addOnce(a.index);
        }
    }
    for (const Anchor &a : m_short) {
        if (line.indexOf(QByteArrayView(a.text)) >= 0)
            addOnce(a.index);
    }
    return out.size() > before;
}

} // namespace rankscope::ingest
