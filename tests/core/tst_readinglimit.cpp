// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "readinglimit.h"

#include <QSet>
#include <QTest>

using namespace Qt::StringLiterals;
using rankscope::ingest::IngestConfig;
using rankscope::ingest::ReadingLimit;

class TestReadingLimit : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parse_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("error");
        constexpr double G = 1024.0 * 1024 * 1024;
        QTest::addRow("size G") << u"max-member-size"_s << u"16G"_s << true << 16 * G << QString();
        QTest::addRow("size GiB spaced") << u"max-member-size"_s << u" 16 GiB "_s << true << 16 * G << QString();
        QTest::addRow("size GB is binary") << u"max-member-size"_s << u"16gb"_s << true << 16 * G << QString();
        QTest::addRow("size fraction") << u"max-archive-size"_s << u"1.5T"_s << true << 1.5 * 1024 * G << QString();
        QTest::addRow("size bytes") << u"max-inventory-size"_s << u"1048577"_s << true << 1048577.0 << QString();
        QTest::addRow("size K") << u"max-inventory-size"_s << u"512k"_s << true << 512.0 * 1024 << QString();
        QTest::addRow("size unknown suffix") << u"max-member-size"_s << u"12Q"_s << false << 0.0
                                             << u"needs a size such as 16G, 512M or 1048576, not '12Q'"_s;
        QTest::addRow("size negative") << u"max-member-size"_s << u"-1G"_s << false << 0.0
                                       << u"needs a size such as 16G, 512M or 1048576, not '-1G'"_s;
        QTest::addRow("size zero") << u"max-member-size"_s << u"0"_s << false << 0.0 << u"must be at least 1, not '0'"_s;
        QTest::addRow("size too large") << u"max-member-size"_s << u"99999999T"_s << false << 0.0 << u"is too large: '99999999T'"_s;
        QTest::addRow("size empty") << u"max-member-size"_s << QString() << false << 0.0
                                    << u"needs a size such as 16G, 512M or 1048576, not ''"_s;
        QTest::addRow("size two dots") << u"max-member-size"_s << u"1.2.3G"_s << false << 0.0
                                       << u"needs a size such as 16G, 512M or 1048576, not '1.2.3G'"_s;
        QTest::addRow("count") << u"max-files"_s << u"500000"_s << true << 500000.0 << QString();
        QTest::addRow("count k is decimal") << u"max-files"_s << u"200k"_s << true << 200000.0 << QString();
        QTest::addRow("count M") << u"max-archive-members"_s << u"2M"_s << true << 2e6 << QString();
        QTest::addRow("count takes no size") << u"max-files"_s << u"2G"_s << false << 0.0
                                             << u"needs a count such as 200000 or 200k, not '2G'"_s;
        QTest::addRow("count fraction rounds down") << u"max-files"_s << u"2.9"_s << true << 2.0 << QString();
        QTest::addRow("count under one") << u"max-files"_s << u"0.5"_s << false << 0.0 << u"must be at least 1, not '0.5'"_s;
        QTest::addRow("ratio") << u"max-ratio"_s << u"2500"_s << true << 2500.0 << QString();
        QTest::addRow("ratio with x") << u"max-ratio"_s << u"30x"_s << true << 30.0 << QString();
        QTest::addRow("ratio fraction kept") << u"max-ratio"_s << u"1.5"_s << true << 1.5 << QString();
        QTest::addRow("ratio under one") << u"max-ratio"_s << u"0.9"_s << false << 0.0 << u"must be at least 1, not '0.9'"_s;
        QTest::addRow("ratio takes no size") << u"max-ratio"_s << u"10M"_s << false << 0.0 << u"needs a ratio such as 1000, not '10M'"_s;
    }
    void parse()
    {
        QFETCH(QString, key);
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(double, value);
        QFETCH(QString, error);
        const ReadingLimit *limit = ReadingLimit::find(key);
        QVERIFY(limit);
        double v = -1;
        QString why;
        QCOMPARE(limit->parse(text, &v, &why), ok);
        if (ok) {
            QCOMPARE(v, value);
            QVERIFY(why.isEmpty());
        } else {
            QCOMPARE(why, error);
            QCOMPARE(v, -1.0); // untouched
        }
    }

    // What the dialog shows and --help prints must read back as the same value.
    void formatReadsBack_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("shown");
        QTest::addRow("GiB") << u"max-member-size"_s << 16.0 * 1024 * 1024 * 1024 << u"16 GiB"_s;
        QTest::addRow("TiB") << u"max-archive-size"_s << 2.0 * 1024 * 1024 * 1024 * 1024 << u"2 TiB"_s;
        QTest::addRow("not a whole MiB") << u"max-inventory-size"_s << 1572864.0 << u"1536 KiB"_s;
        QTest::addRow("odd bytes") << u"max-inventory-size"_s << 1048577.0 << u"1048577"_s;
        QTest::addRow("count") << u"max-files"_s << 200000.0 << u"200000"_s;
        QTest::addRow("ratio") << u"max-ratio"_s << 1.5 << u"1.5"_s;
    }
    void formatReadsBack()
    {
        QFETCH(QString, key);
        QFETCH(double, value);
        QFETCH(QString, shown);
        const ReadingLimit *limit = ReadingLimit::find(key);
        QVERIFY(limit);
        QCOMPARE(limit->format(value), shown);
        double back = 0;
        QVERIFY(limit->parse(shown, &back, nullptr));
        QCOMPARE(back, value);
    }

    // Each limit writes the IngestConfig field it names and no other, and its default is the
    // config's: the table is the one place a cap is named for users.
    void eachLimitSetsItsOwnField()
    {
        QSet<QString> keys;
        for (const ReadingLimit &limit : ReadingLimit::all()) {
            QVERIFY2(!keys.contains(limit.key()), qPrintable(limit.key()));
            keys.insert(limit.key());
            QVERIFY(limit.key().startsWith(u"max-"_s));
            QVERIFY(!limit.label().isEmpty() && !limit.description().isEmpty());
            QCOMPARE(ReadingLimit::find(limit.key()), &limit);
            QVERIFY(limit.defaultValue() >= 1);
            IngestConfig config;
            limit.setValue(config, 7);
            QCOMPARE(limit.value(config), 7.0);
            for (const ReadingLimit &other : ReadingLimit::all()) {
                if (&other != &limit)
                    QCOMPARE(other.value(config), other.defaultValue());
            }
        }
        QCOMPARE(ReadingLimit::find(u"max-nothing"), nullptr);
        const IngestConfig defaults;
        QCOMPARE(ReadingLimit::find(u"max-files")->value(defaults), double(defaults.maxFiles));
        QCOMPARE(ReadingLimit::find(u"max-member-size")->value(defaults), double(defaults.maxMemberBytes));
        QCOMPARE(ReadingLimit::find(u"max-archive-size")->value(defaults), double(defaults.maxUncompressedBytes));
        QCOMPARE(ReadingLimit::find(u"max-archive-members")->value(defaults), double(defaults.maxArchiveEntries));
        QCOMPARE(ReadingLimit::find(u"max-ratio")->value(defaults), defaults.maxCompressionRatio);
        QCOMPARE(ReadingLimit::find(u"max-inventory-size")->value(defaults), double(defaults.maxKeptTextBytes));
    }
};

QTEST_GUILESS_MAIN(TestReadingLimit)
#include "tst_readinglimit.moc"
