// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "inventoryparser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace rankscope::analysis {

namespace {

struct Ctx
{
    const ingest::InputFile &file;
    FileId id;
    InventoryParser::Result &out;

    void fact(const QString &component, const QString &value, const QString &kind, qint64 line, const QString &text)
    {
        if (value.trimmed().isEmpty())
            return;
        Fact f;
        f.component = component;
        f.value = InventoryParser::normaliseVersion(component, value.trimmed());
        f.sourceKind = kind;
        f.evidence.source = {id, line};
        f.evidence.path = file.path;
        f.evidence.text = text.left(400);
        out.facts.append(f);
    }
    void warn(qint64 line, const QString &msg) { out.warnings.append({Warning::Kind::Inventory, file.path, line, msg}); }
};

const QStringList &envPrefixes()
{
    static const QStringList p = {u"NCCL_"_s, u"TORCH_NCCL_"_s, u"TORCH_DISTRIBUTED_DEBUG"_s, u"CUDA_VERSION"_s,
                                  u"NV_LIBNCCL"_s, u"NVIDIA_PYTORCH_VERSION"_s, u"PYTORCH_VERSION"_s};
    return p;
}

void parseJsonInventory(Ctx &c, const QByteArray &all, qint64 firstLine)
{
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(all, &err);
    if (err.error != QJsonParseError::NoError) {
        // Offset -> line, so the warning points into the file.
        const qint64 line = firstLine + all.left(err.offset).count('\n');
        c.warn(line, u"inventory JSON is not valid (%1); the file is skipped"_s.arg(err.errorString()));
        return;
    }
    auto lineOf = [&](const QString &key) -> qint64 {
        const qsizetype at = all.indexOf(QString(u'"' + key + u'"').toUtf8());
        return at < 0 ? firstLine : firstLine + all.left(at).count('\n');
    };
    if (doc.isArray()) { // docker inspect
        const QJsonObject o = doc.array().at(0).toObject();
        const QString image = o.value(u"Config"_s).toObject().value(u"Image"_s).toString();
        c.fact(u"image"_s, image.isEmpty() ? o.value(u"Image"_s).toString() : image, u"docker-inspect"_s, lineOf(u"Image"_s), image);
        const QJsonArray env = o.value(u"Config"_s).toObject().value(u"Env"_s).toArray();
        for (const QJsonValue &v : env) {
            const QString kv = v.toString();
            const QString key = kv.section(u'=', 0, 0);
            if (std::any_of(envPrefixes().cbegin(), envPrefixes().cend(), [&](const QString &p) { return key.startsWith(p); }))
                c.fact(key == u"CUDA_VERSION"_s ? u"cuda"_s : key, kv.section(u'=', 1), u"docker-inspect"_s, lineOf(key), kv);
        }
        const QString host = o.value(u"Config"_s).toObject().value(u"Hostname"_s).toString();
        if (!host.isEmpty())
            c.out.node = host;
        return;
    }
    const QJsonObject o = doc.object();
    const QString schema = o.value(u"schema"_s).toString();
    if (!schema.startsWith(u"rankscope.inventory/"_s)) {
        c.warn(firstLine, u"JSON inventory without a known schema (expected \"rankscope.inventory/1\"); skipped"_s);
        return;
    }
    if (schema != u"rankscope.inventory/1"_s)
        c.warn(lineOf(u"schema"_s), u"inventory schema %1 is newer than this RankScope reads; reading what it can"_s.arg(schema));
    c.out.node = o.value(u"node"_s).toString();
    const QJsonObject comps = o.value(u"components"_s).toObject();
    for (auto it = comps.begin(); it != comps.end(); ++it) {
        const QString v = it.value().isString() ? it.value().toString() : QString::fromUtf8(QJsonDocument(QJsonArray{it.value()}).toJson(QJsonDocument::Compact)).mid(1).chopped(1);
        c.fact(it.key(), v, u"rankscope-json"_s, lineOf(it.key()), it.key() + u": "_s + v);
    }
    const QJsonObject env = o.value(u"env"_s).toObject();
    for (auto it = env.begin(); it != env.end(); ++it)
        c.fact(it.key(), it.value().toString(), u"rankscope-json"_s, lineOf(it.key()), it.key() + u'=' + it.value().toString());
}

} // namespace

quint64 InventoryParser::busNumber(const QString &pci)
{
    // Domain, bus, device and function; the function is 0 where a spelling leaves it out. The
    // domain is kept: IBM Power and some cloud VMs put GPUs in several PCI domains with the same
    // bus numbers (0004:04:00 and 0035:04:00 are two GPUs).
    static const QRegularExpression full(uR"(^(?:([0-9A-Fa-f]{1,8}):)?([0-9A-Fa-f]{1,2}):([0-9A-Fa-f]{1,2})(?:\.([0-7]))?$)"_s);
    const QString p = pci.trimmed();
    if (const auto m = full.match(p); m.hasMatch()) {
        const quint64 domain = m.captured(1).isEmpty() ? 0 : m.captured(1).toULongLong(nullptr, 16);
        const quint64 bus = m.captured(2).toULongLong(nullptr, 16);
        const quint64 dev = m.captured(3).toULongLong(nullptr, 16);
        const quint64 fn = m.captured(4).isEmpty() ? 0 : m.captured(4).toULongLong();
        return (domain << 20) | (bus << 12) | (dev << 4) | fn; // NCCL's busId digits: domain, bus, device, function
    }
    // NCCL's busId: "5d000" (bus 5d, device 00, function 0), "3504000" with domain 0035.
    bool ok = false;
    const quint64 v = p.toULongLong(&ok, 16);
    return ok ? v : 0;
}

bool InventoryParser::sameBus(quint64 a, quint64 b)
{
    if (a == 0 || b == 0)
        return false;
    if (a == b)
        return true;
    // A spelling without a domain ("5d:00.0" from lspci, "5d000") is any domain's bus.
    constexpr quint64 busBits = 0xfffff;
    return (a & busBits) == (b & busBits) && ((a >> 20) == 0 || (b >> 20) == 0);
}

QString InventoryParser::normaliseVersion(const QString &component, const QString &value)
{
    static const QRegularExpression xyz(uR"((\d+\.\d+\.\d+))"_s);
    static const QRegularExpression xy(uR"((\d+\.\d+))"_s);
    if (component == u"nccl"_s) {
        const auto m = xyz.match(value);
        return m.hasMatch() ? m.captured(1) : value;
    }
    if (component == u"cuda"_s) {
        const auto m = xy.match(value);
        return m.hasMatch() ? m.captured(1) : value;
    }
    if (component == u"net_plugin"_s) {
        // "No plugin found" / "Could not find": none is configured, NCCL uses its own transports
        // (normal on plain IB clusters). "Plugin load … returned": one is configured but failed
        // to load — the node silently falls back, which is what breaks mixed jobs.
        if (value.startsWith(u"No plugin"_s) || value.startsWith(u"Could not find"_s) || value.compare(u"none"_s, Qt::CaseInsensitive) == 0)
            return u"none"_s;
        if (value.startsWith(u"Plugin load"_s) || value.compare(u"missing"_s, Qt::CaseInsensitive) == 0)
            return u"missing"_s;
        return value.section(u'/', -1); // a path names the same plugin as its file name
    }
    if (component == u"transport"_s) {
        if (value.startsWith(u"IB"_s) && !value.startsWith(u"IBext"_s))
            return u"IB"_s;
        return value;
    }
    return value;
}

InventoryParser::Result InventoryParser::parse(const ingest::InputFile &file, FileId id, const QByteArrayList &lines)
{
    Result out;
    Ctx c{file, id, out};
    // JSON inventories are whole documents.
    QByteArray all = lines.join('\n');
    const QByteArray trimmed = all.trimmed();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
        parseJsonInventory(c, all, 1);
        return out;
    }

    static const QRegularExpression smiHeader(uR"(NVIDIA-SMI ([\d.]+)\s+Driver Version: ([\d.]+)\s+CUDA Version: ([\d.]+|N/A))"_s);
    static const QRegularExpression smiGpu(uR"(^\|\s+\d+\s+(NVIDIA [^|]*?|Tesla [^|]*?)\s{2,})"_s);
    static const QRegularExpression smiQ(uR"(^\s*(Driver Version|CUDA Version|Product Name)\s*:\s*(.+?)\s*$)"_s);
    static const QRegularExpression smiRow(uR"(^\|\s+(\d+)\s+[^|]*\|\s+([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7])\s)"_s);
    static const QRegularExpression smiQGpu(uR"(^\s*(?:GPU |<gpu id=")([0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7])(?:">)?\s*$)"_s);
    static const QRegularExpression pipFreeze(uR"(^([A-Za-z0-9_.\-]+)==([^\s;]+))"_s);
    static const QRegularExpression pipList(uR"(^([A-Za-z0-9_.\-]+)\s{2,}(\d[^\s]*)\s*$)"_s);
    static const QRegularExpression pip3(uR"(^\[(?:pip3?|conda)\]\s+([A-Za-z0-9_.\-]+)(?:==|\s+)([^\s]+))"_s);
    static const QRegularExpression dpkg(uR"(^ii\s+(\S+)\s+(\S+)\s+\S+\s)"_s);
    static const QRegularExpression env(uR"(^(?:export\s+)?([A-Z_][A-Z0-9_]*)=(.*)$)"_s);
    static const QRegularExpression ibCa(uR"(^CA '([^']+)')"_s);
    static const QRegularExpression hcaId(uR"(^hca_id:\s*(\S+))"_s);
    static const QRegularExpression linkLayer(uR"(^\s*(?:Link layer|link_layer):\s*(\S+))"_s);

    QStringList hcas;
    qint64 hcaLine = 0;
    QString linkLayerValue;
    bool sawAnything = false;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const qint64 ln = i + 1;
        const QString line = QString::fromUtf8(lines.at(i));
        auto kv = [&](const char *key) -> QString {
            const QString k = QString::fromLatin1(key);
            return line.startsWith(k) ? line.mid(k.size()).trimmed() : QString();
        };
        QString v;
        auto slot = [&](int index, const QString &bus) {
            Evidence e;
            e.source = {id, ln};
            e.path = file.path;
            e.text = line.trimmed().left(400);
            out.gpus.append({index, bus, e});
        };
        // GPU rows first: a table row also holds the product name the gpu fact reads.
        if (const auto mRow = smiRow.match(line); mRow.hasMatch())
            slot(mRow.captured(1).toInt(), mRow.captured(2));
        if (!(v = kv("PyTorch version:")).isEmpty()) {
            c.fact(u"torch"_s, v, u"collect_env"_s, ln, line);
        } else if (!(v = kv("CUDA used to build PyTorch:")).isEmpty()) {
            if (v != u"None"_s && v != u"Could not collect"_s)
                c.fact(u"cuda"_s, v, u"collect_env"_s, ln, line);
        } else if (!(v = kv("Nvidia driver version:")).isEmpty()) {
            if (v != u"Could not collect"_s)
                c.fact(u"driver"_s, v, u"collect_env"_s, ln, line);
        } else if (!(v = kv("Python version:")).isEmpty()) {
            c.fact(u"python"_s, v.section(u' ', 0, 0), u"collect_env"_s, ln, line);
        } else if (!(v = kv("GPU models and configuration:")).isEmpty()) {
            c.fact(u"gpu"_s, v.section(u": "_s, 1).trimmed().isEmpty() ? v : v.section(u": "_s, 1).trimmed(), u"collect_env"_s, ln, line);
        } else if (const auto mSmi = smiHeader.match(line); mSmi.hasMatch()) {
            c.fact(u"driver"_s, mSmi.captured(2), u"nvidia-smi"_s, ln, line.trimmed());
        } else if (const auto mGpu = smiGpu.match(line); mGpu.hasMatch()) {
            c.fact(u"gpu"_s, mGpu.captured(1).trimmed(), u"nvidia-smi"_s, ln, line.trimmed());
        } else if (const auto mQ = smiQ.match(line); mQ.hasMatch()) {
            const QString key = mQ.captured(1);
            c.fact(key == u"Driver Version"_s ? u"driver"_s : key == u"Product Name"_s ? u"gpu"_s : u"cuda_driver_max"_s,
                   mQ.captured(2), u"nvidia-smi -q"_s, ln, line.trimmed());
        } else if (const auto mQGpu = smiQGpu.match(line); mQGpu.hasMatch()) {
            // nvidia-smi -q lists GPUs in index order, one "GPU <bus id>" section each.
            int next = 0;
            for (const GpuSlot &g : std::as_const(out.gpus))
                next = std::max(next, g.index + 1);
            slot(next, mQGpu.captured(1));
        } else if (const auto mPip3 = pip3.match(line); mPip3.hasMatch()) {
            const QString pkg = mPip3.captured(1).toLower();
            if (pkg == u"torch"_s)
                c.fact(u"torch"_s, mPip3.captured(2), u"collect_env"_s, ln, line);
            else if (pkg.startsWith(u"nvidia-nccl-cu"_s))
                c.fact(u"nccl"_s, mPip3.captured(2), u"collect_env"_s, ln, line);
        } else if (const auto mDpkg = dpkg.match(line); mDpkg.hasMatch()) {
            const QString pkg = mDpkg.captured(1).section(u':', 0, 0);
            if (pkg == u"libnccl2"_s)
                c.fact(u"nccl"_s, mDpkg.captured(2), u"dpkg"_s, ln, line.simplified());
            else if (pkg.startsWith(u"nvidia-driver"_s) || pkg.startsWith(u"libnvidia-compute-"_s))
                c.fact(u"driver"_s, mDpkg.captured(2).section(u'-', 0, 0), u"dpkg"_s, ln, line.simplified());
        } else if (const auto mFreeze = pipFreeze.match(line); mFreeze.hasMatch()) {
            const QString pkg = mFreeze.captured(1).toLower();
            if (pkg == u"torch"_s)
                c.fact(u"torch"_s, mFreeze.captured(2), u"pip"_s, ln, line);
            else if (pkg.startsWith(u"nvidia-nccl-cu"_s))
                c.fact(u"nccl"_s, mFreeze.captured(2), u"pip"_s, ln, line);
        } else if (const auto mEnv = env.match(line); mEnv.hasMatch()) {
            const QString key = mEnv.captured(1);
            if (key == u"HOSTNAME"_s) {
                out.node = mEnv.captured(2).trimmed();
            } else if (key == u"CUDA_VISIBLE_DEVICES"_s) {
                out.visibleDevices = mEnv.captured(2).trimmed().split(u',', Qt::SkipEmptyParts);
                for (QString &d : out.visibleDevices)
                    d = d.trimmed();
                out.visibleDevicesEvidence.source = {id, ln};
                out.visibleDevicesEvidence.path = file.path;
                out.visibleDevicesEvidence.text = line.trimmed().left(400);
            }
            else if (key == u"CUDA_VERSION"_s)
                c.fact(u"cuda"_s, mEnv.captured(2), u"env"_s, ln, line);
            else if (key == u"NCCL_VERSION"_s)
                c.fact(u"nccl"_s, mEnv.captured(2), u"env"_s, ln, line);
            else if (std::any_of(envPrefixes().cbegin(), envPrefixes().cend(), [&](const QString &p) { return key.startsWith(p); }))
                c.fact(key, mEnv.captured(2), u"env"_s, ln, line);
        } else if (const auto mCa = ibCa.match(line); mCa.hasMatch()) {
            hcas.append(mCa.captured(1));
            hcaLine = hcaLine ? hcaLine : ln;
        } else if (const auto mHca = hcaId.match(line); mHca.hasMatch()) {
            hcas.append(mHca.captured(1));
            hcaLine = hcaLine ? hcaLine : ln;
        } else if (const auto mLink = linkLayer.match(line); mLink.hasMatch()) {
            linkLayerValue = mLink.captured(1);
        } else if (const auto mList = pipList.match(line); mList.hasMatch()) {
            const QString pkg = mList.captured(1).toLower();
            if (pkg == u"torch"_s)
                c.fact(u"torch"_s, mList.captured(2), u"pip"_s, ln, line.simplified());
            else if (pkg.startsWith(u"nvidia-nccl-cu"_s))
                c.fact(u"nccl"_s, mList.captured(2), u"pip"_s, ln, line.simplified());
        } else {
            continue;
        }
        sawAnything = true;
    }
    if (!hcas.isEmpty()) {
        c.fact(u"hca"_s, hcas.join(u','), u"ibstat"_s, hcaLine, hcas.join(u", "_s));
        sawAnything = true;
    }
    Q_UNUSED(linkLayerValue);
    if (!sawAnything && !lines.isEmpty())
        c.warn(0, u"looks like an inventory but no version or configuration was recognised in it"_s);
    if (file.truncatedLastLine)
        c.warn(file.lines, u"inventory ends without a newline (truncated?); facts up to here are used"_s);
    return out;
}

} // namespace rankscope::analysis
