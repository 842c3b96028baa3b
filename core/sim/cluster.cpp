// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster.h"

#include "timeformat.h"

#include <cmath>

namespace rankscope::sim {

namespace {

struct TorchRelease
{
    Version torch;
    Version nccl;
    const char *cuda;
    const char *tag;
    int patch;
};

// The NCCL each torch wheel pins, and its default CUDA build.
const TorchRelease torchReleases[] = {
    { { 1, 9 }, { 2, 7, 8 }, "11.1", "cu111", 0 },
    { { 1, 10 }, { 2, 10, 3 }, "11.3", "cu113", 2 },
    { { 1, 11 }, { 2, 10, 3 }, "11.3", "cu113", 0 },
    { { 1, 12 }, { 2, 10, 3 }, "11.6", "cu116", 1 },
    { { 1, 13 }, { 2, 14, 3 }, "11.7", "cu117", 1 },
    { { 2, 0 }, { 2, 14, 3 }, "11.8", "cu118", 1 },
    { { 2, 1 }, { 2, 18, 1 }, "12.1", "cu121", 2 },
    { { 2, 2 }, { 2, 19, 3 }, "12.1", "cu121", 2 },
    { { 2, 3 }, { 2, 20, 5 }, "12.1", "cu121", 1 },
    { { 2, 4 }, { 2, 20, 5 }, "12.4", "cu124", 1 },
    { { 2, 5 }, { 2, 21, 5 }, "12.4", "cu124", 1 },
    { { 2, 6 }, { 2, 21, 5 }, "12.4", "cu124", 0 },
    { { 2, 7 }, { 2, 26, 2 }, "12.6", "cu126", 1 },
    { { 2, 8 }, { 2, 27, 3 }, "12.8", "cu128", 0 },
    { { 2, 9 }, { 2, 27, 5 }, "12.8", "cu128", 0 },
};

struct DriverRelease
{
    const char *cuda;
    const char *driver;
    const char *driverCuda;
    int api;
};

const DriverRelease drivers[] = {
    { "11.1", "460.106.00", "11.2", 11020 },
    { "11.3", "470.182.03", "11.4", 11040 },
    { "11.6", "510.108.03", "11.6", 11060 },
    { "11.7", "515.105.01", "11.7", 11070 },
    { "11.8", "525.147.05", "12.0", 12000 },
    { "12.1", "535.183.01", "12.2", 12020 },
    { "12.4", "550.54.15", "12.4", 12040 },
    { "12.6", "560.35.03", "12.6", 12060 },
    { "12.8", "570.124.06", "12.8", 12080 },
};

const int h100Bus[]
    = { 0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab, 0xba, 0xdb, 0x1b, 0x2c, 0x3c, 0x5f, 0x9c, 0xad, 0xbc, 0xdd };
const int a100Bus[]
    = { 0x07, 0x0f, 0x47, 0x4e, 0x87, 0x90, 0xb7, 0xbd, 0x08, 0x10, 0x48, 0x4f, 0x88, 0x91, 0xb8, 0xbe };

QByteArray padded(int v, int width)
{
    QByteArray s = QByteArray::number(v);
    while (s.size() < width)
        s.prepend('0');
    return s;
}

} // namespace

Cluster::Cluster(const SimConfig &config, const Scenario &scenario)
    : m_config(config)
    , m_scenario(scenario)
    , m_layout(config.layout.value_or(scenario.layouts.value(0, SimConfig::Layout::Torchrun)))
    , m_debug(config.ncclDebug)
    , m_gpus(config.gpusPerNode)
{
    // Simulator::check() tells the user; the evidence of some scenarios is only printed at INFO.
    if (int(m_debug) < int(scenario.minNcclDebug))
        m_debug = scenario.minNcclDebug;
    Prng rng(Prng::mix(config.seed, 0xC1u));
    buildSoftware(rng);
    buildNodes(rng);
    buildTimeline(rng);
}

bool Cluster::hasAgent() const
{
    return m_layout == SimConfig::Layout::Torchrun || m_layout == SimConfig::Layout::K8s
        || m_layout == SimConfig::Layout::Mixed;
}

bool Cluster::hasSlurm() const
{
    if (m_layout == SimConfig::Layout::Slurm || m_layout == SimConfig::Layout::Files
        || m_layout == SimConfig::Layout::Mixed)
        return true;
    return m_layout == SimConfig::Layout::Torchrun
        && (m_scenario.kind == Scenario::Kind::SlurmTimeLimit || m_scenario.kind == Scenario::Kind::SlurmNodeFailure);
}

void Cluster::buildSoftware(Prng &rng)
{
    torch = m_config.torchVersion.value_or(Version(2, 5));
    const TorchRelease *rel = &torchReleases[std::size(torchReleases) - 1];
    for (const TorchRelease &r : torchReleases) {
        if (r.torch.x() == torch.x() && r.torch.y() == torch.y())
            rel = &r;
    }
    baseNccl = m_config.ncclVersion.value_or(rel->nccl);
    cuda = rel->cuda;
    cudaTag = rel->tag;
    torchFull = torch.shortBytes() + '.' + QByteArray::number(rel->patch) + '+' + cudaTag;

    if (torch < Version(2, 4))
        pythonVersion = "3.10.12";
    else if (torch < Version(2, 7))
        pythonVersion = rng.chance(0.5) ? "3.10.12" : "3.11.9";
    else
        pythonVersion = rng.chance(0.5) ? "3.11.11" : "3.12.3";
    pythonCarets = !pythonVersion.startsWith("3.10");

    hopper = cuda >= "11.8" && rng.chance(0.65);
    if (m_scenario.kind == Scenario::Kind::NvlsMulticastFailure)
        hopper = true;
    gpuModel = hopper ? "NVIDIA H100 80GB HBM3" : "NVIDIA A100-SXM4-80GB";
    gpuMemMiB = hopper ? 81559 : 81920;
    nvlinkCount = hopper ? 18 : 12;
    for (int i = 0; i < m_gpus; ++i)
        busIds << (hopper ? h100Bus[i] : a100Bus[i]);

    if (m_scenario.kind == Scenario::Kind::NcclNetPluginMismatch)
        pluginName = "AWS Libfabric";
    else
        for (int i = 0; i < qMin(m_gpus, 8); ++i)
            hcas << "mlx5_" + QByteArray::number(i);

    static const char *const jobs[]
        = { "llama3-pretrain", "gpt-neox-20b", "mixtral-sft", "vit-h14-clip", "bert-large-mlm", "t5-xl-span" };
    jobName = rng.pick(jobs);
    slurmJobId = int(rng.range(180000, 9899999));
    runId = rng.chance(0.5) ? QByteArray("none") : QByteArray::number(slurmJobId);
    static const char *const domains[] = { "cluster.local", "hpc.example.org", "ec2.internal", "lab.example.net" };
    domain = rng.pick(domains);
    static const char *const scripts[] = { "/workspace/train.py", "/home/mlops/proj/pretrain.py",
        "/opt/app/run_pretraining.py", "/workspace/src/finetune.py" };
    scriptPath = rng.pick(scripts);
    scriptName = scriptPath.mid(scriptPath.lastIndexOf('/') + 1);
    const QByteArray pyShort = pythonVersion.left(pythonVersion.lastIndexOf('.'));
    switch (rng.below(3)) {
    case 0:
        sitePackages = "/usr/local/lib/python" + pyShort + "/dist-packages";
        pythonBin = "/usr/bin/python3";
        break;
    case 1:
        sitePackages = "/opt/conda/lib/python" + pyShort + "/site-packages";
        pythonBin = "/opt/conda/bin/python3";
        break;
    default:
        sitePackages = "/home/mlops/.venv/lib/python" + pyShort + "/site-packages";
        pythonBin = "/home/mlops/.venv/bin/python";
        break;
    }
    torchSrcPrefix = torch >= Version(2, 5) ? QByteArray("/pytorch/torch/csrc") : QByteArray("../torch/csrc");
    static const char *const ckpts[] = { "/scratch/ckpt", "/local_nvme/checkpoints", "/mnt/localdisk/ckpt" };
    ckptDir = rng.pick(ckpts) + QByteArray("/") + jobName;
    masterPort = rng.chance(0.7) ? 29500 : int(rng.range(20000, 40000));
    timeoutMs = torch >= Version(2, 2) ? 600000 : 1800000;
    ncclChannels = hopper ? int(16 + 8 * rng.below(3)) : int(8 + 8 * rng.below(2));
    seqPerStep = int(rng.range(1, 4));
    initCollectives = 1;
    gradNumel = qint64(rng.range(20, 220)) * 1000000 / seqPerStep;
    recordErrors = rng.chance(0.6);
    trainStyle = m_scenario.kind == Scenario::Kind::Fp16LossScaleCollapse ? 2 : int(rng.below(4));
    colorTraining = trainStyle == 3;
    hostStyle = pluginName.isEmpty() ? int(rng.below(4)) : 3;
}

void Cluster::buildNodes(Prng &rng)
{
    const int n = m_config.nodes;
    m_nodes.resize(n);
    const int ipA = int(rng.range(1, 250));
    const int ipB = int(rng.range(0, 120));
    const int firstIndex = int(rng.range(1, 40));
    static const char *const ifaces[] = { "eth0", "ens1f0np0", "bond0", "enp86s0f0" };
    const QByteArray iface = pluginName.isEmpty() ? QByteArray(rng.pick(ifaces)) : QByteArray("ens32");
    static const char *const pools[] = { "gke-train-h100-pool", "aks-gpunp-vmss", "gpu-worker" };
    const QByteArray pool = rng.pick(pools);
    // One draw per statement: the operands of '+' (and a call's arguments) are evaluated in an
    // unspecified order, and gcc and clang differ, so two draws in one expression made the
    // bundle depend on the compiler. The order below is gcc's, which wrote the golden bundles.
    const quint64 digestRight = rng.next();
    const quint64 digestLeft = rng.next();
    const QByteArray imageDigest = QByteArray::number(digestLeft, 16).rightJustified(16, '0')
        + QByteArray::number(digestRight, 16).rightJustified(16, '0');
    const int width = qMax(2, int(QByteArray::number(firstIndex + n).size()));
    for (int i = 0; i < n; ++i) {
        NodeInfo &node = m_nodes[i];
        node.index = i;
        node.ip = QByteArray::number(10) + '.' + QByteArray::number(ipA) + '.' + QByteArray::number(ipB + i / 250) + '.'
            + QByteArray::number(2 + i % 250);
        switch (hostStyle) {
        case 0:
            node.machine = "gpu-" + padded(firstIndex + i, qMax(3, width));
            break;
        case 1:
            node.machine = "node" + padded(firstIndex + i, width);
            break;
        case 2:
            node.machine = (hopper ? "dgx-h100-" : "dgx-a100-") + padded(firstIndex + i, width);
            break;
        default:
            node.machine = "ip-" + QByteArray(node.ip).replace('.', '-');
            break;
        }
        if (m_layout == SimConfig::Layout::K8s) {
            node.host = jobName + (i == 0 ? QByteArray("-master-0") : "-worker-" + QByteArray::number(i - 1));
            node.machine = pool + '-' + QByteArray::number(rng.next() & 0xfffff, 16).rightJustified(5, '0');
        } else {
            node.host = node.machine;
        }
        node.fqdn = node.host + '.' + domain;
        node.iface = iface;
        node.skewUs = m_config.clockSkewSeconds > 0
            ? qint64(std::llround((rng.unit() * 2.0 - 1.0) * m_config.clockSkewSeconds * 1e6))
            : 0;
        node.agentPid = int(rng.range(1200, 3900000));
        node.firstRank = i * m_gpus;
        node.bootstrapPort = int(rng.range(32768, 60999));
        node.nccl = baseNccl;
        node.ncclCuda = cuda;
        for (const DriverRelease &d : drivers) {
            if (cuda == d.cuda) {
                node.driver = d.driver;
                node.driverCuda = d.driverCuda;
                node.driverApi = d.api;
            }
        }
        node.torch = torchFull;
        node.python = pythonVersion;
        node.usesPlugin = !pluginName.isEmpty();
        node.transport = node.usesPlugin ? pluginName : QByteArray("IB");
        node.netPlugin = node.usesPlugin ? pluginName : QByteArray("none");
        node.image = "registry.example.com/ml/" + jobName + "@sha256:" + imageDigest + imageDigest;
        node.ldLibraryPath = "/usr/local/nvidia/lib:/usr/local/nvidia/lib64:/usr/local/cuda/lib64";
    }
    m_ranks.resize(qsizetype(n) * m_gpus);
    for (int i = 0; i < n; ++i) {
        const int base = m_nodes[i].agentPid + int(rng.range(9, 60));
        for (int l = 0; l < m_gpus; ++l) {
            RankInfo &r = m_ranks[qsizetype(i) * m_gpus + l];
            r.rank = i * m_gpus + l;
            r.node = i;
            r.local = l;
            r.pid = base + l;
            r.device = l;
            r.comm = 0x550000000000ULL + ((rng.next() & 0xfffffffffULL) << 4);
        }
    }
}

void Cluster::buildTimeline(Prng &rng)
{
    const int year = rng.chance(0.5) ? 2024 : 2025;
    const int month = int(rng.range(1, 12));
    const int day = int(rng.range(1, 28));
    // Sequenced draws (see the image digest above): gcc evaluates call arguments right to left.
    const int second = int(rng.range(0, 59));
    const int minute = int(rng.range(0, 59));
    const int hour = int(rng.range(0, 23));
    t0 = TimeFormat::fromCivil(year, month, day, hour, minute, second);
    t0 += rng.range(0, 999999);
    m_workerStart.resize(m_nodes.size());
    qint64 latest = 0;
    for (qsizetype i = 0; i < m_nodes.size(); ++i) {
        m_workerStart[i] = t0 + rng.range(3500000, 9000000);
        latest = qMax(latest, m_workerStart[i]);
        m_nodes[i].bootUs = t0 - rng.range(2LL * 86400 * 1000000, 40LL * 86400 * 1000000);
    }
    m_initUs = latest + rng.range(12000000, 45000000);
    m_initDurUs = rng.range(800000, 3500000) + qint64(std::log2(double(m_nodes.size()) + 1.0) * 400000.0);
    m_stepUs = rng.range(600000, 4500000);
}

qint64 Cluster::workerStartUs(int node) const
{
    return m_workerStart.at(node);
}

qint64 Cluster::stepEndUs(int step) const
{
    // Jitter from a hash of (seed, step): any step's time is known without storing them all.
    const qint64 jitter = qint64(Prng::mix(m_config.seed, quint64(step) * 7919u) % 60001u) - 30000;
    return initDoneUs() + 2000000 + qint64(step) * m_stepUs + jitter * m_stepUs / 1000000;
}

} // namespace rankscope::sim
