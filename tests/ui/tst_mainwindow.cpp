// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "aboutdialog.h"
#include "guitestsupport.h"
#include "mainwindow.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
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
