// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace rankscope::analysis {

// "What changed since the last run that worked?": a failed run (bad) next to a good one of the
// same job, as facts with their evidence — version and configuration differences per node,
// the shape of the job, the failures only the bad run shows, and the training steps before it
// stopped. Pure: two analyses in, a comparison out (`rankscope diff`, File → Compare with Good
// Run…, the reports' "Compared with" section).
struct RunComparison
{
    struct VersionChange
    {
        enum class Kind { Changed, New, Missing };
        Kind kind = Kind::Changed;
        QString component;
        QString good;  // empty for New
        QString bad;   // empty for Missing
        QStringList nodes; // the bad run's nodes with this change, natural order
        int nodesOfBad = 0; // how many nodes the bad run has, for "1 of 4 nodes"
        // The bad run's nodes that the good run did not have are compared with the good run's
        // majority value.
        bool againstMajority = false;
        Evidence evidence; // where the bad value (or, for Missing, the good one) was read
    };

    struct FabricChange
    {
        QString component; // transport, net_plugin, hca, …
        QStringList good;  // the distinct values of each run
        QStringList bad;
    };

    struct Shape
    {
        int nodes = 0;
        int ranks = 0;
        int worldSize = -1;
    };

    struct NewFailure
    {
        QString entry;
        int lines = 0;
        ChainStep::Role role = ChainStep::Role::Context; // of the first line in the bad run
        Evidence first;
    };

    struct Steps
    {
        int samples = 0;            // step-time samples (consecutive step lines of one rank)
        double secondsPerStep = -1; // median; -1 when unknown
        qint64 lastStep = -1;
        QString lastLoss;           // as printed ("2.314", "nan"); empty when no loss was printed
        Evidence lastLine;
    };

    QList<VersionChange> versions;
    // Components the bad run's inventories name and no node of the good run recorded: they
    // cannot be compared (collect the same inventories for both runs).
    QStringList notRecordedInGood;
    QList<FabricChange> fabric;
    Shape good, bad;
    QStringList nodesOnlyGood, nodesOnlyBad;
    QList<NewFailure> newFailures; // the initiating one first, then by time
    Steps goodSteps, badSteps;

    bool sameVersions() const { return versions.isEmpty() && fabric.isEmpty(); }

    static RunComparison compare(const AnalysisResult &good, const AnalysisResult &bad);
    // The components that describe the fabric rather than a package version.
    static const QStringList &fabricComponents();
};

} // namespace rankscope::analysis
