// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The workbench as a user drives it: open an incident, read the verdict, click the initiating
// marker on the timeline and land on the evidence line, inspect the matrix, cancel a load.
#include "encyclopediapanel.h"
#include "knowledgebase.h"
#include "logview.h"
#include "mainwindow.h"
#include "matrixview.h"
#include "overviewpanel.h"
#include "roles.h"
#include "timelineplot.h"
#include "versionmatrixmodel.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;
using namespace rankscope::ui;

namespace {
QString handmade(const char *name)
{
    return QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade/") + QString::fromLatin1(name);
}
std::shared_ptr<const kb::KnowledgeBase> knowledgeBase()
{
    Warnings w;
    return kb::KnowledgeBase::open(QStringLiteral(RANKSCOPE_BINARY_DIR "/share/rankscope/encyclopedia.sqlite"), QString(), &w);
}
} // namespace

class TestWorkbench : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_settings.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settings.path());
        m_kb = knowledgeBase();
        QVERIFY(m_kb->entries().size() >= 64);
    }

    void verdictTimelineAndLogAreLinked()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy ready(&w, &MainWindow::analysisReady);
        w.openPaths({handmade("cuda-oom-slurm")});
        QVERIFY(ready.wait(20000));

        // The overview states the verdict.
        QVERIFY2(w.overview()->verdictText().contains(u"Rank 3"_s), qPrintable(w.overview()->verdictText()));
        QVERIFY(w.overview()->verdictText().contains(u"CUDA out of memory"_s));
        // The encyclopedia shows the matching entry.
        QCOMPARE(w.encyclopedia()->currentEntry(), u"cuda-oom"_s);

        // Click the initiating marker: the log view jumps to the evidence line.
        w.logView()->showFile(0, 1);
        QTest::qWait(50);
        const QPoint marker = w.timeline()->initiatingMarkerPosition();
        QVERIFY(marker.x() >= 0);
        QTest::mouseClick(w.timeline()->canvas(), Qt::LeftButton, Qt::NoModifier, marker);
        QTRY_COMPARE(w.logView()->currentLine().line, qint64(13));
        QCOMPARE(w.ingestResult()->files.at(w.logView()->currentLine().file).path, u"slurm-77123.out"_s);
    }

    void matrixMarksTheOutlier()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        QSignalSpy ready(&w, &MainWindow::analysisReady);
        w.openPaths({handmade("inventories")});
        QVERIFY(ready.wait(20000));
        models::VersionMatrixModel *model = w.matrix()->model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const int driver = int(model->columns().indexOf(u"driver"_s));
        QVERIFY(driver >= 0);
        bool outlier = false;
        for (int r = 0; r < model->rowCount(); ++r) {
            const QModelIndex idx = model->index(r, driver);
            if (model->rowNodes(r).contains(u"node-2"_s)) {
                QCOMPARE(idx.data(models::CellStateRole).toInt(), int(analysis::MatrixCell::State::Outlier));
                QVERIFY(idx.data(Qt::ToolTipRole).toString().contains(u"550.54.15"_s));
                outlier = true;
            }
        }
        QVERIFY(outlier);
        model->setOnlyDifferingColumns(true);
        QVERIFY(model->columns().contains(u"driver"_s));
        QVERIFY(!model->columns().contains(u"torch"_s));
        model->setGroupIdentical(false);
        QCOMPARE(model->rowCount(), 3);
    }

    void cancelLeavesAUsableWindow()
    {
        QTemporaryDir dir;
        for (int i = 0; i < 6; ++i) {
            QFile f(dir.filePath(u"rank%1.log"_s.arg(i)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            QByteArray line = "[rank" + QByteArray::number(i) + "]: step 1 loss 2.0 padding padding padding padding\n";
            for (int k = 0; k < 400000; ++k)
                f.write(line);
        }
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        QSignalSpy finished(&w, &MainWindow::loadingFinished);
        w.openPaths({dir.path()});
        w.cancelLoading();
        QVERIFY(finished.wait(30000));
        QCOMPARE(finished.first().first().toBool(), true);
        QVERIFY(!w.isLoading());
        // Still usable: open another incident.
        QSignalSpy ready(&w, &MainWindow::analysisReady);
        w.openPaths({handmade("time-limit")});
        QVERIFY(ready.wait(20000));
        QVERIFY(w.overview()->verdictText().startsWith(u"External"_s));
    }

private:
    QTemporaryDir m_settings;
    std::shared_ptr<const kb::KnowledgeBase> m_kb;
};

QTEST_MAIN(TestWorkbench)
#include "tst_workbench.moc"
