// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Renders the workbench and each of its views to PNG files, in the light and the dark palette:
//   rankscope_screenshots BUNDLE OUTDIR [EARLIER_BUNDLE]
// EARLIER_BUNDLE, an incident opened first, gives the Overview something "seen before" and the
// History dock two incidents.
// Run by packaging/screenshots.sh under Xvfb; the images are used in the README.
#include "casecontroller.h"
#include "casepanel.h"
#include "correctionsdialog.h"
#include "encyclopediapanel.h"
#include "historypanel.h"
#include "knowledgebase.h"
#include "logview.h"
#include "mainwindow.h"
#include "matrixview.h"
#include "overviewpanel.h"
#include "presenterwindow.h"
#include "themes.h"
#include "timelineplot.h"
#include "walkthroughpanel.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QLineEdit>
#include <QDir>
#include <QDockWidget>
#include <QMenu>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <functional>

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
    const QString earlier = argc > 3 ? QString::fromLocal8Bit(argv[3]) : QString();
    // The incidents opened here go into a library of their own, not the user's.
    QTemporaryDir historyDir;
    qputenv("RANKSCOPE_HISTORY", historyDir.filePath(u"history.sqlite"_s).toLocal8Bit());
    const QDir out(QString::fromLocal8Bit(argv[2]));
    QDir().mkpath(out.path());
    Warnings w;
    auto kb = kb::KnowledgeBase::open(kb::KnowledgeBase::defaultDatabasePath(), QString(), &w);
    for (const auto theme : {ui::Themes::Theme::Light, ui::Themes::Theme::Dark}) {
        ui::Themes::apply(app, theme);
        const QString suffix = theme == ui::Themes::Theme::Light ? u"light"_s : u"dark"_s;
        ui::MainWindow win;
        win.setKnowledgeBase(kb);
        // The window picks its own first geometry from the screen (run under Xvfb at the size
        // to show), as it does for a new user.
        win.show();
        QSignalSpy ready(&win, &ui::MainWindow::analysisReady);
        if (!earlier.isEmpty()) {
            win.openPaths({earlier});
            if (!ready.wait(60000)) {
                std::fprintf(stderr, "analysis of the earlier incident did not finish\n");
                return 1;
            }
            QEventLoop settle;
            QTimer::singleShot(500, &settle, &QEventLoop::quit);
            settle.exec();
            ready.clear();
        }
        win.openPaths({bundle});
        if (!ready.wait(60000)) {
            std::fprintf(stderr, "analysis did not finish\n");
            return 1;
        }
        QEventLoop loop;
        QTimer::singleShot(800, &loop, &QEventLoop::quit);
        loop.exec();
        // RANKSCOPE_SHOT_DEBUG=1: the window's size and the widgets that set its minimum.
        if (qEnvironmentVariableIsSet("RANKSCOPE_SHOT_DEBUG")) {
            std::printf("window %dx%d min %dx%d\n", win.width(), win.height(), win.minimumSizeHint().width(), win.minimumSizeHint().height());
            for (QWidget *child : win.findChildren<QWidget *>()) {
                if (child->minimumSizeHint().height() > 250 || child->minimumSizeHint().width() > 300 || child->minimumHeight() > 250)
                    std::printf("  %s %s minHint %dx%d min %dx%d size %dx%d\n", child->metaObject()->className(), qPrintable(child->objectName()),
                                child->minimumSizeHint().width(), child->minimumSizeHint().height(), child->minimumWidth(), child->minimumHeight(), child->width(), child->height());
            }
        }
        const QList<std::pair<QWidget *, QString>> shots = {
            {&win, u"workbench"_s},
            {win.overview(), u"overview"_s},
            {win.timeline(), u"timeline"_s},
            {win.matrix(), u"matrix"_s},
            {win.logView(), u"logview"_s},
            {win.encyclopedia(), u"encyclopedia"_s},
        };
        auto save = [&](QWidget *widget, const QString &name) {
            const QString file = out.filePath(name + u'-' + suffix + u".png"_s);
            widget->grab().save(file);
            std::printf("%s\n", qPrintable(file));
        };
        for (const auto &[widget, name] : shots)
            save(widget, name);
        if (auto *d = win.findChild<QDockWidget *>(u"historyDock"_s)) {
            d->raise();
            QEventLoop wait;
            QTimer::singleShot(300, &wait, &QEventLoop::quit);
            wait.exec();
            save(win.historyPanel(), u"history"_s);
            if (auto *e = win.findChild<QDockWidget *>(u"encyclopediaDock"_s))
                e->raise();
        }

        // A modal dialog is grabbed from a timer while it runs, then dismissed with `dismiss`.
        auto grabModal = [&](const QString &name, const std::function<void()> &open, const std::function<void(QWidget *)> &dismiss) {
            auto *poll = new QTimer(&win);
            poll->setInterval(100);
            QObject::connect(poll, &QTimer::timeout, &win, [&, poll, name] {
                QWidget *modal = QApplication::activeModalWidget();
                if (!modal)
                    return;
                poll->stop();
                QTimer::singleShot(300, modal, [&, modal, name] {
                    save(modal, name);
                    dismiss(modal);
                });
            });
            poll->start();
            open();
            poll->deleteLater();
        };
        auto pause = [](int ms) {
            QEventLoop wait;
            QTimer::singleShot(ms, &wait, &QEventLoop::quit);
            wait.exec();
        };

        // File → Compare with Good Run: its submenu, the comparison, and the Export dialog that
        // then offers the comparison section.
        if (!earlier.isEmpty()) {
            if (auto *menu = win.findChild<QMenu *>(u"compareMenu"_s)) {
                menu->popup(win.mapToGlobal(QPoint(40, 40)));
                pause(300);
                save(menu, u"compare-menu"_s);
                menu->close();
            }
            QSignalSpy compared(&win, &ui::MainWindow::comparisonReady);
            if (win.compareWithGoodRun({earlier}))
                compared.wait(60000);
            if (auto *d = win.findChild<QDialog *>(u"comparisonDialog"_s)) {
                d->resize(720, 560);
                pause(300);
                save(d, u"comparison"_s);
                d->close();
            }
            if (auto *exportAction = win.findChild<QAction *>(u"exportReportAction"_s))
                grabModal(u"export"_s, [exportAction] { exportAction->trigger(); },
                          [](QWidget *m) { if (auto *d = qobject_cast<QDialog *>(m)) d->reject(); });
        }

        // Settings ▸ Reading Limits, with a value refused as the user would see it.
        if (auto *limits = win.findChild<QAction *>(u"readingLimitsAction"_s))
            grabModal(u"reading-limits"_s, [limits] { limits->trigger(); }, [&](QWidget *m) {
                auto *d = qobject_cast<QDialog *>(m);
                if (auto *field = m->findChild<QLineEdit *>(u"max-member-size"_s)) {
                    field->setText(u"12Q"_s);
                    if (d)
                        QMetaObject::invokeMethod(d, "accept");
                    pause(200);
                    save(m, u"reading-limits-refused"_s);
                }
                if (d)
                    d->reject();
            });

        // A case with a note, tags, a bookmark, a reviewer's verdict and a walkthrough.
        ui::CaseController *c = win.caseController();
        c->setInteractive(false); // no questions, and the presenter in a window
        QSignalSpy described(c, &ui::CaseController::sourcesDescribed);
        if (!c->hasCase() && c->newCase(u"CUDA OOM during step 7"_s) && c->sourcesPending())
            described.wait(30000);
        const int firstRank = win.analysis() ? win.analysis()->verdict.rank : -1;
        c->setNotes(u"Rank %1 ran out of memory first (allocator line bookmarked).\n"
                    "The NCCL watchdog timeouts on the other ranks are collateral.\n"
                    "Next: rerun with PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True."_s.arg(firstRank));
        c->setTags({u"oom"_s, u"h100"_s, u"needs-rerun"_s});
        c->bookmarkCurrentLine();
        if (const auto result = win.analysis()) {
            cases::VerdictOverride o;
            o.active = true;
            o.rank = result->verdict.rank;
            o.node = result->verdict.node;
            o.entry = u"cuda-oom"_s;
            o.reason = u"Confirmed with the job owner: the batch size was doubled for this run."_s;
            c->setVerdictOverride(o);
        }
        c->proposeWalkthrough();
        for (const QString &name : {u"caseDock"_s, u"walkthroughDock"_s}) {
            if (auto *d = win.findChild<QDockWidget *>(name))
                d->raise();
            QEventLoop wait;
            QTimer::singleShot(300, &wait, &QEventLoop::quit);
            wait.exec();
            save(name == u"caseDock"_s ? static_cast<QWidget *>(c->casePanel()) : c->walkthroughPanel(),
                 name == u"caseDock"_s ? u"case"_s : u"walkthrough"_s);
        }
        save(win.overview(), u"overview-override"_s);
        // Edit → Corrections on the file the log view shows.
        const ingest::InputFile *shown = win.ingestResult() ? win.ingestResult()->file(win.logView()->currentLine().file) : nullptr;
        if (ui::CorrectionsDialog *d = win.showCorrectionsDialog(shown ? shown->path : QString())) {
            QEventLoop wait;
            QTimer::singleShot(300, &wait, &QEventLoop::quit);
            wait.exec();
            save(d, u"corrections"_s);
            if (auto *tabs = d->findChild<QTabWidget *>()) {
                tabs->setCurrentIndex(0);
                QTimer::singleShot(200, &wait, &QEventLoop::quit);
                wait.exec();
                save(d, u"corrections-clocks"_s);
            }
            d->reject();
        }
        if (ui::PresenterWindow *p = c->present(1)) {
            p->resize(1280, 720);
            QEventLoop wait;
            QTimer::singleShot(500, &wait, &QEventLoop::quit);
            wait.exec();
            save(p, u"presenter"_s);
            save(&win, u"workbench-presenting"_s);
            p->close();
        }
        // The same case saved away from its bundle, opened again: it asks before reading.
        QTemporaryDir elsewhere;
        const QString moved = elsewhere.filePath(u"sent-to-me.rscase"_s);
        if (c->saveAs(moved)) {
            c->closeCase();
            c->setInteractive(true);
            grabModal(u"case-roots"_s, [c, &moved] { c->openCase(moved); }, [](QWidget *m) {
                if (auto *box = qobject_cast<QMessageBox *>(m)) {
                    for (QAbstractButton *b : box->buttons()) {
                        if (box->buttonRole(b) == QMessageBox::RejectRole)
                            b->click();
                    }
                }
            });
            c->setInteractive(false);
        }
        c->closeCase();
    }
    return 0;
}
