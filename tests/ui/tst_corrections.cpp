// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Corrections by hand as a reviewer makes them: the rank of a file the ingest got wrong, a node's
// clock; the bundle is read again with them, the verdict follows, and an open case keeps them
// (saved, reopened, applied again).
#include "casecontroller.h"
#include "clockoffsetmodel.h"
#include "correctionsdialog.h"
#include "fileattributionmodel.h"
#include "guitestsupport.h"
#include "logview.h"
#include "mainwindow.h"
#include "overviewpanel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;
using namespace rankscope::ui;

namespace {

// Whether the verdict's chain of evidence has a line of rank on node.
bool chainHas(const analysis::AnalysisResult &r, int rank, const QString &node)
{
    return std::any_of(r.verdict.chain.cbegin(), r.verdict.chain.cend(),
                       [&](const analysis::ChainStep &s) { return s.evidence.rank == rank && s.evidence.node == node; });
}

const ingest::ClockOffset *offsetOf(const ingest::IngestResult &r, const QString &node)
{
    for (const ingest::ClockOffset &c : r.clockOffsets) {
        if (c.node == node)
            return &c;
    }
    return nullptr;
}

// The version-conflict bundle's truncation is on node-b/rank2.log: the user says that file is
// rank 9 on gpu-z9, and gpu-a01's clock is 5 s behind.
ingest::ManualCorrections reviewerCorrections()
{
    ingest::ManualCorrections c;
    c.attribution.insert(u"node-b/rank2.log"_s, {u"gpu-z9"_s, 9});
    c.clockOffsets.insert(u"gpu-a01"_s, 5.0);
    return c;
}

} // namespace

class TestCorrections : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_settings.isValid());
        m_kb = test::builtEncyclopedia();
        QVERIFY2(m_kb && m_kb->entries().size() >= 64, "the built encyclopedia is missing");
    }

    void modelsPassTheTesterWhileEdited()
    {
        ClockOffsetModel clocks;
        QAbstractItemModelTester clockTester(&clocks, QAbstractItemModelTester::FailureReportingMode::QtTest);
        clocks.setOffsets({{u"gpu-a"_s, 2.0, u"NCCL init completion"_s, 2.0, u"NCCL init completion"_s},
                           {u"gpu-b"_s, 0.0, u"none"_s, 0.0, u"none"_s}},
                          {{u"gone-node"_s, 1.5}});
        QCOMPARE(clocks.rowCount(), 3); // sorted by node: gone-node, gpu-a, gpu-b
        QCOMPARE(clocks.index(2, ClockOffsetModel::NodeColumn).data().toString(), u"gpu-b"_s);
        const QModelIndex b = clocks.index(2, ClockOffsetModel::ManualColumn);
        QVERIFY(clocks.flags(b) & Qt::ItemIsEditable);
        QVERIFY(!(clocks.flags(clocks.index(2, ClockOffsetModel::EstimateColumn)) & Qt::ItemIsEditable));
        QVERIFY(!clocks.setData(b, u"soon"_s, Qt::EditRole)); // not a number: refused
        QVERIFY(clocks.setData(b, u"-2.5"_s, Qt::EditRole));
        QCOMPARE(clocks.data(b, Qt::DisplayRole).toString(), u"-2.500"_s);
        // A node that is not in this bundle is listed, not dropped.
        QCOMPARE(clocks.data(clocks.index(0, ClockOffsetModel::MethodColumn), Qt::DisplayRole).toString(), u"not in this bundle"_s);
        QCOMPARE(clocks.manualOffsets(), (QHash<QString, double>{{u"gpu-b"_s, -2.5}, {u"gone-node"_s, 1.5}}));
        QVERIFY(clocks.setData(b, QString(), Qt::EditRole)); // empty: the estimate again
        QCOMPARE(clocks.manualOffsets(), (QHash<QString, double>{{u"gone-node"_s, 1.5}}));

        FileAttributionModel files;
        QAbstractItemModelTester fileTester(&files, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ingest::InputFile a;
        a.path = u"node-a/rank0.log"_s;
        a.node = u"gpu-a"_s;
        a.rank = 0;
        ingest::InputFile copied;
        copied.path = u"console.txt"_s;
        files.setFiles({a, copied}, {});
        QCOMPARE(files.rowCount(), 2);
        const QModelIndex rank = files.index(1, FileAttributionModel::RankColumn);
        QVERIFY(!files.data(rank, Qt::DisplayRole).isValid()); // the ingest found no rank
        // An editor committed unchanged is not an override.
        QVERIFY(files.setData(files.index(0, FileAttributionModel::RankColumn), u"0"_s, Qt::EditRole));
        QVERIFY(files.overrides().isEmpty());
        QVERIFY(!files.setData(rank, u"-3"_s, Qt::EditRole));
        QVERIFY(files.setData(rank, u"7"_s, Qt::EditRole));
        QVERIFY(files.setData(files.index(1, FileAttributionModel::NodeColumn), u"gpu-q"_s, Qt::EditRole));
        QCOMPARE(files.data(files.index(1, FileAttributionModel::ByHandColumn), Qt::CheckStateRole).value<Qt::CheckState>(), Qt::Checked);
        QCOMPARE(files.overrides().value(u"console.txt"_s), (ingest::FileAttributionOverride{u"gpu-q"_s, 7}));
        QVERIFY(files.setData(files.index(1, FileAttributionModel::ByHandColumn), Qt::Unchecked, Qt::CheckStateRole));
        QVERIFY(files.overrides().isEmpty());
        QVERIFY(!files.data(rank, Qt::DisplayRole).isValid());
    }

    void dialogCorrectionsMoveTheVerdict()
    {
        MainWindow w;
        w.setKnowledgeBase(m_kb);
        QVERIFY(test::openAndAnalyse(w, {test::handmade("version-conflict")}));
        QVERIFY2(w.overview()->verdictText().contains(u"Rank 2"_s), qPrintable(w.overview()->verdictText()));
        auto *action = w.findChild<QAction *>(u"correctionsAction"_s);
        QVERIFY(action && action->isEnabled());

        // Opened on the file the log view shows, as Edit → Corrections does.
        CorrectionsDialog *dialog = w.showCorrectionsDialog(u"node-b/rank2.log"_s);
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        const QModelIndex current = dialog->fileView()->currentIndex();
        QVERIFY(current.isValid());
        QCOMPARE(current.siblingAtColumn(FileAttributionModel::PathColumn).data().toString(), u"node-b/rank2.log"_s);
        QCOMPARE(current.data().toInt(), 2); // the rank the ingest found
        // Edit through the view's (sorted, filtered) model, as a double-click would.
        QAbstractItemModel *viewModel = dialog->fileView()->model();
        QVERIFY(viewModel->setData(current, u"9"_s, Qt::EditRole));
        QVERIFY(viewModel->setData(current.siblingAtColumn(FileAttributionModel::NodeColumn), u"gpu-z9"_s, Qt::EditRole));
        ClockOffsetModel *clocks = dialog->clockModel();
        int a01 = -1;
        for (int r = 0; r < clocks->rowCount(); ++r) {
            if (clocks->index(r, ClockOffsetModel::NodeColumn).data().toString() == u"gpu-a01"_s)
                a01 = r;
        }
        QVERIFY(a01 >= 0);
        QVERIFY(clocks->setData(clocks->index(a01, ClockOffsetModel::ManualColumn), u"5"_s, Qt::EditRole));
        QCOMPARE(dialog->corrections(), reviewerCorrections());

        QSignalSpy changed(&w, &MainWindow::correctionsChanged);
        QSignalSpy ready(&w, &MainWindow::analysisReady);
        dialog->accept();
        QCOMPARE(changed.size(), 1);
        QVERIFY(ready.wait(20000));
        QCOMPARE(w.corrections(), reviewerCorrections());
        // The corrected file is rank 9 on gpu-z9 in the analysis: its line is the symptom in the
        // chain. (With rank2.log on a third node, gpu-a01 alone runs NCCL 2.21.5: the verdict
        // moves to that outlier, the rule for a truncated message between two builds.)
        QVERIFY2(chainHas(*w.analysis(), 9, u"gpu-z9"_s), qPrintable(w.overview()->verdictText()));
        const ingest::ClockOffset *offset = offsetOf(*w.ingestResult(), u"gpu-a01"_s);
        QVERIFY(offset);
        QCOMPARE(offset->method, u"manual"_s);
        QCOMPARE(offset->seconds, 5.0);

        // The dialog opened again shows the corrections as set, and Clear All undoes them.
        dialog = w.showCorrectionsDialog();
        QVERIFY(dialog);
        QCOMPARE(dialog->corrections(), reviewerCorrections());
        const int row = dialog->fileModel()->rowOf(u"node-b/rank2.log"_s);
        QCOMPARE(dialog->fileModel()->index(row, FileAttributionModel::ByHandColumn).data(Qt::CheckStateRole).value<Qt::CheckState>(),
                 Qt::Checked);
        dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Reset)->click();
        QVERIFY(dialog->corrections().isEmpty());
        dialog->accept();
        QVERIFY(ready.wait(20000));
        QVERIFY2(w.overview()->verdictText().contains(u"Rank 2"_s), qPrintable(w.overview()->verdictText()));
    }

    void caseKeepsTheCorrections()
    {
        QTemporaryDir dir;
        const QString casePath = dir.filePath(u"review.rscase"_s);
        {
            MainWindow w;
            w.setKnowledgeBase(m_kb);
            QVERIFY(test::openAndAnalyse(w, {test::handmade("version-conflict")}));
            CaseController *c = w.caseController();
            c->setInteractive(false);
            QVERIFY(c->newCase(u"Truncation review"_s));
            QTRY_VERIFY_WITH_TIMEOUT(!c->sourcesPending(), 20000);
            QVERIFY(c->saveAs(casePath));
            QVERIFY(!c->isDirty());

            QSignalSpy ready(&w, &MainWindow::analysisReady);
            w.applyCorrections(reviewerCorrections());
            QVERIFY(c->isDirty()); // the case records them at once
            QCOMPARE(c->caseData().attribution,
                     (QList<cases::AttributionOverride>{{u"node-b/rank2.log"_s, u"gpu-z9"_s, 9}}));
            QCOMPARE(c->caseData().clockOffsets, (QList<cases::ClockOffset>{{u"gpu-a01"_s, 5.0}}));
            QVERIFY(ready.wait(20000));
            QVERIFY(c->hasCase()); // reading again did not close the case
            QVERIFY(c->save());
        }
        // Reopened elsewhere: the bundle is read with the case's corrections.
        MainWindow w2;
        w2.setKnowledgeBase(m_kb);
        w2.caseController()->setInteractive(false);
        QSignalSpy ready(&w2, &MainWindow::analysisReady);
        w2.openPaths({casePath});
        QVERIFY(ready.wait(20000));
        QCOMPARE(w2.corrections(), reviewerCorrections());
        QVERIFY2(chainHas(*w2.analysis(), 9, u"gpu-z9"_s), qPrintable(w2.overview()->verdictText()));
    }

private:
    test::IsolatedSettings m_settings{"tst_corrections"};
    std::shared_ptr<const kb::KnowledgeBase> m_kb;
};

QTEST_MAIN(TestCorrections)
#include "tst_corrections.moc"
