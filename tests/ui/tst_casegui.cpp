// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Cases in the workbench as a reviewer uses them: start a case on a simulated incident, bookmark,
// note, tag, override the verdict, propose a walkthrough, save; reopen it in a second window
// (by dropping the file), after the bundle moved, after a file was deleted, from a damaged file;
// present the walkthrough; and `rankscope report` on the saved case.
#include "bookmarkmodel.h"
#include "casecontroller.h"
#include "casefile.h"
#include "caselocator.h"
#include "casepanel.h"
#include "guitestsupport.h"
#include "knowledgebase.h"
#include "logtextarea.h"
#include "logview.h"
#include "mainwindow.h"
#include "overviewpanel.h"
#include "presenterwindow.h"
#include "simulator.h"
#include "timelineplot.h"
#include "verdictoverridedialog.h"
#include "walkthroughmodel.h"
#include "walkthroughpanel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDropEvent>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUrl>

using namespace Qt::StringLiterals;
using namespace rankscope;
using namespace rankscope::ui;

namespace {

// A small simulated CUDA OOM incident: 2 nodes x 2 GPUs, plain folder.
bool simulate(const QString &outDir)
{
    sim::SimConfig cfg;
    cfg.scenario = u"cuda-oom"_s;
    cfg.outDir = outDir;
    cfg.truthFile = outDir + u".truth.json"_s;
    cfg.nodes = 2;
    cfg.gpusPerNode = 2;
    cfg.seed = 3;
    cfg.steps = 12;
    const sim::SimResult r = sim::Simulator::run(cfg);
    if (!r.ok())
        qWarning() << r.error;
    return r.ok();
}

// Drops files on the window as a file manager would.
void dropFiles(QWidget *target, const QStringList &files)
{
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString &f : files)
        urls.append(QUrl::fromLocalFile(f));
    mime.setUrls(urls);
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &enter);
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &drop);
}

FileId fileOf(const MainWindow &w, const QString &path)
{
    const auto ingest = w.ingestResult();
    for (qsizetype i = 0; ingest && i < ingest->files.size(); ++i) {
        if (ingest->files.at(i).path == path)
            return FileId(i);
    }
    return InvalidFileId;
}

} // namespace

class TestCaseGui : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_settings.isValid());
        m_kb = test::builtEncyclopedia();
        QVERIFY2(m_kb && m_kb->entries().size() >= 64, "the built encyclopedia is missing");
    }

    void bookmarkModelPassesTheTester()
    {
        BookmarkModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy edited(&model, &BookmarkModel::edited);
        model.setItems({ { u"a.log"_s, 3, 1, u"n1"_s, 1000, u"first"_s, {} },
            { u"node-2/b.log"_s, 9, -1, {}, cases::NoTime, {}, {} } });
        QCOMPARE(edited.count(), 0);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0).data().toString(), u"n1 · a.log:3 — first"_s);
        QCOMPARE(model.index(1).data().toString(), u"b.log:9"_s);
        QCOMPARE(model.add({ u"c.log"_s, 1, -1, {}, cases::NoTime, {}, {} }), 2);
        // The same line again keeps its one bookmark.
        QCOMPARE(model.add({ u"a.log"_s, 3, -1, {}, cases::NoTime, u"other"_s, {} }), 0);
        QCOMPARE(model.rowCount(), 3);
        QVERIFY(model.setData(model.index(1), u"  renamed   label "_s));
        QCOMPARE(model.at(1).label, u"renamed label"_s);
        QVERIFY(model.setData(model.index(1), u"why it matters"_s, BookmarkModel::NoteRole));
        QVERIFY(model.index(1).data(Qt::ToolTipRole).toString().contains(u"why it matters"_s));
        QVERIFY(model.removeRow(0));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(edited.count(), 4);
        QCOMPARE(model.index(0).data(BookmarkModel::PathRole).toString(), u"node-2/b.log"_s);
        model.setItems({});
        QCOMPARE(model.rowCount(), 0);
    }

    void walkthroughModelPassesTheTester()
    {
        WalkthroughModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy edited(&model, &WalkthroughModel::edited);
        auto step = [](const char *title, qint64 t) {
            cases::WalkthroughStep s;
            s.title = QString::fromLatin1(title);
            s.path = u"x.log"_s;
            s.line = 1;
            s.timeMs = t;
            return s;
        };
        model.setItems({ step("start", 100), step("fail", 300), step("end", 500) });
        QCOMPARE(model.index(1).data().toString(), u"fail"_s);
        QCOMPARE(model.rowForTime(200), 1);
        QCOMPARE(model.rowForTime(900), 3);
        QCOMPARE(model.insert(model.rowForTime(200), step("between", 200)), 1);
        QCOMPARE(model.index(2).data().toString(), u"fail"_s);
        QVERIFY(model.moveStep(3, -1)); // "end" before "fail"
        QCOMPARE(model.at(2).title, u"end"_s);
        QVERIFY(model.moveStep(0, +1));
        QCOMPARE(model.at(0).title, u"between"_s);
        QVERIFY(!model.moveStep(0, -1));
        QVERIFY(!model.moveStep(3, +1));
        // What a QListView in InternalMove mode does on a drop: move the last row to the top.
        QVERIFY(model.moveRow({}, 3, {}, 0));
        QCOMPARE(model.at(0).title, u"fail"_s);
        QVERIFY(model.setData(model.index(0), u"The failure"_s));
        QVERIFY(model.setData(model.index(0), u"Look at the allocator line"_s, WalkthroughModel::NoteRole));
        QCOMPARE(model.at(0).note, u"Look at the allocator line"_s);
        QVERIFY(model.removeRow(1));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(edited.count(), 7);
    }

    void overrideDialogRequiresAReason()
    {
        VerdictOverrideDialog dialog({ u"gpu-a01"_s, u"gpu-a02"_s }, 3, m_kb.get());
        QPushButton *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        cases::VerdictOverride start;
        start.rank = 2;
        start.node = u"gpu-a02"_s;
        start.entry = u"cuda-oom"_s;
        dialog.setOverride(start);
        QCOMPARE(dialog.entryBox()->currentData().toString(), u"cuda-oom"_s);
        QVERIFY(!ok->isEnabled());
        QTest::keyClicks(dialog.reasonEdit(), u"rank 2 ran out first, see its allocator line"_s);
        QVERIFY(ok->isEnabled());
        const cases::VerdictOverride o = dialog.result();
        QVERIFY(o.active);
        QCOMPARE(o.rank, 2);
        QCOMPARE(o.node, u"gpu-a02"_s);
        QCOMPARE(o.reason, u"rank 2 ran out first, see its allocator line"_s);
        QVERIFY(!dialog.rankBox()->accessibleName().isEmpty());
    }

    void caseRoundTripAndReport()
    {
        QTemporaryDir dir;
        const QString bundle = dir.filePath(u"incident"_s);
        QVERIFY(simulate(bundle));
        const QString casePath = dir.filePath(u"oom.rscase"_s);
        cases::CaseData saved;
        {
            MainWindow w;
            CaseController *c = prepare(w);
            QVERIFY(openIncident(w, { bundle }));
            QVERIFY(!c->hasCase());
            QVERIFY(!w.findChild<QAction *>(u"bookmarkLineAction"_s)->isEnabled());
            QVERIFY(c->newCase(u"OOM during step 7"_s));
            QTRY_VERIFY(!c->sourcesPending());
            QVERIFY(!c->caseData().sources.isEmpty());
            QVERIFY(c->isDirty());
            QVERIFY(w.isWindowModified());
            QVERIFY(w.windowTitle().contains(u"[*]"_s));

            // Bookmark the evidence line the window opened at.
            const SourceRef evidence = w.analysis()->verdict.evidence.source;
            QVERIFY(evidence.isValid());
            QTRY_COMPARE(w.logView()->currentLine(), evidence);
            QTRY_COMPARE(w.logView()->textArea()->currentOrigin(), evidence);
            QAction *bookmark = w.findChild<QAction *>(u"bookmarkLineAction"_s);
            QVERIFY(bookmark->isEnabled());
            QCOMPARE(bookmark->shortcut(), QKeySequence(u"Ctrl+B"_s));
            bookmark->trigger();
            QCOMPARE(c->bookmarkModel()->rowCount(), 1);
            const cases::Bookmark b = c->bookmarkModel()->at(0);
            QCOMPARE(b.path, w.ingestResult()->files.at(evidence.file).path);
            QCOMPARE(b.line, evidence.line);
            QCOMPARE(b.rank, w.analysis()->verdict.rank);
            QVERIFY(!b.label.isEmpty());

            // Notes and tags typed into the Case dock.
            CasePanel *panel = c->casePanel();
            QTest::keyClicks(
                panel->notesEdit(), u"Rank ran out of memory first; NCCL timeouts on the others are collateral."_s);
            QTest::keyClicks(panel->tagsEdit(), u"oom, h100 ,oom,"_s);
            QCOMPARE(
                c->caseData().notes, u"Rank ran out of memory first; NCCL timeouts on the others are collateral."_s);
            QCOMPARE(c->caseData().tags, (QStringList { u"oom"_s, u"h100"_s }));

            // The reviewer's verdict: the overview states it above the automatic one.
            cases::VerdictOverride o;
            o.active = true;
            o.rank = 1;
            o.node = w.ingestResult()->job.nodes.value(0);
            o.entry = u"cuda-oom"_s;
            o.reason = u"Rank 1 logged the allocator failure 2 s before rank 3."_s;
            c->setVerdictOverride(o);
            QVERIFY2(w.overview()->reviewerVerdict().startsWith(u"Rank 1 on "_s),
                qPrintable(w.overview()->reviewerVerdict()));
            QVERIFY(w.overview()->html().contains(u"Verdict overridden by the reviewer"_s));
            QVERIFY(w.overview()->html().contains(u"2 s before rank 3"_s));
            QVERIFY(w.overview()->html().contains(u"Automatic verdict"_s));
            QVERIFY(w.findChild<QAction *>(u"clearOverrideAction"_s)->isEnabled());

            QVERIFY(c->proposeWalkthrough());
            QVERIFY(c->walkthroughModel()->rowCount() >= 2);

            QSignalSpy savedSpy(c, &CaseController::saved);
            QVERIFY(c->saveAs(dir.filePath(u"oom"_s))); // the suffix is added
            QCOMPARE(savedSpy.count(), 1);
            QCOMPARE(c->path(), casePath);
            QVERIFY(!c->isDirty());
            QVERIFY(!w.isWindowModified());
            saved = c->caseData();
            QCOMPARE(cases::CaseFile::load(casePath).data, saved);
        }

        // A second window: dropping the case file opens the case and its bundle.
        MainWindow w2;
        CaseController *c2 = prepare(w2);
        QSignalSpy ready(&w2, &MainWindow::analysisReady);
        dropFiles(&w2, { casePath });
        QVERIFY(c2->hasCase());
        QVERIFY(ready.wait(30000));
        QCOMPARE(c2->path(), casePath);
        QVERIFY(!c2->isDirty());
        const cases::CaseData reopened = c2->caseData();
        QCOMPARE(reopened.bookmarks, saved.bookmarks);
        QCOMPARE(reopened.notes, saved.notes);
        QCOMPARE(reopened.tags, saved.tags);
        QVERIFY(reopened.verdictOverride == saved.verdictOverride);
        QVERIFY(reopened.walkthrough == saved.walkthrough);
        QVERIFY(reopened == saved);
        QCOMPARE(c2->casePanel()->notesEdit()->toPlainText(), saved.notes);
        QCOMPARE(c2->casePanel()->tagsEdit()->text(), u"oom, h100"_s);
        QVERIFY(w2.overview()->html().contains(u"Verdict overridden by the reviewer"_s));
        QCOMPARE(w2.recentPaths().value(0), casePath);
        for (const cases::SourceStatus &s : c2->lastCheck())
            QCOMPARE(s.state, cases::SourceStatus::State::Present);
        // A bookmark click shows its line.
        QVERIFY(c2->showBookmark(0));
        QCOMPARE(w2.logView()->currentLine(),
            (SourceRef { fileOf(w2, saved.bookmarks.at(0).path), saved.bookmarks.at(0).line }));

        // `rankscope report` on the saved case: the notes, tags and the override are in it.
        QProcess report;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(
            u"RANKSCOPE_ENCYCLOPEDIA"_s, QStringLiteral(RANKSCOPE_BINARY_DIR "/share/rankscope/encyclopedia.sqlite"));
        env.insert(u"XDG_DATA_HOME"_s, dir.filePath(u"data-home"_s));
        report.setProcessEnvironment(env);
        const QString md = dir.filePath(u"report.md"_s);
        report.start(QStringLiteral(RANKSCOPE_BINARY_DIR "/app/rankscope"), { u"report"_s, casePath, u"--out"_s, md });
        QVERIFY(report.waitForFinished(120000));
        QVERIFY2(report.exitStatus() == QProcess::NormalExit && report.exitCode() == 0,
            qPrintable(QString::fromLocal8Bit(report.readAllStandardError())));
        QFile f(md);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        QVERIFY2(text.startsWith(u"# OOM during step 7"_s), qPrintable(text.left(200)));
        QVERIFY(text.contains(saved.notes));
        QVERIFY(text.contains(u"Tags: `oom`, `h100`"_s));
        QVERIFY(text.contains(u"**Verdict overridden by the reviewer:** rank 1 on node "_s));
        QVERIFY(text.contains(u"Reason: Rank 1 logged the allocator failure 2 s before rank 3."_s));
        QVERIFY(text.contains(
            u'`' + saved.bookmarks.at(0).path + u':' + QString::number(saved.bookmarks.at(0).line) + u'`'));
    }

    void movedBundleIsLocated()
    {
        QTemporaryDir dir;
        QVERIFY(QDir().mkpath(dir.filePath(u"old"_s)));
        const QString bundle = dir.filePath(u"old/incident"_s);
        QVERIFY(simulate(bundle));
        const QString casePath = dir.filePath(u"moved.rscase"_s);
        cases::CaseData saved;
        makeSavedCase({ bundle }, casePath, &saved);
        if (QTest::currentTestFailed())
            return;

        QVERIFY(QDir().mkpath(dir.filePath(u"new"_s)));
        QVERIFY(QDir().rename(bundle, dir.filePath(u"new/incident-copy"_s)));

        MainWindow w;
        CaseController *c = prepare(w);
        QSignalSpy missing(c, &CaseController::rootsMissing);
        QSignalSpy opened(&w, &MainWindow::incidentOpened);
        QVERIFY(c->openCase(casePath));
        QVERIFY(missing.wait(20000));
        QCOMPARE(missing.first().first().toStringList(), QStringList { bundle });
        QCOMPARE(opened.count(), 0); // nothing of the bundle is where it was
        QCOMPARE(c->caseData().notes, saved.notes); // the case itself is open

        // What Locate… does once the user picked the folder above the bundle.
        const cases::RootSuggestion s = cases::CaseLocator::suggestRoot(c->caseData(), dir.filePath(u"new"_s), bundle);
        QCOMPARE(s.root, dir.filePath(u"new/incident-copy"_s));
        QCOMPARE(s.found, s.total);
        QSignalSpy ready(&w, &MainWindow::analysisReady);
        c->relocate(bundle, s.root);
        QVERIFY(ready.wait(30000));
        QVERIFY(c->isDirty()); // the new place is worth saving
        QCOMPARE(w.currentIncident(), s.root);
        QCOMPARE(c->caseData().sources.first().root, s.root);
        QVERIFY(c->showBookmark(0));
        QCOMPARE(w.logView()->currentLine().line, saved.bookmarks.first().line);
        QCOMPARE(w.ingestResult()->files.at(w.logView()->currentLine().file).path, saved.bookmarks.first().path);
    }

    // A case sent from elsewhere names folders outside the one it arrived in: the window shows
    // them before reading (interactively a question; here the signal that carries them). A case
    // saved beside its bundle asks nothing.
    void foldersOutsideTheCaseFolderAreNamed()
    {
        QTemporaryDir dir;
        QTemporaryDir mail;
        const QString bundle = dir.filePath(u"incident"_s);
        QVERIFY(simulate(bundle));
        const QString beside = dir.filePath(u"beside.rscase"_s);
        cases::CaseData saved;
        makeSavedCase({ bundle }, beside, &saved);
        if (QTest::currentTestFailed())
            return;
        const QString sent = mail.filePath(u"sent.rscase"_s);
        QVERIFY(QFile::copy(beside, sent));

        MainWindow w;
        CaseController *c = prepare(w);
        QSignalSpy outside(c, &CaseController::rootsOutsideCaseFolder);
        QSignalSpy ready(&w, &MainWindow::analysisReady);
        QVERIFY(c->openCase(sent));
        QCOMPARE(outside.count(), 1);
        QCOMPARE(outside.first().first().toStringList(), QStringList { bundle });
        QVERIFY(ready.wait(30000));

        MainWindow w2;
        CaseController *c2 = prepare(w2);
        QSignalSpy outside2(c2, &CaseController::rootsOutsideCaseFolder);
        QSignalSpy ready2(&w2, &MainWindow::analysisReady);
        QVERIFY(c2->openCase(beside));
        QVERIFY(ready2.wait(30000));
        QCOMPARE(outside2.count(), 0);
    }

    void missingFileIsListedAndTheRestOpens()
    {
        QTemporaryDir dir;
        const QString bundle = dir.filePath(u"incident"_s);
        QVERIFY(simulate(bundle));
        const QString casePath = dir.filePath(u"partial.rscase"_s);
        cases::CaseData saved;
        makeSavedCase({ bundle }, casePath, &saved);
        if (QTest::currentTestFailed())
            return;
        // Delete a file nobody bookmarked.
        QString victim;
        for (const cases::CaseSource &s : saved.sources) {
            if (s.relativePath != saved.bookmarks.first().path) {
                victim = s.relativePath;
                break;
            }
        }
        QVERIFY(!victim.isEmpty());
        QVERIFY(QFile::remove(QDir(bundle).filePath(victim)));

        MainWindow w;
        CaseController *c = prepare(w);
        QSignalSpy checked(c, &CaseController::sourcesChecked);
        QSignalSpy problem(c, &CaseController::problem);
        QSignalSpy ready(&w, &MainWindow::analysisReady);
        QVERIFY(c->openCase(casePath));
        QVERIFY(ready.wait(30000));
        QCOMPARE(checked.count(), 1);
        QStringList missing;
        for (const cases::SourceStatus &s : c->lastCheck()) {
            if (s.state == cases::SourceStatus::State::Missing)
                missing << s.source.relativePath;
            else
                QCOMPARE(s.state, cases::SourceStatus::State::Present);
        }
        QCOMPARE(missing, QStringList { victim });
        QCOMPARE(problem.count(), 1);
        QVERIFY2(problem.first().first().toString().contains(u"1 file(s) missing"_s),
            qPrintable(problem.first().first().toString()));
        // The rest opened.
        QCOMPARE(w.ingestResult()->files.size(), saved.sources.size() - 1);
        QCOMPARE(fileOf(w, victim), InvalidFileId);
        QVERIFY(c->showBookmark(0));
    }

    void corruptCaseIsReported()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath(u"damaged.rscase"_s);
        {
            QFile f(bad);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("SQLite format 3\0 but then nothing useful at all, just text to pad the header out", 80);
        }
        MainWindow w;
        CaseController *c = prepare(w);
        QVERIFY(openIncident(w, { QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade/time-limit") }));
        const QString incident = w.currentIncident();
        QSignalSpy problem(c, &CaseController::problem);
        QSignalSpy opened(&w, &MainWindow::incidentOpened);
        w.openPaths({ bad });
        QCOMPARE(problem.count(), 1);
        QVERIFY2(problem.first().first().toString().contains(u"damaged.rscase"_s),
            qPrintable(problem.first().first().toString()));
        QVERIFY(!c->hasCase());
        QCOMPARE(opened.count(), 0);
        QCOMPARE(w.currentIncident(), incident);
        QVERIFY(!w.recentPaths().contains(bad));

        // A case that is open stays open when another one cannot be read.
        QVERIFY(c->newCase(u"kept"_s));
        c->setNotes(u"still here"_s);
        w.openPaths({ dir.filePath(u"no-such.rscase"_s) });
        QCOMPARE(problem.count(), 2);
        QVERIFY(c->hasCase());
        QCOMPARE(c->caseData().notes, u"still here"_s);

        // Still usable: another incident opens (and closes the unsaved case without asking,
        // as tests do not answer questions).
        QVERIFY(openIncident(w, { QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade/cuda-oom-slurm") }));
        QVERIFY(!c->hasCase());
        QVERIFY(w.overview()->verdictText().contains(u"CUDA out of memory"_s));
    }

    void presenterDrivesTheWindow()
    {
        QTemporaryDir dir;
        const QString bundle = dir.filePath(u"incident"_s);
        QVERIFY(simulate(bundle));
        MainWindow w;
        CaseController *c = prepare(w);
        QVERIFY(openIncident(w, { bundle }));
        QVERIFY(c->newCase());
        QVERIFY(c->proposeWalkthrough());
        const QList<cases::WalkthroughStep> steps = c->walkthroughModel()->items();
        QVERIFY(steps.size() >= 3);

        QAction *present = c->walkthroughPanel()->presentAction();
        QCOMPARE(present->shortcut(), QKeySequence(Qt::Key_F5));
        QVERIFY(present->isEnabled());
        present->trigger();
        PresenterWindow *p = c->presenter();
        QVERIFY(p);
        QVERIFY(QTest::qWaitForWindowExposed(p));
        QCOMPARE(p->currentStep(), 0);
        QCOMPARE(p->counterText(), u"Step 1 of %1"_s.arg(steps.size()));
        QCOMPARE(p->titleText(), steps.at(0).title);
        QVERIFY(p->findChild<QLabel *>(u"presenterTitle"_s)->font().pointSizeF()
            > QApplication::font().pointSizeF() * PresenterWindow::FontScale);

        QTest::keyClick(p, Qt::Key_Right);
        QTest::keyClick(p, Qt::Key_Space);
        QCOMPARE(p->currentStep(), 2);
        const cases::WalkthroughStep &step = steps.at(2);
        QCOMPARE(p->titleText(), step.title);
        QCOMPARE(w.logView()->currentLine(), (SourceRef { fileOf(w, step.path), step.line }));
        QTRY_COMPARE(w.logView()->textArea()->currentOrigin(), (SourceRef { fileOf(w, step.path), step.line }));
        QCOMPARE(c->walkthroughPanel()->currentRow(), 2);
        if (step.timeMs != cases::NoTime) {
            const auto range = w.timeline()->visibleTimeRange();
            QVERIFY(range.first <= step.timeMs && step.timeMs <= range.second);
            QVERIFY(range.second - range.first <= CaseController::StepSpanMs + 1000);
        }
        QTest::keyClick(p, Qt::Key_Left);
        QCOMPARE(p->currentStep(), 1);
        QTest::keyClick(p, Qt::Key_Escape);
        QTRY_VERIFY(!c->presenter());
    }

    void autosaveAndReorder()
    {
        QTemporaryDir dir;
        const QString bundle = dir.filePath(u"incident"_s);
        QVERIFY(simulate(bundle));
        const QString casePath = dir.filePath(u"auto.rscase"_s);
        cases::CaseData saved;
        makeSavedCase({ bundle }, casePath, &saved);
        if (QTest::currentTestFailed())
            return;

        MainWindow w;
        CaseController *c = prepare(w);
        QSignalSpy ready(&w, &MainWindow::analysisReady);
        QVERIFY(c->openCase(casePath));
        QVERIFY(ready.wait(30000));
        c->setAutosaveInterval(50);
        QVERIFY(c->proposeWalkthrough());
        // Move the second step up with the panel's action: the case is dirty, then autosaved.
        WalkthroughPanel *panel = c->walkthroughPanel();
        panel->setCurrentRow(1);
        const QString second = c->walkthroughModel()->at(1).title;
        QVERIFY(panel->moveUpAction()->isEnabled());
        panel->moveUpAction()->trigger();
        QCOMPARE(c->walkthroughModel()->at(0).title, second);
        QCOMPARE(panel->currentRow(), 0);
        // The note of the selected step, typed in the panel.
        panel->noteEdit()->clear();
        QTest::keyClicks(panel->noteEdit(), u"Point at the allocator"_s);
        QCOMPARE(c->walkthroughModel()->at(0).note, u"Point at the allocator"_s);
        panel->titleEdit()->clear();
        QTest::keyClicks(panel->titleEdit(), u"The first failure, and why"_s);
        QCOMPARE(c->walkthroughModel()->at(0).title, u"The first failure, and why"_s);
        QTest::keyClicks(c->casePanel()->titleEdit(), u" again"_s);
        QCOMPARE(c->caseData().title, u"saved again"_s);
        QVERIFY(c->isDirty());
        QTRY_VERIFY(!c->isDirty());
        const cases::CaseData onDisk = cases::CaseFile::load(casePath).data;
        QCOMPARE(onDisk.walkthrough.first().title, u"The first failure, and why"_s);
        QCOMPARE(onDisk.walkthrough.first().note, u"Point at the allocator"_s);
        QCOMPARE(onDisk.walkthrough.size(), c->walkthroughModel()->rowCount());
        QCOMPARE(onDisk.title, u"saved again"_s);
    }

    // Interactive: closing the window with unsaved changes asks; Cancel keeps it open, Save saves.
    void closingAsksToSave()
    {
        QTemporaryDir dir;
        const QString casePath = dir.filePath(u"ask.rscase"_s);
        MainWindow w;
        CaseController *c = prepare(w);
        QVERIFY(openIncident(w, { QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade/time-limit") }));
        QVERIFY(c->newCase(u"ask"_s));
        QVERIFY(c->saveAs(casePath));
        c->setNotes(u"changed after saving"_s);
        c->setInteractive(true);
        answerNextMessageBox(QMessageBox::Cancel);
        QVERIFY(!w.close());
        QVERIFY(c->isDirty());
        answerNextMessageBox(QMessageBox::Save);
        QVERIFY(w.close());
        QVERIFY(!c->isDirty());
        QCOMPARE(cases::CaseFile::load(casePath).data.notes, u"changed after saving"_s);
    }

private:
    // Clicks a button of the next message box as soon as it is shown (its exec() runs the loop).
    static void answerNextMessageBox(QMessageBox::StandardButton button)
    {
        auto *poll = new QTimer;
        poll->setInterval(20);
        QObject::connect(poll, &QTimer::timeout, poll, [poll, button] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                box->button(button)->click();
                poll->deleteLater();
            }
        });
        poll->start();
    }

    CaseController *prepare(MainWindow &w)
    {
        w.setKnowledgeBase(m_kb);
        w.caseController()->setInteractive(false);
        w.resize(1400, 900);
        w.show();
        if (!QTest::qWaitForWindowExposed(&w))
            qWarning("window not exposed");
        return w.caseController();
    }

    bool openIncident(MainWindow &w, const QStringList &paths)
    {
        QSignalSpy ready(&w, &MainWindow::analysisReady);
        QSignalSpy described(w.caseController(), &CaseController::sourcesDescribed);
        w.openPaths(paths);
        return ready.wait(30000) && (described.count() > 0 || described.wait(30000));
    }

    // A saved case of the bundle with one bookmark (the evidence line) and a note.
    void makeSavedCase(const QStringList &paths, const QString &casePath, cases::CaseData *out)
    {
        MainWindow w;
        CaseController *c = prepare(w);
        QVERIFY(openIncident(w, paths));
        QVERIFY(c->newCase(u"saved"_s));
        QTRY_VERIFY_WITH_TIMEOUT(!c->sourcesPending(), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(
            w.logView()->textArea()->currentOrigin() == w.analysis()->verdict.evidence.source, 20000);
        QVERIFY(c->bookmarkCurrentLine());
        c->setNotes(u"a note"_s);
        QVERIFY(c->saveAs(casePath));
        *out = c->caseData();
    }

    test::IsolatedSettings m_settings{"tst_casegui"};
    std::shared_ptr<const kb::KnowledgeBase> m_kb;
};

QTEST_MAIN(TestCaseGui)
#include "tst_casegui.moc"
