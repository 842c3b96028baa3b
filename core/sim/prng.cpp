// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "prng.h"

namespace rankscope::sim {

namespace {

quint64 splitmix(quint64 &state)
{
    quint64 z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

quint64 rotl(quint64 x, int k)
{
    return (x << k) | (x >> (64 - k));
}

__extension__ using Uint128 = unsigned __int128;

} // namespace

Prng::Prng(quint64 seed)
    : m_seed(seed)
{
    quint64 st = seed;
    for (quint64 &s : m_s)
        s = splitmix(st);
}

quint64 Prng::mix(quint64 a, quint64 b)
{
    quint64 st = a ^ rotl(b, 23) ^ 0x5851f42d4c957f2dULL;
    splitmix(st);
    st ^= b;
    return splitmix(st);
}

quint64 Prng::next()
{
    const quint64 result = rotl(m_s[1] * 5, 7) * 9;
    const quint64 t = m_s[1] << 17;
    m_s[2] ^= m_s[0];
    m_s[3] ^= m_s[1];
    m_s[1] ^= m_s[2];
    m_s[0] ^= m_s[3];
    m_s[2] ^= t;
    m_s[3] = rotl(m_s[3], 45);
    return result;
}

quint64 Prng::below(quint64 n)
{
    if (n == 0)
        return 0;
    // Lemire's multiply-shift; the tiny bias is irrelevant for log noise but the result is exact
    // across platforms because it uses only 128-bit integer arithmetic.
    return quint64(Uint128(next()) * n >> 64);
}

qint64 Prng::range(qint64 lo, qint64 hi)
{
    if (hi <= lo)
        return lo;
    return lo + qint64(below(quint64(hi - lo) + 1));
}

double Prng::unit()
{
    return double(next() >> 11) * (1.0 / 9007199254740992.0);
}

} // namespace rankscope::sim
