// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

#include <iterator>

namespace rankscope::sim {

// xoshiro256** seeded through splitmix64. The simulator owns its generator so that a bundle
// depends only on --seed: std:: distributions differ between standard libraries, and nothing here
// may read the clock or iterate a hash. fork() derives an independent stream from the seed (not
// from the current state), so a rank's lines do not depend on the order ranks are written in.
class Prng
{
public:
    explicit Prng(quint64 seed);

    static quint64 mix(quint64 a, quint64 b);

    quint64 next();
    // Uniform in [0, n); n == 0 gives 0.
    quint64 below(quint64 n);
    // Uniform in [lo, hi], inclusive.
    qint64 range(qint64 lo, qint64 hi);
    double unit();
    bool chance(double p) { return unit() < p; }
    Prng fork(quint64 salt) const { return Prng(mix(m_seed, salt)); }
    quint64 seed() const { return m_seed; }

    template<typename Container> const auto &pick(const Container &c)
    {
        return c[qsizetype(below(quint64(std::size(c))))];
    }

private:
    quint64 m_seed;
    quint64 m_s[4];
};

} // namespace rankscope::sim
