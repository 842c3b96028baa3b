// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "incidentrecord.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTimeZone>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::history {

namespace {

qint64 timeOf(const QJsonValue &v)
{
    if (!v.isString())
        return NoTime;
    const QDateTime t = QDateTime::fromString(v.toString(), Qt::ISODateWithMs);
    return t.isValid() ? t.toMSecsSinceEpoch() : NoTime;
}

QJsonValue timeValue(qint64 ms)
{
    return ms == NoTime ? QJsonValue() : QJsonValue(QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(Qt::ISODateWithMs));
}

QJsonValue orNull(const QString &s) { return s.isEmpty() ? QJsonValue() : QJsonValue(s); }
QJsonValue orNull(qint64 v, qint64 none) { return v == none ? QJsonValue() : QJsonValue(v); }

QStringList strings(const QJsonValue &v)
{
    QStringList out;
    for (const QJsonValue &x : v.toArray())
        if (x.isString())
            out.append(x.toString());
    return out;
}

} // namespace

qint64 IncidentRecord::when() const
{
    if (timeMs != NoTime)
        return timeMs;
    if (lastMs != NoTime)
        return lastMs;
    return recordedMs;
}

QList<MatrixValue> IncidentRecord::outliers() const
{
    QList<MatrixValue> out;
    std::copy_if(matrix.cbegin(), matrix.cend(), std::back_inserter(out), [](const MatrixValue &m) { return m.outlier; });
    return out;
}

QString IncidentRecord::gpuAddress(const QString &text)
{
    // Full PCI addresses first: nvidia-smi's 00000000:3B:00.0, lspci's 0000:3b:00.0, the
    // kernel's "NVRM: Xid (PCI:0000:3b:00): 79".
    static const QRegularExpression pci(uR"(\b(?:PCI:)?([0-9a-fA-F]{4,8}):([0-9a-fA-F]{2}):([0-9a-fA-F]{2})(?:\.[0-7])?\b)"_s);
    // NCCL's "busId 3b000": the hex digits of the address without separators, function last.
    static const QRegularExpression nccl(uR"(\bbusId ([0-9a-fA-F]{4,13})\b)"_s);
    if (const auto m = pci.match(text); m.hasMatch())
        return u"%1:%2:%3"_s.arg(m.captured(1).right(4), m.captured(2), m.captured(3)).toLower();
    if (const auto m = nccl.match(text); m.hasMatch()) {
        const QString hex = m.captured(1).rightJustified(9, u'0');
        return u"%1:%2:%3"_s.arg(hex.left(hex.size() - 5).right(4), hex.mid(hex.size() - 5, 2), hex.mid(hex.size() - 3, 2)).toLower();
    }
    return {};
}

std::optional<IncidentRecord> IncidentRecord::fromAnalysisJson(const QJsonObject &json, const QString &origin, QString *problem)
{
    const QString schema = json.value(u"schema"_s).toString();
    if (!schema.startsWith(u"rankscope.analysis/"_s)) {
        *problem = schema.isEmpty() ? u"not a RankScope analysis (no \"schema\"; make it with rankscope analyze --format json)"_s
                                    : u"not a RankScope analysis (schema \"%1\")"_s.arg(schema);
        return std::nullopt;
    }
    if (schema != u"rankscope.analysis/1"_s) {
        *problem = u"written by a newer RankScope (schema \"%1\"; this version reads rankscope.analysis/1)"_s.arg(schema);
        return std::nullopt;
    }
    const QJsonArray inputs = json.value(u"inputs"_s).toArray();
    const QJsonObject verdict = json.value(u"verdict"_s).toObject();
    if (inputs.isEmpty() || verdict.isEmpty()) {
        *problem = u"the analysis has no inputs or no verdict"_s;
        return std::nullopt;
    }

    IncidentRecord r;
    r.origin = origin;
    QStringList keys;
    for (const QJsonValue &v : inputs) {
        const QJsonObject f = v.toObject();
        keys.append(u"%1\t%2\t%3"_s.arg(f.value(u"path"_s).toString()).arg(qint64(f.value(u"bytes"_s).toDouble())).arg(
            qint64(f.value(u"lines"_s).toDouble())));
    }
    std::sort(keys.begin(), keys.end());
    r.identity = QString::fromLatin1(QCryptographicHash::hash(keys.join(u'\n').toUtf8(), QCryptographicHash::Sha256).toHex());

    const QJsonObject job = json.value(u"job"_s).toObject();
    r.jobIds = strings(job.value(u"ids"_s));
    r.nodes = strings(job.value(u"nodes"_s));
    r.rankCount = int(job.value(u"ranks"_s).toArray().size());
    r.worldSize = job.value(u"world_size"_s).toInt(-1);
    r.firstMs = timeOf(job.value(u"first_time"_s));
    r.lastMs = timeOf(job.value(u"last_time"_s));

    r.entry = verdict.value(u"entry"_s).toString();
    r.rank = verdict.value(u"rank"_s).toInt(-1);
    r.node = verdict.value(u"node"_s).toString();
    r.timeMs = timeOf(verdict.value(u"time"_s));
    r.confidence = verdict.value(u"confidence"_s).toDouble();
    r.external = verdict.value(u"external"_s).toBool();
    r.overridden = verdict.value(u"overridden"_s).toBool();
    r.summary = verdict.value(u"summary"_s).toString();
    const QJsonObject evidence = verdict.value(u"evidence"_s).toObject();
    r.evidencePath = evidence.value(u"path"_s).toString();
    r.evidenceLine = qint64(evidence.value(u"line"_s).toDouble());
    r.evidenceText = evidence.value(u"text"_s).toString();
    r.gpu = gpuAddress(r.evidenceText);
    // The initiating steps of the chain may name the GPU when the verdict's own line does not
    // (an Xid line joined to the rank through NCCL's busId).
    for (const QJsonValue &s : verdict.value(u"chain"_s).toArray()) {
        const QJsonObject step = s.toObject();
        if (!r.gpu.isEmpty())
            break;
        if (step.value(u"role"_s).toString() == u"initiating"_s && step.value(u"node"_s).toString() == r.node)
            r.gpu = gpuAddress(step.value(u"text"_s).toString());
    }

    const QJsonObject matrix = json.value(u"version_matrix"_s).toObject();
    QHash<QPair<QString, QString>, QString> majorities;
    for (const QJsonValue &v : matrix.value(u"outliers"_s).toArray()) {
        const QJsonObject o = v.toObject();
        majorities.insert({o.value(u"node"_s).toString(), o.value(u"component"_s).toString()}, o.value(u"majority"_s).toString());
    }
    for (const QJsonValue &v : matrix.value(u"nodes"_s).toArray()) {
        const QJsonObject n = v.toObject();
        const QString node = n.value(u"node"_s).toString();
        const QJsonObject values = n.value(u"values"_s).toObject();
        for (auto it = values.begin(); it != values.end(); ++it) {
            if (!it.value().isString())
                continue;
            MatrixValue m{node, it.key(), it.value().toString()};
            const auto o = majorities.constFind({node, it.key()});
            if (o != majorities.cend()) {
                m.outlier = true;
                m.majority = *o;
            }
            r.matrix.append(m);
        }
    }
    return r;
}

QJsonObject IncidentRecord::toJson() const
{
    QJsonArray matrixJson;
    for (const MatrixValue &m : matrix) {
        QJsonObject o{{u"node"_s, m.node}, {u"component"_s, m.component}, {u"value"_s, m.value}};
        if (m.outlier) {
            o.insert(u"outlier"_s, true);
            o.insert(u"majority"_s, m.majority);
        }
        matrixJson.append(o);
    }
    return QJsonObject{
        {u"id"_s, id},
        {u"identity"_s, identity},
        {u"recorded"_s, timeValue(recordedMs)},
        {u"origin"_s, origin},
        {u"job_ids"_s, QJsonArray::fromStringList(jobIds)},
        {u"first_time"_s, timeValue(firstMs)},
        {u"last_time"_s, timeValue(lastMs)},
        {u"nodes"_s, QJsonArray::fromStringList(nodes)},
        {u"ranks"_s, rankCount},
        {u"world_size"_s, orNull(worldSize, -1)},
        {u"verdict"_s, QJsonObject{{u"entry"_s, orNull(entry)}, {u"rank"_s, orNull(rank, -1)}, {u"node"_s, orNull(node)},
                                   {u"gpu"_s, orNull(gpu)}, {u"time"_s, timeValue(timeMs)}, {u"confidence"_s, confidence},
                                   {u"external"_s, external}, {u"overridden"_s, overridden}, {u"summary"_s, summary},
                                   {u"evidence"_s, QJsonObject{{u"path"_s, orNull(evidencePath)}, {u"line"_s, orNull(evidenceLine, 0)},
                                                               {u"text"_s, orNull(evidenceText)}}}}},
        {u"matrix"_s, matrixJson},
    };
}

} // namespace rankscope::history
