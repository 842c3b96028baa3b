// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "sqlitesupport.h"
#include "stringpool.h"
#include "warning.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;

class TestStringPool : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void internReturnsStableIds()
    {
        StringPool pool;
        const auto a = pool.intern(u"node-01"_s);
        const auto b = pool.intern(u"node-02"_s);
        QVERIFY(a != b);
        QCOMPARE(pool.intern(u"node-01"_s), a);
        QCOMPARE(pool.string(b), u"node-02"_s);
        QCOMPARE(pool.find(u"node-03"_s), StringPool::Empty);
        QCOMPARE(pool.size(), 3); // the empty string is id 0
        QCOMPARE(pool.string(9999), QString());
    }

    void warningNamesFileAndLine()
    {
        Warning w{Warning::Kind::Encoding, u"b.tar.gz!/node-a/rank3.log"_s, 42, u"invalid UTF-8"_s};
        QCOMPARE(w.toString(), u"b.tar.gz!/node-a/rank3.log:42: invalid UTF-8"_s);
        w.line = 0;
        QCOMPARE(w.toString(), u"b.tar.gz!/node-a/rank3.log: invalid UTF-8"_s);
    }

    void sqliteHasFts5()
    {
        // The encyclopedia search needs FTS5; the check must pass on every supported platform.
        QCOMPARE(SqliteSupport::problem(), QString());
        QVERIFY(SqliteSupport::sqliteVersion().startsWith(u"3."_s));
    }
};

QTEST_GUILESS_MAIN(TestStringPool)
#include "tst_stringpool.moc"
