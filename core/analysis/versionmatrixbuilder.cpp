// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "versionmatrixbuilder.h"

#include "naturalorder.h"

#include <QRegularExpression>
#include <QSet>

#include <map>

using namespace Qt::StringLiterals;

namespace rankscope::analysis {

namespace {
// Per-node values that differ by design and would only add noise as "outliers".
bool perNodeByDesign(const QString &component)
{
    static const QSet<QString> skip = {u"ip"_s, u"hostname"_s, u"HOSTNAME"_s, u"NCCL_HOSTID"_s, u"cuda_driver_max"_s};
    return skip.contains(component) || component.endsWith(u"_RANK"_s) || component == u"RANK"_s;
}

QString normaliseHca(const QString &v)
{
    static const QRegularExpression name(uR"(([A-Za-z][A-Za-z0-9]*_\d+))"_s);
    QStringList names;
    for (auto it = name.globalMatch(v); it.hasNext();) {
        const QString n = it.next().captured(1);
        if (!names.contains(n))
            names.append(n);
    }
    std::sort(names.begin(), names.end());
    return names.isEmpty() ? v : names.join(u',');
}
Evidence evidenceFor(const QList<const Fact *> &facts, const QString &comp, const QString &value)
{
    for (const Fact *f : facts) {
        if ((comp == u"hca"_s ? normaliseHca(f->value) : f->value) == value)
            return f->evidence;
    }
    return facts.isEmpty() ? Evidence() : facts.first()->evidence; // a union (hca) has no one line
}
} // namespace

const QStringList &VersionMatrixBuilder::fixedComponents()
{
    static const QStringList c = {u"nccl"_s, u"cuda"_s, u"driver"_s, u"torch"_s, u"python"_s, u"transport"_s,
                                  u"net_plugin"_s, u"hca"_s, u"gpu"_s, u"image"_s};
    return c;
}

VersionMatrix VersionMatrixBuilder::build(const QList<Fact> &facts, const QStringList &jobNodes)
{
    VersionMatrix m;
    QSet<QString> nodeSet(jobNodes.cbegin(), jobNodes.cend());
    std::map<QString, std::map<QString, QList<const Fact *>>> byComp; // component -> node -> facts
    for (const Fact &f : facts) {
        if (f.node.isEmpty() || f.component.isEmpty() || perNodeByDesign(f.component))
            continue;
        nodeSet.insert(f.node);
        byComp[f.component][f.node].append(&f);
    }
    m.nodes = QStringList(nodeSet.cbegin(), nodeSet.cend());
    std::sort(m.nodes.begin(), m.nodes.end(), NaturalLess());

    QStringList components = fixedComponents();
    QStringList extras;
    for (const auto &[comp, nodes] : byComp) {
        if (components.contains(comp))
            continue;
        QSet<QString> values;
        for (const auto &[node, fs] : nodes)
            for (const Fact *f : fs)
                values.insert(f->value);
        // Environment variables and other extras only when they tell nodes apart.
        if (values.size() > 1 || int(nodes.size()) < m.nodes.size())
            extras.append(comp);
    }
    std::sort(extras.begin(), extras.end());
    components += extras;
    m.components = components;

    for (const QString &comp : std::as_const(components)) {
        const auto &nodes = byComp[comp];
        std::map<QString, int> nodeCount; // value -> nodes holding it (single-valued nodes)
        for (const auto &[node, fs] : nodes) {
            QStringList vals;
            if (comp == u"hca"_s) {
                // Each NCCL process lists the HCAs it uses (one each in rail-optimised jobs): the
                // node's HCAs are all of them, not a conflict between its processes.
                QStringList all;
                for (const Fact *f : fs)
                    all.append(f->value);
                vals.append(normaliseHca(all.join(u' ')));
            } else {
                for (const Fact *f : fs) {
                    if (!vals.contains(f->value))
                        vals.append(f->value);
                }
            }
            MatrixCell &cell = m.cells[node][comp];
            cell.values = vals;
            for (const Fact *f : fs) {
                if (cell.evidence.size() < 6)
                    cell.evidence.append(f->evidence);
            }
            if (vals.size() == 1) {
                cell.value = vals.first();
                ++nodeCount[vals.first()];
            } else {
                cell.value = vals.join(u" | "_s);
                cell.state = MatrixCell::State::Conflicting;
            }
        }
        QString majority;
        int best = 0, total = 0;
        bool tie = false;
        for (const auto &[value, count] : nodeCount) {
            total += count;
            if (count > best) {
                best = count;
                majority = value;
                tie = false;
            } else if (count == best) {
                tie = true;
            }
        }
        for (const auto &[node, fs] : nodes) {
            MatrixCell &cell = m.cells[node][comp];
            cell.majority = tie ? QString() : majority;
            if (cell.state == MatrixCell::State::Conflicting) {
                // Two values on one node (the banner against pip): the one the other nodes do not
                // have is still this node's outlier — usually the library actually loaded.
                if (!tie && !majority.isEmpty()) {
                    for (const QString &v : std::as_const(cell.values)) {
                        if (v != majority)
                            m.outliers.append({node, comp, v, majority, evidenceFor(fs, comp, v)});
                    }
                }
                continue;
            }
            if (nodeCount.size() <= 1) {
                cell.state = MatrixCell::State::Consistent;
            } else if (!tie && cell.value == majority) {
                cell.state = MatrixCell::State::Consistent;
            } else {
                // Without a majority (two nodes, two values) nobody is the odd one out: the cells
                // are marked as differing, but only minority values are listed as outliers.
                cell.state = MatrixCell::State::Outlier;
                if (!tie)
                    m.outliers.append({node, comp, cell.value, majority, cell.evidence.isEmpty() ? Evidence() : cell.evidence.first()});
            }
        }
        Q_UNUSED(total);
        for (const QString &node : std::as_const(m.nodes)) {
            if (!m.cells[node].contains(comp))
                m.cells[node][comp] = MatrixCell();
        }
    }
    // Outliers of the components that break collectives first.
    std::stable_sort(m.outliers.begin(), m.outliers.end(), [&](const VersionMatrix::Outlier &a, const VersionMatrix::Outlier &b) {
        return components.indexOf(a.component) < components.indexOf(b.component);
    });
    return m;
}

void VersionMatrixBuilder::singleOutFailingNode(VersionMatrix &m, const QString &node)
{
    const auto row = m.cells.constFind(node);
    if (row == m.cells.cend())
        return;
    for (const QString &comp : std::as_const(m.components)) {
        const MatrixCell *cell = m.cell(node, comp);
        if (!cell || cell->state != MatrixCell::State::Outlier || !cell->majority.isEmpty())
            continue;
        bool listed = false;
        for (const VersionMatrix::Outlier &o : std::as_const(m.outliers))
            listed |= o.node == node && o.component == comp;
        QStringList others;
        for (const QString &n : std::as_const(m.nodes)) {
            const MatrixCell *c = m.cell(n, comp);
            if (n != node && c && c->state != MatrixCell::State::Unknown && !others.contains(c->value))
                others.append(c->value);
        }
        if (!listed && !others.isEmpty() && !others.contains(cell->value))
            m.outliers.append({node, comp, cell->value, others.join(u" / "_s), cell->evidence.isEmpty() ? Evidence() : cell->evidence.first()});
    }
    const QStringList &components = m.components;
    std::stable_sort(m.outliers.begin(), m.outliers.end(), [&](const VersionMatrix::Outlier &a, const VersionMatrix::Outlier &b) {
        return components.indexOf(a.component) < components.indexOf(b.component);
    });
}

} // namespace rankscope::analysis
