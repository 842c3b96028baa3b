// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "jobtracker.h"

#include <QSemaphore>
#include <QTest>

#include <memory>

using rankscope::JobTracker;

class TestJobTracker : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    // A job's stages arrive on the owner's thread in the order posted, then its result.
    void stagesThenResultInOrder()
    {
        JobTracker tracker;
        QStringList seen;
        QThread *owner = QThread::currentThread();
        bool onOwner = true;
        tracker.startJob(
            [&seen, owner, &onOwner](const JobTracker::Channel &channel) {
                for (int i = 0; i < 50; ++i)
                    channel.post([&seen, owner, &onOwner, i] {
                        onOwner = onOwner && QThread::currentThread() == owner;
                        seen << QString::number(i);
                    });
                return QStringLiteral("done");
            },
            [&](const QString &result) { seen << result; });
        QVERIFY(tracker.isJobRunning());
        QTRY_COMPARE(seen.size(), 51);
        QVERIFY(!tracker.isJobRunning());
        QVERIFY(onOwner);
        for (int i = 0; i < 50; ++i)
            QCOMPARE(seen[i], QString::number(i));
        QCOMPARE(seen.last(), QStringLiteral("done"));
    }

    // A job started before another hands back nothing, neither stages nor result, even when it
    // ends last.
    void onlyTheNewestJobDelivers()
    {
        JobTracker tracker;
        QSemaphore release;
        QStringList seen;
        tracker.startJob(
            [&release](const JobTracker::Channel &channel) {
                release.acquire();
                channel.post([] { QFAIL("a stage of a superseded job was delivered"); });
                return 1;
            },
            [&](int r) { seen << QStringLiteral("old %1").arg(r); });
        tracker.startJob([] { return 2; }, [&](int r) { seen << QStringLiteral("new %1").arg(r); });
        QTRY_COMPARE(seen, QStringList{QStringLiteral("new 2")});
        release.release();
        QTRY_VERIFY(!tracker.isJobRunning());
        QTest::qWait(20);
        QCOMPARE(seen, QStringList{QStringLiteral("new 2")});

        // cancel() drops the running job's result too.
        tracker.startJob([] { return 3; }, [&](int r) { seen << QString::number(r); });
        tracker.cancel();
        QTRY_VERIFY(!tracker.isJobRunning());
        QTest::qWait(20);
        QCOMPARE(seen.size(), 1);
    }

    // Nothing is delivered to an owner that is gone.
    void nothingAfterTheTrackerIsGone()
    {
        QSemaphore release;
        bool delivered = false;
        {
            auto tracker = std::make_unique<JobTracker>();
            tracker->startJob(
                [&release](const JobTracker::Channel &channel) {
                    release.acquire();
                    channel.post([] { QFAIL("a stage was delivered after the tracker was gone"); });
                    return 0;
                },
                [&](int) { delivered = true; });
        }
        release.release();
        QThreadPool::globalInstance()->waitForDone();
        QTest::qWait(20);
        QVERIFY(!delivered);
    }
};

QTEST_GUILESS_MAIN(TestJobTracker)
#include "tst_jobtracker.moc"
