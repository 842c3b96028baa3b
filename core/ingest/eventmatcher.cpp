// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "eventmatcher.h"

#include <QHash>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::ingest {

namespace {
int rolePriority(FingerprintSpec::Role r)
{
    switch (r) {
    case FingerprintSpec::Role::Initiating: return 0;
    case FingerprintSpec::Role::Collateral: return 1;
    case FingerprintSpec::Role::Context: return 2;
    }
    return 3;
}
} // namespace

EventMatcher::EventMatcher(const QList<FingerprintSpec> &fingerprints)
    : m_specs(fingerprints)
{
    QHash<QByteArray, int> anchorIndex;
    QList<QByteArray> anchors;
    auto addTarget = [&](const QString &anchor, int target) {
        const QByteArray a = anchor.toUtf8();
        int idx = anchorIndex.value(a, -1);
        if (idx < 0) {
            idx = int(anchors.size());
            anchors.append(a);
            anchorIndex.insert(a, idx);
            m_anchorTargets.append(QList<int>());
        }
        m_anchorTargets[idx].append(target);
    };

    for (int i = 0; i < m_specs.size(); ++i) {
        QRegularExpression re(m_specs.at(i).regex);
        if (!re.isValid()) {
            m_invalid.append(m_specs.at(i).entryId + u": "_s + re.errorString());
            m_regexes.append(QRegularExpression());
            continue;
        }
        re.optimize();
        m_regexes.append(re);
        addTarget(m_specs.at(i).anchor, i);
    }

    // Lifecycle patterns. NCCL ties a process (host:pid) to its rank only in its init lines,
    // which is how NCCL debug files without any [rankN] prefix get their rank.
    m_builtins = {
        QRegularExpression(uR"(comm (?:0x)?[0-9a-fA-F]+ rank (?<rank>\d+) nranks (?<nranks>\d+) cudaDev (?<device>\d+))"_s),
        QRegularExpression(uR"(comm (?:0x)?[0-9a-fA-F]+ rank (?<rank>\d+) nRanks (?<nranks>\d+) nNodes (?<nnodes>\d+) localRanks (?<localranks>\d+) localRank (?<local_rank>\d+))"_s),
        QRegularExpression(uR"(\b(?:global[_ ])?(?:step|iteration|iter)\b\D{0,4}(?<step>\d+))"_s,
                           QRegularExpression::CaseInsensitiveOption),
    };
    for (auto &re : m_builtins)
        re.optimize();
    addTarget(u"Init COMPLETE"_s, -1 - InitComplete);
    addTarget(u" nRanks "_s, -1 - CommRanks);
    addTarget(u"loss"_s, -1 - TrainingStep);
    m_anchors = AnchorMatcher(anchors);
}

void EventMatcher::match(const QString &content, const QList<int> &anchors, QList<Hit> &hits) const
{
    hits.clear();
    QList<int> tried;
    for (int a : anchors) {
        for (int target : m_anchorTargets.at(a)) {
            if (tried.contains(target))
                continue;
            tried.append(target);
            const QRegularExpression &re = target >= 0 ? m_regexes.at(target) : m_builtins.at(-1 - target);
            QRegularExpressionMatch m = re.match(content);
            if (m.hasMatch())
                hits.append({target, m});
        }
    }
    std::stable_sort(hits.begin(), hits.end(), [this](const Hit &a, const Hit &b) {
        if ((a.fingerprint < 0) != (b.fingerprint < 0))
            return a.fingerprint >= 0; // fingerprints before lifecycle markers
        if (a.fingerprint < 0)
            return a.fingerprint > b.fingerprint;
        const FingerprintSpec &fa = m_specs.at(a.fingerprint);
        const FingerprintSpec &fb = m_specs.at(b.fingerprint);
        if (fa.weight != fb.weight)
            return fa.weight > fb.weight;
        return rolePriority(fa.role) < rolePriority(fb.role);
    });
}

QStringList EventMatcher::captureNames(int fingerprint) const
{
    const QRegularExpression &re = fingerprint >= 0 ? m_regexes.at(fingerprint) : m_builtins.at(-1 - fingerprint);
    return re.namedCaptureGroups();
}

} // namespace rankscope::ingest
