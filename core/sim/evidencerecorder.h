// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "outfile.h"
#include "truth.h"

#include <QList>

namespace rankscope::sim {

// Collects, while the bundle is written, where the answer ended up: the initiating evidence line
// and the first collateral line of each rank. Line numbers come from the OutFile that wrote them.
class EvidenceRecorder
{
public:
    explicit EvidenceRecorder(int worldSize)
        : m_collateral(worldSize)
    { }

    void initiating(const OutFile &file, qint64 line, qint64 trueUs)
    {
        if (!m_initPath.isEmpty())
            return;
        m_initPath = file.relPath();
        m_initLine = line;
        m_initUs = trueUs;
    }
    void collateral(int rank, const OutFile &file, qint64 line)
    {
        if (rank < 0 || rank >= m_collateral.size() || m_collateral.at(rank).line > 0)
            return;
        m_collateral[rank] = Truth::Evidence { rank, file.relPath(), line };
    }

    const QString &initiatingPath() const { return m_initPath; }
    qint64 initiatingLine() const { return m_initLine; }
    qint64 initiatingUs() const { return m_initUs; }
    const QList<Truth::Evidence> &collateral() const { return m_collateral; }

private:
    QString m_initPath;
    qint64 m_initLine = 0;
    qint64 m_initUs = 0;
    QList<Truth::Evidence> m_collateral;
};

} // namespace rankscope::sim
