// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The workbench as a user drives it: open an incident, read the verdict, click the initiating
// marker on the timeline and land on the evidence line, inspect the matrix, cancel a load.
#include "encyclopediapanel.h"
#include "exportreportdialog.h"
#include "findbar.h"
#include "gotolinebar.h"
#include "guitestsupport.h"
#include "knowledgebase.h"
#include "logtextarea.h"
#include "logview.h"
#include "mainwindow.h"
#include "matrixview.h"
#include "overviewpanel.h"
#include "roles.h"
#include "timelineplot.h"
#include "versionmatrixmodel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QLineEdit>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QFileInfo>
#include <QMimeData>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QApplication>
#include <QListView>
#include <QTest>
#include <QScopeGuard>

#include <sys/resource.h>
#include <QTableWidget>
#include <QTextBrowser>
#include <QToolButton>
#include <QLabel>
#include <QScreen>

using namespace Qt::StringLiterals;
using namespace rankscope;
using namespace rankscope::ui;

namespace {
// Shows the window at a laptop's size, not maximised, once its first layout passes are done.
bool showSettled(MainWindow &w, QSize size)
{
    w.show();
    if (!QTest::qWaitForWindowExposed(&w))
        return false;
    w.setWindowState(Qt::WindowNoState);
    w.resize(size);
    QSize settled;
    for (int i = 0; i < 50 && settled != w.size(); ++i) {
        settled = w.size();
        QTest::qWait(100);
    }
    return true;
}
} // namespace

class TestWorkbench : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_settings.isValid());
        m_kb = test::builtEncyclopedia();
        QVERIFY(m_kb->entries().size() >= 64);
    }

    void verdictTimelineAndLogAreLinked()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(test::openAndAnalyse(w, {test::handmade("cuda-oom-slurm")}));

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

    // File -> Paste Log (Ctrl+Shift+V): the clipboard's text is an incident, diagnosed like a
    // file; the text is kept in the data folder, since the clipboard is not a copy.
    void pastedLogIsAnIncident()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *paste = w.findChild<QAction *>(u"pasteLogAction"_s);
        QVERIFY(paste);
        QCOMPARE(paste->shortcut(), QKeySequence(u"Ctrl+Shift+V"_s));
        QGuiApplication::clipboard()->setText(
            u"> [3] include/shm.h:48 NCCL WARN Error while creating shared memory segment nccl-shm-recv-1462445a6f01cbfc-1-2-3 (size 9637888)\n"_s);
        QSignalSpy ready(&w, &MainWindow::analysisReady);
        paste->trigger();
        QVERIFY(ready.wait(20000));
        QCOMPARE(w.analysis()->verdict.entry, u"nccl-shm-exhausted"_s);
        const QString kept = w.ingestResult()->files.value(0).diskPath;
        QVERIFY2(QFileInfo(kept).fileName().startsWith(u"pasted-"_s), qPrintable(kept));
        QVERIFY(QFile::exists(kept));
        // An empty clipboard opens nothing and says so.
        QGuiApplication::clipboard()->setText(QString());
        paste->trigger();
        QTest::qWait(100);
        QCOMPARE(ready.count(), 1);
        QVERIFY(w.statusBar()->currentMessage().contains(u"no text"_s));
    }

    // Text dropped on the window (from a browser, an editor) opens the same way.
    void droppedTextIsAnIncident()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QMimeData mime;
        mime.setText(u"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.54 GiB is free.\n"_s);
        const QPoint at = w.rect().center();
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &enter);
        QVERIFY(enter.isAccepted());
        QSignalSpy ready(&w, &MainWindow::analysisReady);
        QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&w, &drop);
        QVERIFY(ready.wait(20000));
        QCOMPARE(w.analysis()->verdict.entry, u"cuda-oom"_s);
    }

    void matrixMarksTheOutlier()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        QVERIFY(test::openAndAnalyse(w, {test::handmade("inventories")}));
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

    void matrixGroupLabels_data()
    {
        QTest::addColumn<QStringList>("nodes");
        QTest::addColumn<QString>("label");
        QTest::addRow("one") << QStringList{u"gpu-01"_s} << u"gpu-01"_s;
        QTest::addRow("two") << QStringList{u"gpu-01"_s, u"gpu-07"_s} << u"gpu-01, gpu-07"_s;
        // Grouped nodes need not be neighbours: no "first … last" that reads as a range.
        QTest::addRow("four") << QStringList{u"gpu-01"_s, u"gpu-03"_s, u"gpu-04"_s, u"gpu-09"_s}
                              << u"gpu-01, gpu-03 and 2 more"_s;
    }

    void matrixGroupLabels()
    {
        QFETCH(QStringList, nodes);
        QFETCH(QString, label);
        // The grouped nodes run NCCL 2.21.5; gpu-02, the outlier, stays on a row of its own.
        auto result = std::make_shared<analysis::AnalysisResult>();
        result->matrix.components = {u"nccl"_s};
        QStringList all = nodes;
        all.append(u"gpu-02"_s);
        std::sort(all.begin(), all.end());
        result->matrix.nodes = all;
        for (const QString &n : all) {
            analysis::MatrixCell cell;
            cell.value = n == u"gpu-02"_s ? u"2.18.1"_s : u"2.21.5"_s;
            cell.state = n == u"gpu-02"_s ? analysis::MatrixCell::State::Outlier : analysis::MatrixCell::State::Consistent;
            result->matrix.cells[n][u"nccl"_s] = cell;
        }
        models::VersionMatrixModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResult(result);
        QCOMPARE(model.rowCount(), 2);
        const int row = model.rowNodes(0).contains(u"gpu-02"_s) ? 1 : 0;
        QCOMPARE(model.rowNodes(row), nodes);
        QCOMPARE(model.headerData(row, Qt::Vertical, Qt::DisplayRole).toString(), label);
        QCOMPARE(model.headerData(row, Qt::Vertical, Qt::ToolTipRole).toString(), nodes.join(u", "_s));
    }

    // A pod and the machine it ran on are one row of the matrix, named by both.
    void matrixNamesPodsWithTheirMachine()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        QVERIFY(test::openAndAnalyse(w, {test::handmade("k8s-pod-xid-busid")}));
        models::VersionMatrixModel *model = w.matrix()->model();
        QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QStringList labels;
        for (int r = 0; r < model->rowCount(); ++r)
            labels << model->headerData(r, Qt::Vertical, Qt::ToolTipRole).toString();
        QVERIFY2(labels.contains(u"gpu-node-b (pod llm-pt-worker-1)"_s), qPrintable(labels.join(u" | "_s)));
        QVERIFY2(!labels.join(u" "_s).contains(u"llm-pt-worker-1,"_s), "the pod is not a row of its own");
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
        QVERIFY(test::openAndAnalyse(w, {test::handmade("time-limit")}));
        QVERIFY(w.overview()->verdictText().startsWith(u"External"_s));
    }

    // Ctrl+F, F3 and Ctrl+L reach the log view from any panel of the window, and no two
    // window-wide actions share a key.
    void findShortcutsWorkFromAnyPanel()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(test::openAndAnalyse(w, {test::handmade("cuda-oom-slurm")}));

        QTableView *matrix = w.matrix()->table();
        matrix->setFocus();
        QTRY_VERIFY(matrix->hasFocus());
        QVERIFY(w.logView()->findBar()->isHidden());
        QTest::keyClick(matrix, Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(w.logView()->findBar()->isVisible());
        QVERIFY(w.logView()->findBar()->edit()->hasFocus());

        // F3 from the timeline finds the next match in the log view (lines 14 and 15 of the
        // Slurm output are the first two watchdog timeouts).
        FileId slurm = InvalidFileId;
        for (qsizetype i = 0; i < w.ingestResult()->files.size(); ++i) {
            if (w.ingestResult()->files.at(i).path == u"slurm-77123.out"_s)
                slurm = FileId(i);
        }
        QVERIFY(slurm != InvalidFileId);
        w.logView()->showFile(slurm, 1);
        w.logView()->findBar()->setText(u"Watchdog"_s);
        QTRY_COMPARE(w.logView()->currentLine().line, qint64(14)); // the incremental search
        w.timeline()->canvas()->setFocus();
        QTRY_VERIFY(w.timeline()->canvas()->hasFocus());
        QTest::keyClick(w.timeline()->canvas(), Qt::Key_F3);
        QTRY_COMPARE(w.logView()->currentLine().line, qint64(15));
        QTest::keyClick(w.timeline()->canvas(), Qt::Key_F3, Qt::ShiftModifier);
        QTRY_COMPARE(w.logView()->currentLine().line, qint64(14));

        // Ctrl+L from the matrix: the go-to-line bar.
        matrix->setFocus();
        QTRY_VERIFY(matrix->hasFocus());
        QTest::keyClick(matrix, Qt::Key_L, Qt::ControlModifier);
        QTRY_VERIFY(w.logView()->goToLineBar()->isVisible());

        QHash<QString, QString> seen;
        const QList<QAction *> actions = w.findChildren<QAction *>();
        for (QAction *a : actions) {
            if (a->shortcut().isEmpty() || a->shortcutContext() == Qt::WidgetShortcut
                || a->shortcutContext() == Qt::WidgetWithChildrenShortcut)
                continue;
            const QList<QKeySequence> keys = a->shortcuts();
            for (const QKeySequence &k : keys) {
                const QString key = k.toString();
                QVERIFY2(!seen.contains(key), qPrintable(key + u": "_s + seen.value(key) + u" and "_s + a->text()));
                seen.insert(key, a->text());
            }
        }
        for (const char *key : {"Ctrl+F", "F3", "Shift+F3", "Ctrl+L", "Ctrl+Shift+C", "F11"})
            QVERIFY2(seen.contains(QString::fromLatin1(key)), key);
    }

    void splitterStateIsRestored()
    {
        QList<int> sizes;
        {
            MainWindow w;
            w.resize(1200, 800);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            auto *split = w.findChild<QSplitter *>(u"centralSplitter"_s);
            QVERIFY(split);
            split->setSizes({150, 450});
            sizes = split->sizes();
            QVERIFY(w.close());
        }
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.findChild<QSplitter *>(u"centralSplitter"_s)->sizes(), sizes);
    }

    // File > Export Report… ends in exportReport(path, redact): the file is written in the
    // background, the status bar names it, the annotations come from the provider.
    void exportWritesTheReport()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        QVERIFY(test::openAndAnalyse(w, {test::handmade("cuda-oom-slurm")}));
        QVERIFY(w.findChild<QAction *>(u"exportReportAction"_s)->isEnabled());
        const QString verdict = w.analysis()->verdict.summary;
        QVERIFY(verdict.contains(u"Rank 3"_s));

        QTemporaryDir out;
        QSignalSpy exported(&w, &MainWindow::reportExported);
        const QString html = out.filePath(u"report.html"_s);
        w.exportReport(html, false);
        QVERIFY(exported.wait(60000));
        QCOMPARE(exported.first().at(0).toString(), html);
        QCOMPARE(exported.first().at(1).toBool(), true);
        QFile f(html);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        QVERIFY2(text.contains(verdict.toHtmlEscaped()), qPrintable(verdict));
        QVERIFY(w.statusBar()->currentMessage().contains(QDir::toNativeSeparators(html)));

        // Annotations are asked for at export time; redaction reaches the file.
        bool asked = false;
        w.setReportAnnotationsProvider([&asked] {
            asked = true;
            report::ReportAnnotations a;
            a.notes = u"Checked the allocator settings on every node."_s;
            return a;
        });
        const QString md = out.filePath(u"report.md"_s);
        w.exportReport(md, true);
        QVERIFY(exported.wait(60000));
        QCOMPARE(exported.last().at(1).toBool(), true);
        QVERIFY(asked);
        QFile m(md);
        QVERIFY(m.open(QIODevice::ReadOnly));
        const QString markdown = QString::fromUtf8(m.readAll());
        QVERIFY(markdown.contains(u"Checked the allocator settings on every node."_s));
        QVERIFY(!w.analysis()->verdict.node.isEmpty());
        QVERIFY2(!markdown.contains(w.analysis()->verdict.node), qPrintable(w.analysis()->verdict.node));

        // A file that cannot be written: a message box naming it, not a blocked window.
        const QString bad = out.filePath(u"no-such-dir/report.pdf"_s);
        w.exportReport(bad, false);
        QVERIFY(exported.wait(60000));
        QCOMPARE(exported.last().at(1).toBool(), false);
        auto *box = w.findChild<QMessageBox *>(u"exportErrorBox"_s);
        QVERIFY(box);
        QVERIFY2(box->text().contains(QDir::toNativeSeparators(bad)), qPrintable(box->text()));
        box->close();
    }

    // The export dialog: the suffix chooses the format, the format list rewrites the suffix.
    void exportDialogFollowsTheSuffix()
    {
        ExportReportDialog d;
        auto *combo = d.findChild<QComboBox *>(u"exportFormat"_s);
        QPushButton *ok = d.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        d.setPath(u"/tmp/incident-report.md"_s);
        QCOMPARE(d.format(), render::ReportFormat::Markdown);
        QVERIFY(ok->isEnabled());
        combo->setCurrentIndex(4); // Perfetto trace
        Q_EMIT combo->activated(4);
        QCOMPARE(d.path(), u"/tmp/incident-report.trace.json"_s);
        QCOMPARE(d.format(), render::ReportFormat::Trace);
        combo->setCurrentIndex(2);
        Q_EMIT combo->activated(2);
        QCOMPARE(d.path(), u"/tmp/incident-report.pdf"_s);
        d.setPath(u"/tmp/incident-report.docx"_s);
        QVERIFY(!d.format());
        QVERIFY(!ok->isEnabled());
        QCOMPARE(ExportReportDialog::withSuffix(u"a/b.c"_s, render::ReportFormat::Html), u"a/b.c.html"_s);
        QCOMPARE(ExportReportDialog::nameFilters().size(), 5);
        d.setRedact(true);
        QVERIFY(d.findChild<QCheckBox *>(u"exportRedact"_s)->isChecked());
        QVERIFY(d.redact());
    }

    void copySummaryPutsTheVerdictOnTheClipboard()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        w.show();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QVERIFY(test::openAndAnalyse(w, {test::handmade("cuda-oom-slurm")}));
        QGuiApplication::clipboard()->clear();
        QTest::keyClick(w.matrix()->table(), Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        const QString summary = QGuiApplication::clipboard()->text();
        QVERIFY2(summary.startsWith(u"Verdict: "_s + w.analysis()->verdict.summary), qPrintable(summary));
    }

    // The first window takes ~90 % of the screen, centred; narrow screens get it maximised.
    void initialGeometry_data()
    {
        QTest::addColumn<QRect>("available");
        QTest::addColumn<bool>("maximised");
        QTest::addRow("laptop 1366x768") << QRect(0, 0, 1366, 740) << true;
        QTest::addRow("1920x1080") << QRect(0, 0, 1920, 1050) << false;
        QTest::addRow("2560x1440 right of another") << QRect(1920, 0, 2560, 1400) << false;
    }
    void initialGeometry()
    {
        QFETCH(QRect, available);
        QFETCH(bool, maximised);
        const auto [rect, maximise] = MainWindow::initialGeometry(available);
        QVERIFY(available.contains(rect));
        QVERIFY(rect.width() >= available.width() * 85 / 100 && rect.height() >= available.height() * 85 / 100);
        QVERIFY(std::abs(rect.center().x() - available.center().x()) <= 1);
        QCOMPARE(maximise, maximised);
    }

    // A new window fits its screen and does not grow by itself while an incident loads or the
    // log view merges files.
    void windowFitsAndKeepsItsSize()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QRect screen = w.screen()->availableGeometry();
        // (The offscreen test screen is 800 px wide, narrower than the workbench can be.)
        QVERIFY2(w.width() <= std::max(screen.width(), w.minimumSizeHint().width()) && w.height() <= screen.height(),
                 qPrintable(u"%1x%2 on %3x%4"_s.arg(w.width()).arg(w.height()).arg(screen.width()).arg(screen.height())));
        // A laptop-sized window: the verdict's long sentence in the status bar, the timeline's
        // counts and the merge's progress text must not widen it.
        QVERIFY(showSettled(w, QSize(1280, 720)));
        const QSize before = w.size();
        QVERIFY(test::openAndAnalyse(w, {test::handmade("torchelastic-table-sigkill")}));
        w.logView()->findChild<QToolButton *>(u"mergeButton"_s)->click();
        QTRY_VERIFY(w.logView()->isMerged());
        QTest::qWait(200);
        QCOMPARE(w.size(), before);
        // With an incident open and every dock in place, the workbench still fits a 1024 px
        // screen (a projector, a laptop with a side panel).
        QVERIFY2(w.minimumSizeHint().width() <= 960, qPrintable(QString::number(w.minimumSizeHint().width())));
    }

    // At 1366x768 the timeline is the largest view, the overview dock can hold a sentence, and
    // View > Reset Layout brings both back after the user squeezed them.
    void timelineIsTheMainView()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        QVERIFY(showSettled(w, QSize(1366, 740)));
        QVERIFY(test::openAndAnalyse(w, {test::handmade("cuda-oom-slurm")}));
        w.resetLayout();
        QTest::qWait(50);
        QVERIFY2(w.timeline()->height() >= w.height() * 40 / 100, qPrintable(QString::number(w.timeline()->height())));
        QVERIFY(w.timeline()->height() > w.logView()->height());
        QVERIFY(w.overview()->width() >= 300);
        auto *split = w.findChild<QSplitter *>(u"centralSplitter"_s);
        split->setSizes({10000, 0});
        QVERIFY(w.logView()->height() >= 100); // a splitter never collapses a view
        w.resetLayout();
        QTest::qWait(50);
        QVERIFY(w.timeline()->height() >= w.height() * 40 / 100);
    }

    // The matrix of an incident with an outlier opens on the differing columns, the outlier's
    // row first, its decisive cell in view without scrolling.
    void decisiveMatrixCellIsInView()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        QVERIFY(showSettled(w, QSize(1366, 740)));
        QVERIFY(test::openAndAnalyse(w, {test::handmade("inventories")}));
        QTest::qWait(50);
        models::VersionMatrixModel *model = w.matrix()->model();
        QVERIFY(model->onlyDifferingColumns());
        QVERIFY(model->rowNodes(0).contains(u"node-2"_s));
        const int driver = int(model->columns().indexOf(u"driver"_s));
        QVERIFY(driver >= 0);
        QTableView *table = w.matrix()->table();
        const QRect cell = table->visualRect(model->index(0, driver));
        QVERIFY2(table->viewport()->rect().contains(cell), qPrintable(u"cell %1,%2 %3x%4"_s.arg(cell.x()).arg(cell.y()).arg(cell.width()).arg(cell.height())));
    }

    // What to do, next to the verdict: the first fix and the verification, each to copy.
    void overviewSaysWhatToDo()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        QVERIFY(test::openAndAnalyse(w, {test::handmade("cuda-oom-slurm")}));
        const QStringList commands = w.overview()->offeredCommands();
        QVERIFY(commands.size() >= 2);
        QVERIFY(w.overview()->html().contains(u"What to do"_s));
        auto *browser = w.overview()->findChild<QTextBrowser *>(u"overviewText"_s);
        Q_EMIT browser->anchorClicked(QUrl(u"copy:1"_s));
        QCOMPARE(QGuiApplication::clipboard()->text(), commands.at(1));
    }

    // Help > Keyboard Shortcuts lists the menus' shortcuts and the timeline's keys.
    void shortcutsAreListed()
    {
        MainWindow w;
        const auto rows = w.shortcutList();
        auto has = [&rows](const QString &keys, const QString &what) {
            return std::any_of(rows.cbegin(), rows.cend(), [&](const auto &r) { return r.first.contains(keys) && r.second.contains(what); });
        };
        QVERIFY(has(QKeySequence(QKeySequence::Find).toString(QKeySequence::NativeText), u"Find"_s));
        QVERIFY(has(u"G"_s, u"initiating failure"_s));
        QVERIFY(has(u"Ctrl+Shift+V"_s, u"Paste Log"_s));
        QDialog *d = w.showShortcuts();
        auto *table = d->findChild<QTableWidget *>(u"shortcutsTable"_s);
        QCOMPARE(table->rowCount(), int(rows.size()));
        d->close();
    }

    // The export dialog's file label is a real mnemonic, not a literal "&File:".
    void exportDialogLabelHasItsBuddy()
    {
        ExportReportDialog dialog;
        auto *edit = dialog.findChild<QLineEdit *>(u"exportPath"_s);
        bool found = false;
        for (QLabel *l : dialog.findChildren<QLabel *>()) {
            if (l->text() == u"&File:"_s) {
                QCOMPARE(l->buddy(), edit);
                found = true;
            }
        }
        QVERIFY(found);
    }

    // A 4,096-rank incident merges whole, under a desktop's usual limit of 1,024 open files:
    // the failing rank's file, which sorts last, is in the view and its line reads.
    void mergedViewHoldsEveryFile()
    {
        QTemporaryDir dir;
        const int files = 4096;
        for (int r = 0; r < files; ++r) {
            QFile f(dir.filePath((r == files - 1 ? u"zz-rank-%1.log"_s : u"rank-%1.log"_s).arg(r)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(r == files - 1 ? "2025-01-01 10:00:05,000 torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n"
                                   : "2025-01-01 10:00:00,000 step 1 loss 2.0\n2025-01-01 10:10:05,000 [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600000 milliseconds before timing out.\n");
        }
        rlimit saved{};
        QCOMPARE(getrlimit(RLIMIT_NOFILE, &saved), 0);
        rlimit low = saved;
        low.rlim_cur = std::min<rlim_t>(saved.rlim_max, 1024);
        QCOMPARE(setrlimit(RLIMIT_NOFILE, &low), 0);
        const auto restore = qScopeGuard([&saved] { setrlimit(RLIMIT_NOFILE, &saved); });

        MainWindow w;
        w.setKnowledgeBase(m_kb);
        QVERIFY(test::openAndAnalyse(w, {dir.path()}, {}, 120000));
        QCOMPARE(w.analysis()->verdict.rank, files - 1);
        auto *merge = w.logView()->findChild<QToolButton *>(u"mergeButton"_s);
        merge->click();
        QTRY_VERIFY_WITH_TIMEOUT(w.logView()->isMerged(), 120000);
        const QList<FileId> merged = w.logView()->mergedFiles();
        QCOMPARE(merged.size(), files);
        const FileId failing = w.analysis()->verdict.evidence.source.file;
        QVERIFY(merged.contains(failing));
        // Every line of every file, and the failing one reads back from the merged view.
        QCOMPARE(w.logView()->textArea()->source()->lineCount(), qint64(2 * (files - 1) + 1));
        const qint64 row = w.logView()->textArea()->source()->rowOf(w.analysis()->verdict.evidence.source);
        QCOMPARE(w.logView()->textArea()->source()->origin(row), w.analysis()->verdict.evidence.source);
        QVERIFY(w.logView()->textArea()->source()->lines(row, 1).value(0).contains("CUDA out of memory"));
        QCOMPARE(merge->text(), u"Merge by time"_s);
    }

    // The window reads with the saved limits, and the warning of a cap says how to raise it.
    void savedLimitsApplyToTheNextLoad()
    {
        QTemporaryDir bundle;
        for (const char *name : {"rank0.log", "rank1.log"}) {
            QFile f(bundle.filePath(QString::fromLatin1(name)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("[rank0]: started\n");
        }
        QSettings().setValue(u"limits/max-files"_s, u"1"_s);
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        QVERIFY(test::openAndAnalyse(w, {bundle.path()}));
        QAbstractItemModel *warnings = w.findChild<QListView *>(u"warningsList"_s)->model();
        QString capped;
        for (int row = 0; row < warnings->rowCount(); ++row) {
            const QString text = warnings->index(row, 0).data().toString();
            if (text.contains(u"--max-files"_s))
                capped = text;
        }
        QSettings().remove(u"limits"_s);
        QVERIFY2(capped.contains(u"Settings ▸ Reading Limits"_s), qPrintable(capped));
    }

private:
    test::IsolatedSettings m_settings{"tst_workbench"};
    std::shared_ptr<const kb::KnowledgeBase> m_kb;
};

QTEST_MAIN(TestWorkbench)
#include "tst_workbench.moc"
