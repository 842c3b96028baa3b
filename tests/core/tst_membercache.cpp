// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The member cache and the thread that feeds it during the ingest: what a user relies on is that
// a kept member is exactly its text, that nothing half-written is ever left in the cache, and
// that the cache stays under its cap.
#include "membercache.h"
#include "membercachefeeder.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;
using namespace rankscope::ingest;

namespace {

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QStringList cacheFiles(const QString &dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::NoDotAndDotDot);
}

QByteArray text(int lines, const QByteArray &tag)
{
    QByteArray out;
    for (int i = 1; i <= lines; ++i)
        out += tag + ' ' + QByteArray::number(i) + '\n';
    return out;
}

} // namespace

class TestMemberCache : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void keptMembersAreTheirText()
    {
        QTemporaryDir dir;
        const QString archive = dir.filePath(u"bundle.tar.gz"_s);
        QVERIFY(QFile(archive).open(QIODevice::WriteOnly)); // its path, size and time name the entries
        const MemberCache cache(dir.filePath(u"cache"_s));
        const QByteArray a = text(5000, "rank0");
        const QByteArray b = text(300, "rank1");
        {
            MemberCacheFeeder feeder(cache);
            const int ia = feeder.open(archive, u"logs/rank0.log"_s, a.size());
            const int ib = feeder.open(archive, u"logs/rank1.log"_s, b.size() + 100); // reserved more than written
            for (qsizetype at = 0; at < a.size(); at += 4096)
                QVERIFY(feeder.write(ia, a.mid(at, 4096)));
            QVERIFY(feeder.write(ib, b));
            feeder.close(ia, true);
            feeder.close(ib, true);
            feeder.finish();
            QCOMPARE(feeder.givenUp(), 0);
        }
        QCOMPARE(readAll(cache.find(archive, u"logs/rank0.log"_s, a.size())), a);
        QCOMPARE(readAll(cache.find(archive, u"logs/rank1.log"_s, b.size())), b); // trimmed to what was written
        QVERIFY(cache.find(archive, u"logs/rank2.log"_s, b.size()).isEmpty());
        QCOMPARE(cacheFiles(cache.dir()).size(), 2);
    }

    // What is not kept leaves nothing behind: a member given up because the queue was full, one
    // dropped (a cancelled scan, a binary member), one whose text outgrew its reservation.
    void nothingHalfWrittenIsLeft_data()
    {
        QTest::addColumn<qint64>("queueBound");
        QTest::addColumn<qint64>("reserve");
        QTest::addColumn<bool>("keep");
        const qint64 size = text(2000, "x").size();
        QTest::newRow("queue full") << qint64(1024) << size << true;
        QTest::newRow("dropped") << qint64(64 << 20) << size << false;
        QTest::newRow("outgrew its reservation") << qint64(64 << 20) << size / 2 << true;
        QTest::newRow("larger than the cap") << qint64(64 << 20) << qint64(1) << true;
    }
    void nothingHalfWrittenIsLeft()
    {
        QFETCH(qint64, queueBound);
        QFETCH(qint64, reserve);
        QFETCH(bool, keep);
        QTemporaryDir dir;
        const QString archive = dir.filePath(u"bundle.tar"_s);
        QVERIFY(QFile(archive).open(QIODevice::WriteOnly));
        const QByteArray t = text(2000, "x");
        const bool overCap = reserve == 1;
        const MemberCache cache(dir.filePath(u"cache"_s), overCap ? t.size() / 4 : MemberCache::DefaultCapBytes);
        {
            MemberCacheFeeder feeder(cache, queueBound);
            const int id = feeder.open(archive, u"m.log"_s, overCap ? t.size() : reserve);
            for (qsizetype at = 0; at < t.size(); at += 8192)
                feeder.write(id, t.mid(at, 8192));
            feeder.close(id, keep);
        }
        QVERIFY(cache.find(archive, u"m.log"_s, t.size()).isEmpty());
        QVERIFY2(cacheFiles(cache.dir()).isEmpty(), qPrintable(cacheFiles(cache.dir()).join(u", "_s)));
    }

    // The least recently used entries go first, and the directory never holds more than the cap.
    void staysUnderItsCap()
    {
        QTemporaryDir dir;
        const QString archive = dir.filePath(u"bundle.tar"_s);
        QVERIFY(QFile(archive).open(QIODevice::WriteOnly));
        const QByteArray t = text(1000, "member");
        const MemberCache cache(dir.filePath(u"cache"_s), t.size() * 5 / 2); // room for two
        for (int i = 0; i < 5; ++i) {
            auto w = cache.begin(archive, u"m%1.log"_s.arg(i), t.size());
            QVERIFY(w);
            QVERIFY(w->write(t));
            QVERIFY(w->commit());
            qint64 total = 0;
            for (const QFileInfo &fi : QDir(cache.dir()).entryInfoList(QDir::Files))
                total += fi.size();
            QVERIFY2(total <= cache.capBytes(), qPrintable(QString::number(total)));
        }
        QVERIFY(!cache.find(archive, u"m4.log"_s, t.size()).isEmpty());
        QVERIFY(cache.find(archive, u"m0.log"_s, t.size()).isEmpty());
        QString why;
        QVERIFY(!cache.begin(archive, u"huge.log"_s, cache.capBytes() + 1, &why));
        QVERIFY2(why.contains(u"do not fit"_s), qPrintable(why));
    }
};

QTEST_GUILESS_MAIN(TestMemberCache)
#include "tst_membercache.moc"
