// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandline.h"

#include <QTest>
#include <QTextStream>

using namespace Qt::StringLiterals;
using rankscope::CommandLine;

class TestCommandLine : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void headlessDetection_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("headless");
        QTest::addRow("no args opens the window") << QStringList{u"rankscope"_s} << false;
        QTest::addRow("a path opens the window") << QStringList{u"rankscope"_s, u"/tmp/bundle"_s} << false;
        QTest::addRow("--help") << QStringList{u"rankscope"_s, u"--help"_s} << true;
        QTest::addRow("--version") << QStringList{u"rankscope"_s, u"--version"_s} << true;
        QTest::addRow("mistyped command") << QStringList{u"rankscope"_s, u"analyse-this"_s} << true;
        QTest::addRow("relative file") << QStringList{u"rankscope"_s, u"bundle.tar.gz"_s} << false;
    }
    void headlessDetection()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, headless);
        QCOMPARE(CommandLine::isHeadless(args), headless);
    }

    void reportStartsAGuiApplication()
    {
        QVERIFY(CommandLine::isHeadless({u"rankscope"_s, u"report"_s, u"bundle"_s, u"--out"_s, u"r.html"_s}));
        QVERIFY(CommandLine::needsGuiApplication({u"rankscope"_s, u"report"_s, u"bundle"_s}));
        QVERIFY(!CommandLine::needsGuiApplication({u"rankscope"_s, u"analyze"_s, u"bundle"_s}));
        QVERIFY(!CommandLine::needsGuiApplication({u"rankscope"_s}));
        // Offscreen only when nothing else is chosen and there is no display to use.
        QVERIFY(CommandLine::useOffscreenPlatform({}, {}, {}));
        QVERIFY(!CommandLine::useOffscreenPlatform("xcb", {}, {}));
        QVERIFY(!CommandLine::useOffscreenPlatform({}, ":0", {}));
        QVERIFY(!CommandLine::useOffscreenPlatform({}, {}, "wayland-0"));
    }

    void versionListsEveryLibrary()
    {
        QString outText, errText;
        QTextStream out(&outText), err(&errText);
        CommandLine::Versions v = CommandLine::coreVersions();
        v.append({u"QCustomPlot"_s, u"2.1.0"_s});
        QCOMPARE(CommandLine::run({u"rankscope"_s, u"--version"_s}, v, out, err), 0);
        out.flush();
        QVERIFY2(outText.contains(u"RankScope 0."_s), qPrintable(outText));
        QVERIFY2(outText.contains(u"Qt 6."_s), qPrintable(outText));
        QVERIFY2(outText.contains(u"SQLite 3."_s), qPrintable(outText));
        QVERIFY(outText.contains(u"QCustomPlot 2.1.0"_s));
    }

    void unknownCommandIsUsageError()
    {
        QString outText, errText;
        QTextStream out(&outText), err(&errText);
        QCOMPARE(CommandLine::run({u"rankscope"_s, u"frobnicate"_s}, {}, out, err), 2);
        err.flush();
        QVERIFY(errText.contains(u"unknown command 'frobnicate'"_s));
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
