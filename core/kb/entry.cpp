// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "entry.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace rankscope::kb {

QString toString(EntryRole role)
{
    switch (role) {
    case EntryRole::Initiating:
        return u"initiating"_s;
    case EntryRole::Collateral:
        return u"collateral"_s;
    case EntryRole::Either:
        break;
    }
    return u"either"_s;
}

QString toString(FingerprintRole role)
{
    switch (role) {
    case FingerprintRole::Initiating:
        return u"initiating"_s;
    case FingerprintRole::Collateral:
        return u"collateral"_s;
    case FingerprintRole::Context:
        break;
    }
    return u"context"_s;
}

QString toString(Severity severity)
{
    switch (severity) {
    case Severity::Fatal:
        return u"fatal"_s;
    case Severity::Error:
        return u"error"_s;
    case Severity::Warning:
        return u"warning"_s;
    case Severity::Info:
        break;
    }
    return u"info"_s;
}

QString toString(Condition::Kind kind)
{
    return kind == Condition::Kind::Equals ? u"equals"_s : u"differs"_s;
}

std::optional<EntryRole> entryRoleFromString(QStringView text)
{
    for (EntryRole r : { EntryRole::Initiating, EntryRole::Collateral, EntryRole::Either }) {
        if (text == toString(r))
            return r;
    }
    return std::nullopt;
}

std::optional<FingerprintRole> fingerprintRoleFromString(QStringView text)
{
    for (FingerprintRole r : { FingerprintRole::Initiating, FingerprintRole::Collateral, FingerprintRole::Context }) {
        if (text == toString(r))
            return r;
    }
    return std::nullopt;
}

std::optional<Severity> severityFromString(QStringView text)
{
    for (Severity s : { Severity::Fatal, Severity::Error, Severity::Warning, Severity::Info }) {
        if (text == toString(s))
            return s;
    }
    return std::nullopt;
}

std::optional<Condition::Kind> conditionKindFromString(QStringView text)
{
    if (text == u"differs")
        return Condition::Kind::Differs;
    if (text == u"equals")
        return Condition::Kind::Equals;
    return std::nullopt;
}

const QStringList &categories()
{
    static const QStringList list = { u"communication"_s, u"network"_s, u"launcher"_s, u"memory"_s, u"gpu-hardware"_s,
        u"numerics"_s, u"data-io"_s, u"checkpoint"_s, u"environment"_s, u"scheduler"_s };
    return list;
}

const QStringList &precedenceClasses()
{
    static const QStringList list = { u"scheduler-stop"_s, u"node-loss"_s, u"hardware"_s, u"kernel"_s,
        u"rank-exception"_s, u"logical-clocks"_s, u"network-peer"_s, u"inventory"_s };
    return list;
}

const QStringList &hintGaps()
{
    static const QStringList list = { u"always"_s, u"single-rank"_s, u"no-timestamps"_s, u"no-peer"_s,
        u"no-kernel-log"_s, u"no-nccl-debug"_s, u"partial-match"_s };
    return list;
}

const QStringList &pointsAtKinds()
{
    static const QStringList list = { u"rank"_s, u"node"_s, u"peer"_s, u"store"_s, u"pid"_s, u"pci"_s,
        u"absent-node"_s, u"self"_s, u"peer-quorum"_s };
    return list;
}

bool isValidId(QStringView id)
{
    // [a-z0-9]+(-[a-z0-9]+)* without a regex: no empty segment, no leading or trailing dash.
    if (id.isEmpty() || id.front() == u'-' || id.back() == u'-')
        return false;
    QChar prev;
    for (QChar c : id) {
        const bool alnum = (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9');
        if (!alnum && c != u'-')
            return false;
        if (c == u'-' && prev == u'-')
            return false;
        prev = c;
    }
    return true;
}

int roleRank(EntryRole role)
{
    switch (role) {
    case EntryRole::Initiating:
        return 0;
    case EntryRole::Either:
        return 1;
    case EntryRole::Collateral:
        break;
    }
    return 2;
}

namespace {

QJsonArray strings(const QStringList &list)
{
    return QJsonArray::fromStringList(list);
}

QStringList strings(const QJsonValue &value)
{
    QStringList out;
    const QJsonArray array = value.toArray();
    for (const QJsonValue &v : array)
        out.append(v.toString());
    return out;
}

QJsonArray codeToJson(const QList<CodeBlock> &blocks)
{
    QJsonArray out;
    for (const CodeBlock &b : blocks)
        out.append(QJsonObject { { u"language"_s, b.language }, { u"code"_s, b.code } });
    return out;
}

QList<CodeBlock> codeFromJson(const QJsonValue &value)
{
    QList<CodeBlock> out;
    const QJsonArray array = value.toArray();
    for (const QJsonValue &v : array) {
        const QJsonObject o = v.toObject();
        out.append({ o.value(u"language"_s).toString(), o.value(u"code"_s).toString() });
    }
    return out;
}

} // namespace

QJsonObject toJson(const Entry &e)
{
    QJsonArray symptoms;
    for (const Symptom &s : e.symptoms)
        symptoms.append(QJsonObject { { u"text"_s, s.text }, { u"meaning"_s, s.meaning } });
    QJsonArray fix;
    for (const Step &s : e.fix)
        fix.append(QJsonObject { { u"text"_s, s.text }, { u"code"_s, codeToJson(s.code) } });
    QJsonArray verification;
    for (const VerificationStep &s : e.verification) {
        verification.append(
            QJsonObject { { u"text"_s, s.text }, { u"code"_s, codeToJson(s.code) }, { u"expected"_s, s.expected } });
    }
    QJsonArray fingerprints;
    for (const Fingerprint &f : e.fingerprints) {
        fingerprints.append(QJsonObject { { u"regex"_s, f.regex }, { u"anchor"_s, f.anchor }, { u"weight"_s, f.weight },
            { u"role"_s, toString(f.role) }, { u"severity"_s, toString(f.severity) }, { u"versions"_s, f.versions },
            { u"caseless"_s, f.caseless }, { u"partial"_s, f.partial }, { u"suggests"_s, strings(f.suggests) },
            { u"pointsAt"_s, f.pointsAt }, { u"recovers"_s, f.recovers }, { u"line"_s, f.line } });
    }
    QJsonArray conditions;
    for (const Condition &c : e.conditions) {
        conditions.append(QJsonObject { { u"kind"_s, toString(c.kind) }, { u"component"_s, c.component },
            { u"value"_s, c.value }, { u"explanation"_s, c.explanation } });
    }
    QJsonArray hints;
    for (const Hint &h : e.collectNext)
        hints.append(QJsonObject { { u"gap"_s, h.gap }, { u"text"_s, h.text } });
    QJsonArray examples;
    for (const Example &x : e.examples)
        examples.append(QJsonObject { { u"text"_s, x.text }, { u"line"_s, x.line } });
    QJsonObject headerLines;
    for (auto it = e.headerLines.cbegin(); it != e.headerLines.cend(); ++it)
        headerLines.insert(it.key(), it.value());

    return QJsonObject {
        { u"id"_s, e.id },
        { u"title"_s, e.title },
        { u"category"_s, e.category },
        { u"role"_s, toString(e.role) },
        { u"tags"_s, strings(e.tags) },
        { u"summary"_s, e.summary },
        { u"related"_s, strings(e.related) },
        { u"symptoms"_s, symptoms },
        { u"mechanism"_s, e.mechanism },
        { u"rootCauses"_s, strings(e.rootCauses) },
        { u"affected"_s, strings(e.affected) },
        { u"confirm"_s, strings(e.confirm) },
        { u"fix"_s, fix },
        { u"verification"_s, verification },
        { u"prevention"_s, strings(e.prevention) },
        { u"lookUpstream"_s, strings(e.lookUpstream) },
        { u"precedence"_s, e.precedence },
        { u"external"_s, e.external },
        { u"consequenceOf"_s, strings(e.consequenceOf) },
        { u"yieldsTo"_s, strings(e.yieldsTo) },
        { u"outlierScope"_s, e.outlierScope == Entry::OutlierScope::Job ? u"job"_s : u"node"_s },
        { u"fingerprints"_s, fingerprints },
        { u"collectNext"_s, hints },
        { u"conditions"_s, conditions },
        { u"examples"_s, examples },
        { u"references"_s, strings(e.references) },
        { u"sourcePath"_s, e.sourcePath },
        { u"userOverride"_s, e.userOverride },
        { u"headerLines"_s, headerLines },
    };
}

std::optional<Entry> entryFromJson(const QJsonObject &o, QString *error)
{
    auto fail = [error](const QString &message) -> std::optional<Entry> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    Entry e;
    e.id = o.value(u"id"_s).toString();
    if (!isValidId(e.id))
        return fail(u"entry without a valid id"_s);
    const auto role = entryRoleFromString(o.value(u"role"_s).toString());
    if (!role)
        return fail(u"entry %1 has an unknown role"_s.arg(e.id));
    e.role = *role;
    e.title = o.value(u"title"_s).toString();
    e.category = o.value(u"category"_s).toString();
    e.tags = strings(o.value(u"tags"_s));
    e.summary = o.value(u"summary"_s).toString();
    e.related = strings(o.value(u"related"_s));
    const QJsonArray symptoms = o.value(u"symptoms"_s).toArray();
    for (const QJsonValue &v : symptoms)
        e.symptoms.append({ v[u"text"_s].toString(), v[u"meaning"_s].toString() });
    e.mechanism = o.value(u"mechanism"_s).toString();
    e.rootCauses = strings(o.value(u"rootCauses"_s));
    e.affected = strings(o.value(u"affected"_s));
    e.confirm = strings(o.value(u"confirm"_s));
    const QJsonArray fix = o.value(u"fix"_s).toArray();
    for (const QJsonValue &v : fix)
        e.fix.append({ v[u"text"_s].toString(), codeFromJson(v[u"code"_s]) });
    const QJsonArray verification = o.value(u"verification"_s).toArray();
    for (const QJsonValue &v : verification) {
        VerificationStep s;
        s.text = v[u"text"_s].toString();
        s.code = codeFromJson(v[u"code"_s]);
        s.expected = v[u"expected"_s].toString();
        e.verification.append(s);
    }
    e.prevention = strings(o.value(u"prevention"_s));
    e.lookUpstream = strings(o.value(u"lookUpstream"_s));
    e.precedence = o.value(u"precedence"_s).toString();
    e.external = o.value(u"external"_s).toBool();
    e.consequenceOf = strings(o.value(u"consequenceOf"_s));
    e.yieldsTo = strings(o.value(u"yieldsTo"_s));
    e.outlierScope = o.value(u"outlierScope"_s).toString() == u"job"_s ? Entry::OutlierScope::Job : Entry::OutlierScope::Node;
    for (const QJsonValue &v : o.value(u"collectNext"_s).toArray())
        e.collectNext.append({ v[u"gap"_s].toString(), v[u"text"_s].toString() });
    const QJsonArray fingerprints = o.value(u"fingerprints"_s).toArray();
    for (const QJsonValue &v : fingerprints) {
        Fingerprint f;
        f.entryId = e.id;
        f.regex = v[u"regex"_s].toString();
        f.anchor = v[u"anchor"_s].toString();
        f.weight = v[u"weight"_s].toDouble();
        const auto fr = fingerprintRoleFromString(v[u"role"_s].toString());
        const auto sev = severityFromString(v[u"severity"_s].toString());
        if (!fr || !sev)
            return fail(u"entry %1 has a fingerprint with an unknown role or severity"_s.arg(e.id));
        f.role = *fr;
        f.severity = *sev;
        f.versions = v[u"versions"_s].toString();
        f.caseless = v[u"caseless"_s].toBool();
        f.partial = v[u"partial"_s].toBool(true);
        f.suggests = strings(v[u"suggests"_s]);
        f.pointsAt = v[u"pointsAt"_s].toString();
        f.recovers = v[u"recovers"_s].toBool();
        f.line = v[u"line"_s].toInt();
        e.fingerprints.append(f);
    }
    const QJsonArray conditions = o.value(u"conditions"_s).toArray();
    for (const QJsonValue &v : conditions) {
        const auto kind = conditionKindFromString(v[u"kind"_s].toString());
        if (!kind)
            return fail(u"entry %1 has an inventory condition of unknown kind"_s.arg(e.id));
        e.conditions.append(
            { *kind, v[u"component"_s].toString(), v[u"value"_s].toString(), v[u"explanation"_s].toString() });
    }
    const QJsonArray examples = o.value(u"examples"_s).toArray();
    for (const QJsonValue &v : examples)
        e.examples.append({ v[u"text"_s].toString(), v[u"line"_s].toInt() });
    e.references = strings(o.value(u"references"_s));
    e.sourcePath = o.value(u"sourcePath"_s).toString();
    e.userOverride = o.value(u"userOverride"_s).toBool();
    const QJsonObject headerLines = o.value(u"headerLines"_s).toObject();
    for (auto it = headerLines.constBegin(); it != headerLines.constEnd(); ++it)
        e.headerLines.insert(it.key(), it.value().toInt());
    return e;
}

} // namespace rankscope::kb
