// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario.h"

using namespace Qt::StringLiterals;

namespace rankscope::sim {

namespace {

using L = SimConfig::Layout;
using D = SimConfig::NcclDebug;
using K = Scenario::Kind;
using P = Scenario::Phase;

const QList<L> anyLayout = { L::Torchrun, L::Slurm, L::Files, L::K8s, L::Mpi, L::Mixed };
// Layouts that have a Slurm job around the training processes.
const QList<L> slurmLayouts = { L::Slurm, L::Torchrun, L::Files, L::Mixed };

Scenario make(const char16_t *id, const char16_t *entry, K kind, P phase, const char16_t *description,
    QList<L> layouts = anyLayout, int minNodes = 2)
{
    Scenario s;
    s.id = QString::fromUtf16(id);
    s.entry = QString::fromUtf16(entry);
    s.kind = kind;
    s.phase = phase;
    s.description = QString::fromUtf16(description);
    s.layouts = std::move(layouts);
    s.minNodes = minNodes;
    return s;
}

QList<Scenario> buildAll()
{
    QList<Scenario> list;
    list << make(u"nccl-version-conflict", u"nccl-version-conflict", K::NcclVersionConflict, P::Init,
        u"One node loads another NCCL release; init fails with a version mismatch");
    list.last().ncclMin = Version(2, 12, 0);
    list << make(u"cuda-oom", u"cuda-oom", K::CudaOom, P::Training,
        u"One rank runs out of GPU memory; the others hit watchdog timeouts",
        { L::Torchrun, L::Slurm, L::Files, L::K8s, L::Mpi, L::Mixed }, 1);
    list << make(u"host-oom-kill", u"host-oom-kill", K::HostOomKill, P::Training,
        u"The kernel OOM killer kills a worker on one node (exit -9); siblings are SIGTERM'd", anyLayout, 1);
    list << make(u"gpu-xid-fallen-off-bus", u"gpu-xid-fallen-off-bus", K::GpuXidFallenOffBus, P::Training,
        u"A GPU falls off the bus (Xid 79); its rank aborts and the rest time out", anyLayout, 1);
    list << make(u"gpu-ecc-error", u"gpu-ecc-error", K::GpuEccError, P::Training,
        u"An uncorrectable ECC error on one GPU kills its rank", anyLayout, 1);
    list << make(u"ib-completion-error", u"ib-completion-error", K::IbCompletionError, P::Training,
        u"One node's HCA fails with IB retry-exceeded completions; peers see closed connections");
    list.last().ncclMin = Version(2, 12, 0);
    list << make(u"nccl-socket-bootstrap-failure", u"nccl-socket-bootstrap-failure", K::NcclSocketBootstrapFailure,
        P::Init, u"One node has no usable bootstrap interface; NCCL init fails there and the rest lose their peers");
    list << make(u"collective-mismatch", u"collective-mismatch", K::CollectiveMismatch, P::Training,
        u"One rank runs out of data and issues another collective (TORCH_DISTRIBUTED_DEBUG=DETAIL)", anyLayout, 1);
    list << make(u"straggler-hang", u"straggler-hang", K::StragglerHang, P::Training,
        u"One rank stops progressing without any error; only the logical clocks reveal it", anyLayout, 1);
    list << make(u"rendezvous-timeout", u"rendezvous-timeout", K::RendezvousTimeout, P::Startup,
        u"One node never joins the rendezvous; the store host times out waiting for clients");
    list << make(u"store-unreachable", u"store-unreachable", K::StoreUnreachable, P::Startup,
        u"The TCPStore on the master node cannot be reached from the other nodes");
    list << make(u"nccl-duplicate-gpu", u"nccl-duplicate-gpu", K::NcclDuplicateGpu, P::Init,
        u"Two ranks on one node select the same GPU (device mapping error)", anyLayout, 1);
    list.last().ncclMax = Version(2, 29, 99);
    list.last().ncclMin = Version(2, 12, 0);
    list << make(u"nccl-shm-exhausted", u"nccl-shm-exhausted", K::NcclShmExhausted, P::Init,
        u"/dev/shm on one node is too small for NCCL's shared-memory transport", anyLayout, 1);
    list.last().ncclMin = Version(2, 12, 0);
    list << make(u"nvls-multicast-failure", u"nvls-multicast-failure", K::NvlsMulticastFailure, P::Init,
        u"NVLink SHARP multicast memory cannot be bound on one node (Fabric Manager state)", anyLayout, 1);
    list.last().ncclMin = Version(2, 17, 0);
    list.last().minNcclDebug = D::Warn; // without the WARN line older releases only say "Cuda failure 401"
    list << make(u"fp16-loss-scale-collapse", u"fp16-loss-scale-collapse", K::Fp16LossScaleCollapse, P::Training,
        u"DeepSpeed fp16 loss scale reaches its minimum and every rank exits", anyLayout, 1);
    list << make(u"nan-loss", u"nan-loss", K::NanLoss, P::Training,
        u"Anomaly detection finds NaN in one rank's backward pass", anyLayout, 1);
    list << make(u"cuda-illegal-memory-access", u"cuda-illegal-memory-access", K::CudaIllegalMemoryAccess, P::Training,
        u"A kernel on one rank makes an illegal memory access; its watchdog aborts the process", anyLayout, 1);
    list << make(u"slurm-time-limit", u"slurm-time-limit", K::SlurmTimeLimit, P::Training,
        u"Slurm cancels the job at its time limit (external stop)", slurmLayouts, 1);
    list.last().external = true;
    list << make(u"slurm-node-failure", u"slurm-node-failure", K::SlurmNodeFailure, P::Training,
        u"One node dies; Slurm cancels the step due to node failure", slurmLayouts);
    list << make(u"k8s-oomkilled", u"k8s-oomkilled", K::K8sOomKilled, P::Training,
        u"One pod exceeds its memory limit and is OOMKilled", { L::K8s }, 1);
    list << make(u"checkpoint-disk-full", u"checkpoint-disk-full", K::CheckpointDiskFull, P::Training,
        u"A checkpoint write fails with ENOSPC on one node's local disk", anyLayout, 1);
    list << make(u"driver-too-old", u"driver-too-old", K::DriverTooOld, P::Startup,
        u"One node has an NVIDIA driver older than the CUDA runtime in the image");
    list << make(u"nccl-net-plugin-mismatch", u"nccl-net-plugin-mismatch", K::NcclNetPluginMismatch, P::Init,
        u"One node cannot load the NCCL net plugin and falls back to sockets; the first collective hangs");
    list.last().minNcclDebug = D::Info;
    list.last().ncclMin = Version(2, 12, 0);
    list << make(
        u"healthy", u"", K::Healthy, P::End, u"A run that trains for --steps steps and ends normally", anyLayout, 1);
    return list;
}

} // namespace

const QList<Scenario> &Scenario::all()
{
    static const QList<Scenario> list = buildAll();
    return list;
}

const Scenario *Scenario::find(const QString &id)
{
    for (const Scenario &s : all()) {
        if (s.id == id)
            return &s;
    }
    return nullptr;
}

} // namespace rankscope::sim
