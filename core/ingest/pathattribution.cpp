// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pathattribution.h"

#include "anchormatcher.h"
#include "bytesearch.h"
#include "ingestresult.h"

#include <QRegularExpression>
#include <QSet>

#include <limits>
#include <map>

using namespace Qt::StringLiterals;

namespace rankscope::ingest {

bool PathAttribution::isLayoutFolder(const QString &name)
{
    static const QRegularExpression layout(
        uR"(^(?:\d+|attempt_\d+|logs?|outputs?|nccl|nccl[-_]logs?|dmesg|kernel|journal|slurm|inventor(?:y|ies)|ranks?|stdout|stderr|torchelastic_.*|.*_[a-z0-9]{6,}|none_.*|run[-_].*|job[-_]\d+|tmp|var|\.)$)"_s,
        QRegularExpression::CaseInsensitiveOption);
    return layout.match(name).hasMatch();
}

PathAttribution PathAttribution::parse(const QString &relativePath)
{
    PathAttribution r;
    QString path = relativePath;
    // Archive members: attribute by the path inside the innermost archive, but keep folders of
    // the outer levels as node candidates.
    path.replace(u"!/"_s, u"/"_s);
    const QStringList parts = path.split(u'/', Qt::SkipEmptyParts);
    if (parts.isEmpty())
        return r;
    const QString file = parts.last();

    static const QRegularExpression ncclFile(uR"(^nccl[._-]([A-Za-z0-9][A-Za-z0-9-]*)[._-](\d+)(?:\.(?:log|txt|out))?$)"_s);
    static const QRegularExpression torchrunFile(uR"(^(?:stdout|stderr)\.log$|^error\.json$)"_s);
    static const QRegularExpression attempt(uR"(^attempt_\d+$)"_s);
    static const QRegularExpression rankName(uR"((?:^|[^a-z])rank[-_.]?(\d+)(?:\D|$))"_s, QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression pod(uR"(^([a-z0-9][a-z0-9.-]*-(?:worker|master|launcher)-\d+)(?:[._].*)?$)"_s);
    static const QRegularExpression workerName(uR"(^worker[-_](\d+)(?:\.\w+)?$)"_s);

    if (const auto m = ncclFile.match(file); m.hasMatch()) {
        r.ncclHost = m.captured(1);
        r.ncclPid = m.captured(2).toLongLong();
        r.node = r.ncclHost;
    }
    if (torchrunFile.match(file).hasMatch() && parts.size() >= 3 && attempt.match(parts.at(parts.size() - 3)).hasMatch()) {
        bool ok = false;
        const int lr = parts.at(parts.size() - 2).toInt(&ok);
        if (ok)
            r.localRank = lr;
    }
    if (const auto m = rankName.match(file); m.hasMatch())
        r.globalRank = m.captured(1).toInt();
    // Open MPI --output-filename DIR: DIR/1/rank.N/stdout (and stderr), N the world rank.
    static const QRegularExpression mpiRankFolder(uR"(^rank\.(\d+)$)"_s);
    if (r.globalRank < 0 && parts.size() >= 2)
        if (const auto m = mpiRankFolder.match(parts.at(parts.size() - 2)); m.hasMatch())
            r.globalRank = m.captured(1).toInt();

    // The nearest folder (or pod-named file) that names a host.
    for (qsizetype i = parts.size() - 1; i >= 0 && r.node.isEmpty(); --i) {
        QString name = parts.at(i);
        const bool isFile = i == parts.size() - 1;
        if (const auto m = pod.match(name); m.hasMatch()) {
            r.node = m.captured(1);
            break;
        }
        if (isFile)
            continue;
        if (workerName.match(name).hasMatch() || rankName.match(name).hasMatch() || isLayoutFolder(name))
            continue;
        // A host: letters and digits, usually with a digit or a dash (gpu-a01, node3, ip-10-0-0-1).
        static const QRegularExpression host(uR"(^[A-Za-z][A-Za-z0-9.-]*$)"_s);
        if (host.match(name).hasMatch() && (name.contains(u'-') || std::any_of(name.cbegin(), name.cend(), [](QChar c) { return c.isDigit(); })))
            r.node = name;
    }
    return r;
}

QList<int> PathAttribution::taskIdsFromNames(const QStringList &relativePaths)
{
    QList<int> ids(relativePaths.size(), -1);
    struct Named
    {
        qsizetype index;
        QList<qint64> numbers;
    };
    std::map<QString, QList<Named>> groups; // folder + name with its numbers as '#'
    static const QRegularExpression digits(uR"(\d+)"_s);
    for (qsizetype i = 0; i < relativePaths.size(); ++i) {
        const QString &path = relativePaths.at(i);
        const qsizetype slash = path.lastIndexOf(u'/');
        const QString folder = path.left(slash + 1);
        const QString name = path.mid(slash + 1);
        QString shape;
        Named named{i, {}};
        qsizetype last = 0;
        for (auto it = digits.globalMatch(name); it.hasNext();) {
            const auto m = it.next();
            shape += QStringView(name).mid(last, m.capturedStart() - last) + u'#';
            named.numbers.append(m.capturedView().size() > 9 ? -1 : m.capturedView().toLongLong());
            last = m.capturedEnd();
        }
        if (named.numbers.isEmpty())
            continue;
        shape += QStringView(name).mid(last);
        groups[folder + shape].append(named);
    }
    for (const auto &[shape, files] : groups) {
        if (files.size() < 2)
            continue;
        const qsizetype fields = files.first().numbers.size();
        int varying = -1;
        bool oneField = true;
        for (qsizetype k = 0; k < fields && oneField; ++k) {
            for (const Named &n : files) {
                if (n.numbers.at(k) != files.first().numbers.at(k)) {
                    oneField = varying < 0;
                    varying = int(k);
                    break;
                }
            }
        }
        if (!oneField || varying < 0)
            continue;
        QSet<qint64> values;
        qint64 low = std::numeric_limits<qint64>::max(), high = -1;
        for (const Named &n : files) {
            const qint64 v = n.numbers.at(varying);
            values.insert(v);
            low = std::min(low, v);
            high = std::max(high, v);
        }
        // Task ids start at 0 and a bundle rarely lacks many of them; rotated logs (.1, .2),
        // node numbers (gpu-07) and dates do not.
        if (low != 0 || values.size() != files.size() || high >= 2 * files.size() || high > 1'000'000)
            continue;
        for (const Named &n : files)
            ids[n.index] = int(n.numbers.at(varying));
    }
    return ids;
}

bool FileKindDetector::looksBinary(QByteArrayView head)
{
    // logrotate's copytruncate leaves a run of NUL bytes where a live log was truncated while
    // its writer kept the offset: at the head, or anywhere when it happened more than once. Long
    // runs are such holes, not content; binary formats have NULs scattered in short runs
    // between their control bytes.
    constexpr qsizetype HoleRun = 64;
    constexpr qsizetype Looked = 8192;
    qsizetype looked = 0, nul = 0, control = 0;
    for (qsizetype i = 0; i < head.size() && looked < Looked;) {
        const unsigned char c = static_cast<unsigned char>(head.at(i));
        if (c == 0) {
            qsizetype run = 1;
            while (i + run < head.size() && head.at(i + run) == '\0')
                ++run;
            i += run;
            if (run >= HoleRun)
                continue;
            nul += run;
            looked += run;
            continue;
        }
        if (c < 0x09 || (c > 0x0d && c < 0x20 && c != 0x1b))
            ++control;
        ++looked;
        ++i;
    }
    if (looked == 0)
        return false;
    // A log has at most a stray NUL.
    return nul * 100 > looked || (nul + control) * 10 > looked;
}

quint32 FileKindDetector::detect(const QString &relativePath, QByteArrayView head)
{
    const QString name = relativePath.section(u'/', -1).section(u"!/"_s, -1).toLower();
    quint32 kinds = KindUnknown;
    // One pass over the head answers every probe below: searching a 64 KiB head once per probe
    // (27 probes) cost 8 % of the ingest of a bundle of 1 MB rank logs. A probe missing from this
    // list is still answered, by its own search.
    static const QList<QByteArray> probes = {
        "\"message\"", "py_callstack", "\"timestamp\"", " NCCL INFO ", " NCCL WARN ", "NVRM:", "kernel: ", "srun: ", "slurmstepd: ",
        "Collecting environment information", "PyTorch version:", "NVIDIA-SMI ", "==============NVSMI LOG", "rankscope.inventory/",
        "\nCA '", "hca_id:", "\nii  ", "torch.distributed", "torchrun", "Sending process", "ChildFailedError", "Starting worker group",
        "Rendezvous complete", "[rank", "Traceback (most recent call last)", "ProcessGroupNCCL", "loss",
        "NOMINATED NODE", "Successfully assigned ", "\nNamespace:", "\nNode:",
    };
    static const AnchorMatcher probeMatcher(probes);
    QList<int> found;
    probeMatcher.match(head, found);
    auto has = [&](const char *s) {
        const qsizetype i = probes.indexOf(QByteArrayView(s));
        return i >= 0 ? found.contains(int(i)) : containsBytes(head, s);
    };

    if (name == u"error.json"_s || (head.startsWith("{") && has("\"message\"") && (has("py_callstack") || has("\"timestamp\""))))
        kinds |= KindErrorJson;
    if (has(" NCCL INFO ") || has(" NCCL WARN ") || name.startsWith(u"nccl"_s))
        kinds |= KindNcclDebug;
    if (has("NVRM:") || has("kernel: ") || name.contains(u"dmesg"_s) || name.contains(u"journal"_s) || name.contains(u"kern"_s)
        || (head.startsWith("[") && head.size() > 14 && head.at(13) == ']' && head.at(6) == '.'))
        kinds |= KindKernelLog;
    if (has("srun: ") || has("slurmstepd: ") || name.startsWith(u"slurm-"_s))
        kinds |= KindSchedulerLog;
    if (has("Collecting environment information") || has("PyTorch version:") || has("NVIDIA-SMI ")
        || has("==============NVSMI LOG") || has("rankscope.inventory/") || has("\nCA '") || head.startsWith("CA '")
        || has("hca_id:") || has("\nii  ") || name.contains(u"inventory"_s) || name.contains(u"collect_env"_s)
        || name.contains(u"nvidia-smi"_s) || name.contains(u"pip-freeze"_s) || name.contains(u"pip_freeze"_s)
        || name == u"env.txt"_s || name.contains(u"printenv"_s) || name.contains(u"ibstat"_s)
        || name.contains(u"docker-inspect"_s))
        kinds |= KindInventory;
    // kubectl's view of where each pod ran: the only link between a pod's name (its NCCL host)
    // and the machine whose kernel log reports the fault.
    if (has("NOMINATED NODE") || has("Successfully assigned ") || (has("\nNamespace:") && has("\nNode:"))
        || name.contains(u"get-pods"_s) || name.contains(u"describe"_s))
        kinds |= KindPlacement;
    if (has("torch.distributed") || has("torchrun") || has("Sending process") || has("ChildFailedError")
        || has("Starting worker group") || has("Rendezvous complete"))
        kinds |= KindLauncherLog;
    if (has("[rank") || has("Traceback (most recent call last)") || has("ProcessGroupNCCL") || has("loss"))
        kinds |= KindRankLog;
    return kinds;
}

QString identitySourceName(IdentitySource s)
{
    switch (s) {
    case IdentitySource::None: return u"none"_s;
    case IdentitySource::ByHand: return u"set by hand"_s;
    case IdentitySource::LinePrefix: return u"line prefix"_s;
    case IdentitySource::NcclProcess: return u"NCCL init line of the process"_s;
    case IdentitySource::WorkerTable: return u"the launcher's rank table"_s;
    case IdentitySource::Message: return u"rank in the message"_s;
    case IdentitySource::File: return u"the file"_s;
    case IdentitySource::RankNode: return u"where the rank runs"_s;
    case IdentitySource::SlurmTask: return u"Slurm task placement"_s;
    case IdentitySource::PodPlacement: return u"kubectl pod placement"_s;
    case IdentitySource::Address: return u"NCCL bootstrap address"_s;
    case IdentitySource::OnlyNode: return u"the only node of the bundle"_s;
    }
    return {};
}

QString fileKindNames(quint32 kinds)
{
    static const QList<QPair<quint32, QString>> names = {
        {KindRankLog, u"rank-log"_s},       {KindLauncherLog, u"launcher-log"_s}, {KindNcclDebug, u"nccl-debug"_s},
        {KindErrorJson, u"error-json"_s},   {KindKernelLog, u"kernel-log"_s},     {KindSchedulerLog, u"scheduler-log"_s},
        {KindInventory, u"inventory"_s},    {KindBinary, u"binary"_s},
        {KindPlacement, u"placement"_s},
    };
    QStringList out;
    for (const auto &[bit, name] : names) {
        if (kinds & bit)
            out.append(name);
    }
    return out.isEmpty() ? u"text"_s : out.join(u'+');
}

} // namespace rankscope::ingest
