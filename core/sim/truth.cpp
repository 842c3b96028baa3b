// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "truth.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Qt::StringLiterals;

namespace rankscope::sim {

namespace {
QJsonValue orNull(const QString &s)
{
    return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s);
}
} // namespace

bool Truth::acceptsInitiator(int answerRank, const QString &answerNode) const
{
    for (const Alternative &a : equivalent) {
        if (rank && answerRank == a.rank && answerNode == a.node)
            return true;
    }
    if (!node.isEmpty() && answerNode != node)
        return false;
    return !rank || answerRank == *rank;
}

QByteArray Truth::toJson() const
{
    QJsonObject initiating;
    initiating.insert(u"rank"_s, rank ? QJsonValue(*rank) : QJsonValue(QJsonValue::Null));
    initiating.insert(u"node"_s, orNull(node));
    initiating.insert(u"time"_s, orNull(time));
    initiating.insert(u"path"_s, orNull(path));
    initiating.insert(u"line"_s, path.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(double(line)));
    QJsonArray alternatives;
    for (const Alternative &a : equivalent)
        alternatives.append(QJsonObject { { u"rank"_s, a.rank }, { u"node"_s, a.node } });
    initiating.insert(u"equivalent"_s, alternatives);

    QJsonArray collateral;
    for (int r : collateralRanks)
        collateral.append(r);
    QJsonArray evidence;
    for (const Evidence &e : collateralEvidence)
        evidence.append(QJsonObject { { u"rank"_s, e.rank }, { u"path"_s, e.path }, { u"line"_s, double(e.line) } });
    QJsonArray outs;
    for (const Outlier &o : outliers)
        outs.append(QJsonObject { { u"node"_s, o.node }, { u"component"_s, o.component }, { u"value"_s, o.value } });

    QJsonObject root;
    root.insert(u"scenario"_s, scenario);
    root.insert(u"entry"_s, orNull(entry));
    root.insert(u"initiating"_s, initiating);
    root.insert(u"external"_s, external);
    root.insert(u"collateral_ranks"_s, collateral);
    root.insert(u"outliers"_s, outs);
    root.insert(u"collateral_evidence"_s, evidence);
    if (!archive.isEmpty())
        root.insert(u"archive"_s, archive);
    // QJsonObject keys are sorted, so the text is stable for a given truth.
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

} // namespace rankscope::sim
