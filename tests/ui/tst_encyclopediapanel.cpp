// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The encyclopedia panel on the real, built encyclopedia.sqlite: search, rendering, Copy,
// related links with history, evidence clicks, and the list model under the model tester.
// With RANKSCOPE_SCREENSHOT_DIR set, screenshots() also writes light and dark PNGs there.
#include "placeholders.h"
#include "builtincodehighlighter.h"
#include "codeblockview.h"
#include "encyclopedialistmodel.h"
#include "encyclopediapanel.h"
#include "encyclopediaroles.h"
#include "entryview.h"
#include "guitestsupport.h"
#include "knowledgebase.h"
#include "linkrow.h"
#include "themes.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyleFactory>
#include <QTemporaryDir>
#include <QScrollArea>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextEdit>
#include <QTextLayout>
#include <QToolButton>

using namespace Qt::StringLiterals;
using namespace rankscope;
using namespace rankscope::ui;

namespace {

analysis::Evidence evidence(FileId file, LineNumber line, const QString &path, int rank, const QString &node,
                            const QString &text)
{
    analysis::Evidence e;
    e.source = { file, line };
    e.path = path;
    e.rank = rank;
    e.node = node;
    e.timeMs = 1748781296000 + line;
    e.text = text;
    return e;
}

QList<analysis::Evidence> twoEvidenceLines()
{
    return { evidence(3, 1187, u"node-b/rank8.log"_s, 8, u"gpu-b02"_s,
                      u"gpu-b02:48211:48290 [0] init.cc:1032 NCCL WARN Mismatched NCCL version detected : rank 8 "
                      "version 22703 rank 0 version 22602"_s),
             evidence(1, 42, u"node-a/rank0.log"_s, 0, u"gpu-a17"_s,
                      u"gpu-a17:48211:48211 [0] NCCL INFO NCCL version 2.21.5+cuda12.4"_s) };
}

QListView *listOf(EncyclopediaPanel &panel)
{
    return panel.findChild<QListView *>(u"resultList"_s);
}

EncyclopediaListModel *modelOf(EncyclopediaPanel &panel)
{
    return qobject_cast<EncyclopediaListModel *>(listOf(panel)->model());
}

} // namespace

class TestEncyclopediaPanel : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_settings.isValid());
        QVERIFY(m_userDir.isValid());
        // Same look everywhere: the platform style of a developer's desktop does not leak in.
        QApplication::setStyle(QStyleFactory::create(u"Fusion"_s));

        Warnings warnings;
        // An empty user directory keeps the developer's own entries out of the test.
        m_kb = kb::KnowledgeBase::open(QStringLiteral(RANKSCOPE_BINARY_DIR "/share/rankscope/encyclopedia.sqlite"),
                                       m_userDir.path(), &warnings);
        QVERIFY(m_kb);
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.isEmpty() ? QString() : warnings.first().message));
        QVERIFY(m_kb->entries().size() >= 60);
        QVERIFY(m_kb->entry(u"nccl-version-conflict") && m_kb->entry(u"gpu-xid-fallen-off-bus"));
    }

    void listModelPassesTheTester()
    {
        EncyclopediaListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setKnowledgeBase(m_kb);
        QCOMPARE(model.rowCount(), int(m_kb->entries().size()));
        QVERIFY(!model.isSearchResult());

        // Grouped by category in the documented order, a header on the first row of each group.
        const QStringList &order = kb::categories();
        qsizetype previous = -1;
        int headers = 0;
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex index = model.index(row);
            const qsizetype category = order.indexOf(index.data(EncyclopediaRoles::CategoryRole).toString());
            QVERIFY(category >= previous);
            const QString header = index.data(EncyclopediaRoles::CategoryHeaderRole).toString();
            QCOMPARE(!header.isEmpty(), category != previous);
            headers += header.isEmpty() ? 0 : 1;
            previous = category;
            QVERIFY(!index.data(Qt::DisplayRole).toString().isEmpty());
            QCOMPARE(model.rowOf(index.data(EncyclopediaRoles::EntryIdRole).toString()), row);
        }
        QVERIFY(headers >= 5);

        model.showHits(m_kb->search(u"watchdog"_s));
        QVERIFY(model.isSearchResult());
        QVERIFY(model.rowCount() > 0);
        QVERIFY(model.index(0).data(EncyclopediaRoles::CategoryHeaderRole).toString().isEmpty());
        QVERIFY(!model.index(0).data(EncyclopediaRoles::SnippetRole).toString().isEmpty());
        model.showHits({ { u"no-such-entry"_s, 1.0, u"x"_s } });
        QCOMPARE(model.rowCount(), 0);
        model.showAll();
        model.setKnowledgeBase(nullptr);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.entryId(0), QString());
    }

    void searchFindsAnEntryBySymptomWords()
    {
        EncyclopediaPanel panel;
        panel.setKnowledgeBase(m_kb);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        auto *field = panel.findChild<QLineEdit *>(u"searchField"_s);
        QVERIFY(field);
        EncyclopediaListModel *model = modelOf(panel);
        QVERIFY(!model->isSearchResult());

        QTest::keyClicks(field, u"fallen off the bus"_s);
        // Debounced: typing alone has not searched yet.
        QVERIFY(!model->isSearchResult());
        QTRY_VERIFY(model->isSearchResult());
        QCOMPARE(model->entryId(0), u"gpu-xid-fallen-off-bus"_s);
        QVERIFY(panel.findChild<QLabel *>(u"statusLabel"_s)->text().contains(u"fallen off the bus"_s));

        // Enter opens the best match.
        QTest::keyClick(field, Qt::Key_Return);
        QCOMPARE(panel.currentEntry(), u"gpu-xid-fallen-off-bus"_s);
        QCOMPARE(listOf(panel)->currentIndex().row(), 0);

        // Clearing the field lists every entry again.
        field->clear();
        QTRY_VERIFY(!model->isSearchResult());
        QCOMPARE(model->rowCount(), int(m_kb->entries().size()));
        // …and the open entry stays selected in the full list.
        QCOMPARE(listOf(panel)->currentIndex().data(EncyclopediaRoles::EntryIdRole).toString(),
                 u"gpu-xid-fallen-off-bus"_s);
    }

    void clickingAListRowShowsTheEntry()
    {
        EncyclopediaPanel panel;
        panel.setKnowledgeBase(m_kb);
        panel.resize(1000, 700);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QListView *list = listOf(panel);
        const QModelIndex second = list->model()->index(1, 0);
        list->scrollTo(second);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualRect(second).center());
        QCOMPARE(panel.currentEntry(), second.data(EncyclopediaRoles::EntryIdRole).toString());
    }

    void showEntryRendersFixAndVerification()
    {
        EncyclopediaPanel panel;
        panel.setKnowledgeBase(m_kb);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.showEntry(u"nccl-version-conflict"_s);
        QCOMPARE(panel.currentEntry(), u"nccl-version-conflict"_s);
        const kb::Entry &e = *m_kb->entry(u"nccl-version-conflict");

        EntryView *view = panel.entryView();
        QCOMPARE(view->findChild<QLabel *>(u"entryTitle"_s)->text(), e.title);
        for (const QString &key : { u"symptoms"_s, u"mechanism"_s, u"causes"_s, u"affected"_s, u"confirm"_s,
                                    u"fix"_s, u"verification"_s, u"prevention"_s, u"related"_s, u"references"_s })
            QVERIFY2(view->sections().contains(key), qPrintable(key));
        QVERIFY(!view->sections().contains(u"why"_s));

        // Every fix and verification block is there, verbatim, and highlighted.
        for (qsizetype i = 0; i < e.fix.size(); ++i) {
            for (qsizetype j = 0; j < e.fix.at(i).code.size(); ++j) {
                const auto name = u"code-fix-%1-%2"_s.arg(i + 1).arg(j + 1);
                auto *block = view->findChild<CodeBlockView *>(name);
                QVERIFY2(block, qPrintable(name));
                // The entry read on its own: placeholders show their examples.
                const QString shown = analysis::Placeholders::withExamples(e.fix.at(i).code.at(j).code);
                QCOMPARE(block->code(), shown);
                QCOMPARE(block->editor()->toPlainText(), shown);
            }
        }
        auto *pin = view->findChild<CodeBlockView *>(u"code-fix-2-1"_s);
        QVERIFY(pin->code().contains(u"pip install \"torch==2.5.1\" \"nvidia-nccl-cu12==2.21.5\""_s));
        // Highlighted at once (a quoted string is coloured by either highlighter).
        auto *first = view->findChild<CodeBlockView *>(u"code-fix-1-1"_s);
        QVERIFY(!first->editor()->document()->firstBlock().layout()->formats().isEmpty());
        QCOMPARE(view->findChild<CodeBlockView *>(u"code-fix-4-1"_s)->language(), u"yaml"_s);

        for (qsizetype i = 0; i < e.verification.size(); ++i) {
            auto *block = view->findChild<CodeBlockView *>(u"code-verification-%1-1"_s.arg(i + 1));
            QVERIFY(block);
            QCOMPARE(block->code(), e.verification.at(i).code.first().code);
            auto *expected = view->findChild<QLabel *>(u"expected-%1"_s.arg(i + 1));
            QVERIFY(expected);
            QVERIFY(expected->text().contains(u"Expected:"_s));
        }
        QVERIFY(view->findChild<CodeBlockView *>(u"code-verification-1-1"_s)->code().contains(u"NCCL_DEBUG=VERSION"_s));
    }

    // At the width of a docked panel on a 1366 px screen the entry fits its width: symptoms are
    // stacked instead of a two-column table, and nothing on the page needs more than the view.
    void narrowPanelFitsItsWidth_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<bool>("stacked");
        QTest::addRow("docked at 1366") << 280 << true;
        QTest::addRow("wide") << 900 << false;
    }
    void narrowPanelFitsItsWidth()
    {
        QFETCH(int, width);
        QFETCH(bool, stacked);
        EntryView view;
        view.setKnowledgeBase(m_kb);
        view.resize(width, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.showEntry(u"cuda-oom"_s));
        QTRY_VERIFY(view.findChild<QLabel *>(u"symptomsTable"_s));
        QTRY_COMPARE(!view.findChild<QLabel *>(u"symptomsTable"_s)->text().contains(u"What you see"_s), stacked);
        auto *page = view.findChild<QWidget *>(u"entryPage"_s);
        QVERIFY(page);
        auto *scroll = view.findChild<QScrollArea *>();
        QVERIFY2(page->minimumSizeHint().width() <= scroll->viewport()->width() + 1,
                 qPrintable(u"page needs %1 px, view has %2"_s.arg(page->minimumSizeHint().width()).arg(scroll->viewport()->width())));
        // Growing past the threshold brings the table back.
        if (stacked) {
            view.resize(900, 700);
            QTRY_VERIFY(view.findChild<QLabel *>(u"symptomsTable"_s)->text().contains(u"What you see"_s));
        }
    }

    void collateralAndUserEntriesAreMarked()
    {
        EntryView view;
        view.setKnowledgeBase(m_kb);
        QVERIFY(view.showEntry(u"elastic-sibling-termination"_s));
        // A collateral entry puts "look upstream" first and links the entries it names.
        QCOMPARE(view.sections().first(), u"upstream"_s);
        auto *upstream = view.findChild<QLabel *>(u"lookUpstream"_s);
        QVERIFY(upstream);
        QVERIFY2(upstream->text().contains(u"href=\"entry:elastic-external-signal\""_s), qPrintable(upstream->text()));
        QCOMPARE(view.findChild<QLabel *>(u"roleBadge"_s)->text(), u"collateral"_s);
        QVERIFY(!view.findChild<QLabel *>(u"userEntryBadge"_s));

        kb::Entry mine = *m_kb->entry(u"cuda-oom");
        mine.userOverride = true;
        mine.sourcePath = u"/home/me/.local/share/rankscope/encyclopedia/cuda-oom.md"_s;
        view.showEntry(mine);
        QCOMPARE(view.entryId(), u"cuda-oom"_s);
        auto *badge = view.findChild<QLabel *>(u"userEntryBadge"_s);
        QVERIFY(badge);
        QVERIFY(badge->toolTip().contains(mine.sourcePath));
    }

    void copyButtonPutsExactlyTheCommandOnTheClipboard()
    {
        EncyclopediaPanel panel;
        panel.setKnowledgeBase(m_kb);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.showEntry(u"nccl-version-conflict"_s);
        const kb::Entry &e = *m_kb->entry(u"nccl-version-conflict");

        QGuiApplication::clipboard()->setText(u"something else"_s);
        auto *block = panel.entryView()->findChild<CodeBlockView *>(u"code-verification-2-1"_s);
        QVERIFY(block);
        QToolButton *copy = block->copyButton();
        QVERIFY(copy->isVisible());
        QVERIFY(!copy->toolTip().isEmpty());
        QVERIFY(!copy->accessibleName().isEmpty());
        QSignalSpy copied(block, &CodeBlockView::copied);
        QTest::mouseClick(copy, Qt::LeftButton);
        QCOMPARE(copied.count(), 1);
        const QString expected = e.verification.at(1).code.first().code;
        QCOMPARE(QGuiApplication::clipboard()->text(), expected);
        QVERIFY(!expected.endsWith(u'\n'));
        QVERIFY(expected.startsWith(u"srun -N2"_s));
        QCOMPARE(copy->text(), u"Copied"_s);
        QTRY_COMPARE_WITH_TIMEOUT(copy->text(), u"Copy"_s, 3000);
    }

    void relatedLinksNavigateWithHistory()
    {
        EncyclopediaPanel panel;
        panel.setKnowledgeBase(m_kb);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.showEntry(u"nccl-version-conflict"_s, twoEvidenceLines());
        QVERIFY(!panel.canGoBack());

        auto *related = panel.entryView()->findChild<LinkRow *>(u"related-nccl-message-truncated"_s);
        QVERIFY(related);
        QVERIFY(related->isEnabled());
        QVERIFY(!related->toolTip().isEmpty());
        QTest::mouseClick(related, Qt::LeftButton);
        QCOMPARE(panel.currentEntry(), u"nccl-message-truncated"_s);
        QCOMPARE(panel.entryView()->findChild<QLabel *>(u"entryTitle"_s)->text(),
                 m_kb->entry(u"nccl-message-truncated")->title);
        QCOMPARE(listOf(panel)->currentIndex().data(EncyclopediaRoles::EntryIdRole).toString(),
                 u"nccl-message-truncated"_s);
        QVERIFY(panel.canGoBack());

        auto *back = panel.findChild<QToolButton *>(u"backButton"_s);
        auto *forward = panel.findChild<QToolButton *>(u"forwardButton"_s);
        QVERIFY(back->isEnabled());
        QVERIFY(!forward->isEnabled());
        QTest::mouseClick(back, Qt::LeftButton);
        QCOMPARE(panel.currentEntry(), u"nccl-version-conflict"_s);
        // Going back restores "why it matched" too.
        QCOMPARE(panel.entryView()->evidence().size(), 2);
        QVERIFY(panel.entryView()->sections().contains(u"why"_s));
        QVERIFY(forward->isEnabled());
        QTest::mouseClick(forward, Qt::LeftButton);
        QCOMPARE(panel.currentEntry(), u"nccl-message-truncated"_s);
        QVERIFY(!panel.canGoForward());

        // An unknown id says so instead of showing a stale entry.
        panel.showEntry(u"no-such-entry"_s);
        QCOMPARE(panel.currentEntry(), QString());
        QVERIFY(panel.entryView()->findChild<QLabel *>(u"entryMessage"_s)->text().contains(u"no-such-entry"_s));
    }

    void evidenceLinksEmitTheirSource()
    {
        EncyclopediaPanel panel;
        panel.setKnowledgeBase(m_kb);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const auto why = twoEvidenceLines();
        panel.showEntry(u"nccl-version-conflict"_s, why);
        QVERIFY(panel.entryView()->sections().contains(u"why"_s));
        QCOMPARE(panel.entryView()->sections().first(), u"why"_s);

        QSignalSpy spy(&panel, &EncyclopediaPanel::evidenceActivated);
        for (int i = 0; i < why.size(); ++i) {
            auto *row = panel.entryView()->findChild<LinkRow *>(u"evidence-%1"_s.arg(i));
            QVERIFY(row);
            QVERIFY(row->richText().contains(why.at(i).path));
            QVERIFY(!row->accessibleName().isEmpty());
            QTest::mouseClick(row, Qt::LeftButton);
            QCOMPARE(spy.count(), i + 1);
            const auto source = spy.at(i).at(0).value<SourceRef>();
            QCOMPARE(source.file, why.at(i).source.file);
            QCOMPARE(source.line, why.at(i).source.line);
        }
        // Keyboard: focus and Enter activate a row too.
        auto *first = panel.entryView()->findChild<LinkRow *>(u"evidence-0"_s);
        first->setFocus();
        QTest::keyClick(first, Qt::Key_Return);
        QCOMPARE(spy.count(), 3);
        QCOMPARE(spy.at(2).at(0).value<SourceRef>().line, LineNumber(1187));
    }

    void everyControlHasANameAndATooltip()
    {
        EncyclopediaPanel panel;
        panel.setKnowledgeBase(m_kb);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.showEntry(u"nccl-version-conflict"_s, twoEvidenceLines());
        const auto controls = panel.findChildren<QWidget *>();
        for (QWidget *w : controls) {
            if (!(qobject_cast<QAbstractButton *>(w) || qobject_cast<QLineEdit *>(w) || qobject_cast<QListView *>(w)))
                continue;
            if (w->parent() && w->parent()->inherits("QLineEdit"))
                continue; // the line edit's own clear button
            QVERIFY2(!w->accessibleName().isEmpty(), qPrintable(w->objectName() + u' ' + QString::fromLatin1(w->metaObject()->className())));
            QVERIFY2(!w->toolTip().isEmpty(), qPrintable(w->objectName() + u' ' + QString::fromLatin1(w->metaObject()->className())));
        }
    }

    void builtinHighlighterMarksCommandsStringsAndComments()
    {
        QTextDocument doc;
        doc.setPlainText(u"pip install \"torch==2.5.1\" --upgrade  # pin it\nFOO=1 env NCCL_DEBUG=INFO ./run | grep -E 'x'"_s);
        BuiltinCodeHighlighter h(&doc, BuiltinCodeHighlighter::Language::Bash, false);
        h.rehighlight();
        const auto formatAt = [&doc](int blockNumber, int column) {
            for (const QTextLayout::FormatRange &r : doc.findBlockByNumber(blockNumber).layout()->formats()) {
                if (column >= r.start && column < r.start + r.length)
                    return r.format;
            }
            return QTextCharFormat();
        };
        const auto color = [](const QTextCharFormat &f) { return f.foreground().color(); };
        using K = BuiltinCodeHighlighter::Kind;
        QCOMPARE(color(formatAt(0, 0)), color(h.format(K::Command))); // pip
        QVERIFY(!formatAt(0, 4).hasProperty(QTextFormat::ForegroundBrush)); // install: an argument
        QCOMPARE(color(formatAt(0, 13)), color(h.format(K::String)));
        QCOMPARE(color(formatAt(0, 28)), color(h.format(K::Option)));
        QCOMPARE(color(formatAt(0, 40)), color(h.format(K::Comment)));
        QCOMPARE(color(formatAt(1, 0)), color(h.format(K::Variable))); // FOO=
        QCOMPARE(color(formatAt(1, 6)), color(h.format(K::Command))); // env
        QCOMPARE(color(formatAt(1, 10)), color(h.format(K::Variable))); // NCCL_DEBUG= after env
        QCOMPARE(color(formatAt(1, 26)), color(h.format(K::Command))); // ./run
        QCOMPARE(color(formatAt(1, 34)), color(h.format(K::Command))); // grep after the pipe

        const QColor light = color(h.format(K::Comment));
        h.setDark(true);
        QVERIFY(color(h.format(K::Comment)) != light);
        QCOMPARE(color(formatAt(0, 40)), color(h.format(K::Comment)));
    }

    void followsPaletteChanges()
    {
        EncyclopediaPanel panel;
        panel.setKnowledgeBase(m_kb);
        panel.setPalette(Themes::lightPalette());
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.showEntry(u"nccl-version-conflict"_s);
        auto *before = panel.entryView()->findChild<CodeBlockView *>(u"code-fix-1-1"_s);
        const auto firstFormats = [](CodeBlockView *b) {
            return b->editor()->document()->firstBlock().layout()->formats();
        };
        const auto lightFormats = firstFormats(before);
        panel.setPalette(Themes::darkPalette());
        // The page is rebuilt once the palette change has gone round.
        QTRY_VERIFY(panel.entryView()->findChild<CodeBlockView *>(u"code-fix-1-1"_s) != before);
        auto *after = panel.entryView()->findChild<CodeBlockView *>(u"code-fix-1-1"_s);
        QVERIFY(Themes::isDark(after->palette()));
        QVERIFY(firstFormats(after) != lightFormats);
        QCOMPARE(panel.currentEntry(), u"nccl-version-conflict"_s);
    }

    void screenshots()
    {
        const QString dir = qEnvironmentVariable("RANKSCOPE_SCREENSHOT_DIR");
        if (dir.isEmpty())
            QSKIP("set RANKSCOPE_SCREENSHOT_DIR to write screenshots");
        auto *app = qobject_cast<QApplication *>(QCoreApplication::instance());
        for (const auto theme : { Themes::Theme::Light, Themes::Theme::Dark }) {
            Themes::apply(*app, theme);
            EncyclopediaPanel panel;
            panel.setKnowledgeBase(m_kb);
            panel.resize(1200, 860);
            panel.show();
            QVERIFY(QTest::qWaitForWindowExposed(&panel));
            panel.showEntry(u"nccl-version-conflict"_s, twoEvidenceLines());
            QCoreApplication::processEvents();
            const QString name = dir + u"/encyclopedia-"_s + Themes::toString(theme);
            QVERIFY(panel.grab().save(name + u".png"_s));
            // Further down: the fix and verification commands.
            panel.entryView()->scrollToSection(u"fix"_s);
            QCoreApplication::processEvents();
            QVERIFY(panel.grab().save(name + u"-fix.png"_s));
            panel.search(u"fallen off the bus"_s);
            panel.entryView()->scrollToSection(u"verification"_s);
            QCoreApplication::processEvents();
            QVERIFY(panel.grab().save(name + u"-search.png"_s));
            // A collateral entry, docked narrow: the list goes above the entry.
            panel.search(QString());
            panel.showEntry(u"elastic-sibling-termination"_s);
            panel.resize(620, 900);
            QCoreApplication::processEvents();
            QVERIFY(panel.grab().save(name + u"-narrow.png"_s));
        }
    }

private:
    test::IsolatedSettings m_settings{"tst_encyclopediapanel"};
    QTemporaryDir m_userDir;
    std::shared_ptr<const kb::KnowledgeBase> m_kb;
};

QTEST_MAIN(TestEncyclopediaPanel)
#include "tst_encyclopediapanel.moc"
