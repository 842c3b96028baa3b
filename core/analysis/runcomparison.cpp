// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "runcomparison.h"

#include "naturalorder.h"

#include <QHash>
#include <QMap>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::analysis {

namespace {

QString valueOf(const VersionMatrix &m, const QString &node, const QString &component)
{
    const MatrixCell *c = m.cell(node, component);
    return c ? c->value : QString();
}

Evidence evidenceOf(const VersionMatrix &m, const QString &node, const QString &component)
{
    const MatrixCell *c = m.cell(node, component);
    return c && !c->evidence.isEmpty() ? c->evidence.constFirst() : Evidence();
}

// The value most of the run's nodes have (ties: the smaller in natural order, so it is stable).
QString majorityOf(const VersionMatrix &m, const QString &component)
{
    QMap<QString, int> counts;
    for (const QString &n : m.nodes)
        if (const QString v = valueOf(m, n, component); !v.isEmpty())
            ++counts[v];
    QString best;
    int most = 0;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        if (it.value() > most || (it.value() == most && naturalLess(it.key(), best))) {
            best = it.key();
            most = it.value();
        }
    }
    return best;
}

QStringList distinctValues(const VersionMatrix &m, const QString &component)
{
    QSet<QString> seen;
    for (const QString &n : m.nodes)
        for (const QString &v : m.cell(n, component) ? m.cell(n, component)->values : QStringList())
            seen.insert(v);
    QStringList out(seen.cbegin(), seen.cend());
    std::sort(out.begin(), out.end(), NaturalLess());
    return out;
}

// Environment variables are facts named as they are spelt (NCCL_IB_HCA, LD_LIBRARY_PATH);
// versions and the fabric are lower-case components (nccl, cuda, transport).
bool isVariable(const QString &component)
{
    return !component.isEmpty() && component.front().isUpper();
}

// Whether the run's inventories list environment variables for node (any node when empty).
bool dumpsEnvironment(const VersionMatrix &m, const QString &node)
{
    for (auto n = m.cells.cbegin(); n != m.cells.cend(); ++n) {
        if (!node.isEmpty() && n.key() != node)
            continue;
        for (auto c = n->cbegin(); c != n->cend(); ++c)
            if (isVariable(c.key()) && !c->value.isEmpty())
                return true;
    }
    return false;
}

RunComparison::Shape shapeOf(const AnalysisResult &r)
{
    return {int(r.ingest->job.nodes.size()), int(r.ingest->job.ranks.size()), r.ingest->job.worldSize};
}

QString entryOf(const ingest::IngestResult &in, const ingest::Event &e)
{
    return e.kind == ingest::Event::Kind::Fingerprint && e.fingerprint >= 0 && e.fingerprint < in.fingerprints.size()
        ? in.fingerprints.at(e.fingerprint).entryId
        : QString();
}

RunComparison::Steps stepsOf(const AnalysisResult &r)
{
    // "loss: 2.31", "loss=2.31", "'loss': 2.31", "loss 2.31", "lm loss: 2.31E+00", "loss nan".
    static const QRegularExpression loss(uR"(\bloss\b['"]?\s*[:=]?\s*(-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|nan|inf)\b)"_s,
                                         QRegularExpression::CaseInsensitiveOption);
    const ingest::IngestResult &in = *r.ingest;
    RunComparison::Steps s;
    // Steps per file in line order; the step time is how long one step took between two
    // printed steps of the same rank.
    QHash<FileId, QList<const ingest::Event *>> byFile;
    for (const ingest::Event &e : in.events)
        if (e.kind == ingest::Event::Kind::TrainingStep && !e.capture(u"step"_s).isEmpty())
            byFile[e.source.file].append(&e);
    QList<double> perStep;
    qint64 lastTime = ingest::NoTime;
    for (auto it = byFile.begin(); it != byFile.end(); ++it) {
        QList<const ingest::Event *> &steps = it.value();
        std::sort(steps.begin(), steps.end(), [](const auto *a, const auto *b) { return a->source.line < b->source.line; });
        for (qsizetype i = 0; i < steps.size(); ++i) {
            const ingest::Event &e = *steps.at(i);
            const qint64 step = e.capture(u"step"_s).toLongLong();
            if (i > 0) {
                const ingest::Event &p = *steps.at(i - 1);
                const qint64 dStep = step - p.capture(u"step"_s).toLongLong();
                if (dStep > 0 && e.timeMs != ingest::NoTime && p.timeMs != ingest::NoTime && !e.timeInferred && !p.timeInferred
                    && e.timeMs >= p.timeMs)
                    perStep.append(double(e.timeMs - p.timeMs) / 1000.0 / double(dStep));
            }
            const bool later = step > s.lastStep || (step == s.lastStep && e.timeMs != ingest::NoTime && e.timeMs > lastTime);
            const QString l = loss.match(e.text).captured(1);
            if (later && !l.isEmpty()) {
                s.lastStep = step;
                s.lastLoss = l;
                lastTime = e.timeMs;
                s.lastLine = Evidence::of(in, e);
            } else if (later && s.lastLoss.isEmpty()) {
                s.lastStep = step;
                lastTime = e.timeMs;
                s.lastLine = Evidence::of(in, e);
            }
        }
    }
    s.samples = int(perStep.size());
    if (!perStep.isEmpty()) {
        std::nth_element(perStep.begin(), perStep.begin() + perStep.size() / 2, perStep.end());
        s.secondsPerStep = perStep.at(perStep.size() / 2);
    }
    return s;
}

} // namespace

const QStringList &RunComparison::fabricComponents()
{
    static const QStringList c = {u"transport"_s, u"net_plugin"_s, u"hca"_s, u"gdr"_s};
    return c;
}

RunComparison RunComparison::compare(const AnalysisResult &good, const AnalysisResult &bad)
{
    RunComparison out;
    out.good = shapeOf(good);
    out.bad = shapeOf(bad);
    const QSet<QString> goodNodes(good.ingest->job.nodes.cbegin(), good.ingest->job.nodes.cend());
    const QSet<QString> badNodes(bad.ingest->job.nodes.cbegin(), bad.ingest->job.nodes.cend());
    for (const QString &n : good.ingest->job.nodes)
        if (!badNodes.contains(n))
            out.nodesOnlyGood << n;
    for (const QString &n : bad.ingest->job.nodes)
        if (!goodNodes.contains(n))
            out.nodesOnlyBad << n;
    std::sort(out.nodesOnlyGood.begin(), out.nodesOnlyGood.end(), NaturalLess());
    std::sort(out.nodesOnlyBad.begin(), out.nodesOnlyBad.end(), NaturalLess());

    // Versions and settings, node by node: the same node's value in the good run, or the good
    // run's majority for a node it did not have. Grouped by (component, good, bad) so an
    // upgrade of every node is one line, not one per node.
    QStringList components = good.matrix.components;
    for (const QString &c : bad.matrix.components)
        if (!components.contains(c))
            components << c;
    QStringList nodes = bad.matrix.nodes;
    std::sort(nodes.begin(), nodes.end(), NaturalLess());
    const QSet<QString> goodMatrixNodes(good.matrix.nodes.cbegin(), good.matrix.nodes.cend());
    for (const QString &component : std::as_const(components)) {
        const QString goodMajority = majorityOf(good.matrix, component);
        QMap<QPair<QString, QString>, VersionChange> changes;
        for (const QString &node : std::as_const(nodes)) {
            const bool sameNode = goodMatrixNodes.contains(node);
            const QString before = sameNode ? valueOf(good.matrix, node, component) : goodMajority;
            const QString after = valueOf(bad.matrix, node, component);
            if (before == after)
                continue;
            VersionChange::Kind kind = VersionChange::Kind::Changed;
            if (before.isEmpty()) {
                // A node without this component in the good run while others had it: that is
                // the good run's inventory missing, not a change. A version no node of the good
                // run recorded was not collected there; an environment variable is "new" only
                // when the good run did dump the environment (an unset variable is not listed).
                if (!goodMajority.isEmpty())
                    continue;
                if (!isVariable(component) || !dumpsEnvironment(good.matrix, sameNode ? node : QString())) {
                    if (!out.notRecordedInGood.contains(component))
                        out.notRecordedInGood << component;
                    continue;
                }
                kind = VersionChange::Kind::New;
            } else if (after.isEmpty()) {
                // Only a node whose other values were read can be said to have lost one.
                const auto cells = bad.matrix.cells.value(node);
                if (!sameNode || cells.isEmpty())
                    continue;
                kind = VersionChange::Kind::Missing;
            }
            VersionChange &c = changes[{before, after}];
            if (c.nodes.isEmpty()) {
                c.kind = kind;
                c.component = component;
                c.good = before;
                c.bad = after;
                c.nodesOfBad = int(nodes.size());
                c.evidence = kind == VersionChange::Kind::Missing ? evidenceOf(good.matrix, node, component)
                                                                  : evidenceOf(bad.matrix, node, component);
            }
            c.againstMajority |= !sameNode;
            c.nodes << node;
        }
        for (const VersionChange &c : std::as_const(changes))
            out.versions << c;
    }
    // Fewest nodes first: the one node that differs is the finding, a fleet-wide upgrade the
    // background.
    std::stable_sort(out.versions.begin(), out.versions.end(),
                     [](const VersionChange &a, const VersionChange &b) { return a.nodes.size() < b.nodes.size(); });

    for (const QString &component : fabricComponents()) {
        FabricChange f{component, distinctValues(good.matrix, component), distinctValues(bad.matrix, component)};
        if (f.good != f.bad && !(f.good.isEmpty() || f.bad.isEmpty()))
            out.fabric << f;
    }

    // Failures only the bad run shows, by entry, with their first line.
    QSet<QString> goodEntries;
    for (const ingest::Event &e : good.ingest->events)
        if (const QString id = entryOf(*good.ingest, e); !id.isEmpty())
            goodEntries.insert(id);
    QHash<QString, qsizetype> index;
    const QList<ingest::Event> &events = bad.ingest->events; // sorted by time: the first is first
    for (qsizetype i = 0; i < events.size(); ++i) {
        const QString id = entryOf(*bad.ingest, events.at(i));
        if (id.isEmpty() || goodEntries.contains(id))
            continue;
        const ChainStep::Role role = bad.eventRoles.value(i, ChainStep::Role::Context);
        auto it = index.constFind(id);
        if (it == index.cend()) {
            it = index.insert(id, out.newFailures.size());
            out.newFailures.append({id, 0, role, Evidence::of(*bad.ingest, events.at(i))});
        }
        NewFailure &f = out.newFailures[*it];
        ++f.lines;
        if (role == ChainStep::Role::Initiating && f.role != ChainStep::Role::Initiating) {
            f.role = role;
            f.first = Evidence::of(*bad.ingest, events.at(i));
        }
    }
    const auto rank = [](ChainStep::Role r) { return r == ChainStep::Role::Initiating ? 0 : r == ChainStep::Role::Collateral ? 1 : 2; };
    std::stable_sort(out.newFailures.begin(), out.newFailures.end(),
                     [&](const NewFailure &a, const NewFailure &b) { return rank(a.role) < rank(b.role); });

    out.goodSteps = stepsOf(good);
    out.badSteps = stepsOf(bad);
    return out;
}

} // namespace rankscope::analysis
