// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The anchor prefilter: which anchors a line contains, in which order, and the same answer from
// the bitmap engine and (when built with libhs) the Hyperscan engine.
#include "anchormatcher.h"

#include <QTest>

using namespace rankscope::ingest;

namespace {
const QList<QByteArray> &anchors()
{
    static const QList<QByteArray> list = {
        "NCCL WARN", "Cuda failure", "ECC", "out of memory", "loss", "", "Xid", "NET/IB", "Init COMPLETE", "oss", "aaaa",
    };
    return list;
}
} // namespace

class TestAnchorMatcher : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void match_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QList<int>>("expected");
        QTest::addRow("nothing") << QByteArray("node1:1:1 [0] NCCL INFO Channel 00/02 : 0 1") << QList<int>{};
        QTest::addRow("empty line") << QByteArray() << QList<int>{};
        QTest::addRow("one") << QByteArray("node1:1:1 [0] NCCL WARN Cuda failure 'out of memory'") << QList<int>{0, 1, 3};
        QTest::addRow("order of first occurrence, not of the list")
            << QByteArray("out of memory after Cuda failure; NCCL WARN") << QList<int>{3, 1, 0};
        QTest::addRow("repeated anchor once") << QByteArray("loss 1 loss 2 loss 3") << QList<int>{4, 9};
        QTest::addRow("short anchors last, by index") << QByteArray("ECC error, Xid 79, then loss") << QList<int>{4, 2, 6, 9};
        QTest::addRow("at the very end") << QByteArray("x Init COMPLETE") << QList<int>{8};
        QTest::addRow("exactly an anchor") << QByteArray("loss") << QList<int>{4, 9};
        QTest::addRow("overlapping self") << QByteArray("aaaaaa") << QList<int>{10};
        QTest::addRow("binary bytes") << QByteArray("\0NET/IB\0", 8) << QList<int>{7};
    }
    void match()
    {
        QFETCH(QByteArray, line);
        QFETCH(QList<int>, expected);
        const AnchorMatcher bitmap(anchors(), AnchorMatcher::Engine::Bitmap);
        QCOMPARE(bitmap.engine(), AnchorMatcher::Engine::Bitmap);
        QList<int> got{-7}; // entries before the call stay as they are
        QCOMPARE(bitmap.match(line, got), !expected.isEmpty());
        QCOMPARE(got, QList<int>{-7} + expected);

        const AnchorMatcher best(anchors());
        QCOMPARE(best.engine() == AnchorMatcher::Engine::Hyperscan, AnchorMatcher::hyperscanAvailable());
        got = {-7};
        QCOMPARE(best.match(line, got), !expected.isEmpty());
        QCOMPARE(got, QList<int>{-7} + expected);
    }

    void noAnchors()
    {
        const AnchorMatcher none;
        QList<int> got;
        QVERIFY(!none.match("anything", got));
        QVERIFY(got.isEmpty());
    }

    void copiesShareTheEngine()
    {
        AnchorMatcher copy;
        copy = AnchorMatcher(anchors());
        QList<int> got;
        QVERIFY(copy.match("NCCL WARN x", got));
        QCOMPARE(got, QList<int>{0});
    }
};

QTEST_GUILESS_MAIN(TestAnchorMatcher)
#include "tst_anchormatcher.moc"
