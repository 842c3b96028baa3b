// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The incident history in the window: every analysis opened is recorded, the Overview says what
// an incident shares with earlier ones and links to them, the History dock lists, filters,
// opens and forgets incidents, recording can be turned off; and File → Compare with Good Run.
#include "casecontroller.h"
#include "guitestsupport.h"
#include "historycontroller.h"
#include "historypanel.h"
#include "incidenthistorymodel.h"
#include "incidentlibrary.h"
#include "mainwindow.h"
#include "overviewpanel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDateTime>
#include <QDialog>
#include <QFile>
#include <QMenu>
#include <QPushButton>
#include <QHeaderView>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace Qt::StringLiterals;
using namespace rankscope;
using namespace rankscope::ui;

namespace {

// Waits until the history has taken in the newest analysis (its job is in the background).
bool historySettled(MainWindow &w)
{
    return QTest::qWaitFor([&] { return !w.history()->isBusy(); }, 10000);
}

int recorded(const QString &library)
{
    QList<history::IncidentRecord> all;
    history::IncidentLibrary(library).list(&all);
    return int(all.size());
}

} // namespace

class TestHistoryGui : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_settings.isValid());
        m_kb = test::builtEncyclopedia();
        QVERIFY(m_kb);
    }

    // Every test has a library of its own, so none depends on what another recorded.
    void init()
    {
        qputenv("RANKSCOPE_HISTORY", (m_settings.path() + u'/' + QString::fromLatin1(QTest::currentTestFunction())
                                      + u".sqlite"_s).toLocal8Bit());
    }

    void recordsAndSaysWhatWasSeenBefore()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        w.resize(1400, 900);
        w.show();
        const QString library = w.history()->libraryPath();
        QVERIFY(library.startsWith(m_settings.path())); // never the user's own library

        // Two Xid 79 incidents on different nodes: the second has seen the first.
        QVERIFY(test::openAndAnalyse(w, {test::handmade("xid-busid-to-rank")}));
        QVERIFY(historySettled(w));
        QCOMPARE(recorded(library), 1);
        QVERIFY(!w.overview()->html().contains(u"Seen before"_s));
        QVERIFY(test::openAndAnalyse(w, {test::handmade("k8s-pod-xid-busid")}));
        QVERIFY(historySettled(w));
        QCOMPARE(recorded(library), 2);
        const QString html = w.overview()->html();
        QVERIFY2(html.contains(u"Seen before"_s), qPrintable(html));
        QVERIFY(html.contains(u"the same failure (gpu-xid-fallen-off-bus)"_s));
        QCOMPARE(w.history()->seenBefore().size(), 1);
        const qint64 firstId = w.history()->seenBefore().constFirst().incident.id;

        // Opening the same bundle again is the same incident, not a new one.
        QVERIFY(test::openAndAnalyse(w, {test::handmade("k8s-pod-xid-busid")}));
        QVERIFY(historySettled(w));
        QCOMPARE(recorded(library), 2);

        // The "Seen before" link opens the earlier incident's bundle.
        QSignalSpy opened(&w, &MainWindow::incidentOpened);
        QSignalSpy ready(&w, &MainWindow::analysisReady);
        Q_EMIT w.overview()->historyActivated(firstId);
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.first().first().toStringList(), QStringList{test::handmade("xid-busid-to-rank")});
        QVERIFY(ready.wait(20000));
        QVERIFY(historySettled(w));
    }

    void historyDockListsFiltersOpensForgets()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        w.resize(1400, 900);
        w.show();
        QVERIFY(historySettled(w));
        HistoryPanel *panel = w.historyPanel();
        QAbstractItemModelTester tester(panel->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(panel->model()->rowCount(), 0);
        QVERIFY(test::openAndAnalyse(w, {test::handmade("xid-busid-to-rank")}));
        QVERIFY(historySettled(w));
        QVERIFY(test::openAndAnalyse(w, {test::handmade("k8s-pod-xid-busid")}));
        QVERIFY(historySettled(w));
        QCOMPARE(panel->model()->rowCount(), 2);
        QVERIFY(test::openAndAnalyse(w, {test::handmade("cuda-oom-slurm")}));
        QVERIFY(historySettled(w));
        QCOMPARE(panel->model()->rowCount(), 3);
        QVERIFY(!panel->culpritsText().isEmpty());

        panel->setFilter(u"xid"_s);
        QCOMPARE(panel->proxy()->rowCount(), 2);
        panel->setFilter(u"g4-r3n04"_s);
        QCOMPARE(panel->proxy()->rowCount(), 1);
        panel->setFilter({});

        // The period filter goes by when an incident happened: the hand-made ones are years
        // old, an incident of two days ago is in the last week.
        history::IncidentRecord recent = w.history()->incidents().constFirst();
        recent.id = 0;
        recent.identity = u"recent-incident"_s;
        recent.origin = test::handmade("cuda-oom-slurm");
        recent.timeMs = QDateTime::currentMSecsSinceEpoch() - 2 * 24 * 3600 * 1000;
        QVERIFY(history::IncidentLibrary(w.history()->libraryPath()).record(recent).ok);
        w.history()->refresh();
        QVERIFY(historySettled(w));
        QCOMPARE(panel->model()->rowCount(), 4);
        panel->setPeriodDays(7);
        QCOMPARE(panel->proxy()->rowCount(), 1);
        QCOMPARE(panel->proxy()->data(panel->proxy()->index(0, models::IncidentHistoryModel::Failure)).toString(), recent.entry);
        panel->setPeriodDays(0);
        QCOMPARE(panel->proxy()->rowCount(), 4);
        QVERIFY(history::IncidentLibrary(w.history()->libraryPath()).forget(recent.id).ok);
        w.history()->refresh();
        QVERIFY(historySettled(w));
        panel->setFilter(u"g4-r3n04"_s);
        QCOMPARE(panel->proxy()->rowCount(), 1);

        // The narrow dock shows when, what and where; the rest is chosen from the header, and
        // the choice outlives the window.
        QVERIFY(!panel->table()->isColumnHidden(models::IncidentHistoryModel::Node));
        QVERIFY(panel->table()->isColumnHidden(models::IncidentHistoryModel::Ranks));
        auto *ranksColumn = panel->table()->horizontalHeader()->findChild<QAction *>(u"historyColumnRanks"_s);
        QVERIFY(ranksColumn);
        ranksColumn->trigger();
        QVERIFY(!panel->table()->isColumnHidden(models::IncidentHistoryModel::Ranks));
        QVERIFY(!QSettings().value(u"history/hiddenColumns"_s).toStringList().contains(u"Ranks"_s));
        {
            HistoryPanel again(w.history());
            QVERIFY(!again.table()->isColumnHidden(models::IncidentHistoryModel::Ranks));
            QVERIFY(again.table()->isColumnHidden(models::IncidentHistoryModel::Job));
            // At a docked width every shown column is on screen, with no sideways scroll.
            again.resize(300, 600);
            again.show();
            QVERIFY(QTest::qWaitForWindowExposed(&again));
            const QHeaderView *header = again.table()->horizontalHeader();
            int used = 0;
            for (int c = 0; c < models::IncidentHistoryModel::ColumnCount; ++c) {
                if (again.table()->isColumnHidden(c))
                    continue;
                QVERIFY2(header->sectionSize(c) >= 20, qPrintable(QString::number(c)));
                used += header->sectionSize(c);
            }
            QVERIFY2(used <= again.table()->viewport()->width(), qPrintable(u"%1 of %2"_s.arg(used).arg(again.table()->viewport()->width())));
        }
        ranksColumn->trigger();

        // Activating the row opens its bundle.
        QSignalSpy opened(&w, &MainWindow::incidentOpened);
        QSignalSpy ready(&w, &MainWindow::analysisReady);
        Q_EMIT panel->table()->activated(panel->proxy()->index(0, 0));
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.first().first().toStringList(), QStringList{test::handmade("xid-busid-to-rank")});
        QVERIFY(ready.wait(20000));
        QVERIFY(historySettled(w));

        // Forget: the row goes, from the library too.
        panel->table()->selectRow(0);
        auto *forget = panel->findChild<QPushButton *>(u"historyForget"_s);
        QVERIFY(forget && forget->isEnabled());
        forget->click();
        QVERIFY(historySettled(w));
        panel->setFilter({});
        QCOMPARE(panel->model()->rowCount(), 2);
        QCOMPARE(recorded(w.history()->libraryPath()), 2);
    }

    void recordingCanBeTurnedOff()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        w.show();
        QVERIFY(historySettled(w));
        const int before = recorded(w.history()->libraryPath());
        w.history()->setRecording(false);
        QVERIFY(test::openAndAnalyse(w, {test::handmade("version-conflict")}));
        QVERIFY(historySettled(w));
        QCOMPARE(recorded(w.history()->libraryPath()), before);
        w.history()->setRecording(true);
    }

    // A reviewer's verdict in the open case is what the library keeps, marked as corrected.
    void reviewerVerdictIsRecorded()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        w.show();
        QVERIFY(historySettled(w));
        QVERIFY(test::openAndAnalyse(w, {test::handmade("cuda-oom-slurm")}));
        QVERIFY(historySettled(w));
        CaseController *c = w.caseController();
        c->setInteractive(false);
        QVERIFY2(c->newCase(u"OOM reviewed"_s), qPrintable(w.statusBar()->currentMessage()));
        cases::VerdictOverride o;
        o.active = true;
        o.rank = 5;
        o.node = u"gpu-corrected"_s;
        o.entry = u"host-oom-kill"_s;
        o.reason = u"the host ran out of memory first"_s;
        c->setVerdictOverride(o);
        QVERIFY(historySettled(w));
        const history::IncidentRecord *r = nullptr;
        for (const auto &i : w.history()->incidents())
            if (i.origin == test::handmade("cuda-oom-slurm"))
                r = &i;
        QVERIFY(r);
        QCOMPARE(r->entry, u"host-oom-kill"_s);
        QCOMPARE(r->node, u"gpu-corrected"_s);
        QCOMPARE(r->rank, 5);
        QVERIFY(r->overridden);
        c->closeCase();
    }

    void compareWithGoodRun()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        w.resize(1400, 900);
        w.show();
        const QString pair = QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/compare/");
        QVERIFY(!w.compareWithGoodRun({pair + u"good"_s})); // nothing open yet
        auto *compare = w.findChild<QAction *>(u"compareAction"_s);
        QVERIFY(compare && !compare->isEnabled());
        QVERIFY(test::openAndAnalyse(w, {pair + u"bad"_s}));
        // The good run can be a folder or an archive (or log files), as the failed one can.
        QVERIFY(compare->isEnabled() && compare->menu());
        QVERIFY(compare->menu()->findChild<QAction *>(u"compareFolderAction"_s));
        QVERIFY(compare->menu()->findChild<QAction *>(u"compareFilesAction"_s));
        QSignalSpy ready(&w, &MainWindow::comparisonReady);
        QVERIFY(w.compareWithGoodRun({pair + u"good"_s}));
        QVERIFY(ready.wait(20000));
        const QString markdown = ready.first().first().toString();
        QVERIFY2(markdown.contains(u"| changed | nccl | 2.21.5 | 2.18.1 | gpu-a02 |"_s), qPrintable(markdown));
        auto *dialog = w.findChild<QDialog *>(u"comparisonDialog"_s);
        QVERIFY(dialog && dialog->isVisible());
        auto *text = dialog->findChild<QTextBrowser *>(u"comparisonText"_s);
        QVERIFY(text);
        QVERIFY(text->toPlainText().contains(u"Versions and settings"_s));
        if (const QString dir = qEnvironmentVariable("RANKSCOPE_SCREENSHOT_DIR"); !dir.isEmpty())
            dialog->grab().save(dir + u"/compare-good-run.png"_s);

        // The exported report carries the comparison unless the user leaves it out.
        QTemporaryDir out;
        QSignalSpy exported(&w, &MainWindow::reportExported);
        const auto exportText = [&](const QString &name, bool withComparison) {
            exported.clear();
            w.exportReport(out.filePath(name), false, withComparison);
            if (!exported.wait(60000) || !exported.first().at(1).toBool())
                return QString();
            QFile f(out.filePath(name));
            return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
        };
        const QString with = exportText(u"with.md"_s, true);
        QVERIFY2(with.contains(u"## Compared with a good run"_s) && with.contains(u"| changed | nccl | 2.21.5 | 2.18.1 | gpu-a02 |"_s),
                 qPrintable(with));
        const QString without = exportText(u"without.md"_s, false);
        QVERIFY(without.contains(u"## Verdict"_s));
        QVERIFY(!without.contains(u"Compared with"_s));
    }

private:
    test::IsolatedSettings m_settings{"tst_historygui"};
    std::shared_ptr<const kb::KnowledgeBase> m_kb;
};

QTEST_MAIN(TestHistoryGui)
#include "tst_historygui.moc"
