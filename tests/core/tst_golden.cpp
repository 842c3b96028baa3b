// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Golden analyses: for every real case (tests/data/real) and hand-made bundle
// (tests/data/handmade) the `analyze --format json` output, less the run time, is kept in
// tests/reference/<set>/<case>.analysis.json. Any change of a verdict, a diagnosis, an
// attribution or a warning then shows as a diff to review, not as a silent shift.
// Regenerate after a reviewed change: tests/reference/regenerate.sh (runs this test with
// RANKSCOPE_UPDATE_REFERENCE=1).
#include "analysisreport.h"
#include "incidentreport.h"
#include "redactor.h"
#include "analyzer.h"
#include "acceptancecase.h"
#include "ingestor.h"
#include "knowledgebase.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QTimeZone>

using namespace Qt::StringLiterals;
using namespace rankscope;

namespace {

// A fixed "now": year-less timestamps get the same year in every year the test runs.
const qint64 referenceNow = QDateTime(QDate(2026, 6, 1), QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch();

QByteArray analysisJson(const QString &folder)
{
    const auto result = test::analyseCase(folder, referenceNow).result;
    QJsonObject json = report::AnalysisReport::toJson(*result);
    QJsonObject stats = json.value(u"stats"_s).toObject();
    stats.remove(u"seconds"_s);
    json.insert(u"stats"_s, stats);
    return QJsonDocument(json).toJson(QJsonDocument::Indented);
}

// The first lines where two texts differ, with a little context: enough to see what changed.
QString firstDifference(const QByteArray &want, const QByteArray &got)
{
    const QList<QByteArray> a = want.split('\n'), b = got.split('\n');
    for (qsizetype i = 0; i < std::max(a.size(), b.size()); ++i) {
        if (a.value(i) != b.value(i))
            return u"line %1:\n  reference: %2\n  now:       %3"_s.arg(i + 1).arg(QString::fromUtf8(a.value(i).trimmed()),
                                                                           QString::fromUtf8(b.value(i).trimmed()));
    }
    return {};
}

} // namespace

class TestGolden : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void analysis_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("reference");
        for (const QString &set : {u"real"_s, u"handmade"_s}) {
            const QDir dir(QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/") + set);
            for (const QString &name : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name))
                QTest::newRow(qPrintable(set + u'/' + name))
                    << dir.filePath(name)
                    << QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/reference/") + set + u'/' + name + u".analysis.json"_s;
        }
    }
    void analysis()
    {
        QFETCH(QString, folder);
        QFETCH(QString, reference);
        const QByteArray got = analysisJson(folder);
        if (qEnvironmentVariableIsSet("RANKSCOPE_UPDATE_REFERENCE")) {
            QDir().mkpath(QFileInfo(reference).absolutePath());
            QFile out(reference);
            QVERIFY2(out.open(QIODevice::WriteOnly) && out.write(got) == got.size(), qPrintable(reference));
            return;
        }
        QFile in(reference);
        QVERIFY2(in.open(QIODevice::ReadOnly),
                 qPrintable(u"no reference analysis %1: run tests/reference/regenerate.sh and review the new file"_s.arg(reference)));
        const QByteArray want = in.readAll();
        QVERIFY2(want == got, qPrintable(u"the analysis changed; review and regenerate if it is right — "_s + firstDifference(want, got)));
    }

    // The fix is written for this incident: a version conflict where most nodes run the newer
    // NCCL says to install the majority's version, not the entry's example or the outlier's.
    void fixNamesTheMajorityVersion()
    {
        const auto acceptance = test::analyseCase(QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade/version-conflict-majority-newer"), referenceNow);
        const auto &r = acceptance.result;
        const auto &kb = acceptance.kb;
        QCOMPARE(r->verdict.entry, u"nccl-version-conflict"_s);
        const report::IncidentReport rep = report::IncidentReport::build(*r, kb.get(), {}, report::Redactor());
        QVERIFY(!rep.diagnoses.isEmpty());
        const report::IncidentReport::Diagnosis &d = rep.diagnoses.first();
        QString commands;
        for (const auto &a : d.fix)
            for (const auto &c : a.commands)
                commands += c.code + u'\n';
        QVERIFY2(commands.contains(u"nvidia-nccl-cu12==2.21.5"_s), qPrintable(commands));
        QVERIFY(!commands.contains(u"==2.18.1"_s));
        QVERIFY2(d.filledValues.contains(u"majority.nccl = 2.21.5"_s), qPrintable(d.filledValues.join(u"; "_s)));
        QVERIFY(!commands.contains(u"{majority"_s));
    }
};

QTEST_GUILESS_MAIN(TestGolden)
#include "tst_golden.moc"
