// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "aboutdialog.h"
#include "guitestsupport.h"
#include "mainwindow.h"
#include "readinglimitsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;
using namespace rankscope::ui;

class TestMainWindow : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_settings.isValid());
    }

    void opensAndCloses()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const auto menus = w.menuBar()->findChildren<QMenu *>(Qt::FindDirectChildrenOnly);
        QStringList titles;
        for (QMenu *m : menus)
            titles << m->title().remove(u'&');
        QVERIFY2(titles.contains(u"File"_s) && titles.contains(u"Help"_s), qPrintable(titles.join(u',')));
        auto *open = w.findChild<QAction *>(u"openFolderAction"_s);
        QVERIFY(open);
        QCOMPARE(open->shortcut(), QKeySequence(QKeySequence::Open));
        QVERIFY(w.findChild<QAction *>(u"quitAction"_s));
        QVERIFY(w.findChild<QMenu *>(u"recentMenu"_s));
        QVERIFY(w.close());
    }

    void openingAPathRemembersIt()
    {
        QTemporaryDir bundle;
        MainWindow w;
        QSignalSpy opened(&w, &MainWindow::incidentOpened);
        w.openPaths({bundle.path()});
        QCOMPARE(opened.count(), 1);
        QCOMPARE(w.recentPaths().value(0), bundle.path());
        QVERIFY(w.windowTitle().contains(QFileInfo(bundle.path()).fileName()));
        // A path that does not exist is reported, not opened.
        w.openPaths({bundle.path() + u"/missing"_s});
        QCOMPARE(opened.count(), 1);
    }

    // Settings ▸ Reading Limits: what the user types is checked as a whole, kept only where it
    // differs from the default, and read by the next load.
    void readingLimitsAreCheckedAndStored()
    {
        QSettings().remove(u"limits"_s);
        MainWindow w;
        QVERIFY(w.findChild<QAction *>(u"readingLimitsAction"_s));

        ReadingLimitsDialog d;
        auto *files = d.findChild<QLineEdit *>(u"max-files"_s);
        auto *member = d.findChild<QLineEdit *>(u"max-member-size"_s);
        auto *error = d.findChild<QLabel *>(u"limitError"_s);
        QVERIFY(files && member && error);
        QCOMPARE(member->text(), u"16 GiB"_s); // the default, shown as it would be typed
        QCOMPARE(files->text(), u"200000"_s);

        // One bad field refuses the whole dialog: the good one typed before it is not stored.
        files->setText(u"5000"_s);
        member->setText(u"12Q"_s);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        d.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
        QVERIFY(d.isVisible());
        QCOMPARE(d.result(), int(QDialog::Rejected));
        QVERIFY(error->isVisible());
        QCOMPARE(error->text(), u"Size of one archive member needs a size such as 16G, 512M or 1048576, not '12Q'."_s);
        QVERIFY(!QSettings().contains(u"limits/max-files"_s));

        member->setText(u"512M"_s);
        d.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
        QCOMPARE(d.result(), int(QDialog::Accepted));
        QCOMPARE(QSettings().value(u"limits/max-files"_s).toString(), u"5000"_s);
        QCOMPARE(QSettings().value(u"limits/max-member-size"_s).toString(), u"512 MiB"_s);
        QVERIFY(!QSettings().contains(u"limits/max-ratio"_s)); // left at its default

        ingest::IngestConfig config;
        ReadingLimitsDialog::applySaved(config);
        QCOMPARE(config.maxFiles, qint64(5000));
        QCOMPARE(config.maxMemberBytes, 512LL * 1024 * 1024);

        // Restore Defaults and OK forget what was stored, so a later release's defaults apply.
        ReadingLimitsDialog again;
        QCOMPARE(again.findChild<QLineEdit *>(u"max-files"_s)->text(), u"5000"_s);
        again.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::RestoreDefaults)->click();
        QCOMPARE(again.findChild<QLineEdit *>(u"max-files"_s)->text(), u"200000"_s);
        again.accept();
        QVERIFY(!QSettings().contains(u"limits/max-files"_s));
        QVERIFY(!QSettings().contains(u"limits/max-member-size"_s));

        // A stored value that no longer parses (edited by hand) falls back to the default.
        QSettings().setValue(u"limits/max-files"_s, u"lots"_s);
        ingest::IngestConfig fallback;
        fallback.maxFiles = 3;
        ReadingLimitsDialog::applySaved(fallback);
        QCOMPARE(fallback.maxFiles, ingest::IngestConfig().maxFiles);
        QSettings().remove(u"limits"_s);
    }

    void aboutNamesTheLibraries()
    {
        AboutDialog d;
        const QString v = d.versionsText();
        QVERIFY2(v.contains(u"Qt 6."_s), qPrintable(v));
        QVERIFY2(v.contains(u"QCustomPlot 2."_s), qPrintable(v));
        QVERIFY2(v.contains(u"KSyntaxHighlighting"_s), qPrintable(v));
        QVERIFY2(v.contains(u"SQLite 3."_s), qPrintable(v));
    }

private:
    test::IsolatedSettings m_settings{"tst_mainwindow"};
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
