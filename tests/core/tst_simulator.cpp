// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The incident simulator (core/sim, `rankscope simulate`): every scenario generates, its truth is
// consistent with what was written (the initiating line is in the bundle and matches the
// scenario's encyclopedia fingerprints, every collateral rank shows a collateral signature),
// output is deterministic per seed, archives pack, the CLI rejects bad usage with exit 2, and
// the checked-in golden bundles regenerate byte for byte.
#include "scenario.h"
#include "simulator.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <archive.h>
#include <archive_entry.h>
#include <memory>

using namespace Qt::StringLiterals;
using namespace rankscope;
using sim::SimConfig;

namespace {

const QString sourceDir = QStringLiteral(RANKSCOPE_SOURCE_DIR);
const QString binaryDir = QStringLiteral(RANKSCOPE_BINARY_DIR);

// A tiny reader for the `regex:` and `role:` lines of the encyclopedia's fingerprint blocks
// (format: resources/encyclopedia/README.md), enough to judge lines without core/kb.
struct Fingerprint
{
    QString entry;
    QString role;
    QRegularExpression re;
};

QList<Fingerprint> readEncyclopedia()
{
    QList<Fingerprint> out;
    QDir dir(sourceDir + u"/resources/encyclopedia"_s);
    const QStringList files = dir.entryList({ u"*.md"_s }, QDir::Files, QDir::Name);
    for (const QString &name : files) {
        if (name == u"README.md"_s)
            continue;
        QFile f(dir.filePath(name));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QString id = name.chopped(3);
        bool inBlock = false;
        Fingerprint fp;
        const QStringList lines = QString::fromUtf8(f.readAll()).split(u'\n');
        for (const QString &line : lines) {
            if (line.trimmed() == u"```fingerprint"_s) {
                inBlock = true;
                fp = Fingerprint { id, {}, {} };
                continue;
            }
            if (!inBlock)
                continue;
            if (line.trimmed() == u"```"_s) {
                inBlock = false;
                if (fp.re.isValid() && !fp.re.pattern().isEmpty())
                    out << fp;
                continue;
            }
            if (line.startsWith(u"regex: "_s))
                fp.re = QRegularExpression(line.mid(7));
            else if (line.startsWith(u"role: "_s))
                fp.role = line.mid(6).trimmed();
        }
    }
    return out;
}

// The launcher prefixes of log-formats.md §0 that sit in front of the message.
QString stripPrefixes(QString line)
{
    static const QRegularExpression ansi(u"\x1b\\[[0-9;]*m"_s);
    static const QList<QRegularExpression> prefixes = {
        QRegularExpression(u"^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d+Z "_s), // kubectl --timestamps
        QRegularExpression(u"^\\s*\\d+: "_s), // srun --label
        QRegularExpression(u"^\\[\\d+,\\d+\\]<\\w+>: ?"_s), // mpirun --tag-output
        QRegularExpression(u"^\\[[A-Za-z_]*\\d+\\]: ?"_s), // torchrun --tee, excepthook
    };
    while (line.endsWith(u'\n') || line.endsWith(u'\r'))
        line.chop(1);
    line.remove(ansi);
    for (bool changed = true; changed;) {
        changed = false;
        for (const QRegularExpression &re : prefixes) {
            const QRegularExpressionMatch m = re.match(line);
            if (m.hasMatch() && m.capturedLength() > 0) {
                line = line.mid(m.capturedLength());
                changed = true;
            }
        }
    }
    return line;
}

QString lineAt(const QString &file, qint64 number)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return QString();
    for (qint64 n = 1; !f.atEnd(); ++n) {
        const QByteArray l = f.readLine();
        if (n == number)
            return QString::fromUtf8(l);
    }
    return QString();
}

QStringList filesUnder(const QString &root)
{
    QStringList files;
    for (QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories); it.hasNext();)
        files << QDir(root).relativeFilePath(it.next());
    files.sort();
    return files;
}

QMap<QString, QByteArray> hashes(const QString &root)
{
    QMap<QString, QByteArray> out;
    for (const QString &rel : filesUnder(root)) {
        QFile f(root + u'/' + rel);
        if (f.open(QIODevice::ReadOnly))
            out.insert(rel, QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex());
    }
    return out;
}

QString rankscopeBinary()
{
    return binaryDir + u"/app/rankscope"_s;
}

struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run runCli(const QStringList &args)
{
    QProcess p;
    p.start(rankscopeBinary(), args);
    Run r;
    if (!p.waitForFinished(120000))
        return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// Golden bundles: one per line of tests/data/golden/bundles.txt, "name arg arg …".
QList<QStringList> goldenList()
{
    QList<QStringList> list;
    QFile f(sourceDir + u"/tests/data/golden/bundles.txt"_s);
    if (!f.open(QIODevice::ReadOnly))
        return list;
    for (const QByteArray &raw : f.readAll().split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        list << line.split(u' ', Qt::SkipEmptyParts);
    }
    return list;
}

} // namespace

class TestSimulator : public QObject
{
    Q_OBJECT

    QList<Fingerprint> m_fingerprints;

    bool matchesEntry(const QString &entry, const QString &line, const QString &role = {}) const
    {
        for (const Fingerprint &fp : m_fingerprints) {
            if (fp.entry == entry && (role.isEmpty() || fp.role == role) && fp.re.match(line).hasMatch())
                return true;
        }
        return false;
    }
    QString matchesRole(const QString &line, const QString &role) const
    {
        for (const Fingerprint &fp : m_fingerprints) {
            if (fp.role == role && fp.re.match(line).hasMatch())
                return fp.entry;
        }
        return {};
    }

    static sim::SimResult generate(const QTemporaryDir &tmp, SimConfig cfg)
    {
        cfg.outDir = tmp.filePath(u"bundle"_s);
        cfg.truthFile = tmp.filePath(u"truth.json"_s);
        return sim::Simulator::run(cfg);
    }

private Q_SLOTS:
    void truthAcceptsEquivalentInitiators()
    {
        sim::Truth t;
        t.rank = 30;
        t.node = u"node-5"_s;
        t.equivalent = {{24, u"node-5"_s}, {3, u"node-1"_s}};
        QVERIFY(t.acceptsInitiator(30, u"node-5"_s));
        QVERIFY(t.acceptsInitiator(24, u"node-5"_s));
        QVERIFY(t.acceptsInitiator(3, u"node-1"_s));
        QVERIFY(!t.acceptsInitiator(24, u"node-1"_s)); // an equivalent rank on the wrong node
        QVERIFY(!t.acceptsInitiator(25, u"node-5"_s));
        QVERIFY(!t.acceptsInitiator(30, u"node-4"_s));
        sim::Truth nodeLevel; // a lost node: any rank, the node decides
        nodeLevel.node = u"node-2"_s;
        QVERIFY(nodeLevel.acceptsInitiator(-1, u"node-2"_s));
        QVERIFY(!nodeLevel.acceptsInitiator(-1, u"node-3"_s));
    }

    void equivalentRanksPrintTheSameFailure()
    {
        // Every rank the truth calls equivalent printed the scenario's own failure line.
        QTemporaryDir dir;
        sim::SimConfig cfg;
        cfg.scenario = u"nccl-version-conflict"_s;
        cfg.outDir = dir.filePath(u"b"_s);
        cfg.truthFile = dir.filePath(u"t.json"_s);
        cfg.nodes = 3;
        cfg.gpusPerNode = 4;
        cfg.seed = 5;
        const sim::SimResult r = sim::Simulator::run(cfg);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY(!r.truth.equivalent.isEmpty());
        for (const sim::Truth::Alternative &a : r.truth.equivalent) {
            QVERIFY(a.rank != *r.truth.rank);
            bool printed = false;
            QDirIterator it(cfg.outDir, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext() && !printed) {
                QFile f(it.next());
                QVERIFY(f.open(QIODevice::ReadOnly));
                const QByteArray all = f.readAll();
                printed = all.contains("Mismatched NCCL version detected") && all.contains(QByteArray(" rank " + QByteArray::number(a.rank) + " nranks "));
            }
            QVERIFY2(printed, qPrintable(u"rank %1 printed no mismatch line"_s.arg(a.rank)));
        }
    }

    void initTestCase()
    {
        m_fingerprints = readEncyclopedia();
        QVERIFY2(m_fingerprints.size() > 100, "encyclopedia fingerprints not found");
    }

    void scenarioListIsComplete()
    {
        const QStringList want = { u"nccl-version-conflict"_s, u"cuda-oom"_s, u"host-oom-kill"_s,
            u"gpu-xid-fallen-off-bus"_s, u"gpu-ecc-error"_s, u"ib-completion-error"_s,
            u"nccl-socket-bootstrap-failure"_s, u"collective-mismatch"_s, u"straggler-hang"_s, u"rendezvous-timeout"_s,
            u"store-unreachable"_s, u"nccl-duplicate-gpu"_s, u"nccl-shm-exhausted"_s, u"nvls-multicast-failure"_s,
            u"fp16-loss-scale-collapse"_s, u"nan-loss"_s, u"cuda-illegal-memory-access"_s, u"slurm-time-limit"_s,
            u"slurm-node-failure"_s, u"k8s-oomkilled"_s, u"checkpoint-disk-full"_s, u"driver-too-old"_s,
            u"nccl-net-plugin-mismatch"_s, u"healthy"_s };
        QStringList got;
        for (const sim::Scenario &s : sim::Scenario::all()) {
            got << s.id;
            QCOMPARE(s.entry, s.id == u"healthy"_s ? QString() : s.id);
            QVERIFY2(s.entry.isEmpty() || QFile::exists(sourceDir + u"/resources/encyclopedia/"_s + s.entry + u".md"_s),
                qPrintable(s.entry));
        }
        QCOMPARE(got, want);
    }

    void truthMatchesBundle_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<SimConfig::Layout>("layout");
        QTest::addColumn<SimConfig::NcclDebug>("debug");
        QTest::addColumn<int>("seed");
        const SimConfig::NcclDebug levels[] = { SimConfig::NcclDebug::Info, SimConfig::NcclDebug::Warn,
            SimConfig::NcclDebug::Off, SimConfig::NcclDebug::InfoAll };
        int i = 0;
        for (const sim::Scenario &s : sim::Scenario::all()) {
            for (SimConfig::Layout l : s.layouts) {
                const SimConfig::NcclDebug d = levels[i % 4];
                QTest::addRow("%s/%s/%s", qPrintable(s.id), qPrintable(SimConfig::layoutName(l)),
                    qPrintable(SimConfig::ncclDebugName(d)))
                    << s.id << l << d << (i + 1);
                ++i;
            }
        }
    }

    void truthMatchesBundle()
    {
        QFETCH(QString, scenario);
        QFETCH(SimConfig::Layout, layout);
        QFETCH(SimConfig::NcclDebug, debug);
        QFETCH(int, seed);
        QTemporaryDir tmp;
        SimConfig cfg;
        cfg.scenario = scenario;
        cfg.nodes = 2;
        cfg.gpusPerNode = 2;
        cfg.steps = 6;
        cfg.seed = quint64(seed);
        cfg.layout = layout;
        cfg.ncclDebug = debug;
        cfg.inventories = SimConfig::Inventories::Some;
        const sim::SimResult r = generate(tmp, cfg);
        QVERIFY2(r.ok(), qPrintable(r.error));
        const QString root = tmp.filePath(u"bundle"_s);

        QFile tf(tmp.filePath(u"truth.json"_s));
        QVERIFY(tf.open(QIODevice::ReadOnly));
        const QJsonObject truth = QJsonDocument::fromJson(tf.readAll()).object();
        QCOMPARE(truth.value(u"scenario"_s).toString(), scenario);
        for (const QString &key : { u"entry"_s, u"initiating"_s, u"external"_s, u"collateral_ranks"_s, u"outliers"_s })
            QVERIFY2(truth.contains(key), qPrintable(key));
        const QJsonObject ini = truth.value(u"initiating"_s).toObject();
        for (const QString &key : { u"rank"_s, u"node"_s, u"time"_s, u"path"_s, u"line"_s })
            QVERIFY2(ini.contains(key), qPrintable(key));

        // File names must not give the answer away.
        for (const QString &f : r.files)
            QVERIFY2(!f.contains(scenario) && !f.contains(u"initiat"_s) && !f.contains(u"truth"_s), qPrintable(f));

        if (scenario == u"healthy"_s) {
            QVERIFY(truth.value(u"entry"_s).isNull());
            QVERIFY(ini.value(u"path"_s).isNull());
            QVERIFY(truth.value(u"collateral_ranks"_s).toArray().isEmpty());
            for (const QString &rel : filesUnder(root)) {
                QFile f(root + u'/' + rel);
                QVERIFY(f.open(QIODevice::ReadOnly));
                qint64 n = 0;
                while (!f.atEnd()) {
                    ++n;
                    const QString line = stripPrefixes(QString::fromUtf8(f.readLine()));
                    for (const QString &role : { u"initiating"_s, u"collateral"_s }) {
                        const QString hit = matchesRole(line, role);
                        QVERIFY2(hit.isEmpty(),
                            qPrintable(u"%1:%2 matches %3 (%4): %5"_s.arg(rel).arg(n).arg(hit, role, line)));
                    }
                }
            }
            return;
        }

        QCOMPARE(truth.value(u"entry"_s).toString(), scenario);
        const QString path = ini.value(u"path"_s).toString();
        const qint64 lineNo = qint64(ini.value(u"line"_s).toDouble());
        QVERIFY2(!path.isEmpty() && lineNo > 0, "no initiating evidence");
        const QString line = stripPrefixes(lineAt(root + u'/' + path, lineNo));
        QVERIFY2(!line.isEmpty(), qPrintable(u"%1:%2 missing"_s.arg(path).arg(lineNo)));
        QVERIFY(QRegularExpression(u"^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}$"_s)
                    .match(ini.value(u"time"_s).toString())
                    .hasMatch());

        const int initRank = ini.value(u"rank"_s).isNull() ? -1 : ini.value(u"rank"_s).toInt();
        if (scenario == u"straggler-hang"_s) {
            // No error line: only its logical clock is behind the collective the others timed out on.
            QVERIFY2(matchesEntry(u"nccl-watchdog-timeout"_s, line), qPrintable(line));
            const auto m = QRegularExpression(u"Last enqueued NCCL work: (\\d+)"_s).match(line);
            QVERIFY2(m.hasMatch(), qPrintable(line));
            const int stragglerEnqueued = m.captured(1).toInt();
            int checked = 0;
            for (const QJsonValue &v : truth.value(u"collateral_evidence"_s).toArray()) {
                const QJsonObject e = v.toObject();
                const QString l
                    = lineAt(root + u'/' + e.value(u"path"_s).toString(), qint64(e.value(u"line"_s).toDouble()));
                const auto s = QRegularExpression(u"WorkNCCL\\(SeqNum=(\\d+)"_s).match(l);
                if (s.hasMatch()) {
                    QVERIFY2(s.captured(1).toInt() > stragglerEnqueued, qPrintable(l));
                    ++checked;
                }
            }
            QVERIFY(checked > 0 || layout == SimConfig::Layout::Mpi);
            // ... and the straggler itself printed no error of any entry.
        } else {
            QVERIFY2(matchesEntry(scenario, line),
                qPrintable(u"%1:%2 does not match %3: %4"_s.arg(path).arg(lineNo).arg(scenario, line)));
        }

        const QJsonArray collateral = truth.value(u"collateral_ranks"_s).toArray();
        const QJsonArray evidence = truth.value(u"collateral_evidence"_s).toArray();
        QCOMPARE(evidence.size(), collateral.size());
        for (const QJsonValue &v : evidence) {
            const QJsonObject e = v.toObject();
            QVERIFY(e.value(u"rank"_s).toInt() != initRank);
            const QString l = stripPrefixes(
                lineAt(root + u'/' + e.value(u"path"_s).toString(), qint64(e.value(u"line"_s).toDouble())));
            QVERIFY2(!matchesRole(l, u"collateral"_s).isEmpty(),
                qPrintable(u"rank %1: %2"_s.arg(e.value(u"rank"_s).toInt()).arg(l)));
        }

        if (scenario == u"slurm-time-limit"_s) {
            QVERIFY(truth.value(u"external"_s).toBool());
            QVERIFY(ini.value(u"rank"_s).isNull());
        } else {
            QVERIFY(!truth.value(u"external"_s).toBool());
        }
        const QHash<QString, QStringList> outlierComponents = {
            { u"nccl-version-conflict"_s, { u"nccl"_s } },
            { u"nccl-net-plugin-mismatch"_s, { u"net_plugin"_s, u"transport"_s } },
            { u"driver-too-old"_s, { u"driver"_s } },
        };
        QStringList components;
        for (const QJsonValue &v : truth.value(u"outliers"_s).toArray()) {
            const QJsonObject o = v.toObject();
            components << o.value(u"component"_s).toString();
            QCOMPARE(o.value(u"node"_s).toString(), ini.value(u"node"_s).toString());
            // The outlier node's inventory shows the outlier value.
            QFile inv(root + u"/inventory/"_s + o.value(u"node"_s).toString() + u"/rankscope-inventory.json"_s);
            QVERIFY2(inv.open(QIODevice::ReadOnly), qPrintable(inv.fileName()));
            const QJsonObject comps = QJsonDocument::fromJson(inv.readAll()).object().value(u"components"_s).toObject();
            QCOMPARE(comps.value(o.value(u"component"_s).toString()).toString(), o.value(u"value"_s).toString());
        }
        QCOMPARE(components, outlierComponents.value(scenario));
    }

    void deterministic_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<SimConfig::Layout>("layout");
        QTest::addColumn<SimConfig::NcclDebug>("debug");
        QTest::addRow("cuda-oom torchrun info-all")
            << u"cuda-oom"_s << SimConfig::Layout::Torchrun << SimConfig::NcclDebug::InfoAll;
        QTest::addRow("straggler slurm") << u"straggler-hang"_s << SimConfig::Layout::Slurm
                                         << SimConfig::NcclDebug::Info;
        QTest::addRow("version conflict mixed")
            << u"nccl-version-conflict"_s << SimConfig::Layout::Mixed << SimConfig::NcclDebug::Warn;
        QTest::addRow("k8s oom") << u"k8s-oomkilled"_s << SimConfig::Layout::K8s << SimConfig::NcclDebug::Info;
        QTest::addRow("mpi ib") << u"ib-completion-error"_s << SimConfig::Layout::Mpi << SimConfig::NcclDebug::Off;
        QTest::addRow("files time limit")
            << u"slurm-time-limit"_s << SimConfig::Layout::Files << SimConfig::NcclDebug::Info;
    }

    void deterministic()
    {
        QFETCH(QString, scenario);
        QFETCH(SimConfig::Layout, layout);
        QFETCH(SimConfig::NcclDebug, debug);
        SimConfig cfg;
        cfg.scenario = scenario;
        cfg.nodes = 3;
        cfg.gpusPerNode = 2;
        cfg.steps = 8;
        cfg.layout = layout;
        cfg.ncclDebug = debug;
        cfg.inventories = SimConfig::Inventories::All;
        cfg.clockSkewSeconds = 2.0;
        QTemporaryDir a, b, c;
        cfg.seed = 42;
        QVERIFY(generate(a, cfg).ok());
        QVERIFY(generate(b, cfg).ok());
        cfg.seed = 43;
        QVERIFY(generate(c, cfg).ok());
        const auto ha = hashes(a.filePath(u"bundle"_s));
        QVERIFY(ha.size() > 5);
        QCOMPARE(hashes(b.filePath(u"bundle"_s)), ha);
        QFile ta(a.filePath(u"truth.json"_s)), tb(b.filePath(u"truth.json"_s));
        QVERIFY(ta.open(QIODevice::ReadOnly) && tb.open(QIODevice::ReadOnly));
        QCOMPARE(ta.readAll(), tb.readAll());
        QVERIFY(hashes(c.filePath(u"bundle"_s)) != ha);
    }

    void archives_data()
    {
        QTest::addColumn<SimConfig::Archive>("kind");
        QTest::addColumn<QString>("name");
        QTest::addRow("tar.gz") << SimConfig::Archive::TarGz << u"bundle.tar.gz"_s;
        QTest::addRow("zip") << SimConfig::Archive::Zip << u"bundle.zip"_s;
    }

    void archives()
    {
        QFETCH(SimConfig::Archive, kind);
        QFETCH(QString, name);
        SimConfig cfg;
        cfg.scenario = u"host-oom-kill"_s;
        cfg.nodes = 2;
        cfg.gpusPerNode = 2;
        cfg.steps = 5;
        cfg.archive = kind;
        QTemporaryDir a, b;
        const sim::SimResult r = generate(a, cfg);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QCOMPARE(r.files, QStringList { name });
        QCOMPARE(r.truth.archive, name);
        QCOMPARE(QDir(a.filePath(u"bundle"_s)).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden),
            QStringList { name });
        QVERIFY(generate(b, cfg).ok());
        QCOMPARE(hashes(b.filePath(u"bundle"_s)), hashes(a.filePath(u"bundle"_s)));

        // The truth's path:line is a member of the archive.
        std::unique_ptr<archive, decltype(&archive_read_free)> ar(archive_read_new(), &archive_read_free);
        archive_read_support_filter_all(ar.get());
        archive_read_support_format_all(ar.get());
        const QByteArray path = QFile::encodeName(a.filePath(u"bundle/"_s + name));
        QCOMPARE(archive_read_open_filename(ar.get(), path.constData(), 1 << 16), ARCHIVE_OK);
        archive_entry *e = nullptr;
        QString found;
        int members = 0;
        while (archive_read_next_header(ar.get(), &e) == ARCHIVE_OK) {
            ++members;
            if (QString::fromUtf8(archive_entry_pathname(e)) != r.truth.path)
                continue;
            QByteArray content;
            char buf[65536];
            la_ssize_t n;
            while ((n = archive_read_data(ar.get(), buf, sizeof buf)) > 0)
                content.append(buf, n);
            const QList<QByteArray> lines = content.split('\n');
            found = QString::fromUtf8(lines.value(r.truth.line - 1));
        }
        QVERIFY(members > 10);
        QVERIFY2(matchesEntry(u"host-oom-kill"_s, stripPrefixes(found)), qPrintable(found));
    }

    void cliListJson()
    {
        const Run r = runCli({ u"simulate"_s, u"--list"_s, u"--format"_s, u"json"_s });
        QCOMPARE(r.exitCode, 0);
        const QJsonArray list = QJsonDocument::fromJson(r.out.toUtf8()).object().value(u"scenarios"_s).toArray();
        QCOMPARE(list.size(), 24);
        QStringList ids;
        for (const QJsonValue &v : list)
            ids << v.toObject().value(u"id"_s).toString();
        QVERIFY(ids.contains(u"straggler-hang"_s) && ids.contains(u"healthy"_s));
        const Run text = runCli({ u"simulate"_s, u"--list"_s });
        QCOMPARE(text.exitCode, 0);
        QCOMPARE(text.out.count(u'\n'), 24);
    }

    void cliGenerates()
    {
        QTemporaryDir tmp;
        const Run r = runCli({ u"simulate"_s, u"cuda-oom"_s, u"--out"_s, tmp.filePath(u"b"_s), u"--truth"_s,
            tmp.filePath(u"t.json"_s), u"--nodes"_s, u"2"_s, u"--gpus-per-node"_s, u"2"_s, u"--seed"_s, u"5"_s,
            u"--layout"_s, u"k8s"_s, u"--nccl-debug"_s, u"warn"_s, u"--nccl-version"_s, u"2.27.3"_s,
            u"--torch-version"_s, u"2.7"_s, u"--steps"_s, u"4"_s, u"--clock-skew"_s, u"1.5"_s,
            u"--no-timestamps-nccl"_s, u"--inventories"_s, u"all"_s });
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(QFile::exists(tmp.filePath(u"t.json"_s)));
        QVERIFY(QFile::exists(tmp.filePath(u"b/inventory"_s)));
    }

    void cliBadUsage_data()
    {
        QTest::addColumn<QStringList>("args");
        const QString out = u"@OUT@"_s;
        const QString truth = u"@TRUTH@"_s;
        auto base = [&](const QString &scenario) {
            return QStringList { u"simulate"_s, scenario, u"--out"_s, out, u"--truth"_s, truth };
        };
        QTest::addRow("nothing") << QStringList { u"simulate"_s };
        QTest::addRow("unknown scenario") << base(u"no-such-thing"_s);
        QTest::addRow("unknown option") << (base(u"cuda-oom"_s) << u"--frobnicate"_s);
        QTest::addRow("nodes not a number") << (base(u"cuda-oom"_s) << u"--nodes"_s << u"many"_s);
        QTest::addRow("zero gpus") << (base(u"cuda-oom"_s) << u"--gpus-per-node"_s << u"0"_s);
        QTest::addRow("bad layout") << (base(u"cuda-oom"_s) << u"--layout"_s << u"yarn"_s);
        QTest::addRow("bad nccl debug") << (base(u"cuda-oom"_s) << u"--nccl-debug"_s << u"loud"_s);
        QTest::addRow("bad nccl version") << (base(u"cuda-oom"_s) << u"--nccl-version"_s << u"2.x"_s);
        QTest::addRow("bad torch version") << (base(u"cuda-oom"_s) << u"--torch-version"_s << u"3.1"_s);
        QTest::addRow("bad archive") << (base(u"cuda-oom"_s) << u"--archive"_s << u"rar"_s);
        QTest::addRow("bad inventories") << (base(u"cuda-oom"_s) << u"--inventories"_s << u"most"_s);
        QTest::addRow("bad clock skew") << (base(u"cuda-oom"_s) << u"--clock-skew"_s << u"-3"_s);
        QTest::addRow("missing out") << QStringList { u"simulate"_s, u"cuda-oom"_s, u"--truth"_s, truth };
        QTest::addRow("missing truth") << QStringList { u"simulate"_s, u"cuda-oom"_s, u"--out"_s, out };
        QTest::addRow("two scenarios") << (base(u"cuda-oom"_s) << u"nan-loss"_s);
        QTest::addRow("layout not allowed") << (base(u"k8s-oomkilled"_s) << u"--layout"_s << u"slurm"_s);
        QTest::addRow("one node") << (base(u"rendezvous-timeout"_s) << u"--nodes"_s << u"1"_s);
        QTest::addRow("nccl too new") << (base(u"nccl-duplicate-gpu"_s) << u"--nccl-version"_s << u"2.30.7"_s);
        QTest::addRow("format without list") << (base(u"cuda-oom"_s) << u"--format"_s << u"json"_s);
        QTest::addRow("list format") << QStringList { u"simulate"_s, u"--list"_s, u"--format"_s, u"yaml"_s };
        QTest::addRow("truth inside out")
            << QStringList { u"simulate"_s, u"cuda-oom"_s, u"--out"_s, out, u"--truth"_s, out + u"/t.json"_s };
    }

    void cliBadUsage()
    {
        QFETCH(QStringList, args);
        QTemporaryDir tmp;
        for (QString &a : args) {
            a.replace(u"@OUT@"_s, tmp.filePath(u"b"_s));
            a.replace(u"@TRUTH@"_s, tmp.filePath(u"t.json"_s));
        }
        const Run r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(!r.err.isEmpty());
        QVERIFY(!QFile::exists(tmp.filePath(u"t.json"_s)));
    }

    void cliRefusesNonEmptyOut()
    {
        QTemporaryDir tmp;
        QFile f(tmp.filePath(u"b/keep.txt"_s));
        QVERIFY(QDir().mkpath(tmp.filePath(u"b"_s)) && f.open(QIODevice::WriteOnly));
        f.close();
        const Run r = runCli({ u"simulate"_s, u"cuda-oom"_s, u"--out"_s, tmp.filePath(u"b"_s), u"--truth"_s,
            tmp.filePath(u"t.json"_s) });
        QCOMPARE(r.exitCode, 2);
    }

    void golden_data()
    {
        QTest::addColumn<QStringList>("spec");
        for (const QStringList &g : goldenList())
            QTest::addRow("%s", qPrintable(g.first())) << g;
    }

    void golden()
    {
        QFETCH(QStringList, spec);
        const QString name = spec.first();
        const QString dir = sourceDir + u"/tests/data/golden/"_s + name;
        QTemporaryDir tmp;
        const Run r = runCli(QStringList { u"simulate"_s } + spec.mid(1)
            + QStringList { u"--out"_s, tmp.filePath(name), u"--truth"_s, tmp.filePath(name + u".truth.json"_s) });
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QStringList want = filesUnder(dir);
        const QStringList got = filesUnder(tmp.filePath(name));
        QVERIFY2(want == got, "file list differs: rerun tests/data/golden/regenerate.sh and review the diff");
        qint64 total = 0;
        for (const QString &rel : want) {
            QFile a(dir + u'/' + rel), b(tmp.filePath(name) + u'/' + rel);
            QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
            const QByteArray ca = a.readAll();
            total += ca.size();
            QVERIFY2(ca == b.readAll(),
                qPrintable(rel + u" differs: rerun tests/data/golden/regenerate.sh and review the diff"_s));
        }
        QVERIFY2(total < 200 * 1024, "golden bundles stay under 200 KB");
        QFile ta(dir + u".truth.json"_s), tb(tmp.filePath(name + u".truth.json"_s));
        QVERIFY(ta.open(QIODevice::ReadOnly) && tb.open(QIODevice::ReadOnly));
        QCOMPARE(tb.readAll(), ta.readAll());
    }

    void largerJobStaysConsistent()
    {
        // 64 ranks with every NCCL line: enough to cross the writer's flush threshold.
        QTemporaryDir tmp;
        SimConfig cfg;
        cfg.scenario = u"ib-completion-error"_s;
        cfg.nodes = 8;
        cfg.gpusPerNode = 8;
        cfg.steps = 400;
        cfg.layout = SimConfig::Layout::Slurm;
        cfg.ncclDebug = SimConfig::NcclDebug::InfoAll;
        const sim::SimResult r = generate(tmp, cfg);
        QVERIFY2(r.ok(), qPrintable(r.error));
        QVERIFY(r.bytes > 4 * 1024 * 1024);
        QCOMPARE(r.truth.collateralRanks.size(), 63);
        const QString line = stripPrefixes(lineAt(tmp.filePath(u"bundle/"_s) + r.truth.path, r.truth.line));
        QVERIFY2(matchesEntry(u"ib-completion-error"_s, line), qPrintable(line));
    }
};

QTEST_GUILESS_MAIN(TestSimulator)
#include "tst_simulator.moc"
