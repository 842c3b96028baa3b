// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <compare>

namespace rankscope::sim {

// A dotted release number (NCCL 2.21.5, torch 2.5, driver 550.54.15). Log wording changes at
// release boundaries, so writers compare against it constantly.
class Version
{
public:
    Version() = default;
    constexpr Version(int x, int y, int z = 0)
        : m_major(x)
        , m_minor(y)
        , m_patch(z)
        , m_valid(true)
    { }

    // Accepts "X.Y" or "X.Y.Z" (digits only); anything else gives an invalid version.
    static Version parse(QStringView text);

    bool isValid() const { return m_valid; }
    int x() const { return m_major; } // X of X.Y.Z (major/minor clash with glibc macros)
    int y() const { return m_minor; }
    int z() const { return m_patch; }

    // NCCL_VERSION_CODE: X*10000+Y*100+Z from 2.9 on, X*1000+Y*100+Z before.
    int ncclCode() const;
    QByteArray toBytes() const; // "2.21.5"
    QByteArray shortBytes() const; // "2.21"

    friend bool operator==(const Version &a, const Version &b) = default;
    friend std::strong_ordering operator<=>(const Version &a, const Version &b)
    {
        if (auto c = a.m_major <=> b.m_major; c != 0)
            return c;
        if (auto c = a.m_minor <=> b.m_minor; c != 0)
            return c;
        return a.m_patch <=> b.m_patch;
    }

private:
    int m_major = 0;
    int m_minor = 0;
    int m_patch = 0;
    bool m_valid = false;
};

} // namespace rankscope::sim
