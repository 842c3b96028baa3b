// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "comparisonreport.h"

#include "redactor.h"
#include "reportnames.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace rankscope::report {

namespace {

using analysis::RunComparison;
using Change = RunComparison::VersionChange;

QString kindName(Change::Kind k)
{
    switch (k) {
    case Change::Kind::New:
        return u"new"_s;
    case Change::Kind::Missing:
        return u"missing"_s;
    case Change::Kind::Changed:
        break;
    }
    return u"changed"_s;
}

// "nccl 2.21.5 → 2.18.1 on gpu-17 (1 of 4 nodes)"
QString describe(const Change &c)
{
    QString nodes = c.nodes.size() <= 6 ? c.nodes.join(u", "_s) : c.nodes.mid(0, 5).join(u", "_s) + u" and %1 more"_s.arg(c.nodes.size() - 5);
    nodes += u" (%1 of %2 nodes)"_s.arg(c.nodes.size()).arg(c.nodesOfBad);
    QString what;
    switch (c.kind) {
    case Change::Kind::New:
        what = u"%1 %2 (not in the good run)"_s.arg(c.component, c.bad);
        break;
    case Change::Kind::Missing:
        what = u"%1 %2 is gone"_s.arg(c.component, c.good);
        break;
    case Change::Kind::Changed:
        what = u"%1 %2 → %3"_s.arg(c.component, c.good, c.bad);
        break;
    }
    return what + u" on "_s + nodes + (c.againstMajority ? u", compared with the good run's majority"_s : QString());
}

QString shape(const RunComparison::Shape &s)
{
    return u"%1 nodes, %2 ranks%3"_s.arg(s.nodes).arg(s.ranks).arg(s.worldSize > 0 ? u" (world size %1)"_s.arg(s.worldSize) : QString());
}

QString steps(const RunComparison::Steps &s)
{
    if (s.lastStep < 0)
        return u"no training steps printed"_s;
    QString t = s.secondsPerStep >= 0 ? u"%1 s per step"_s.arg(s.secondsPerStep, 0, 'f', s.secondsPerStep < 10 ? 3 : 1)
                                      : u"step time unknown"_s;
    t += u", last step %1"_s.arg(s.lastStep);
    if (!s.lastLoss.isEmpty())
        t += u" (loss "_s + s.lastLoss + u')';
    return t;
}

QString stepChange(const RunComparison &c)
{
    const double g = c.goodSteps.secondsPerStep, b = c.badSteps.secondsPerStep;
    if (g <= 0 || b < 0)
        return {};
    const double percent = (b - g) / g * 100.0;
    if (std::abs(percent) < 10)
        return u"step time about the same"_s;
    return u"steps %1% %2 in the failed run"_s.arg(std::abs(percent), 0, 'f', 0).arg(percent > 0 ? u"slower"_s : u"faster"_s);
}

QString location(const analysis::Evidence &e)
{
    return e.source.isValid() ? u"%1:%2"_s.arg(e.path).arg(e.source.line) : QString();
}

QJsonValue evidenceJson(const analysis::Evidence &e)
{
    if (!e.source.isValid())
        return QJsonValue::Null;
    return QJsonObject{{u"path"_s, e.path}, {u"line"_s, e.source.line}, {u"text"_s, e.text}};
}

QJsonObject stepsJson(const RunComparison::Steps &s)
{
    return QJsonObject{{u"seconds_per_step"_s, s.secondsPerStep >= 0 ? QJsonValue(s.secondsPerStep) : QJsonValue()},
                       {u"samples"_s, s.samples},
                       {u"last_step"_s, s.lastStep >= 0 ? QJsonValue(s.lastStep) : QJsonValue()},
                       {u"last_loss"_s, s.lastLoss.isEmpty() ? QJsonValue() : QJsonValue(s.lastLoss)},
                       {u"evidence"_s, evidenceJson(s.lastLine)}};
}

QString markdownCell(QString s)
{
    return s.replace(u'|', u"\\|"_s).replace(u'\n', u' ');
}

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

QString nodeList(const QStringList &nodes)
{
    return nodes.size() <= 6 ? nodes.join(u", "_s) : u"%1 nodes"_s.arg(nodes.size());
}

analysis::Evidence redactedEvidence(analysis::Evidence e, const Redactor &r)
{
    e.path = r.apply(e.path);
    e.node = r.apply(e.node);
    e.text = r.apply(e.text);
    return e;
}

} // namespace

QString ComparisonReport::toText(const RunComparison &c, const QString &goodName, const QString &badName)
{
    QString o = u"RankScope comparison\n  good: %1 (%2)\n  bad:  %3 (%4)\n"_s.arg(goodName, shape(c.good), badName, shape(c.bad));
    if (!c.nodesOnlyBad.isEmpty())
        o += u"  nodes only in the bad run: %1\n"_s.arg(c.nodesOnlyBad.join(u", "_s));
    if (!c.nodesOnlyGood.isEmpty())
        o += u"  nodes only in the good run: %1\n"_s.arg(c.nodesOnlyGood.join(u", "_s));
    o += u"\nVersions and settings\n"_s;
    if (c.versions.isEmpty())
        o += u"  no difference in what both runs' logs and inventories say\n"_s;
    for (const Change &v : c.versions) {
        o += u"  "_s + describe(v) + u'\n';
        if (v.evidence.source.isValid())
            o += u"      %1\n        %2\n"_s.arg(location(v.evidence), v.evidence.text.left(200));
    }
    if (!c.notRecordedInGood.isEmpty())
        o += u"  not recorded in the good run, so not compared: %1\n"_s.arg(c.notRecordedInGood.join(u", "_s));
    if (!c.fabric.isEmpty()) {
        o += u"\nFabric\n"_s;
        for (const RunComparison::FabricChange &f : c.fabric)
            o += u"  %1: %2 → %3\n"_s.arg(f.component, f.good.join(u", "_s), f.bad.join(u", "_s));
    }
    o += u"\nFailures only in the bad run\n"_s;
    if (c.newFailures.isEmpty())
        o += u"  none: every failure the bad run shows also appears in the good one\n"_s;
    for (const RunComparison::NewFailure &f : c.newFailures)
        o += u"  %1 (%2 lines, first %3)\n      %4\n        %5\n"_s.arg(f.entry).arg(f.lines).arg(ReportNames::role(f.role), location(f.first),
                                                                          f.first.text.left(200));
    o += u"\nTraining steps\n  good: %1\n  bad:  %2\n"_s.arg(steps(c.goodSteps), steps(c.badSteps));
    if (const QString change = stepChange(c); !change.isEmpty())
        o += u"  "_s + change + u'\n';
    return o;
}

QString ComparisonReport::toMarkdown(const RunComparison &c, const QString &goodName, const QString &badName, int headingLevel)
{
    const QString h = QString(headingLevel, u'#');
    QString o = h + u" Compared with a good run\n\n"_s;
    o += u"- Good: `%1` — %2\n- Bad: `%3` — %4\n"_s.arg(goodName, shape(c.good), badName, shape(c.bad));
    if (!c.nodesOnlyBad.isEmpty())
        o += u"- Nodes only in the bad run: %1\n"_s.arg(c.nodesOnlyBad.join(u", "_s));
    if (!c.nodesOnlyGood.isEmpty())
        o += u"- Nodes only in the good run: %1\n"_s.arg(c.nodesOnlyGood.join(u", "_s));
    o += u"\n"_s + h + u"# Versions and settings\n\n"_s;
    if (c.versions.isEmpty()) {
        o += u"No difference in what both runs' logs and inventories say.\n"_s;
    } else {
        o += u"| Change | Component | Good | Bad | Nodes | Evidence |\n|---|---|---|---|---|---|\n"_s;
        for (const Change &v : c.versions)
            o += u"| %1 | %2 | %3 | %4 | %5 | %6 |\n"_s.arg(kindName(v.kind), markdownCell(v.component), markdownCell(v.good),
                                                        markdownCell(v.bad),
                                                        markdownCell(nodeList(v.nodes)),
                                                        v.evidence.source.isValid() ? u"`%1`"_s.arg(location(v.evidence)) : QString());
    }
    if (!c.notRecordedInGood.isEmpty())
        o += u"\nNot recorded in the good run, so not compared: %1.\n"_s.arg(c.notRecordedInGood.join(u", "_s));
    if (!c.fabric.isEmpty()) {
        o += u"\n"_s + h + u"# Fabric\n\n"_s;
        for (const RunComparison::FabricChange &f : c.fabric)
            o += u"- %1: %2 → %3\n"_s.arg(f.component, f.good.join(u", "_s), f.bad.join(u", "_s));
    }
    o += u"\n"_s + h + u"# Failures only in the bad run\n\n"_s;
    if (c.newFailures.isEmpty())
        o += u"None: every failure the bad run shows also appears in the good one.\n"_s;
    for (const RunComparison::NewFailure &f : c.newFailures)
        o += u"- `%1` (%2 lines, first %3) at `%4`:\n  `%5`\n"_s.arg(f.entry).arg(f.lines).arg(ReportNames::role(f.role), location(f.first),
                                                                     markdownCell(f.first.text.left(200)).replace(u'`', u'\''));
    o += u"\n"_s + h + u"# Training steps\n\n- Good: %1\n- Bad: %2\n"_s.arg(steps(c.goodSteps), steps(c.badSteps));
    if (const QString change = stepChange(c); !change.isEmpty())
        o += u"- "_s + change + u'\n';
    return o;
}

QString ComparisonReport::toHtml(const RunComparison &c, const QString &goodName, const QString &badName, int headingLevel)
{
    const QString h = u"h%1>"_s.arg(headingLevel), h2 = u"h%1>"_s.arg(headingLevel + 1);
    const auto heading = [](const QString &tag, const QString &text) -> QString { return u"<"_s + tag + esc(text) + u"</"_s + tag + u'\n'; };
    QString o = heading(h, u"Compared with a good run"_s);
    o += u"<ul>\n<li>Good: <code>%1</code> — %2</li>\n<li>Bad: <code>%3</code> — %4</li>\n"_s.arg(esc(goodName), esc(shape(c.good)),
                                                                                              esc(badName), esc(shape(c.bad)));
    if (!c.nodesOnlyBad.isEmpty())
        o += u"<li>Nodes only in the bad run: %1</li>\n"_s.arg(esc(c.nodesOnlyBad.join(u", "_s)));
    if (!c.nodesOnlyGood.isEmpty())
        o += u"<li>Nodes only in the good run: %1</li>\n"_s.arg(esc(c.nodesOnlyGood.join(u", "_s)));
    o += u"</ul>\n"_s + heading(h2, u"Versions and settings"_s);
    if (c.versions.isEmpty()) {
        o += u"<p>No difference in what both runs' logs and inventories say.</p>\n"_s;
    } else {
        o += u"<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\" width=\"100%\">\n<tr><th>change</th><th>component</th>"
             "<th>good</th><th>bad</th><th>nodes</th><th>evidence</th></tr>\n"_s;
        for (const Change &v : c.versions)
            o += u"<tr><td>%1</td><td>%2</td><td>%3</td><td class=\"outlier\">%4</td><td>%5</td><td><code>%6</code></td></tr>\n"_s.arg(
                kindName(v.kind), esc(v.component), esc(v.good), esc(v.bad), esc(nodeList(v.nodes)), esc(location(v.evidence)));
        o += u"</table>\n"_s;
    }
    if (!c.notRecordedInGood.isEmpty())
        o += u"<p>Not recorded in the good run, so not compared: %1.</p>\n"_s.arg(esc(c.notRecordedInGood.join(u", "_s)));
    if (!c.fabric.isEmpty()) {
        o += heading(h2, u"Fabric"_s) + u"<ul>\n"_s;
        for (const RunComparison::FabricChange &f : c.fabric)
            o += u"<li>%1: %2 → %3</li>\n"_s.arg(esc(f.component), esc(f.good.join(u", "_s)), esc(f.bad.join(u", "_s)));
        o += u"</ul>\n"_s;
    }
    o += heading(h2, u"Failures only in the bad run"_s);
    if (c.newFailures.isEmpty()) {
        o += u"<p>None: every failure the bad run shows also appears in the good one.</p>\n"_s;
    } else {
        o += u"<ul>\n"_s;
        for (const RunComparison::NewFailure &f : c.newFailures)
            o += u"<li><code>%1</code> (%2 lines, first %3) at <code>%4</code>:<br><code>%5</code></li>\n"_s.arg(
                esc(f.entry)).arg(f.lines).arg(ReportNames::role(f.role), esc(location(f.first)), esc(f.first.text.left(200)));
        o += u"</ul>\n"_s;
    }
    o += heading(h2, u"Training steps"_s)
        + u"<ul>\n<li>Good: %1</li>\n<li>Bad: %2</li>\n"_s.arg(esc(steps(c.goodSteps)), esc(steps(c.badSteps)));
    if (const QString change = stepChange(c); !change.isEmpty())
        o += u"<li>"_s + esc(change) + u"</li>\n"_s;
    return o + u"</ul>\n"_s;
}

QString ComparisonReport::oneLine(const RunComparison &c, const QString &goodName)
{
    QString o = u"Compared with "_s + goodName + u": "_s;
    if (c.versions.isEmpty() && c.fabric.isEmpty()) {
        o += u"same versions and fabric"_s;
    } else {
        QStringList parts;
        for (const Change &v : c.versions.mid(0, 2))
            parts.append(describe(v));
        for (const RunComparison::FabricChange &f : c.fabric.mid(0, parts.size() < 2 ? 1 : 0))
            parts.append(u"%1 %2 → %3"_s.arg(f.component, f.good.join(u", "_s), f.bad.join(u", "_s)));
        o += parts.join(u"; "_s);
        const qsizetype more = c.versions.size() + c.fabric.size() - parts.size();
        if (more > 0)
            o += u" (+%1 more)"_s.arg(more);
    }
    if (!c.newFailures.isEmpty())
        o += u"; only in the failed run: "_s + c.newFailures.first().entry
            + (c.newFailures.size() > 1 ? u" (+%1 more)"_s.arg(c.newFailures.size() - 1) : QString());
    return o;
}

RunComparison ComparisonReport::redacted(const RunComparison &c, const Redactor &r)
{
    if (!r.isEnabled())
        return c;
    RunComparison o = c;
    for (Change &v : o.versions) {
        v.good = r.apply(v.good);
        v.bad = r.apply(v.bad);
        v.nodes = r.apply(v.nodes);
        v.evidence = redactedEvidence(v.evidence, r);
    }
    for (RunComparison::FabricChange &f : o.fabric) {
        f.good = r.apply(f.good);
        f.bad = r.apply(f.bad);
    }
    o.nodesOnlyGood = r.apply(o.nodesOnlyGood);
    o.nodesOnlyBad = r.apply(o.nodesOnlyBad);
    for (RunComparison::NewFailure &f : o.newFailures)
        f.first = redactedEvidence(f.first, r);
    o.goodSteps.lastLine = redactedEvidence(o.goodSteps.lastLine, r);
    o.badSteps.lastLine = redactedEvidence(o.badSteps.lastLine, r);
    return o;
}

QJsonObject ComparisonReport::toJson(const RunComparison &c, const QString &goodName, const QString &badName)
{
    QJsonArray versions, fabric, failures;
    for (const Change &v : c.versions)
        versions.append(QJsonObject{{u"kind"_s, kindName(v.kind)}, {u"component"_s, v.component},
                                    {u"good"_s, v.good.isEmpty() ? QJsonValue() : QJsonValue(v.good)},
                                    {u"bad"_s, v.bad.isEmpty() ? QJsonValue() : QJsonValue(v.bad)},
                                    {u"nodes"_s, QJsonArray::fromStringList(v.nodes)}, {u"against_majority"_s, v.againstMajority},
                                    {u"evidence"_s, evidenceJson(v.evidence)}});
    for (const RunComparison::FabricChange &f : c.fabric)
        fabric.append(QJsonObject{{u"component"_s, f.component}, {u"good"_s, QJsonArray::fromStringList(f.good)},
                                  {u"bad"_s, QJsonArray::fromStringList(f.bad)}});
    for (const RunComparison::NewFailure &f : c.newFailures)
        failures.append(QJsonObject{{u"entry"_s, f.entry}, {u"lines"_s, f.lines}, {u"role"_s, ReportNames::role(f.role)},
                                    {u"rank"_s, f.first.rank >= 0 ? QJsonValue(f.first.rank) : QJsonValue()},
                                    {u"node"_s, f.first.node.isEmpty() ? QJsonValue() : QJsonValue(f.first.node)},
                                    {u"first"_s, evidenceJson(f.first)}});
    const auto shapeJson = [](const RunComparison::Shape &s) {
        return QJsonObject{{u"nodes"_s, s.nodes}, {u"ranks"_s, s.ranks}, {u"world_size"_s, s.worldSize > 0 ? QJsonValue(s.worldSize) : QJsonValue()}};
    };
    return QJsonObject{{u"schema"_s, u"rankscope.diff/1"_s},
                       {u"good"_s, QJsonObject{{u"input"_s, goodName}, {u"shape"_s, shapeJson(c.good)}, {u"steps"_s, stepsJson(c.goodSteps)}}},
                       {u"bad"_s, QJsonObject{{u"input"_s, badName}, {u"shape"_s, shapeJson(c.bad)}, {u"steps"_s, stepsJson(c.badSteps)}}},
                       {u"nodes_only_good"_s, QJsonArray::fromStringList(c.nodesOnlyGood)},
                       {u"nodes_only_bad"_s, QJsonArray::fromStringList(c.nodesOnlyBad)},
                       {u"versions"_s, versions},
                       {u"fabric"_s, fabric},
                       {u"not_recorded_in_good"_s, QJsonArray::fromStringList(c.notRecordedInGood)},
                       {u"new_failures"_s, failures}};
}

} // namespace rankscope::report
