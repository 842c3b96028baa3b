// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The timeline at scale and its filters, on synthetic incidents (tests/bench/syntheticincident.h).
// Everything is checked on the plot's data (which events it draws), never on pixels.
#include "../bench/syntheticincident.h"
#include "guitestsupport.h"
#include "knowledgebase.h"
#include "timelineplot.h"

#include <QMenu>
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
        plot.resize(1000, 500);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.setResult(result);
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
        plot.resize(1000, 600);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.setResult(result);
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

private:
    test::IsolatedSettings m_settings{"tst_timeline"};
};

QTEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
