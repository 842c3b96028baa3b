// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario.h"
#include "simulator.h"

#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

using namespace Qt::StringLiterals;

namespace rankscope {

namespace {

const char16_t usageText[]
    = u"Usage: rankscope simulate --list [--format text|json]\n"
      u"       rankscope simulate SCENARIO --out DIR --truth FILE [--nodes N] [--gpus-per-node G] [--seed S]\n"
      u"             [--layout torchrun|slurm|files|k8s|mpi|mixed] [--nccl-debug off|warn|info|info-all]\n"
      u"             [--nccl-version X.Y.Z] [--torch-version X.Y] [--steps K] [--clock-skew SECONDS]\n"
      u"             [--no-timestamps-nccl] [--archive tar.gz|zip] [--inventories none|some|all]\n"
      u"\n"
      u"Generates a realistic incident bundle in DIR and writes the known answer to FILE (outside DIR).\n"
      u"The same arguments and seed always give byte-identical output.\n";

int usage(QTextStream &err, const QString &message)
{
    err << u"rankscope simulate: "_s << message << u'\n' << QStringView(usageText);
    err.flush();
    return 2;
}

int list(QTextStream &out, bool json)
{
    const QList<sim::Scenario> &all = sim::Scenario::all();
    if (json) {
        QJsonArray arr;
        for (const sim::Scenario &s : all) {
            QJsonArray layouts;
            for (sim::SimConfig::Layout l : s.layouts)
                layouts.append(sim::SimConfig::layoutName(l));
            QJsonObject o;
            o.insert(u"id"_s, s.id);
            o.insert(u"entry"_s, s.entry.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s.entry));
            o.insert(u"description"_s, s.description);
            o.insert(u"external"_s, s.external);
            o.insert(u"layouts"_s, layouts);
            o.insert(u"min_nodes"_s, s.minNodes);
            arr.append(o);
        }
        out << QString::fromUtf8(
            QJsonDocument(QJsonObject { { u"scenarios"_s, arr } }).toJson(QJsonDocument::Indented));
        return 0;
    }
    for (const sim::Scenario &s : all)
        out << s.id.leftJustified(32) << u' ' << s.description << u'\n';
    return 0;
}

} // namespace

int runSimulateCommand(const QStringList &args, QTextStream &out, QTextStream &err)
{
    QCommandLineParser p;
    p.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption listOpt(u"list"_s);
    const QCommandLineOption formatOpt(u"format"_s, {}, u"FORMAT"_s);
    const QCommandLineOption outOpt(u"out"_s, {}, u"DIR"_s);
    const QCommandLineOption truthOpt(u"truth"_s, {}, u"FILE"_s);
    const QCommandLineOption nodesOpt(u"nodes"_s, {}, u"N"_s);
    const QCommandLineOption gpusOpt(u"gpus-per-node"_s, {}, u"G"_s);
    const QCommandLineOption seedOpt(u"seed"_s, {}, u"S"_s);
    const QCommandLineOption layoutOpt(u"layout"_s, {}, u"LAYOUT"_s);
    const QCommandLineOption debugOpt(u"nccl-debug"_s, {}, u"LEVEL"_s);
    const QCommandLineOption ncclOpt(u"nccl-version"_s, {}, u"X.Y.Z"_s);
    const QCommandLineOption torchOpt(u"torch-version"_s, {}, u"X.Y"_s);
    const QCommandLineOption stepsOpt(u"steps"_s, {}, u"K"_s);
    const QCommandLineOption skewOpt(u"clock-skew"_s, {}, u"SECONDS"_s);
    const QCommandLineOption noTsOpt(u"no-timestamps-nccl"_s);
    const QCommandLineOption archiveOpt(u"archive"_s, {}, u"KIND"_s);
    const QCommandLineOption invOpt(u"inventories"_s, {}, u"WHICH"_s);
    const QCommandLineOption helpOpt(QStringList { u"help"_s, u"h"_s });
    p.addOptions({ listOpt, formatOpt, outOpt, truthOpt, nodesOpt, gpusOpt, seedOpt, layoutOpt, debugOpt, ncclOpt,
        torchOpt, stepsOpt, skewOpt, noTsOpt, archiveOpt, invOpt, helpOpt });
    if (!p.parse(QStringList { u"simulate"_s } + args))
        return usage(err, p.errorText());
    if (p.isSet(helpOpt)) {
        out << QStringView(usageText);
        return 0;
    }
    const QStringList pos = p.positionalArguments();
    if (p.isSet(listOpt)) {
        const QString format = p.value(formatOpt);
        if (!format.isEmpty() && format != u"json"_s && format != u"text"_s)
            return usage(err, u"--format must be text or json"_s);
        if (!pos.isEmpty())
            return usage(err, u"--list takes no scenario"_s);
        return list(out, format == u"json"_s);
    }
    if (p.isSet(formatOpt))
        return usage(err, u"--format only goes with --list"_s);
    if (pos.size() != 1)
        return usage(err, pos.isEmpty() ? u"a SCENARIO is required"_s : u"exactly one SCENARIO"_s);

    sim::SimConfig cfg;
    cfg.scenario = pos.first();
    cfg.outDir = p.value(outOpt);
    cfg.truthFile = p.value(truthOpt);
    auto intValue = [&](const QCommandLineOption &o, int &target, const QString &name) {
        if (!p.isSet(o))
            return true;
        bool ok = false;
        const int v = p.value(o).toInt(&ok);
        if (!ok) {
            usage(err, u"--%1 needs a whole number"_s.arg(name));
            return false;
        }
        target = v;
        return true;
    };
    if (!intValue(nodesOpt, cfg.nodes, u"nodes"_s) || !intValue(gpusOpt, cfg.gpusPerNode, u"gpus-per-node"_s)
        || !intValue(stepsOpt, cfg.steps, u"steps"_s))
        return 2;
    if (p.isSet(seedOpt)) {
        bool ok = false;
        cfg.seed = p.value(seedOpt).toULongLong(&ok);
        if (!ok)
            return usage(err, u"--seed needs a non-negative whole number"_s);
    }
    if (p.isSet(layoutOpt)) {
        cfg.layout = sim::SimConfig::parseLayout(p.value(layoutOpt));
        if (!cfg.layout)
            return usage(err, u"unknown --layout '%1'"_s.arg(p.value(layoutOpt)));
    }
    if (p.isSet(debugOpt)) {
        const auto d = sim::SimConfig::parseNcclDebug(p.value(debugOpt));
        if (!d)
            return usage(err, u"unknown --nccl-debug '%1'"_s.arg(p.value(debugOpt)));
        cfg.ncclDebug = *d;
    }
    if (p.isSet(ncclOpt)) {
        const sim::Version v = sim::Version::parse(p.value(ncclOpt));
        if (!v.isValid() || p.value(ncclOpt).count(u'.') != 2)
            return usage(err, u"--nccl-version must look like 2.21.5"_s);
        cfg.ncclVersion = v;
    }
    if (p.isSet(torchOpt)) {
        const sim::Version v = sim::Version::parse(p.value(torchOpt));
        if (!v.isValid())
            return usage(err, u"--torch-version must look like 2.5"_s);
        cfg.torchVersion = v;
    }
    if (p.isSet(skewOpt)) {
        bool ok = false;
        cfg.clockSkewSeconds = p.value(skewOpt).toDouble(&ok);
        if (!ok)
            return usage(err, u"--clock-skew needs a number of seconds"_s);
    }
    cfg.ncclTimestamps = !p.isSet(noTsOpt);
    if (p.isSet(archiveOpt)) {
        const auto a = sim::SimConfig::parseArchive(p.value(archiveOpt));
        if (!a)
            return usage(err, u"--archive must be tar.gz or zip"_s);
        cfg.archive = *a;
    }
    if (p.isSet(invOpt)) {
        const auto i = sim::SimConfig::parseInventories(p.value(invOpt));
        if (!i)
            return usage(err, u"--inventories must be none, some or all"_s);
        cfg.inventories = *i;
    }
    QStringList notes;
    if (const QString problem = sim::Simulator::check(cfg, &notes); !problem.isEmpty())
        return usage(err, problem);
    const QString outAbs = QFileInfo(cfg.outDir).absoluteFilePath();
    const QString truthAbs = QFileInfo(cfg.truthFile).absoluteFilePath();
    if (truthAbs.startsWith(outAbs + u'/'))
        return usage(err, u"--truth must be outside --out (the bundle must not contain the answer)"_s);
    if (QDir(outAbs).exists()
        && !QDir(outAbs).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty())
        return usage(err, u"--out %1 exists and is not empty"_s.arg(cfg.outDir));

    QElapsedTimer timer; // for the user's summary only; nothing timed goes into the bundle
    timer.start();
    const sim::SimResult r = sim::Simulator::run(cfg);
    for (const QString &n : r.notes)
        err << u"note: "_s << n << u'\n';
    if (!r.ok()) {
        err << u"rankscope simulate: "_s << r.error << u'\n';
        return 1;
    }
    const double secs = qMax(qint64(1), timer.elapsed()) / 1000.0;
    out << u"%1: wrote %2 files, %3 lines, %4 MB to %5 in %6 s (%7 MB/s)\n"_s.arg(cfg.scenario)
               .arg(r.files.size())
               .arg(r.lines)
               .arg(double(r.bytes) / 1e6, 0, 'f', 1)
               .arg(cfg.outDir)
               .arg(secs, 0, 'f', 2)
               .arg(double(r.bytes) / 1e6 / secs, 0, 'f', 0);
    out << u"truth: "_s << cfg.truthFile << u'\n';
    return 0;
}

} // namespace rankscope
