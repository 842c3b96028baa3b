// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The log view driven like a user would: keys and clicks, offscreen, isolated settings.
// RANKSCOPE_SCREENSHOT_DIR=/some/dir makes screenshots() write a light and a dark PNG there.
#include "../core/bundlearchives.h"
#include "filteredit.h"
#include "findresultsmodel.h"
#include "findbar.h"
#include "gotolinebar.h"
#include "guitestsupport.h"
#include "ingestor.h"
#include "logtextarea.h"
#include "logview.h"
#include "themes.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyleFactory>
#include <QCompleter>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

using namespace Qt::StringLiterals;
using namespace rankscope;
using namespace rankscope::ingest;
using namespace rankscope::ui;
using rankscope::test::writeTarGz;

namespace {

constexpr int BigLines = 200'000;

bool writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

// The text of a line of a plain file, read without the view.
QByteArray fileLine(const QString &path, qint64 line)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    for (qint64 i = 1; !f.atEnd(); ++i) {
        QByteArray l = f.readLine();
        if (i == line) {
            l.chop(l.endsWith('\n') ? 1 : 0);
            return l;
        }
    }
    return {};
}

// Shows a log view of 1000×600 with an incident loaded, as the tests look at it.
bool showIngest(LogView &view, const IngestResultPtr &result)
{
    view.resize(1000, 600);
    view.show();
    if (!QTest::qWaitForWindowExposed(&view))
        return false;
    view.setIngest(result);
    return true;
}

} // namespace

class TestLogView : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_settings.isValid());

        // 200,000 lines with a few needles to find.
        QVERIFY(m_dataDir.isValid());
        m_bigPath = m_dataDir.filePath(u"rank-0.log"_s);
        QByteArray data;
        data.reserve(BigLines * 60);
        for (int i = 1; i <= BigLines; ++i) {
            data += "2024-06-01 10:00:00,000 [rank0]: line " + QByteArray::number(i) + " step";
            if (i == 1000)
                data += " needle-a";
            else if (i == 50000)
                data += " needle-b";
            else if (i == 120000)
                data += " NEEDLE-c";
            else if (i == 180000)
                data += " needle-d";
            data += '\n';
        }
        QVERIFY(writeFile(m_bigPath, data));
        m_big = Ingestor::run({m_bigPath}, IngestConfig{});
        QCOMPARE(m_big->files.size(), 1);
        QCOMPARE(m_big->files.first().lines, BigLines);
    }

    void jumpsInABigFile()
    {
        LogView view;
        view.resize(1000, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setIngest(m_big);
        LogTextArea *area = view.textArea();
        QCOMPARE(view.currentLine(), (SourceRef{0, 1}));
        view.showFile(0, 150000);
        QCOMPARE(view.currentLine(), (SourceRef{0, 150000}));
        QCOMPARE(area->currentRow(), 149999);
        // What was painted: the viewport's first row puts line 150,000 in view.
        QTRY_VERIFY(area->lastPaintedFirstRow() > 140000);
        const qint64 first = area->lastPaintedFirstRow();
        QVERIFY2(first <= 149999 && first + area->visibleRowCount() > 149999, qPrintable(QString::number(first)));
        QVERIFY(area->displayText(149999).contains(u"line 150000 step"_s));
        // Keyboard scrolling keeps working at the far end of the file.
        area->setFocus();
        QTest::keyClick(area, Qt::Key_End, Qt::ControlModifier);
        QCOMPARE(view.currentLine(), (SourceRef{0, BigLines}));
        QTRY_COMPARE(area->lastPaintedFirstRow(), qint64(BigLines - area->visibleRowCount()));
        QTest::keyClick(area, Qt::Key_Up);
        QCOMPARE(view.currentLine().line, BigLines - 1);
    }

    void findNextAndPrevious()
    {
        LogView view;
        view.resize(1000, 600);
        view.show();
        view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        view.setIngest(m_big);
        LogTextArea *area = view.textArea();
        area->setFocus();
        QTest::keyClick(area, Qt::Key_F, Qt::ControlModifier);
        FindBar *bar = view.findBar();
        QVERIFY(bar->isVisible());
        QLineEdit *edit = bar->edit();
        QTRY_VERIFY(edit->hasFocus());
        QTest::keyClicks(edit, u"needle"_s);
        QTest::keyClick(edit, Qt::Key_Return);
        QTRY_COMPARE(view.currentLine().line, 1000);
        QCOMPARE(area->currentMatchRow(), 999);
        QCOMPARE(area->currentMatchColumn(), int(area->displayText(999).indexOf(u"needle"_s)));
        QTest::keyClick(edit, Qt::Key_F3);
        QTRY_COMPARE(view.currentLine().line, 50000);
        QTest::keyClick(edit, Qt::Key_F3); // case-insensitive by default
        QTRY_COMPARE(view.currentLine().line, 120000);
        QTest::keyClick(edit, Qt::Key_F3, Qt::ShiftModifier);
        QTRY_COMPARE(view.currentLine().line, 50000);

        // Match case: NEEDLE-c is skipped, and the search wraps around.
        bar->findChild<QToolButton *>(u"findCase"_s)->click();
        QTest::keyClick(edit, Qt::Key_F3);
        QTRY_COMPARE(view.currentLine().line, 180000);
        QTest::keyClick(edit, Qt::Key_F3);
        QTRY_COMPARE(view.currentLine().line, 1000);
        QVERIFY(bar->findChild<QLabel *>(u"findStatus"_s)->text().contains(u"wrapped"_s));
        QTest::keyClick(edit, Qt::Key_Return, Qt::ShiftModifier);
        QTRY_COMPARE(view.currentLine().line, 180000);

        // Regular expressions; typing searches on its own after a pause.
        bar->findChild<QToolButton *>(u"findRegex"_s)->click();
        edit->clear();
        QTest::keyClicks(edit, u"needle-[ab]"_s);
        QTRY_COMPARE(view.currentLine().line, 1000);
        QTest::keyClick(edit, Qt::Key_F3);
        QTRY_COMPARE(view.currentLine().line, 50000);
        QTest::keyClick(edit, Qt::Key_F3);
        QTRY_COMPARE(view.currentLine().line, 1000);

        // A pattern that does not compile says so and does not search.
        edit->clear();
        QTest::keyClicks(edit, u"needle-["_s);
        QTest::keyClick(edit, Qt::Key_Return);
        QTRY_VERIFY(bar->findChild<QLabel *>(u"findStatus"_s)->text().contains(u"Invalid"_s));
        // No match.
        edit->clear();
        QTest::keyClicks(edit, u"haystack"_s);
        QTest::keyClick(edit, Qt::Key_Return);
        QTRY_COMPARE(bar->findChild<QLabel *>(u"findStatus"_s)->text(), u"No match"_s);

        // Escape closes the bar and clears the highlight.
        QTest::keyClick(edit, Qt::Key_Escape);
        QVERIFY(!bar->isVisible());
        QCOMPARE(area->currentMatchRow(), -1);
    }

    void interruptedSearch()
    {
        // A search of the whole file started and replaced at once: only the second one lands.
        LogView view;
        view.resize(800, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setIngest(m_big);
        FindBar *bar = view.findBar();
        bar->show();
        bar->setText(u"no such text anywhere"_s);
        bar->setText(u"needle-d"_s);
        QTRY_COMPARE(view.currentLine().line, 180000);
    }

    void goToLineWithCtrlL()
    {
        LogView view;
        view.resize(1000, 600);
        view.show();
        view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        view.setIngest(m_big);
        view.textArea()->setFocus();
        QTest::keyClick(view.textArea(), Qt::Key_L, Qt::ControlModifier);
        GoToLineBar *bar = view.goToLineBar();
        QVERIFY(bar->isVisible());
        QTRY_VERIFY(bar->edit()->hasFocus());
        bar->edit()->selectAll();
        QTest::keyClicks(bar->edit(), u"777"_s);
        QTest::keyClick(bar->edit(), Qt::Key_Return);
        QCOMPARE(view.currentLine(), (SourceRef{0, 777}));
        QVERIFY(!bar->isVisible());
        QTRY_VERIFY(view.textArea()->lastPaintedFirstRow() <= 776
                    && view.textArea()->lastPaintedFirstRow() + view.textArea()->visibleRowCount() > 776);
        // Past the end: the last line.
        QTest::keyClick(view.textArea(), Qt::Key_L, Qt::ControlModifier);
        bar->edit()->selectAll();
        QTest::keyClicks(bar->edit(), u"999999999"_s);
        QTest::keyClick(bar->edit(), Qt::Key_Return);
        QCOMPARE(view.currentLine(), (SourceRef{0, BigLines}));
    }

    void filterToARank()
    {
        const QString path = test::handmade("cuda-oom-slurm/slurm-77123.out");
        const IngestResultPtr r = Ingestor::run({path}, IngestConfig{});
        LogView view;
        QVERIFY(showIngest(view, r));
        LogTextArea *area = view.textArea();
        const qint64 allLines = area->source()->lineCount();
        auto *rankEdit = view.findChild<FilterEdit *>(u"rankFilter"_s);
        QVERIFY(rankEdit);
        QVERIFY2(rankEdit->completions().contains(u"3"_s), "rank 3 is offered");
        rankEdit->setFocus();
        QTest::keyClicks(rankEdit, u"3"_s);
        QTest::keyClick(rankEdit, Qt::Key_Return);
        QTRY_VERIFY(!view.isBusy() && area->source()->lineCount() < allLines);
        QCOMPARE(view.filter().ranks, QList<int>{3});
        const LineSourcePtr src = area->source();
        QVERIFY(src->lineCount() >= 4);
        for (qint64 row = 0; row < src->lineCount(); ++row) {
            const SourceRef o = src->origin(row);
            QCOMPARE(o.file, FileId(0));
            QVERIFY2(fileLine(path, o.line).trimmed().startsWith("3: "), fileLine(path, o.line).constData());
            QCOMPARE(area->displayText(row), QString::fromUtf8(fileLine(path, o.line)));
        }
        // Severity on top: errors of rank 3 only.
        auto *severity = view.findChild<QComboBox *>(u"severityFilter"_s);
        severity->setCurrentIndex(severity->findData(int(LineSeverity::Error)));
        QTRY_VERIFY(!view.isBusy() && view.filter().minSeverity == LineSeverity::Error);
        QTRY_VERIFY(area->source()->lineCount() > 0 && area->source()->lineCount() < src->lineCount());
        // Following a link to a line the filter hides drops the filter.
        view.showFile(0, 2);
        QTRY_COMPARE(view.currentLine(), (SourceRef{0, 2}));
        QVERIFY(view.filter().ranks.isEmpty());
        QVERIFY(rankEdit->text().isEmpty());
        QCOMPARE(area->source()->lineCount(), allLines);
    }

    // The rank filter takes ranges and lists, completes the value being typed (not the whole
    // text), and a text it cannot read is marked while the last good filter stays.
    void rankRangesAndCompletion()
    {
        QByteArray text;
        for (int step = 0; step < 3; ++step)
            for (int r = 0; r < 64; ++r)
                text += "[rank" + QByteArray::number(r) + "]: step " + QByteArray::number(step) + "\n";
        QTemporaryDir dir;
        const QString path = dir.filePath(u"combined.log"_s);
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        // One event per line, so that the ingest knows every rank of the combined log.
        IngestConfig config;
        config.fingerprints = {{u"progress"_s, u"step "_s, uR"(step \d+)"_s, 0.1, FingerprintSpec::Role::Context, FingerprintSpec::Severity::Info}};
        const IngestResultPtr r = Ingestor::run({path}, config);
        LogView view;
        QVERIFY(showIngest(view, r));
        LogTextArea *area = view.textArea();
        auto *rankEdit = view.findChild<FilterEdit *>(u"rankFilter"_s);
        QVERIFY(rankEdit);
        QCOMPARE(rankEdit->completions().size(), 64);
        QCOMPARE(rankEdit->completions().value(10), u"10"_s); // numeric order

        rankEdit->setFocus();
        QTest::keyClicks(rankEdit, u"16-23, 4"_s);
        QCOMPARE(FilterEdit::lastToken(rankEdit->text()), u"4"_s);
        QCOMPARE(rankEdit->completer()->completionPrefix(), u"4"_s);
        QVERIFY(rankEdit->completer()->completionCount() >= 2); // 4, 40-49
        QTest::keyClicks(rankEdit, u"0"_s);
        QTest::keyClick(rankEdit, Qt::Key_Escape); // leave the popup
        QTest::keyClick(rankEdit, Qt::Key_Return);
        QTRY_VERIFY(!view.isBusy() && view.filter().ranks.size() == 9);
        QCOMPARE(view.filter().ranks, (QList<int>{16, 17, 18, 19, 20, 21, 22, 23, 40}));
        QTRY_COMPARE(area->source()->lineCount(), qint64(9 * 3));
        for (qint64 row = 0; row < area->source()->lineCount(); ++row) {
            const QString line = area->displayText(row);
            const int rank = line.section(u']', 0, 0).mid(5).toInt();
            QVERIFY2(view.filter().ranks.contains(rank), qPrintable(line));
        }
        // A completion replaces only the value being typed.
        rankEdit->setText(u"16-23, 4"_s);
        Q_EMIT rankEdit->completer()->activated(u"41"_s);
        QCOMPARE(rankEdit->text(), u"16-23, 41"_s);
        QTRY_VERIFY(!view.isBusy() && view.filter().ranks.contains(41));

        // Bad text: marked, explained, the filter unchanged.
        const LineFilter before = view.filter();
        rankEdit->setText(u"9-3"_s);
        QTest::keyClick(rankEdit, Qt::Key_Return);
        QVERIFY(rankEdit->hasError());
        QVERIFY(rankEdit->toolTip().contains(u"backwards"_s));
        QCOMPARE(view.filter(), before);
    }

    // Find → All Files counts the matching lines of every file, lists them, and a click opens
    // the line in its own file — including an archive member and a file not shown now.
    void findInAllFiles()
    {
        QTemporaryDir dir;
        auto write = [&](const QString &name, const QByteArray &data) {
            QFile f(dir.filePath(name));
            return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
        };
        QVERIFY(write(u"rank-0.log"_s, "step 1\nNCCL WARN boom here\nstep 2\nnccl warn again\n"));
        QVERIFY(write(u"rank-1.log"_s, "step 1\nstep 2\n"));
        QVERIFY(writeTarGz(dir.filePath(u"more.tar.gz"_s), {{"logs/rank-2.log", "x\ny\nz NCCL WARN in a member\n"}}));
        const IngestResultPtr r = Ingestor::run({dir.path()}, IngestConfig{});
        QCOMPARE(r->files.size(), 3);
        LogView view;
        QVERIFY(showIngest(view, r));
        QAbstractItemModelTester tester(view.findResults(), QAbstractItemModelTester::FailureReportingMode::QtTest);

        QTest::keyClick(view.textArea(), Qt::Key_F, Qt::ControlModifier);
        FindBar *bar = view.findBar();
        QTest::keyClicks(bar->edit(), u"nccl warn"_s);
        QTest::keyClick(bar->edit(), Qt::Key_Return, Qt::AltModifier);
        auto *summary = view.findChild<QLabel *>(u"findResultsSummary"_s);
        QTRY_COMPARE(view.findResults()->rowCount(), 3);
        QVERIFY2(summary->text().contains(u"3 matching lines"_s) && summary->text().contains(u"2 files"_s), qPrintable(summary->text()));
        QVERIFY(view.findChild<QWidget *>(u"findResultsPanel"_s)->isVisible());
        // In the order of the files, each with its line.
        QStringList where;
        for (int i = 0; i < 3; ++i)
            where << view.findResults()->data(view.findResults()->index(i)).toString().section(u"  "_s, 0, 0);
        QCOMPARE(where, (QStringList{u"more.tar.gz!/logs/rank-2.log:3"_s, u"rank-0.log:2"_s, u"rank-0.log:4"_s}));
        // A click opens the member's line.
        auto *list = view.findChild<QListView *>(u"findResults"_s);
        const QRect first = list->visualRect(view.findResults()->index(0));
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, first.center());
        const FileId member = view.findResults()->origin(view.findResults()->index(0)).file;
        QTRY_COMPARE(view.currentLine(), (SourceRef{member, 3}));
        if (const QString shots = qEnvironmentVariable("RANKSCOPE_SCREENSHOT_DIR"); !shots.isEmpty())
            QVERIFY(view.grab().save(QDir(shots).filePath(u"logview-find-all.png"_s)));
    }

    void showsAnArchiveMember()
    {
        QTemporaryDir dir;
        QByteArray data;
        for (int i = 1; i <= 3000; ++i)
            data += "\x1b[32mmember\x1b[0m line " + QByteArray::number(i) + '\n';
        const QString tgz = dir.filePath(u"bundle.tar.gz"_s);
        QVERIFY(writeTarGz(tgz, {{"logs/agent.log", "agent\n"}, {"logs/rank-5.log", data}}));
        const IngestResultPtr r = Ingestor::run({tgz}, IngestConfig{});
        FileId id = InvalidFileId;
        for (qsizetype i = 0; i < r->files.size(); ++i) {
            if (r->files.at(i).path.endsWith(u"rank-5.log"_s))
                id = FileId(i);
        }
        QVERIFY(id != InvalidFileId);
        LogView view;
        view.resize(900, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setIngest(r);
        view.showFile(id, 2500);
        QCOMPARE(view.currentLine(), (SourceRef{id, 2500}));
        QTRY_VERIFY(!view.isBusy());
        QTRY_COMPARE(view.textArea()->currentOrigin(), (SourceRef{id, 2500}));
        // ANSI codes stripped for display.
        QCOMPARE(view.textArea()->displayText(view.textArea()->currentRow()), u"member line 2500"_s);
        QTRY_VERIFY(view.textArea()->lastPaintedFirstRow() > 2400);
    }

    void marksLandOnTheirLines()
    {
        const IngestResultPtr r = Ingestor::run({test::handmade("cuda-oom-slurm/slurm-77123.out")}, IngestConfig{});
        LogView view;
        view.resize(900, 500);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setIngest(r);
        view.setMarks({{{0, 13}, LogMark::Role::Initiating, u"CUDA out of memory on rank 3"_s},
                       {{0, 14}, LogMark::Role::Collateral, u"watchdog timeout"_s},
                       {{0, 2}, LogMark::Role::Context, u"NCCL version"_s},
                       {{0, 14}, LogMark::Role::Context, u"also context"_s}});
        LogTextArea *area = view.textArea();
        QVERIFY(area->markAt(12));
        QCOMPARE(area->markAt(12)->role, LogMark::Role::Initiating);
        QCOMPARE(area->markAt(12)->tooltip, u"CUDA out of memory on rank 3"_s);
        QCOMPARE(area->markAt(13)->role, LogMark::Role::Collateral); // the stronger role of two
        QVERIFY(area->markAt(13)->tooltip.contains(u"also context"_s));
        QCOMPARE(area->markAt(1)->role, LogMark::Role::Context);
        QVERIFY(!area->markAt(0));
        QVERIFY(!area->markAt(11));
        // Filtered to rank 3, the initiating line keeps its mark on its new row.
        view.setFilter({{3}, {}, LineSeverity::Info});
        QTRY_VERIFY(!view.isBusy() && area->source()->lineCount() < 20);
        const qint64 row = area->source()->rowOf({0, 13});
        QCOMPARE(area->source()->origin(row), (SourceRef{0, 13}));
        QVERIFY(area->markAt(row));
        QCOMPARE(area->markAt(row)->role, LogMark::Role::Initiating);
    }

    void mergedViewAndActivation()
    {
        const IngestResultPtr r = Ingestor::run({test::handmade("straggler")}, IngestConfig{});
        QCOMPARE(r->files.size(), 4);
        LogView view;
        QVERIFY(showIngest(view, r));
        view.showMerged({0, 1, 2, 3});
        QTRY_VERIFY(view.isMerged());
        qint64 total = 0;
        for (const InputFile &f : r->files)
            total += f.lines;
        LogTextArea *area = view.textArea();
        QCOMPARE(area->source()->lineCount(), total);
        QCOMPARE(area->source()->files().size(), 4);
        // Following a link inside the merged view keeps it merged.
        FileId third = 0;
        while (r->files.at(third).lines < 3)
            ++third;
        const SourceRef target{third, 3};
        view.showFile(third, 3);
        QCOMPARE(view.currentLine(), target);
        QVERIFY(view.isMerged());
        // Double-click reports the line's origin.
        QSignalSpy activated(&view, &LogView::lineActivated);
        const qint64 row = area->currentRow();
        const int y = int(row - area->firstVisibleRow()) * area->lineHeight() + area->lineHeight() / 2;
        QTest::mouseDClick(area->viewport(), Qt::LeftButton, {}, QPoint(400, y));
        QCOMPARE(activated.count(), 1);
        QCOMPARE(activated.first().first().value<SourceRef>(), target);
        // Back to one file.
        view.findChild<QToolButton *>(u"mergeButton"_s)->click();
        QTRY_VERIFY(!view.isMerged());
        QCOMPARE(area->source()->files(), QList<FileId>{third});
        QCOMPARE(view.currentLine(), target);
    }

    void copyAndLongLines()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"rank-1.log"_s);
        QVERIFY(writeFile(path, "\x1b[1;31mERROR\x1b[0m first\nsecond\n" + QByteArray(10000, 'y') + "\n"));
        const IngestResultPtr r = Ingestor::run({path}, IngestConfig{});
        LogView view;
        view.resize(800, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setIngest(r);
        LogTextArea *area = view.textArea();
        QCOMPARE(area->displayText(0), u"ERROR first"_s);
        QCOMPARE(area->displayText(2).size(), LogTextArea::DisplayCap);
        area->selectRows(0, 1);
        QCOMPARE(area->selectedText(), u"ERROR first\nsecond\n"_s);
        area->copy();
        QCOMPARE(QGuiApplication::clipboard()->text(), u"ERROR first\nsecond\n"_s);
        // The cut line copies whole.
        area->clearSelection();
        area->setCurrentRow(2);
        area->copy();
        QCOMPARE(QGuiApplication::clipboard()->text().size(), 10000);
    }

    // A long line wraps into several screen lines of its row: nothing scrolls sideways, clicks on
    // the wrapped part land on that row, and the last row of the file still comes fully into view.
    void wrapsLongLines()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"rank-2.log"_s);
        QByteArray data;
        for (int i = 1; i <= 60; ++i) {
            data += "line " + QByteArray::number(i);
            if (i % 10 == 5) // a Python repr that runs far past the window's width
                data += " RuntimeError: " + QByteArray(600, 'w');
            data += '\n';
        }
        QVERIFY(writeFile(path, data));
        const IngestResultPtr r = Ingestor::run({path}, IngestConfig{});
        LogView view;
        view.resize(700, 400);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setIngest(r);
        LogTextArea *area = view.textArea();
        auto *wrap = view.findChild<QToolButton *>(u"wrapButton"_s);
        QVERIFY(wrap);
        if (wrap->isChecked())
            wrap->click(); // the setting may come from an earlier test
        QVERIFY(!area->wrap());
        QCOMPARE(area->rowHeight(4), area->lineHeight());
        QTRY_VERIFY2(area->horizontalScrollBar()->maximum() > 0, qPrintable(u"%1 rows, row 4 %2 chars, painted from %3"_s.arg(area->source() ? area->source()->lineCount() : -1).arg(area->displayText(4).size()).arg(area->lastPaintedFirstRow())));

        wrap->click();
        QVERIFY(area->wrap());
        const int lh = area->lineHeight();
        QVERIFY2(area->rowHeight(4) >= 3 * lh, qPrintable(QString::number(area->rowHeight(4))));
        QCOMPARE(area->rowHeight(3), lh);
        QCOMPARE(area->horizontalScrollBar()->maximum(), 0);
        // Rows 0-3 are one line each; row 4 starts at 4 * lh and spans its wrapped lines.
        QCOMPARE(area->rowAt(QPoint(300, 4 * lh + 2)), 4);
        QCOMPARE(area->rowAt(QPoint(300, 4 * lh + 2 * lh + 2)), 4);
        QCOMPARE(area->rowAt(QPoint(300, 4 * lh + area->rowHeight(4) + 2)), 5);
        // The end of the file: the last row's bottom is inside the viewport.
        area->setCurrentRow(59);
        qint64 bottom = 0;
        for (qint64 row = area->firstVisibleRow(); row <= 59; ++row)
            bottom += area->rowHeight(row);
        QVERIFY2(bottom <= area->viewport()->height(), qPrintable(QString::number(bottom)));
        // A wrapped row below the view is scrolled to so that all of it shows.
        area->setCurrentRow(0);
        area->setCurrentRow(14);
        bottom = 0;
        for (qint64 row = area->firstVisibleRow(); row <= 14; ++row)
            bottom += area->rowHeight(row);
        QVERIFY(bottom <= area->viewport()->height());
        QVERIFY(area->firstVisibleRow() > 0);
        if (const QString shots = qEnvironmentVariable("RANKSCOPE_SCREENSHOT_DIR"); !shots.isEmpty())
            QVERIFY(view.grab().save(QDir(shots).filePath(u"logview-wrap.png"_s)));

        // F10 toggles it back, and the choice is remembered for the next view.
        QTest::keyClick(area, Qt::Key_F10);
        QVERIFY(!area->wrap());
        QTest::keyClick(area, Qt::Key_F10);
        QVERIFY(area->wrap());
        LogView next;
        QVERIFY(next.findChild<QToolButton *>(u"wrapButton"_s)->isChecked());
        QVERIFY(next.textArea()->wrap());
        wrap->click(); // off again for the tests that follow
    }

    void followsThePalette()
    {
        LogView view;
        view.resize(800, 400);
        view.setIngest(m_big);
        view.setPalette(Themes::lightPalette());
        const QImage light = view.grab().toImage();
        view.setPalette(Themes::darkPalette());
        const QImage dark = view.grab().toImage();
        QVERIFY(!light.isNull() && !dark.isNull());
        // The text area's background follows the base colour.
        const QPoint inText(view.textArea()->viewport()->mapTo(&view, QPoint(view.textArea()->viewport()->width() - 20, 200)));
        QVERIFY(QColor(light.pixel(inText)).lightness() > 200);
        QVERIFY(QColor(dark.pixel(inText)).lightness() < 60);
    }

    void screenshots()
    {
        const QString out = qEnvironmentVariable("RANKSCOPE_SCREENSHOT_DIR");
        if (out.isEmpty())
            QSKIP("set RANKSCOPE_SCREENSHOT_DIR to write screenshots");
        QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));
        const IngestResultPtr r = Ingestor::run({test::handmade("cuda-oom-slurm/slurm-77123.out")}, IngestConfig{});
        for (const bool dark : {false, true}) {
            LogView view;
            view.setPalette(dark ? Themes::darkPalette() : Themes::lightPalette());
            view.resize(1100, 460);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            view.setIngest(r);
            view.setMarks({{{0, 13}, LogMark::Role::Initiating, u"CUDA out of memory on rank 3"_s},
                           {{0, 14}, LogMark::Role::Collateral, u"watchdog timeout"_s},
                           {{0, 15}, LogMark::Role::Collateral, u"watchdog timeout"_s},
                           {{0, 2}, LogMark::Role::Context, u"NCCL version"_s}});
            view.showFile(0, 13);
            view.findBar()->show();
            view.findBar()->setText(u"Watchdog"_s);
            QTRY_VERIFY(view.textArea()->currentMatchRow() >= 0);
            view.showFile(0, 13);
            QTest::qWait(50);
            const QString file = QDir(out).filePath(dark ? u"logview-dark.png"_s : u"logview-light.png"_s);
            QVERIFY(view.grab().save(file));
        }
        // ANSI colours, a cut line and the merged view of the straggler bundle.
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(u"rank-7.log"_s),
                          "\x1b[32m[2024-12-18 20:00:01,000] INFO\x1b[0m step 547 | loss \x1b[1m1.11\x1b[0m\n"
                          "\x1b[33mWARNING\x1b[0m slow rank detected\n"
                          "\x1b[41;97m FATAL \x1b[0m \x1b[31mNCCL error\x1b[0m in ncclAllReduce\n"
                          "[2024-12-18 20:00:02,000] tensor dump: " + QByteArray(9000, 'x') + "\n"
                          "\tindented\twith tabs\n"));
        const IngestResultPtr ansi = Ingestor::run({dir.filePath(u"rank-7.log"_s)}, IngestConfig{});
        const IngestResultPtr straggler = Ingestor::run({test::handmade("straggler")}, IngestConfig{});
        for (const bool dark : {false, true}) {
            LogView view;
            view.setPalette(dark ? Themes::darkPalette() : Themes::lightPalette());
            view.resize(1100, 330);
            view.show();
            QVERIFY(QTest::qWaitForWindowExposed(&view));
            view.setIngest(ansi);
            view.grab(); // lays the visible lines out, which sizes the horizontal range
            view.textArea()->horizontalScrollBar()->setValue(view.textArea()->horizontalScrollBar()->maximum());
            QTest::qWait(50);
            QVERIFY(view.grab().save(QDir(out).filePath(dark ? u"logview-ansi-dark.png"_s : u"logview-ansi-light.png"_s)));
            view.textArea()->horizontalScrollBar()->setValue(0);
            QTest::qWait(50);
            QVERIFY(view.grab().save(QDir(out).filePath(dark ? u"logview-ansi-start-dark.png"_s : u"logview-ansi-start-light.png"_s)));
            view.setIngest(straggler);
            view.showMerged({0, 1, 2, 3});
            QTRY_VERIFY(view.isMerged());
            QTest::qWait(50);
            QVERIFY(view.grab().save(QDir(out).filePath(dark ? u"logview-merged-dark.png"_s : u"logview-merged-light.png"_s)));
        }
    }

private:
    test::IsolatedSettings m_settings{"tst_logview"};
    QTemporaryDir m_dataDir;
    QString m_bigPath;
    IngestResultPtr m_big;
};

QTEST_MAIN(TestLogView)
#include "tst_logview.moc"
