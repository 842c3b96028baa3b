// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "inventorywriter.h"

#include "timeformat.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::sim {

namespace {

QByteArray pad(const QByteArray &s, int width, bool right = false)
{
    if (s.size() >= width)
        return s;
    const QByteArray fill(width - s.size(), ' ');
    return right ? QByteArray(fill + s) : QByteArray(s + fill);
}

QByteArray ncclWheel(const Version &torch)
{
    if (torch >= Version(2, 9))
        return "2.27.5";
    if (torch >= Version(2, 8))
        return "2.27.3";
    if (torch >= Version(2, 7))
        return "2.26.2";
    if (torch >= Version(2, 5))
        return "2.21.5";
    if (torch >= Version(2, 3))
        return "2.20.5";
    if (torch >= Version(2, 2))
        return "2.19.3";
    if (torch >= Version(2, 1))
        return "2.18.1";
    return "2.14.3";
}

} // namespace

InventoryWriter::InventoryWriter(const Cluster &cluster, BundleWriter &writer)
    : m_cluster(cluster)
    , m_writer(writer)
{ }

QByteArray InventoryWriter::collectEnv(int node) const
{
    const Cluster &c = m_cluster;
    const NodeInfo &n = c.node(node);
    const bool cudaOk = n.driverApi >= 12000 || !c.cuda.startsWith("12");
    QByteArray o = "Collecting environment information...\n";
    o += "PyTorch version: " + n.torch + "\nIs debug build: False\nCUDA used to build PyTorch: " + c.cuda
        + "\nROCM used to build PyTorch: N/A\n\n";
    o += "OS: Ubuntu 22.04.4 LTS (x86_64)\nGCC version: (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0\nClang version: Could "
         "not collect\n"
         "CMake version: version 3.22.1\nLibc version: glibc-2.35\n\n";
    o += "Python version: " + n.python + " (main, Nov 20 2023, 15:14:05) [GCC 11.4.0] (64-bit runtime)\n";
    o += "Python platform: Linux-5.15.0-105-generic-x86_64-with-glibc2.35\n";
    o += QByteArray("Is CUDA available: ") + (cudaOk ? "True" : "False") + '\n';
    o += "CUDA runtime version: " + c.cuda + ".131\nCUDA_MODULE_LOADING set to: LAZY\nGPU models and configuration: \n";
    for (int g = 0; g < c.gpusPerNode(); ++g)
        o += "GPU " + QByteArray::number(g) + ": " + c.gpuModel + '\n';
    o += "\nNvidia driver version: " + n.driver + '\n';
    o += "cuDNN version: Probably one of the following:\n/usr/lib/x86_64-linux-gnu/libcudnn.so.9.1.0\n";
    o += "HIP runtime version: N/A\nMIOpen runtime version: N/A\nIs XNNPACK available: True\n\n";
    o += "CPU:\nArchitecture:                         x86_64\nCPU op-mode(s):                       32-bit, 64-bit\n"
         "Address sizes:                        52 bits physical, 57 bits virtual\nByte Order:                         "
         "  Little Endian\n"
         "CPU(s):                               224\nOn-line CPU(s) list:                  0-223\n"
         "Vendor ID:                            GenuineIntel\nModel name:                           Intel(R) Xeon(R) "
         "Platinum 8480C\n"
         "Thread(s) per core:                   2\nCore(s) per socket:                   56\nSocket(s):                "
         "            2\n"
         "NUMA node(s):                         2\n\n";
    o += "Versions of relevant libraries:\n[pip3] numpy==1.26.4\n";
    if (c.torch >= Version(2, 6))
        o += "[pip3] nvidia-nccl-cu12==" + ncclWheel(c.torch) + '\n';
    o += "[pip3] torch==" + n.torch + "\n[pip3] triton==3.1.0\n[conda] Could not collect\n";
    return o;
}

QByteArray InventoryWriter::nvidiaSmi(int node) const
{
    const Cluster &c = m_cluster;
    const NodeInfo &n = c.node(node);
    QByteArray o;
    const int major = n.driver.left(n.driver.indexOf('.')).toInt();
    // The ctime line: when the engineer ran it, a while after the incident.
    const TimeFormat::Civil cv = TimeFormat::civil(m_cluster.local(node, m_cluster.t0 + 86400LL * 1000000 / 2));
    static const char *const days[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
    static const char *const months[]
        = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
    auto two = [](int v) { return QByteArray::number(v).rightJustified(2, '0'); };
    o += QByteArray(days[cv.weekday]) + ' ' + months[cv.month - 1] + ' '
        + QByteArray::number(cv.day).rightJustified(2, ' ') + ' ' + two(cv.hour) + ':' + two(cv.minute) + ':'
        + two(cv.second) + ' ' + QByteArray::number(cv.year) + "       \n";
    const bool wide = major >= 545;
    const QByteArray smiName
        = c.hopper ? "NVIDIA H100 80GB HBM3" : (wide ? "NVIDIA A100-SXM4-80GB" : "NVIDIA A100-SXM...");
    const QByteArray mem = QByteArray::number(c.gpuMemMiB) + "MiB";
    if (wide) {
        const QByteArray dash
            = "+-----------------------------------------------------------------------------------------+\n";
        o += dash;
        o += "| " + pad("NVIDIA-SMI " + n.driver, 34) + pad("Driver Version: " + n.driver, 31)
            + pad("CUDA Version: " + n.driverCuda, 22) + "|\n";
        o += "|-----------------------------------------+------------------------+----------------------+\n";
        o += "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |\n";
        o += "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |\n";
        o += "|                                         |                        |               MIG M. |\n";
        o += "|=========================================+========================+======================|\n";
        for (int g = 0; g < c.gpusPerNode(); ++g) {
            const QByteArray bus
                = "00000000:" + QByteArray::number(c.busIds.value(g), 16).toUpper().rightJustified(2, '0') + ":00.0";
            o += "| " + pad(QByteArray::number(g), 3, true) + "  " + pad(smiName, 30) + "On  |   " + bus + " Off |"
                + pad("0", 21, true) + " |\n";
            o += "| N/A   " + QByteArray::number(27 + g % 5) + "C    P0"
                + pad(QByteArray::number(68 + g * 3) + "W /  " + (c.hopper ? "700W" : "400W"), 26, true) + " |"
                + pad("4MiB /  " + mem, 23, true) + " |      0%      Default |\n";
            o += "|                                         |                        |             Disabled |\n";
            o += "+-----------------------------------------+------------------------+----------------------+\n";
        }
        o += "                                                                                         \n";
        o += dash;
        o += "| Processes:                                                                              |\n";
        o += "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |\n";
        o += "|        ID   ID                                                               Usage      |\n";
        o += "|=========================================================================================|\n";
        o += "|  No running processes found                                                             |\n";
        o += dash;
    } else {
        const QByteArray dash = "+-----------------------------------------------------------------------------+\n";
        o += dash;
        o += "| " + pad("NVIDIA-SMI " + n.driver, 24) + pad("Driver Version: " + n.driver, 29)
            + pad("CUDA Version: " + n.driverCuda, 23) + "|\n";
        o += "|-------------------------------+----------------------+----------------------+\n";
        o += "| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |\n";
        o += "| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |\n";
        o += "|                               |                      |               MIG M. |\n";
        o += "|===============================+======================+======================|\n";
        for (int g = 0; g < c.gpusPerNode(); ++g) {
            const QByteArray bus
                = "00000000:" + QByteArray::number(c.busIds.value(g), 16).toUpper().rightJustified(2, '0') + ":00.0";
            o += "| " + pad(QByteArray::number(g), 3, true) + "  " + pad(smiName.left(18), 19) + "On   | " + bus
                + " Off |" + pad("0", 21, true) + " |\n";
            o += "| N/A   " + QByteArray::number(30 + g % 5) + "C    P0"
                + pad(QByteArray::number(61 + g * 2) + "W / " + (c.hopper ? "700W" : "400W"), 14, true) + " |"
                + pad("0MiB / " + mem, 21, true) + " |      0%      Default |\n";
            o += "|                               |                      |             Disabled |\n";
            o += "+-------------------------------+----------------------+----------------------+\n";
        }
        o += "                                                                               \n";
        o += dash;
        o += "| Processes:                                                                  |\n";
        o += "|  GPU   GI   CI        PID   Type   Process name                  GPU Memory |\n";
        o += "|        ID   ID                                                   Usage      |\n";
        o += "|=============================================================================|\n";
        o += "|  No running processes found                                                 |\n";
        o += dash;
    }
    return o;
}

QByteArray InventoryWriter::pipFreeze(int node) const
{
    const Cluster &c = m_cluster;
    const NodeInfo &n = c.node(node);
    QList<QByteArray> pkgs = { "accelerate==0.34.2", "datasets==3.0.1", "numpy==1.26.4", "nvidia-cublas-cu12==12.4.5.8",
        "nvidia-cuda-runtime-cu12==12.4.127", "nvidia-cudnn-cu12==9.1.0.70", "nvidia-nccl-cu12==" + ncclWheel(c.torch),
        "safetensors==0.4.5", "torch==" + n.torch, "transformers==4.46.3", "triton==3.1.0" };
    if (c.scenario().kind == Scenario::Kind::Fp16LossScaleCollapse)
        pkgs << "deepspeed==0.15.4";
    std::sort(pkgs.begin(), pkgs.end());
    return pkgs.join('\n') + '\n';
}

QList<std::pair<QByteArray, QByteArray>> InventoryWriter::environment(int node) const
{
    const Cluster &c = m_cluster;
    const NodeInfo &n = c.node(node);
    QList<std::pair<QByteArray, QByteArray>> env;
    auto add = [&env](const QByteArray &k, const QByteArray &v) { env.append(std::make_pair(k, v)); };
    add("CUDA_VERSION", c.cuda + ".1");
    add("HOSTNAME", n.host);
    add("LD_LIBRARY_PATH", n.ldLibraryPath);
    add("MASTER_ADDR", c.node(0).host);
    add("MASTER_PORT", QByteArray::number(c.masterPort));
    const SimConfig::NcclDebug d = c.ncclDebug();
    if (d != SimConfig::NcclDebug::Off)
        add("NCCL_DEBUG", d == SimConfig::NcclDebug::Warn ? QByteArray("WARN") : QByteArray("INFO"));
    if (d == SimConfig::NcclDebug::InfoAll)
        add("NCCL_DEBUG_SUBSYS", "ALL");
    if (c.layout() == SimConfig::Layout::Files || c.layout() == SimConfig::Layout::Mixed)
        add("NCCL_DEBUG_FILE", "logs/nccl.%h.%p");
    if (!c.hcas.isEmpty()) {
        add("NCCL_IB_HCA", c.hcas.join(','));
        add("NCCL_IB_TIMEOUT", "22");
    } else {
        add("FI_EFA_USE_DEVICE_RDMA", "1");
        add("FI_PROVIDER", "efa");
    }
    add("NCCL_SOCKET_IFNAME", n.iface);
    add("NVIDIA_VISIBLE_DEVICES", "all");
    add("OMP_NUM_THREADS", "1");
    add("PATH",
        "/usr/local/nvidia/bin:/usr/local/cuda/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");
    add("PYTHONUNBUFFERED", "1");
    if (c.hasSlurm()) {
        add("SLURM_JOB_ID", QByteArray::number(c.slurmJobId));
        add("SLURM_JOB_NUM_NODES", QByteArray::number(c.nodeCount()));
        add("SLURM_NODEID", QByteArray::number(node));
    }
    if (c.scenario().kind == Scenario::Kind::CollectiveMismatch)
        add("TORCH_DISTRIBUTED_DEBUG", "DETAIL");
    add("TORCH_NCCL_ASYNC_ERROR_HANDLING", "1");
    std::sort(env.begin(), env.end());
    return env;
}

QByteArray InventoryWriter::inventoryJson(int node) const
{
    const Cluster &c = m_cluster;
    const NodeInfo &n = c.node(node);
    QJsonObject comps;
    comps.insert(u"nccl"_s, QString::fromLatin1(n.nccl.toBytes()));
    comps.insert(u"cuda"_s, QString::fromLatin1(c.cuda));
    comps.insert(u"driver"_s, QString::fromLatin1(n.driver));
    comps.insert(u"torch"_s, QString::fromLatin1(n.torch));
    comps.insert(u"python"_s, QString::fromLatin1(n.python));
    comps.insert(u"transport"_s, QString::fromLatin1(n.transport));
    comps.insert(u"net_plugin"_s, QString::fromLatin1(n.netPlugin));
    comps.insert(
        u"hca"_s, QString::fromLatin1(c.hcas.isEmpty() ? QByteArray("efa0,efa1,efa2,efa3") : c.hcas.join(',')));
    comps.insert(u"gpu"_s, QString::fromLatin1(c.gpuModel));
    comps.insert(u"image"_s, QString::fromLatin1(n.image));
    QJsonObject env;
    for (const auto &[k, v] : environment(node)) {
        if (k.startsWith("NCCL_") || k.startsWith("TORCH_") || k.startsWith("CUDA_") || k == "LD_LIBRARY_PATH"
            || k.startsWith("FI_"))
            env.insert(QString::fromLatin1(k), QString::fromLatin1(v));
    }
    QJsonObject root;
    root.insert(u"schema"_s, u"rankscope.inventory/1"_s);
    root.insert(u"node"_s, QString::fromLatin1(n.host));
    root.insert(u"components"_s, comps);
    root.insert(u"env"_s, env);
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool InventoryWriter::write(int node, bool crlfEnv)
{
    const QString dir = u"inventory/"_s + QString::fromLatin1(m_cluster.node(node).host) + u'/';
    QByteArray env;
    for (const auto &[k, v] : environment(node))
        env += k + '=' + v + (crlfEnv ? "\r\n" : "\n");
    return m_writer.writeWhole(dir + u"collect_env.txt"_s, collectEnv(node))
        && m_writer.writeWhole(dir + u"nvidia-smi.txt"_s, nvidiaSmi(node))
        && m_writer.writeWhole(dir + u"pip-freeze.txt"_s, pipFreeze(node))
        && m_writer.writeWhole(dir + u"env.txt"_s, env)
        && m_writer.writeWhole(dir + u"rankscope-inventory.json"_s, inventoryJson(node));
}

} // namespace rankscope::sim
