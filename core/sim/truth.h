// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>

namespace rankscope::sim {

// The known answer of a simulated incident. Written apart from the bundle (its file names give
// nothing away). path/line locate the initiating evidence line (path relative to --out, or to
// the archive root when packed); collateralEvidence gives one such line per collateral rank so
// that tests can check the claim without re-deriving rank attribution.
struct Truth
{
    struct Evidence
    {
        int rank = -1;
        QString path;
        qint64 line = 0;
    };
    struct Outlier
    {
        QString node;
        QString component;
        QString value;
    };

    QString scenario;
    QString entry; // empty: null (healthy)
    std::optional<int> rank; // initiating rank; null for node-level and external events
    // Other ranks that print the same initiating failure less than a second apart: whole-second
    // timestamps cannot tell which of them was first, so any of them (on its own node) is as
    // right an answer as `rank`. Sorted by rank; excludes `rank`.
    struct Alternative
    {
        int rank = -1;
        QString node;
    };
    QList<Alternative> equivalent;
    QString node; // empty: null
    QString time; // ISO 8601 local time of the initiating event, empty: null
    QString path; // empty: null
    qint64 line = 0;
    bool external = false;
    QList<int> collateralRanks; // sorted
    QList<Evidence> collateralEvidence;
    QList<Outlier> outliers;
    QString archive; // archive file name relative to --out when packed

    QByteArray toJson() const;
    // Whether an answer names the initiating rank and node: the truth's own, or an equivalent
    // one. Node-level truths (rank null) only check the node.
    bool acceptsInitiator(int answerRank, const QString &answerNode) const;
};

} // namespace rankscope::sim
