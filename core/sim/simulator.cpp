// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "simulator.h"

#include "archivepacker.h"
#include "bundlelayout.h"
#include "bundlewriter.h"
#include "cluster.h"
#include "evidencerecorder.h"
#include "incident.h"
#include "inventorywriter.h"
#include "nodewriter.h"
#include "rankwriter.h"
#include "schedulerwriter.h"
#include "timeformat.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::sim {

namespace {

using E = Incident::End;
using K = Scenario::Kind;

// When a rank's lines of a segment happen, for ordering ranks inside a shared file.
qint64 segmentTime(const Cluster &c, const Incident &inc, int rank, int segment, int steps)
{
    const Incident::RankFate &f = inc.ranks.at(rank);
    const int node = c.rank(rank).node;
    switch (segment - steps - 2) {
    case 0:
        return f.failUs ? f.failUs : inc.incidentUs;
    case 1:
        return f.peerClosedUs;
    case 2:
    case 3:
        return f.failUs ? f.failUs : f.endUs;
    default:
        break;
    }
    if (segment == 0) {
        if (f.end == E::StoreConnectTimeout || f.end == E::StoreServerTimeout || f.end == E::StoreLost
            || f.end == E::Primary || f.end == E::CoPrimary)
            return f.failUs ? f.failUs : c.workerStartUs(node);
        return c.workerStartUs(node);
    }
    if (f.end == E::Primary || f.end == E::CoPrimary || f.end == E::InitPeerLost)
        return f.failUs;
    return c.initUs();
}

} // namespace

QString Simulator::check(const SimConfig &config, QStringList *notes)
{
    if (const QString e = config.validate(); !e.isEmpty())
        return e;
    const Scenario *s = Scenario::find(config.scenario);
    if (!s)
        return u"unknown scenario '%1' (see rankscope simulate --list)"_s.arg(config.scenario);
    const SimConfig::Layout layout = config.layout.value_or(s->layouts.first());
    if (!s->allows(layout)) {
        QStringList names;
        for (SimConfig::Layout l : s->layouts)
            names << SimConfig::layoutName(l);
        return u"scenario %1 cannot be generated with --layout %2 (use %3)"_s.arg(
            s->id, SimConfig::layoutName(layout), names.join(u", "_s));
    }
    if (config.nodes < s->minNodes)
        return u"scenario %1 needs --nodes %2 or more"_s.arg(s->id).arg(s->minNodes);
    const bool intraNode
        = s->kind == K::NcclDuplicateGpu || s->kind == K::NcclShmExhausted || s->kind == K::NvlsMulticastFailure;
    if (intraNode && config.gpusPerNode < 2)
        return u"scenario %1 needs --gpus-per-node 2 or more"_s.arg(s->id);
    if (config.ncclVersion) {
        const Version v = *config.ncclVersion;
        if (s->ncclMin.isValid() && v < s->ncclMin)
            return u"scenario %1 needs --nccl-version %2 or newer"_s.arg(
                s->id, QString::fromLatin1(s->ncclMin.toBytes()));
        if (s->ncclMax.isValid() && v > s->ncclMax)
            return u"scenario %1 needs --nccl-version 2.29.x or older (the check was removed in 2.30)"_s.arg(s->id);
    }
    if (s->kind == K::StragglerHang && config.torchVersion && *config.torchVersion < Version(2, 4))
        return u"scenario straggler-hang needs --torch-version 2.4 or newer (older releases print no logical clock for the silent rank)"_s;
    if (notes && int(config.ncclDebug) < int(s->minNcclDebug))
        *notes << u"--nccl-debug raised to %1: the evidence of %2 is only printed at that level"_s.arg(
            SimConfig::ncclDebugName(s->minNcclDebug), s->id);
    return {};
}

SimResult Simulator::run(const SimConfig &config, const ProgressCallback &progress)
{
    SimResult result;
    if (const QString e = check(config, &result.notes); !e.isEmpty()) {
        result.error = e;
        return result;
    }
    const Scenario &scenario = *Scenario::find(config.scenario);

    const QString outDir = QFileInfo(config.outDir).absoluteFilePath();
    const QString truthPath = QFileInfo(config.truthFile).absoluteFilePath();
    if (truthPath.startsWith(outDir + u'/') || truthPath == outDir) {
        result.error = u"the truth file must be outside the bundle folder (it holds the answer)"_s;
        return result;
    }
    QDir out(outDir);
    if (out.exists() && !out.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty()) {
        result.error = u"%1 is not empty"_s.arg(outDir);
        return result;
    }
    if (!QDir().mkpath(outDir)) {
        result.error = u"cannot create %1"_s.arg(outDir);
        return result;
    }
    const bool packed = config.archive != SimConfig::Archive::None;
    const QString root = packed ? outDir + u"/.staging"_s : outDir;

    Cluster cluster(config, scenario);
    Incident incident(cluster);
    BundleWriter writer(root);
    EvidenceRecorder evidence(cluster.worldSize());
    BundleLayout layout(cluster, incident, writer);
    RankWriter ranks(cluster, incident, layout, writer, evidence);
    NodeWriter nodes(cluster, incident, layout, writer, evidence, ranks);
    SchedulerWriter scheduler(cluster, incident, layout, writer, evidence);
    auto fail = [&](const QString &why) {
        writer.finish();
        result.error = why.isEmpty() ? writer.error() : why;
        return result;
    };

    if (!layout.openGlobal())
        return fail({});
    if (layout.agentGlobal()) {
        for (int n = 0; n < cluster.nodeCount(); ++n)
            nodes.agentStart(n);
    }
    const int steps = config.steps;
    const int segments = ranks.segmentCount();
    const qint64 total = cluster.worldSize();
    qint64 done = 0;
    Prng shuffleRng(Prng::mix(config.seed, 0x5A0Fu));
    QList<int> order;
    for (const auto &[first, end] : layout.groups()) {
        if (!layout.openGroup(first, end))
            return fail({});
        if (layout.agentInGroup()) {
            for (int n = first; n < end; ++n)
                nodes.agentStart(n);
        }
        const int r0 = first * cluster.gpusPerNode();
        const int r1 = end * cluster.gpusPerNode();
        order.resize(r1 - r0);
        for (int seg = 0; seg < segments; ++seg) {
            for (int i = 0; i < order.size(); ++i)
                order[i] = r0 + i;
            if (layout.interleaved()) {
                // Ranks sharing a file: steps come out shuffled, everything else in time order.
                Prng rng = shuffleRng.fork(quint64(seg) * 65537u + quint64(first));
                for (qsizetype i = order.size() - 1; i > 0; --i)
                    std::swap(order[i], order[qsizetype(rng.below(quint64(i + 1)))]);
                if (seg < 2 || seg > steps + 1) {
                    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
                        return segmentTime(cluster, incident, a, seg, steps)
                            < segmentTime(cluster, incident, b, seg, steps);
                    });
                }
            }
            for (int r : std::as_const(order))
                ranks.write(r, seg);
        }
        if (layout.agentInGroup()) {
            for (int n = first; n < end; ++n)
                nodes.agentEnd(n);
        }
        layout.closeGroup();
        if (!writer.error().isEmpty())
            return fail({});
        done += r1 - r0;
        if (!reportProgress(progress, qMin(done, total - 1), total))
            return fail(u"cancelled"_s);
    }
    if (layout.agentGlobal()) {
        QList<int> byEnd;
        for (int n = 0; n < cluster.nodeCount(); ++n)
            byEnd << n;
        std::stable_sort(byEnd.begin(), byEnd.end(),
            [&](int a, int b) { return incident.nodes.at(a).detectUs < incident.nodes.at(b).detectUs; });
        for (int n : std::as_const(byEnd))
            nodes.agentEnd(n);
    }
    scheduler.slurmEnd();
    scheduler.mpiEnd();
    layout.closeGlobal();
    for (int n = 0; n < cluster.nodeCount(); ++n) {
        if (!nodes.systemLog(n))
            return fail({});
    }
    if (cluster.layout() == SimConfig::Layout::K8s) {
        for (int n = 0; n < cluster.nodeCount(); ++n) {
            if (!scheduler.k8sDescribe(n))
                return fail({});
        }
    }
    if (config.inventories != SimConfig::Inventories::None) {
        InventoryWriter inventory(cluster, writer);
        Prng rng(Prng::mix(config.seed, 0x1117u));
        const bool crlf = rng.chance(0.35);
        const int crlfNode = int(rng.below(quint64(cluster.nodeCount())));
        for (int n = 0; n < cluster.nodeCount(); ++n) {
            const bool chosen = config.inventories == SimConfig::Inventories::All || n == 0
                || n == incident.initiatingNode || n % 4 == 3;
            if (chosen && !inventory.write(n, crlf && n == crlfNode))
                return fail({});
        }
    }
    if (!writer.finish())
        return fail({});

    Truth &truth = result.truth;
    truth.scenario = scenario.id;
    truth.entry = scenario.entry;
    truth.external = scenario.external;
    if (incident.initiatingRank >= 0) {
        truth.rank = incident.initiatingRank;
        for (int r : incident.indistinguishableRanks())
            truth.equivalent.append({r, QString::fromLatin1(cluster.node(cluster.rank(r).node).host)});
    }
    if (incident.initiatingNode >= 0)
        truth.node = QString::fromLatin1(cluster.node(incident.initiatingNode).host);
    if (scenario.kind != K::Healthy) {
        truth.path = evidence.initiatingPath();
        truth.line = evidence.initiatingLine();
        const qint64 when = scenario.kind == K::StragglerHang || !evidence.initiatingLine() ? incident.incidentUs
                                                                                            : evidence.initiatingUs();
        truth.time = QString::fromLatin1(TimeFormat::isoMillis(when));
        if (truth.path.isEmpty()) {
            result.error
                = u"internal error: scenario %1 wrote no initiating evidence with these options"_s.arg(scenario.id);
            return result;
        }
    }
    for (const Truth::Evidence &e : evidence.collateral()) {
        if (e.line > 0 && e.rank != incident.initiatingRank) {
            truth.collateralRanks << e.rank;
            truth.collateralEvidence << e;
        }
    }
    truth.outliers = incident.outliers;
    result.files = writer.files();
    result.bytes = writer.bytes();
    result.lines = writer.lines();

    if (packed) {
        const QString name = config.archive == SimConfig::Archive::Zip ? u"bundle.zip"_s : u"bundle.tar.gz"_s;
        const QString err
            = ArchivePacker::pack(root, result.files, outDir + u'/' + name, config.archive, cluster.t0 / 1000000);
        QDir(root).removeRecursively();
        if (!err.isEmpty()) {
            result.error = err;
            return result;
        }
        truth.archive = name;
        result.files = { name };
        result.bytes = QFileInfo(outDir + u'/' + name).size();
    }
    QDir().mkpath(QFileInfo(truthPath).absolutePath());
    QFile tf(truthPath);
    if (!tf.open(QIODevice::WriteOnly | QIODevice::Truncate) || tf.write(truth.toJson()) < 0) {
        result.error = u"cannot write %1: %2"_s.arg(truthPath, tf.errorString());
        return result;
    }
    reportProgress(progress, total, total);
    return result;
}

} // namespace rankscope::sim
