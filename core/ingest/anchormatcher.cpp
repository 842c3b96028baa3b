// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "anchormatcher.h"

#include <algorithm>
#include <cstring>

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

AnchorMatcher::AnchorMatcher(const QList<QByteArray> &anchors)
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
}

bool AnchorMatcher::match(QByteArrayView line, QList<int> &out) const
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
