// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "anchormatcher.h"
#include "ingestconfig.h"

#include <QList>
#include <QRegularExpression>

namespace rankscope::ingest {

// The compiled form of the fingerprints plus RankScope's own lifecycle patterns (NCCL init,
// training steps). Built once per ingest and shared read-only by all scanner threads:
// QRegularExpression::match() is thread-safe on a const object.
class EventMatcher
{
public:
    enum Builtin { InitComplete = 0, CommRanks, TrainingStep, LauncherRank, LossScaleOverflow, AgentGroupRank, AgentProcsPerNode, BootTime, SrunTaskNode, SlurmVariable, RayWorkerRank, LauncherHost, RunStart, RunEnd, LogDirectory, FirstFact };

    // Facts for the version matrix read from log lines in the same pass: what the process
    // actually loaded (NCCL banner, chosen transport, plugin, driver), with their evidence line.
    struct FactPattern
    {
        QString component; // nccl, cuda, driver, transport, net_plugin, gdr, hca, ip, torch
        QString anchor;
        QString regex;     // the named group "value" holds the fact
    };
    static const QList<FactPattern> &factPatterns();

    explicit EventMatcher(const QList<FingerprintSpec> &fingerprints);

    struct Hit
    {
        int fingerprint = -1; // >= 0: a fingerprint; < 0: -1 - Builtin
        QRegularExpressionMatch match;
        bool partial = false; // the anchor alone fired it: match is empty
    };

    // Cheap test on raw bytes: does any anchor occur in the line?
    bool prefilter(QByteArrayView line, QList<int> &anchors) const { return m_anchors.match(line, anchors); }
    // Runs the regexes of the fingerprints whose anchors occurred; hits best first (full matches
    // before a partial one, then weight, then role). With allowPartial, a line whose specific
    // anchor is present but whose regexes all fail gets one partial hit.
    void match(const QString &content, const QList<int> &anchors, QList<Hit> &hits, bool allowPartial = true) const;
    // Does any of these anchors belong to a fingerprint (not only to lifecycle patterns)?
    bool hasFingerprintAnchor(const QList<int> &anchors) const;

    const QList<FingerprintSpec> &fingerprints() const { return m_specs; }
    // The distinct anchors, in the order the prefilter numbers them (benchmarks compare
    // other prefilters over exactly this set).
    const QList<QByteArray> &anchors() const { return m_anchorTexts; }
    QStringList invalidRegexes() const { return m_invalid; }
    QStringList captureNames(int fingerprint) const;

private:
    QList<FingerprintSpec> m_specs;
    QList<QRegularExpression> m_regexes;       // one per fingerprint
    QList<QRegularExpression> m_builtins;      // one per Builtin
    QList<QList<int>> m_anchorTargets;         // anchor index -> fingerprint ids (builtins as -1 - b)
    QList<int> m_partialTarget;                // anchor index -> fingerprint its presence fires, or -1
    QList<QByteArray> m_anchorTexts;
    AnchorMatcher m_anchors;
    QStringList m_invalid;
};

} // namespace rankscope::ingest
