// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline at scale and its filters, on synthetic incidents (tests/bench/syntheticincident.h).
// Everything is checked on the plot's data (which events it draws), never on pixels.
#include "../bench/syntheticincident.h"
#include "guitestsupport.h"
#include "knowledgebase.h"
#include "timelineplot.h"

#include <QApplication>
#include <QMenu>
#include <QSignalSpy>
#include <QWheelEvent>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;
using namespace rankscope::ui;
using Role = analysis::ChainStep::Role;

namespace {
std::shared_ptr<const kb::KnowledgeBase> categoriesKb()
{
    QList<kb::Entry> entries;
    for (const auto &[id, category] : {std::pair{u"cuda-oom"_s, u"memory"_s}, std::pair{u"nccl-watchdog-timeout"_s, u"communication"_s},
                                       std::pair{u"ib-port-event"_s, u"network"_s}}) {
        kb::Entry e;
        e.id = id;
        e.title = id;
        e.category = category;
        entries.append(e);
    }
    return kb::KnowledgeBase::fromEntries(entries);
}

QAction *filterAction(TimelinePlot &plot, const QString &key)
{
    auto *menu = plot.findChild<QMenu *>(u"timelineFilterMenu"_s);
    if (!menu)
        return nullptr;
    const QList<QAction *> actions = menu->actions();
    for (QAction *a : actions) {
        if (a->data().toString() == key)
            return a;
    }
    return nullptr;
}

// A plot of size showing result, exposed and laid out.
bool showPlot(TimelinePlot &plot, const analysis::AnalysisResultPtr &result, QSize size)
{
    plot.resize(size);
    plot.show();
    if (!QTest::qWaitForWindowExposed(&plot))
        return false;
    plot.setResult(result);
    return true;
}
} // namespace

class TestTimeline : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_settings.isValid());
    }

    void init()
    {
        QSettings().remove(u"timeline"_s);
    }

    void fullZoomOutKeepsTheInitiatingEvent_data()
    {
        QTest::addColumn<bool>("uniform");
        QTest::addRow("clustered") << false;
        QTest::addRow("uniform") << true;
    }

    void fullZoomOutKeepsTheInitiatingEvent()
    {
        QFETCH(bool, uniform);
        testing::SyntheticIncident cfg;
        cfg.ranks = 4096;
        cfg.events = 40000;
        cfg.uniform = uniform;
        const auto result = testing::makeSyntheticIncident(cfg);
        const int initiating = testing::syntheticInitiatingEvent(*result);
        QVERIFY(initiating >= 0);

        TimelinePlot plot;
        QVERIFY(showPlot(plot, result, QSize(1000, 500)));
        const auto [lower, upper] = plot.dataTimeRange();
        QVERIFY(upper > lower);
        plot.focusTime((lower + upper) / 2, (upper - lower) * 11 / 10);
        plot.replotNow();

        // Thousands of ranks per few hundred pixels: the plot draws far fewer markers than
        // there are events, and the one that matters is among them.
        QVERIFY2(plot.plottedEvents() < 40000 / 4, qPrintable(QString::number(plot.plottedEvents())));
        QCOMPARE(plot.plottedEventIndices(Role::Initiating), QList<int>{initiating});
        QVERIFY(!plot.plottedEventIndices(Role::Collateral).isEmpty());
        QVERIFY(plot.canvas()->rect().contains(plot.initiatingMarkerPosition()));

        // Zoomed in on the failure, the markers are re-bucketed: still there.
        const qint64 at = result->ingest->events.at(initiating).timeMs;
        plot.focusTime(at, (upper - lower) / 100);
        plot.replotNow();
        QCOMPARE(plot.plottedEventIndices(Role::Initiating), QList<int>{initiating});
    }

    void filteringByRoleHidesCollateral()
    {
        testing::SyntheticIncident cfg;
        cfg.ranks = 64;
        cfg.events = 2000;
        const auto result = testing::makeSyntheticIncident(cfg);
        TimelinePlot plot;
        QVERIFY(showPlot(plot, result, QSize(1000, 600)));
        const auto [lower, upper] = plot.dataTimeRange();
        plot.focusTime((lower + upper) / 2, upper - lower + 60000);
        QVERIFY(!plot.plottedEventIndices(Role::Collateral).isEmpty());
        QVERIFY(!plot.plottedEventIndices(Role::Context).isEmpty());

        plot.setRoleVisible(Role::Collateral, false);
        QVERIFY(!plot.isRoleVisible(Role::Collateral));
        QVERIFY(plot.plottedEventIndices(Role::Collateral).isEmpty());
        QCOMPARE(plot.plottedEventIndices(Role::Initiating).size(), 1);
        QVERIFY(!plot.plottedEventIndices(Role::Context).isEmpty());
        // A hidden event never wins a cell: what is drawn is context only.
        for (const int i : plot.plottedEventIndices(Role::Context))
            QCOMPARE(result->eventRoles.at(i), Role::Context);

        // The menu shows the state, and the state outlives the widget.
        QAction *collateral = filterAction(plot, u"role:collateral"_s);
        QVERIFY(collateral);
        QVERIFY(!collateral->isChecked());
        QCOMPARE(QSettings().value(u"timeline/hiddenRoles"_s).toStringList(), QStringList{u"collateral"_s});
        {
            TimelinePlot other;
            QVERIFY(!other.isRoleVisible(Role::Collateral));
            QVERIFY(other.isRoleVisible(Role::Context));
        }
        // Through the menu, back on.
        collateral->trigger();
        QVERIFY(plot.isRoleVisible(Role::Collateral));
        QVERIFY(!plot.plottedEventIndices(Role::Collateral).isEmpty());
        QVERIFY(QSettings().value(u"timeline/hiddenRoles"_s).toStringList().isEmpty());
    }

    void filteringByCategory()
    {
        testing::SyntheticIncident cfg;
        cfg.ranks = 64;
        cfg.events = 2000;
        const auto result = testing::makeSyntheticIncident(cfg);
        TimelinePlot plot;
        plot.resize(1000, 600);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.setKnowledgeBase(categoriesKb());
        plot.setResult(result);
        const auto [lower, upper] = plot.dataTimeRange();
        plot.focusTime((lower + upper) / 2, upper - lower + 60000);
        QCOMPARE(plot.presentCategories(),
                 (QStringList{u"communication"_s, u"network"_s, u"memory"_s, TimelinePlot::lifecycleCategory()}));
        QVERIFY(filterAction(plot, u"category:network"_s));

        // Without the lifecycle (NCCL init, training steps), context is the network warnings only.
        plot.setCategoryVisible(TimelinePlot::lifecycleCategory(), false);
        const QList<int> context = plot.plottedEventIndices(Role::Context);
        QVERIFY(!context.isEmpty());
        for (const int i : context)
            QCOMPARE(result->ingest->events.at(i).kind, ingest::Event::Kind::Fingerprint);
        // Hiding the watchdog timeouts' category hides the collateral.
        plot.setCategoryVisible(u"communication"_s, false);
        QVERIFY(plot.plottedEventIndices(Role::Collateral).isEmpty());
        QCOMPARE(plot.plottedEventIndices(Role::Initiating).size(), 1);
        QVERIFY(!filterAction(plot, u"category:communication"_s)->isChecked());

        plot.showAllEvents();
        QVERIFY(plot.isCategoryVisible(u"communication"_s));
        QVERIFY(!plot.plottedEventIndices(Role::Collateral).isEmpty());
        QVERIFY(QSettings().value(u"timeline/hiddenCategories"_s).toStringList().isEmpty());
    }

    // 32 ranks on a plot tall enough: one labelled row per rank, node names in their bands.
    void everyRankHasALabelledRow()
    {
        testing::SyntheticIncident cfg;
        cfg.ranks = 32;
        cfg.events = 2000;
        const auto result = testing::makeSyntheticIncident(cfg);
        TimelinePlot plot;
        QVERIFY(showPlot(plot, result, QSize(1000, 32 * 24 + 120)));
        plot.replotNow();
        QStringList ranks;
        for (int r = 0; r < 32; ++r)
            ranks << u"r%1"_s.arg(r);
        QCOMPARE(plot.rowLabels(), ranks);
        QCOMPARE(plot.bandLabels(), (QStringList{u"node00000"_s, u"node00001"_s, u"node00002"_s, u"node00003"_s}));

        // Thinner rows (still >= 6 px): every k-th rank named, from each node's first.
        plot.resize(1000, 300);
        plot.replotNow();
        const QStringList sparse = plot.rowLabels();
        QVERIFY2(sparse.size() < 32 && sparse.size() >= 4, qPrintable(sparse.join(u' ')));
        QVERIFY(sparse.contains(u"r0"_s) && sparse.contains(u"r8"_s) && sparse.contains(u"r24"_s));
        QCOMPARE(plot.bandLabels().size(), 4);
    }

    // A node that has lines of its own (a kernel log) gets a row named after it on the axis,
    // so its name is not written over its own marks in the band.
    void nodeRowsCarryTheNodeName()
    {
        testing::SyntheticIncident cfg;
        cfg.ranks = 32;
        cfg.events = 2000;
        cfg.nodeLines = true;
        const auto result = testing::makeSyntheticIncident(cfg);
        TimelinePlot plot;
        QVERIFY(showPlot(plot, result, QSize(1000, 36 * 24 + 120)));
        plot.replotNow();
        QStringList expected;
        for (int n = 0; n < 4; ++n) {
            expected << u"node%1"_s.arg(n, 5, 10, QChar(u'0'));
            for (int r = 0; r < 8; ++r)
                expected << u"r%1"_s.arg(n * 8 + r);
        }
        QCOMPARE(plot.rowLabels(), expected);
        QVERIFY(plot.bandLabels().isEmpty());
        // Thin rows (8 px: still one per rank) name every k-th rank but every node.
        plot.resize(1000, 36 * 8 + 120);
        plot.replotNow();
        const QStringList sparse = plot.rowLabels();
        for (int n = 0; n < 4; ++n)
            QVERIFY2(sparse.contains(u"node%1"_s.arg(n, 5, 10, QChar(u'0'))), qPrintable(sparse.join(u' ')));
        QVERIFY(sparse.size() < 36);
    }

    // Nodes in natural order: node-2 before node-10.
    void nodesInNaturalOrder()
    {
        testing::SyntheticIncident cfg;
        cfg.ranks = 12 * 2;
        cfg.gpusPerNode = 2;
        cfg.events = 1000;
        cfg.paddedNames = false;
        const auto result = testing::makeSyntheticIncident(cfg);
        TimelinePlot plot;
        QVERIFY(showPlot(plot, result, QSize(1000, 900)));
        plot.replotNow();
        QStringList expected;
        for (int n = 0; n < 12; ++n)
            expected << u"node-%1"_s.arg(n);
        QCOMPARE(plot.bandLabels(), expected);
    }

    // The keys of Perfetto's timeline, Ctrl+wheel for the ranks, G for the failure.
    void keyboardAndWheelNavigate()
    {
        testing::SyntheticIncident cfg;
        cfg.ranks = 512;
        cfg.events = 20000;
        const auto result = testing::makeSyntheticIncident(cfg);
        const qint64 failure = result->verdict.timeMs;
        TimelinePlot plot;
        QVERIFY(showPlot(plot, result, QSize(1000, 500)));
        QWidget *canvas = plot.canvas();
        canvas->setFocus();
        auto span = [&plot] { const auto r = plot.visibleTimeRange(); return r.second - r.first; };
        const auto whole = plot.visibleTimeRange();

        QTest::keyClick(canvas, Qt::Key_W);
        QVERIFY(span() < whole.second - whole.first);
        const auto zoomed = plot.visibleTimeRange();
        QTest::keyClick(canvas, Qt::Key_D);
        QVERIFY(plot.visibleTimeRange().first > zoomed.first);
        QTest::keyClick(canvas, Qt::Key_A);
        QTest::keyClick(canvas, Qt::Key_A);
        QVERIFY(plot.visibleTimeRange().first < zoomed.first);
        QTest::keyClick(canvas, Qt::Key_S);
        QTest::keyClick(canvas, Qt::Key_S);
        QVERIFY(span() > zoomed.second - zoomed.first);

        // Far from the failure, G brings it to the middle, among labelled rows.
        for (int i = 0; i < 12; ++i)
            QTest::keyClick(canvas, Qt::Key_W);
        for (int i = 0; i < 30; ++i)
            QTest::keyClick(canvas, Qt::Key_A);
        QVERIFY(plot.visibleTimeRange().second < failure || plot.visibleTimeRange().first > failure);
        QTest::keyClick(canvas, Qt::Key_G);
        const auto centred = plot.visibleTimeRange();
        QVERIFY(centred.first < failure && failure < centred.second);
        QVERIFY(std::abs((centred.first + centred.second) / 2 - failure) <= (centred.second - centred.first) / 20);
        plot.replotNow();
        QVERIFY(canvas->rect().contains(plot.initiatingMarkerPosition()));
        QVERIFY(!plot.rowLabels().isEmpty() && plot.rowLabels().first().startsWith(u'r'));

        // Home: the whole incident again; Ctrl+wheel zooms the ranks, Shift+wheel pans time.
        QTest::keyClick(canvas, Qt::Key_Home);
        QCOMPARE(plot.visibleTimeRange(), whole);
        const auto rows = plot.visibleRowRange();
        const QPointF at(canvas->width() / 2.0, canvas->height() / 2.0);
        QWheelEvent ctrlWheel(at, canvas->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(canvas, &ctrlWheel);
        QVERIFY(plot.visibleRowRange().second - plot.visibleRowRange().first < rows.second - rows.first);
        QCOMPARE(plot.visibleTimeRange(), whole);
        QWheelEvent shiftWheel(at, canvas->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::ShiftModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(canvas, &shiftWheel);
        QVERIFY(plot.visibleTimeRange().first > whole.first);
        QVERIFY(std::abs((plot.visibleTimeRange().second - plot.visibleTimeRange().first) - (whole.second - whole.first)) <= 2);
    }

    // N and P walk the chain of evidence and open each step's line.
    void chainStepsOpenTheirLines()
    {
        testing::SyntheticIncident cfg;
        cfg.ranks = 64;
        cfg.events = 3000;
        const auto result = testing::makeSyntheticIncident(cfg);
        TimelinePlot plot;
        QVERIFY(showPlot(plot, result, QSize(1000, 500)));
        QSignalSpy opened(&plot, &TimelinePlot::eventActivated);
        plot.canvas()->setFocus();
        QTest::keyClick(plot.canvas(), Qt::Key_N);
        QTest::keyClick(plot.canvas(), Qt::Key_N);
        QTest::keyClick(plot.canvas(), Qt::Key_P);
        QCOMPARE(opened.size(), 3);
        const auto &chain = result->verdict.chain;
        QCOMPARE(opened.at(0).at(0).value<SourceRef>(), chain.at(0).evidence.source);
        QCOMPARE(opened.at(1).at(0).value<SourceRef>(), chain.at(1).evidence.source);
        QCOMPARE(opened.at(2).at(0).value<SourceRef>(), chain.at(0).evidence.source);
    }

    // 4,096 ranks: a click a few pixels off the star is the star, not a dot beside it.
    void clickNearTheStarOpensTheFailure()
    {
        testing::SyntheticIncident cfg;
        cfg.ranks = 4096;
        cfg.events = 40000;
        const auto result = testing::makeSyntheticIncident(cfg);
        const int initiating = testing::syntheticInitiatingEvent(*result);
        TimelinePlot plot;
        QVERIFY(showPlot(plot, result, QSize(1000, 500)));
        plot.replotNow();
        QSignalSpy opened(&plot, &TimelinePlot::eventActivated);
        const QPoint star = plot.initiatingMarkerPosition();
        QVERIFY(star.x() >= 0);
        QTest::mouseClick(plot.canvas(), Qt::LeftButton, Qt::NoModifier, star + QPoint(4, 3));
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.first().first().value<SourceRef>(), result->ingest->events.at(initiating).source);
    }

private:
    test::IsolatedSettings m_settings{"tst_timeline"};

};

QTEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
