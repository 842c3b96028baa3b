// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobidentity.h"

#include <QRegularExpression>
#include <QSet>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::analysis {

namespace {

// Slurm's default output names: slurm-%j.out, slurm-%A_%a.out for array tasks.
const QRegularExpression slurmFile(uR"((?:^|/)slurm-(\d+)(?:_(\d+))?\.(?:out|err|log)$)"_s);
// slurmstepd's cancel banner ("*** STEP 4891784.0 ON gpu-17 CANCELLED AT …") and the cgroup
// OOM message ("… in StepId=4891784.0 …"); both name the job before the step.
const QRegularExpression slurmText(uR"((?:\*\*\* (?:JOB|STEP) |StepId=|\bsrun: job )(\d+)(?:_(\d+))?\b)"_s);
// torchrun's log folder: tempfile.mkdtemp(prefix=f"{run_id}_") adds 8 characters of [a-z0-9_].
const QRegularExpression torchrunFolder(uR"((?:^|/)([A-Za-z0-9][A-Za-z0-9._-]*)_[a-z0-9_]{8}/attempt_\d+/)"_s);
// Training-operator pod names: <job>-<replica type>-<index> (PyTorchJob, MPIJob, TFJob).
const QRegularExpression operatorPod(uR"(^([a-z0-9][a-z0-9.-]*?)-(?:master|worker|launcher|chief|ps|evaluator)(?:-\d+)?$)"_s);

QString slurmId(const QRegularExpressionMatch &m)
{
    return m.captured(2).isEmpty() ? u"slurm:"_s + m.captured(1) : u"slurm:%1_%2"_s.arg(m.captured(1), m.captured(2));
}

QString operatorJob(const QString &name)
{
    const auto m = operatorPod.match(name);
    return m.hasMatch() ? m.captured(1) : QString();
}

} // namespace

QStringList JobIdentity::find(const ingest::IngestResult &in)
{
    QSet<QString> ids;
    for (const ingest::InputFile &f : in.files) {
        const QString path = f.member.isEmpty() ? f.path : f.member;
        if (const auto m = slurmFile.match(path); m.hasMatch())
            ids.insert(slurmId(m));
        if (const auto m = torchrunFolder.match(f.path); m.hasMatch() && m.captured(1) != u"none"_s)
            ids.insert(u"torchrun:"_s + m.captured(1));
    }
    for (const ingest::Event &e : in.events) {
        if (e.kind != ingest::Event::Kind::Fingerprint)
            continue;
        if (const auto m = slurmText.match(e.text); m.hasMatch())
            ids.insert(slurmId(m));
    }
    // Pods kubectl placed are certainly pods. Without a placement listing, the nodes are pod
    // names only when every one of them is a pod of the same job (kubectl logs --prefix bundles).
    QSet<QString> jobs;
    for (const ingest::NodeAlias &a : in.nodeAliases) {
        if (a.kind == ingest::NodeAlias::Kind::Pod)
            if (const QString job = operatorJob(a.alias); !job.isEmpty())
                jobs.insert(job);
    }
    if (jobs.isEmpty() && !in.job.nodes.isEmpty()) {
        for (const QString &n : in.job.nodes)
            jobs.insert(operatorJob(n));
        if (jobs.size() != 1 || jobs.contains(QString()))
            jobs.clear();
    }
    for (const QString &j : std::as_const(jobs))
        ids.insert(u"k8s:"_s + j);
    QStringList out(ids.cbegin(), ids.cend());
    std::sort(out.begin(), out.end());
    return out;
}

std::pair<qint64, qint64> JobIdentity::eventSpan(const ingest::IngestResult &in)
{
    qint64 first = ingest::NoTime, last = ingest::NoTime;
    for (const ingest::Event &e : in.events) {
        if (e.timeMs == ingest::NoTime || e.timeCoarse)
            continue;
        if (first == ingest::NoTime || e.timeMs < first)
            first = e.timeMs;
        if (last == ingest::NoTime || e.timeMs > last)
            last = e.timeMs;
    }
    return {first, last};
}

} // namespace rankscope::analysis
