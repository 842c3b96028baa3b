// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Renders the workbench and each of its views to PNG files, in the light and the dark palette:
//   rankscope_screenshots BUNDLE OUTDIR
// Run by packaging/screenshots.sh under Xvfb; the images are used in the README.
#include "encyclopediapanel.h"
#include "knowledgebase.h"
#include "logview.h"
#include "mainwindow.h"
#include "matrixview.h"
#include "overviewpanel.h"
#include "themes.h"
#include "timelineplot.h"

#include <QApplication>
#include <QDir>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTimer>

#include <cstdio>

using namespace Qt::StringLiterals;
using namespace rankscope;

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    if (argc < 3) {
        std::fprintf(stderr, "usage: rankscope_screenshots BUNDLE OUTDIR\n");
        return 2;
    }
    const QString bundle = QString::fromLocal8Bit(argv[1]);
    const QDir out(QString::fromLocal8Bit(argv[2]));
    QDir().mkpath(out.path());
    Warnings w;
    auto kb = kb::KnowledgeBase::open(kb::KnowledgeBase::defaultDatabasePath(), QString(), &w);
    for (const auto theme : {ui::Themes::Theme::Light, ui::Themes::Theme::Dark}) {
        ui::Themes::apply(app, theme);
        const QString suffix = theme == ui::Themes::Theme::Light ? u"light"_s : u"dark"_s;
        ui::MainWindow win;
        win.setKnowledgeBase(kb);
        win.resize(1600, 1000);
        win.show();
        QSignalSpy ready(&win, &ui::MainWindow::analysisReady);
        win.openPaths({bundle});
        if (!ready.wait(60000)) {
            std::fprintf(stderr, "analysis did not finish\n");
            return 1;
        }
        QEventLoop loop;
        QTimer::singleShot(800, &loop, &QEventLoop::quit);
        loop.exec();
        const QList<std::pair<QWidget *, QString>> shots = {
            {&win, u"workbench"_s},
            {win.overview(), u"overview"_s},
            {win.timeline(), u"timeline"_s},
            {win.matrix(), u"matrix"_s},
            {win.logView(), u"logview"_s},
            {win.encyclopedia(), u"encyclopedia"_s},
        };
        for (const auto &[widget, name] : shots) {
            const QString file = out.filePath(name + u'-' + suffix + u".png"_s);
            widget->grab().save(file);
            std::printf("%s\n", qPrintable(file));
        }
    }
    return 0;
}
