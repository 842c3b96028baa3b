// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "placeholders.h"

#include <QHash>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace rankscope::analysis {

namespace {

// The value most nodes of the matrix have for a component.
QString majorityOf(const AnalysisResult &r, const QString &component)
{
    QHash<QString, int> counts;
    for (const QString &node : r.matrix.nodes) {
        if (const MatrixCell *c = r.matrix.cell(node, component); c && !c->value.isEmpty() && c->state != MatrixCell::State::Conflicting)
            ++counts[c->value];
    }
    QString best;
    int n = 0;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        if (it.value() > n || (it.value() == n && it.key() > best)) {
            n = it.value();
            best = it.key();
        }
    }
    return best;
}

// The outlier the verdict stands on: of the verdict's node, else the first one.
const VersionMatrix::Outlier *outlierOf(const AnalysisResult &r)
{
    for (const VersionMatrix::Outlier &o : r.matrix.outliers) {
        if (o.node == r.verdict.node)
            return &o;
    }
    return r.matrix.outliers.isEmpty() ? nullptr : &r.matrix.outliers.first();
}

QString valueOf(const QString &name, const AnalysisResult &r)
{
    const Verdict &v = r.verdict;
    if (name == u"node"_s)
        return v.node;
    if (name == u"rank"_s)
        return v.rank >= 0 ? QString::number(v.rank) : QString();
    if (name.startsWith(u"outlier."_s)) {
        const VersionMatrix::Outlier *o = outlierOf(r);
        if (!o)
            return {};
        const QString field = name.mid(8);
        return field == u"node"_s ? o->node : field == u"component"_s ? o->component : field == u"value"_s ? o->value
               : field == u"majority"_s ? o->majority : QString();
    }
    if (name.startsWith(u"majority."_s))
        return majorityOf(r, name.mid(9));
    if (name.startsWith(u"value."_s)) {
        const MatrixCell *c = r.matrix.cell(v.node, name.mid(6));
        return c ? c->value : QString();
    }
    return {};
}

} // namespace

Placeholders::Filled Placeholders::fill(const QString &text, const AnalysisResult &result)
{
    static const QRegularExpression re(uR"(\{((?:node|rank)|(?:outlier\.(?:node|component|value|majority))|(?:(?:majority|value)\.[A-Za-z][A-Za-z0-9_]*))(?::([^{}\n]*))?\})"_s);
    Filled out;
    qsizetype last = 0;
    auto it = re.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        out.text += QStringView(text).mid(last, m.capturedStart() - last);
        const QString name = m.captured(1);
        const QString value = valueOf(name, result);
        if (!value.isEmpty()) {
            out.text += value;
            if (!out.fromIncident.contains(name + u" = "_s + value))
                out.fromIncident.append(name + u" = "_s + value);
        } else {
            out.text += m.captured(2).isEmpty() ? u'<' + name + u'>' : m.captured(2);
            if (!out.examples.contains(name))
                out.examples.append(name);
        }
        last = m.capturedEnd();
    }
    out.text += QStringView(text).mid(last);
    return out;
}

QString Placeholders::withExamples(const QString &text)
{
    static const AnalysisResult none;
    return fill(text, none).text;
}

} // namespace rankscope::analysis
