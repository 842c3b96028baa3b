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
        const FingerprintSpec &spec = m_specs.at(i);
        QRegularExpression re(spec.regex, spec.caseless ? QRegularExpression::CaseInsensitiveOption
                                                        : QRegularExpression::NoPatternOption);
        if (!re.isValid()) {
            m_invalid.append(spec.entryId + u": "_s + re.errorString());
            m_regexes.append(QRegularExpression());
            continue;
        }
        re.optimize();
        m_regexes.append(re);
        if (spec.caseless) {
            // The literal prefilter is case-sensitive: a caseless anchor is looked for in the
            // spellings logs use (as written, lower, UPPER, Capitalised).
            const QString a = spec.anchor;
            QStringList variants = {a, a.toLower(), a.toUpper(), a.left(1).toUpper() + a.mid(1).toLower()};
            variants.removeDuplicates();
            for (const QString &v : std::as_const(variants))
                addTarget(v, i);
        } else {
            addTarget(spec.anchor, i);
        }
    }
    // Lifecycle patterns. NCCL ties a process (host:pid) to its rank only in its init lines,
    // which is how NCCL debug files without any [rankN] prefix get their rank.
    m_builtins = {
        QRegularExpression(uR"(comm (?:0x)?[0-9a-fA-F]+ rank (?<rank>\d+) nranks (?<nranks>\d+) cudaDev (?<device>\d+)(?: nvmlDev \d+)? busId (?<busid>[0-9a-fA-F]+))"_s),
        QRegularExpression(uR"(comm (?:0x)?[0-9a-fA-F]+ rank (?<rank>\d+) nRanks (?<nranks>\d+) nNodes (?<nnodes>\d+) localRanks (?<localranks>\d+) localRank (?<local_rank>\d+))"_s),
        QRegularExpression(uR"(\b(?:global[_ ])?(?:step|iteration|iter)\b\D{0,4}(?<step>\d+))"_s,
                           QRegularExpression::CaseInsensitiveOption),
        // torchrun's ChildFailedError summary: "rank      : 5 (local_rank: 1)" ties a node's
        // local ranks to global ones when no NCCL init line does (failures before NCCL starts).
        QRegularExpression(uR"((?:^|\s)rank\s*:\s*(?<rank>\d+) \(local_rank: (?<local_rank>\d+)\))"_s),
        // Mixed-precision overflows: every data-parallel rank skips the same step and halves the
        // same loss scale, so "overflow at scale X" happens at one moment on all nodes (DeepSpeed,
        // apex) — a clock reference when only rank 0 logs its steps.
        QRegularExpression(uR"((?:OVERFLOW! Rank \d+ Skipping step\. Attempted loss scale: |Gradient overflow\.\s+Skipping step, loss scaler \d+ reducing loss scale to )(?<marker>[0-9][0-9.e+-]*))"_s),
        // The torchrun agent's place in the job: group rank x nproc_per_node is the global rank
        // of its local rank 0 (torchrun gives every node the same nproc_per_node).
        QRegularExpression(uR"(has joined round \d+ of the rendezvous '[^']*' as rank (?<group_rank>\d+) in a world of size (?<group_world>\d+))"_s),
        QRegularExpression(uR"(\bnproc_per_node\s*:\s*(?<nproc>\d+)\s*$)"_s),
        // When the node booted, for dmesg's seconds-since-boot: /proc/stat's btime, `who -b`,
        // the RankScope inventory's boot_time.
        QRegularExpression(uR"re((?:^\s*btime\s+(?<epoch>\d{9,11})\s*$|system boot\s+(?<stamp>\d{4}-\d\d-\d\d \d\d:\d\d(?::\d\d)?)|"boot_time"\s*:\s*"(?<iso>[^"]+)"))re"_s),
        // srun names the node of the tasks that failed ("srun: error: gpu-07: task 5: Exited
        // with exit code 1", "tasks 4-7"): with one task per rank, the node of those ranks.
        QRegularExpression(uR"(srun: error: (?<node>[^:\s]+): tasks? (?<tasks>\d+(?:[-,]\d+)*):)"_s),
        // The step's layout as a batch script or `env` prints it: node list, tasks per node and
        // distribution give the node of every task id even when no task failed visibly.
        QRegularExpression(uR"re(\b(?<key>SLURM_(?:JOB_|STEP_)?(?:NODELIST|TASKS_PER_NODE)|SLURM_DISTRIBUTION)\s*[=:]\s*["']?(?<value>[^\s"']+))re"_s),
        // Ray Train's worker table ("Started distributed worker processes:", then one line per
        // worker, "- (ip=10.0.59.242, pid=7410) rank=0, local_rank=0, node_rank=0", with a
        // node_id and "world_rank" in later releases): the only tie of a worker's pid to its rank.
        QRegularExpression(uR"(- \((?:node_id=\w+, )?ip=(?<ip>[0-9.]+|[0-9a-fA-F:]+), pid=(?<pid>\d+)\) (?:world_)?rank=(?<rank>\d+), local_rank=(?<local_rank>\d+))"_s),
        // torchrun's ChildFailedError table, "  host      : trn-n03": the agent that writes it
        // names its own node (socket.getfqdn()).
        QRegularExpression(uR"(^\s*host {6}: (?<host>[A-Za-z0-9][A-Za-z0-9._-]*)\s*$)"_s),
        // A launcher starting: torchrun's OMP_NUM_THREADS banner and INFO config line, the
        // DeepSpeed launcher's world info. Printed once per invocation, not per worker restart.
        QRegularExpression(uR"(Setting OMP_NUM_THREADS environment variable for each process|Starting elastic_operator with launch configs|WORLD INFO DICT:)"_s),
        // The scheduler ending a job or step (slurmstepd's banner, srun forcing the end): what
        // follows in an appended file may be the next job.
        QRegularExpression(uR"(\*\*\* (?:JOB|STEP) \d+(?:[._]\w+)? ON \S+ (?:CANCELLED|FAILED)|srun: Force Terminated )"_s),
        // The torchrun agent naming the folder its workers write to (--log-dir with --redirects
        // or --tee): "log directory set to: /runs/x/elastic/x_7wq0d1ke", "Setting worker2 reply
        // file to: /runs/…/x_7wq0d1ke/attempt_0/2/error.json".
        QRegularExpression(uR"((?:log directory set to: |Setting worker\d+ reply file to: )(?<dir>\S*?[^/\s]+_[a-z0-9_]{8})(?:/|\s*$))"_s),
    };
    for (auto &re : m_builtins)
        re.optimize();
    addTarget(u"Init COMPLETE"_s, -1 - InitComplete);
    addTarget(u" nRanks "_s, -1 - CommRanks);
    addTarget(u"loss"_s, -1 - TrainingStep);
    addTarget(u"(local_rank: "_s, -1 - LauncherRank);
    addTarget(u"Skipping step"_s, -1 - LossScaleOverflow);
    addTarget(u"of the rendezvous"_s, -1 - AgentGroupRank);
    addTarget(u"nproc_per_node"_s, -1 - AgentProcsPerNode);
    addTarget(u"btime"_s, -1 - BootTime);
    addTarget(u"system boot"_s, -1 - BootTime);
    addTarget(u"\"boot_time\""_s, -1 - BootTime);
    addTarget(u"srun: error: "_s, -1 - SrunTaskNode);
    addTarget(u"SLURM_"_s, -1 - SlurmVariable);
    addTarget(u", local_rank="_s, -1 - RayWorkerRank);
    addTarget(u"host      :"_s, -1 - LauncherHost);
    addTarget(u"Setting OMP_NUM_THREADS"_s, -1 - RunStart);
    addTarget(u"Starting elastic_operator"_s, -1 - RunStart);
    addTarget(u"WORLD INFO DICT:"_s, -1 - RunStart);
    addTarget(u"*** JOB "_s, -1 - RunEnd);
    addTarget(u"*** STEP "_s, -1 - RunEnd);
    addTarget(u"srun: Force Terminated"_s, -1 - RunEnd);
    addTarget(u"log directory set to: "_s, -1 - LogDirectory);
    addTarget(u"reply file to: "_s, -1 - LogDirectory);
    const QList<FactPattern> &facts = factPatterns();
    for (int i = 0; i < facts.size(); ++i) {
        QRegularExpression re(facts.at(i).regex);
        re.optimize();
        m_builtins.append(re);
        addTarget(facts.at(i).anchor, -1 - (FirstFact + i));
    }
    // An anchor fires a fingerprint alone only when it is specific: long enough, and every
    // fingerprint that shares it belongs to the same entry (else the regex must decide).
    m_partialTarget = QList<int>(m_anchorTargets.size(), -1);
    for (qsizetype a = 0; a < m_anchorTargets.size(); ++a) {
        QString entry;
        bool unique = true;
        int best = -1;
        for (int t : std::as_const(m_anchorTargets.at(a))) {
            if (t < 0)
                continue; // lifecycle patterns do not make an anchor ambiguous
            const FingerprintSpec &spec = m_specs.at(t);
            if (!entry.isEmpty() && entry != spec.entryId)
                unique = false;
            entry = spec.entryId;
            // Context lines are not worth guessing at: only causes and consequences fire alone.
            if (spec.partial && spec.anchor.size() >= MinPartialAnchor && spec.role != FingerprintSpec::Role::Context
                && (best < 0 || spec.weight > m_specs.at(best).weight))
                best = t;
        }
        if (unique)
            m_partialTarget[a] = best;
    }

    m_anchors = AnchorMatcher(anchors);
    m_anchorTexts = anchors;
}

void EventMatcher::match(const QString &content, const QList<int> &anchors, QList<Hit> &hits, bool allowPartial) const
{
    hits.clear();
    QList<int> tried;
    bool fullFingerprint = false;
    for (int a : anchors) {
        for (int target : m_anchorTargets.at(a)) {
            if (tried.contains(target))
                continue;
            tried.append(target);
            const QRegularExpression &re = target >= 0 ? m_regexes.at(target) : m_builtins.at(-1 - target);
            QRegularExpressionMatch m = re.match(content);
            if (m.hasMatch()) {
                hits.append({target, m, false});
                fullFingerprint |= target >= 0;
            }
        }
    }
    if (allowPartial && !fullFingerprint) {
        // The anchor is here but no regex matched: a line cut by a paste, fields in another
        // order, a newer release's wording. The most specific (longest) anchor decides.
        int best = -1;
        for (int a : anchors) {
            const int t = m_partialTarget.at(a);
            if (t >= 0 && (best < 0 || m_specs.at(t).anchor.size() > m_specs.at(best).anchor.size()))
                best = t;
        }
        if (best >= 0)
            hits.append({best, QRegularExpressionMatch(), true});
    }
    std::stable_sort(hits.begin(), hits.end(), [this](const Hit &a, const Hit &b) {
        if ((a.fingerprint < 0) != (b.fingerprint < 0))
            return a.fingerprint >= 0; // fingerprints before lifecycle markers
        if (a.fingerprint < 0)
            return a.fingerprint > b.fingerprint;
        if (a.partial != b.partial)
            return b.partial;
        const FingerprintSpec &fa = m_specs.at(a.fingerprint);
        const FingerprintSpec &fb = m_specs.at(b.fingerprint);
        if (fa.weight != fb.weight)
            return fa.weight > fb.weight;
        return rolePriority(fa.role) < rolePriority(fb.role);
    });
}

const QList<EventMatcher::FactPattern> &EventMatcher::factPatterns()
{
    // log-formats.md §1.4-1.5, §2.6: the wordings across NCCL and torch versions.
    static const QList<FactPattern> patterns = {
        {u"nccl"_s, u"NCCL version "_s, uR"((?:^|\s|\])NCCL version (?<value>\d+\.\d+\.\d+)[^+\s]*\+cuda(?<cuda>\d+\.\d+))"_s},
        {u"nccl"_s, u"environments: NCCL version: "_s, uR"(environments: NCCL version: (?<value>\d+\.\d+\.\d+))"_s},
        {u"transport"_s, u"Using network "_s, uR"(NCCL INFO Using network (?<value>\S.*?)\s*$)"_s},
        {u"cuda_driver"_s, u"cudaDriverVersion "_s, uR"(NCCL INFO cudaDriverVersion (?<value>\d+))"_s},
        {u"net_plugin"_s, u"Loaded net plugin"_s, uR"(Loaded net plugin (?<value>\S.*?)(?: \(v\d+\))?\s*$)"_s},
        {u"net_plugin"_s, u"NET/Plugin"_s, uR"(NET/Plugin ?: ?(?<value>No plugin found|Could not find|Plugin load))"_s},
        {u"gdr"_s, u"GPU Direct RDMA "_s, uR"(GPU Direct RDMA (?<value>Enabled|Disabled))"_s},
        {u"hca"_s, u"NET/IB : Using"_s, uR"(NET/IB : Using (?<value>(?:\s*\[\d+\][^ ;]+)+))"_s},
        {u"ip"_s, u"Bootstrap"_s, uR"(Bootstrap ?: Using \[?\d*\]?[\w.-]+:(?<value>[0-9a-fA-F.:]+)<)"_s},
        {u"torch"_s, u"PyTorch version"_s, uR"(PyTorch version:? (?<value>\d+\.\d+\S*))"_s},
    };
    return patterns;
}

bool EventMatcher::hasFingerprintAnchor(const QList<int> &anchors) const
{
    for (int a : anchors) {
        for (int t : m_anchorTargets.at(a)) {
            if (t >= 0)
                return true;
        }
    }
    return false;
}

QStringList EventMatcher::captureNames(int fingerprint) const
{
    const QRegularExpression &re = fingerprint >= 0 ? m_regexes.at(fingerprint) : m_builtins.at(-1 - fingerprint);
    return re.namedCaptureGroups();
}

} // namespace rankscope::ingest
