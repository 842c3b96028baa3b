// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <array>
#include <cstdint>
#include <memory>

namespace rankscope::ingest {

// Finds which of a few hundred literal anchors occur in a line, without running any regex.
// Almost every line of a multi-GB bundle matches nothing, so the question that must be cheap is
// "does any anchor occur here?". Each anchor contributes one 4-byte window, chosen to be as rare
// as possible, to a 64 Ki-bit bitmap; a line is scanned with one hash and one bit test per byte
// and only bitmap hits are verified with memcmp. The bitmap stays in L1/L2 cache, unlike an
// Aho-Corasick table over hundreds of anchors.
//
// When RankScope is built with Hyperscan or Vectorscan (libhs, optional) and the CPU runs it, the
// same question goes to a Hyperscan literal database instead: its SIMD literal matcher answers it
// 1.7-2x as fast per line (tests/bench/bench_prefilter), and both engines give the same answer in
// the same order, so results do not depend on the build.
class AnchorMatcher
{
public:
    enum class Engine { Bitmap, Hyperscan };

    // engine: Hyperscan when available (else the bitmap); tests choose to compare the two.
    explicit AnchorMatcher(const QList<QByteArray> &anchors = {}, Engine engine = Engine::Hyperscan);

    // Appends the indices of the anchors contained in line (each at most once) to out, ordered by
    // the offset of each anchor's window in its first occurrence, then by index.
    // Returns true when at least one anchor was found.
    bool match(QByteArrayView line, QList<int> &out) const;
    bool isEmpty() const { return m_anchors.isEmpty(); }
    qsizetype size() const { return m_anchors.size(); }
    Engine engine() const { return m_hyperscan ? Engine::Hyperscan : Engine::Bitmap; }
    // Built with libhs and the CPU supports it (SSSE3 for Hyperscan).
    static bool hyperscanAvailable();

private:
    struct Anchor
    {
        QByteArray text;
        int window = 0; // offset of the 4-byte window inside text
        int index = 0;
    };
    static quint32 hash(quint32 v) { return (v * 2654435761u) >> 16; }
    static int chooseWindow(const QByteArray &text);
    bool matchBitmap(QByteArrayView line, QList<int> &out) const;
    bool matchHyperscan(QByteArrayView line, QList<int> &out) const; // defined with libhs only

    QList<Anchor> m_anchors;                 // anchors of >= 4 bytes
    QList<Anchor> m_short;                   // anchors of 1-3 bytes: plain search
    std::array<quint64, 1024> m_bitmap{};   // 65536 bits
    // For each hash bucket that is set, the anchors whose window hashes there (sorted by hash).
    QList<std::pair<quint32, int>> m_buckets;

    // Hyperscan: the compiled literals (shared by copies; immutable) and, per anchor index, the
    // anchor's length and window offset (-1: a short anchor, reported after the others).
    struct HyperscanDb;
    std::shared_ptr<const HyperscanDb> m_hyperscan;
};

} // namespace rankscope::ingest
