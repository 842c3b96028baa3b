// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline as Trace Event JSON: it parses, every rank of the job has exactly one named track
// on its node's process, events carry their file and line, and redaction reaches the trace too.
// Inputs: a hand-made bundle and a simulated job written on the fly.
#include "analyzer.h"
#include "ingestor.h"
#include "knowledgebase.h"
#include "redactor.h"
#include "simulator.h"
#include "traceexport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;
using report::Redactor;
using report::TraceExport;

namespace {
std::shared_ptr<const kb::KnowledgeBase> knowledgeBase()
{
    static std::shared_ptr<const kb::KnowledgeBase> kb = [] {
        Warnings w;
        return kb::KnowledgeBase::open(
            QStringLiteral(RANKSCOPE_BINARY_DIR "/share/rankscope/encyclopedia.sqlite"), QString(), &w);
    }();
    return kb;
}

analysis::AnalysisResultPtr analysePath(const QString &path)
{
    ingest::IngestConfig cfg;
    cfg.fingerprints = analysis::Analyzer::fingerprintSpecs(*knowledgeBase());
    return analysis::Analyzer::run(ingest::Ingestor::run({ path }, cfg), *knowledgeBase());
}

QJsonArray traceEvents(const QByteArray &bytes)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError)
        qWarning() << error.errorString();
    return doc.object().value(u"traceEvents"_s).toArray();
}

// thread name -> how many thread_name records carry it
QHash<QString, int> threadNames(const QJsonArray &events)
{
    QHash<QString, int> names;
    for (const QJsonValue &v : events) {
        const QJsonObject e = v.toObject();
        if (e.value(u"ph"_s).toString() == u"M"_s && e.value(u"name"_s).toString() == u"thread_name"_s)
            ++names[e.value(u"args"_s).toObject().value(u"name"_s).toString()];
    }
    return names;
}
} // namespace

class TestTraceExport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void handMadeBundle()
    {
        const auto r = analysePath(QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade/version-conflict"));
        const QByteArray bytes = TraceExport::toBytes(*r, Redactor(), knowledgeBase().get());
        const QJsonArray events = traceEvents(bytes);
        QVERIFY(!events.isEmpty());

        const QHash<QString, int> threads = threadNames(events);
        for (int rank = 0; rank < 4; ++rank)
            QCOMPARE(threads.value(u"rank %1"_s.arg(rank)), 1);

        QHash<int, QString> processes;
        QHash<int, int> rankPid;
        qint64 minTs = std::numeric_limits<qint64>::max();
        int slices = 0;
        bool initiating = false;
        for (const QJsonValue &v : events) {
            const QJsonObject e = v.toObject();
            const QString ph = e.value(u"ph"_s).toString();
            const QJsonObject args = e.value(u"args"_s).toObject();
            if (ph == u"M"_s && e.value(u"name"_s).toString() == u"process_name"_s)
                processes.insert(e.value(u"pid"_s).toInt(), args.value(u"name"_s).toString());
            if (ph == u"M"_s && e.value(u"name"_s).toString() == u"thread_name"_s
                && args.value(u"name"_s).toString().startsWith(u"rank "_s))
                rankPid.insert(e.value(u"tid"_s).toInt() - 1, e.value(u"pid"_s).toInt());
            if (ph == u"M"_s)
                continue;
            QVERIFY(e.value(u"ts"_s).isDouble());
            minTs = std::min(minTs, qint64(e.value(u"ts"_s).toDouble()));
            if (ph == u"X"_s) {
                ++slices;
                QVERIFY(e.value(u"dur"_s).toDouble() >= 0);
            } else if (ph == u"i"_s && e.value(u"s"_s).toString() == u"t"_s) {
                for (const QString &k : { u"path"_s, u"line"_s, u"text"_s, u"role"_s, u"entry"_s })
                    QVERIFY2(args.contains(k), qPrintable(k));
                if (args.value(u"role"_s).toString() == u"initiating"_s
                    && args.value(u"path"_s).toString() == u"node-b/rank2.log"_s
                    && args.value(u"line"_s).toInt() == 6) {
                    initiating = true;
                    QCOMPARE(e.value(u"tid"_s).toInt(), 3);
                }
            }
        }
        QVERIFY(initiating);
        QCOMPARE(slices, 4);
        QCOMPARE(minTs, qint64(0));
        QCOMPARE(processes.value(rankPid.value(0)), u"gpu-a01"_s);
        QCOMPARE(processes.value(rankPid.value(2)), u"gpu-b07"_s);
        QCOMPARE(rankPid.value(0), rankPid.value(1));

        const QByteArray redacted = TraceExport::toBytes(*r, Redactor::fromResult(*r), knowledgeBase().get());
        for (const char *o : { "gpu-a01", "gpu-b07", "10.1.0.11", "10.1.0.27" })
            QVERIFY2(!redacted.contains(o), o);
        QVERIFY(redacted.contains("\"node-02\""));
    }

    void simulatedJob()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        sim::SimConfig config;
        config.scenario = u"nccl-version-conflict"_s;
        config.outDir = dir.filePath(u"bundle"_s);
        config.truthFile = dir.filePath(u"truth.json"_s);
        config.nodes = 3;
        config.gpusPerNode = 2;
        config.steps = 5;
        const sim::SimResult sim = sim::Simulator::run(config);
        QVERIFY2(sim.ok(), qPrintable(sim.error));
        const auto r = analysePath(config.outDir);
        QCOMPARE(r->ingest->job.ranks.size(), qsizetype(6));

        const Redactor redactor = Redactor::fromResult(*r);
        const QByteArray bytes = TraceExport::toBytes(*r, redactor, knowledgeBase().get());
        const QHash<QString, int> threads = threadNames(traceEvents(bytes));
        int rankTracks = 0;
        for (auto it = threads.cbegin(); it != threads.cend(); ++it) {
            if (it.key().startsWith(u"rank "_s)) {
                ++rankTracks;
                QCOMPARE(it.value(), 1);
            }
        }
        QCOMPARE(rankTracks, 6);
        QStringList originals;
        for (const Redactor::Alias &a : redactor.aliases())
            originals.append(a.original);
        QVERIFY(originals.size() >= 3);
        const QString text = QString::fromUtf8(bytes);
        for (const QString &o : std::as_const(originals))
            QVERIFY2(!text.contains(o, Qt::CaseInsensitive), qPrintable(o));
    }
};

QTEST_GUILESS_MAIN(TestTraceExport)
#include "tst_traceexport.moc"
