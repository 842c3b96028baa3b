// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Every timestamp style of shared/reference/log-formats.md §7, as real lines carry them.
#include "timestampparser.h"

#include <QDateTime>
#include <QTest>
#include <QTimeZone>

using namespace Qt::StringLiterals;
using namespace rankscope::ingest;

Q_DECLARE_METATYPE(ParsedTime::Kind)

class TestTimestampParser : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void parse_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<ParsedTime::Kind>("kind");
        QTest::addColumn<QString>("expected"); // ISO for Absolute, "MM-DD hh:mm:ss.zzz" for YearLess, ms for SinceBoot
        QTest::addColumn<bool>("utc");
        using K = ParsedTime::Kind;
        QTest::addRow("NCCL 2.26 WARN") << "[2025-06-01 12:34:56] node-03:2456:2470 [3] transport/net_ib/p2p.cc:688 NCCL WARN x"_ba
                                         << K::Absolute << u"2025-06-01T12:34:56.000"_s << false;
        QTest::addRow("NCCL with microseconds") << "[2025-06-01 12:34:56.123456] node-03:2456:2470 [3] NCCL INFO x"_ba << K::Absolute
                                  << u"2025-06-01T12:34:56.123"_s << false;
        QTest::addRow("c10 2.4+ (9-digit fraction is monotonic, ignored)")
            << "[E1218 20:27:21.426415540 ProcessGroupNCCL.cpp:629] [Rank 0] Watchdog"_ba << K::YearLess
            << u"12-18 20:27:21.000"_s << false;
        QTest::addRow("c10 3-digit month-day") << "[W403 09:40:35.548029154 socket.cpp:12] x"_ba << K::YearLess
                                               << u"04-03 09:40:35.000"_s << false;
        QTest::addRow("glog < 0.7") << "I0527 15:16:51.665375 58626 ProcessGroupNCCL.cpp:869] x"_ba << K::YearLess
                                    << u"05-27 15:16:51.665"_s << false;
        QTest::addRow("glog >= 0.7 with year") << "I20241209 23:39:42.495619 138559122262912 ProcessGroupNCCL.cpp:905] x"_ba
                                               << K::Absolute << u"2024-12-09T23:39:42.495"_s << false;
        QTest::addRow("torch._logging 2.5") << "W0724 20:47:35.222000 1237 venv/lib/torch/api.py:1012] Sending process"_ba
                                            << K::YearLess << u"07-24 20:47:35.222"_s << false;
        QTest::addRow("torch 2.1-2.3 asctime") << "[2024-01-15 10:23:45,123] torch.distributed.elastic.multiprocessing.api: [ERROR] failed"_ba
                                               << K::Absolute << u"2024-01-15T10:23:45.123"_s << false;
        QTest::addRow("torch ~1.9 level first") << "[INFO] 2021-06-29 12:04:55,398 dynamic_rendezvous: The node"_ba
                                                << K::Absolute << u"2021-06-29T12:04:55.398"_s << false;
        QTest::addRow("DeepSpeed") << "[2025-12-18 20:27:22,783] [INFO] [launch.py:319:sigkill_handler] Killing subprocess"_ba
                                   << K::Absolute << u"2025-12-18T20:27:22.783"_s << false;
        QTest::addRow("LlamaFactory") << "[INFO|2025-05-27 15:16:51] llamafactory.hparams.parser:401 >> x"_ba << K::Absolute
                                      << u"2025-05-27T15:16:51.000"_s << false;
        QTest::addRow("fairseq") << "2023-06-13 17:29:37 | INFO | fairseq.distributed_utils | x"_ba << K::Absolute
                                 << u"2023-06-13T17:29:37.000"_s << false;
        QTest::addRow("vLLM month-day") << "INFO 04-20 19:27:52 [parallel_state.py:1400] x"_ba << K::YearLess
                                        << u"04-20 19:27:52.000"_s << false;
        QTest::addRow("Slurm cancel banner") << "slurmstepd: error: *** STEP 4891784.0 ON gpu-17 CANCELLED AT 2024-06-01T10:22:33 ***"_ba
                                             << K::Absolute << u"2024-06-01T10:22:33.000"_s << false;
        QTest::addRow("kubectl UTC") << "2024-05-01T12:00:00.123456789Z hello"_ba << K::Absolute
                                     << u"2024-05-01T12:00:00.123"_s << true;
        QTest::addRow("ISO with offset") << "2024-05-01T14:00:00+02:00 hello"_ba << K::Absolute
                                         << u"2024-05-01T12:00:00.000"_s << true;
        QTest::addRow("elastic summary time") << "2024-05-01_12:00:03"_ba << K::Absolute << u"2024-05-01T12:00:03.000"_s << false;
        QTest::addRow("dmesg") << "[12345.678901] NVRM: Xid (PCI:0000:01:00): 79, pid=1122, GPU has fallen off the bus."_ba
                               << K::SinceBoot << u"12345678"_s << false;
        QTest::addRow("dmesg padded") << "[    5.000100] pci 0000:00:01.0: x"_ba << K::SinceBoot << u"5000"_s << false;
        QTest::addRow("dmesg -T") << "[Fri Aug 30 11:43:09 2024] NVRM: Xid (PCI:0000:01:00): 79"_ba << K::Absolute
                                  << u"2024-08-30T11:43:09.000"_s << false;
        QTest::addRow("journal") << "Aug 30 11:43:09 gpu-a01 kernel: NVRM: Xid"_ba << K::YearLess << u"08-30 11:43:09.000"_s << false;
        QTest::addRow("syslog single-digit day") << "Feb  4 05:03:41 host kernel: x"_ba << K::YearLess
                                                 << u"02-04 05:03:41.000"_s << false;
        QTest::addRow("NCCL without timestamp") << "node-03:2456:2456 [0] NCCL INFO Bootstrap : Using eth0:10.10.6.118<0>"_ba
                                                << K::None << QString() << false;
        QTest::addRow("plain text") << "Traceback (most recent call last):"_ba << K::None << QString() << false;
        QTest::addRow("syslog day 0") << "Mar  0 01:09:55 hpc-g113 kernel: EXT4-fs x"_ba << K::None << QString() << false;
        QTest::addRow("syslog day 45") << "Mar 45 01:09:55 hpc-g113 kernel: x"_ba << K::None << QString() << false;
        QTest::addRow("impossible date") << "2024-02-30 10:00:00,000 x"_ba << K::None << QString() << false;
        QTest::addRow("empty") << QByteArray() << K::None << QString() << false;
    }

    void parse()
    {
        QFETCH(QByteArray, line);
        QFETCH(ParsedTime::Kind, kind);
        QFETCH(QString, expected);
        QFETCH(bool, utc);
        const ParsedTime t = TimestampParser::parse(line);
        QCOMPARE(t.kind, kind);
        switch (kind) {
        case ParsedTime::Kind::Absolute:
            QCOMPARE(QDateTime::fromMSecsSinceEpoch(t.ms, QTimeZone::utc()).toString(u"yyyy-MM-ddThh:mm:ss.zzz"_s), expected);
            QCOMPARE(t.utc, utc);
            break;
        case ParsedTime::Kind::YearLess: {
            const qint64 ms = ParsedTime::resolveYear(t.ms, 2024);
            QCOMPARE(QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(u"MM-dd hh:mm:ss.zzz"_s), expected);
            break;
        }
        case ParsedTime::Kind::SinceBoot:
            QCOMPARE(QString::number(t.ms), expected);
            break;
        case ParsedTime::Kind::None:
            break;
        }
    }

    void leapDayNeedsALeapYear()
    {
        const ParsedTime t = TimestampParser::parse("[E229 10:00:00.000000000 x.cpp:1] y");
        QCOMPARE(t.kind, ParsedTime::Kind::YearLess);
        QVERIFY(ParsedTime::resolveYear(t.ms, 2024) > 0);
        QCOMPARE(ParsedTime::resolveYear(t.ms, 2025), -1);
    }
};

QTEST_GUILESS_MAIN(TestTimestampParser)
#include "tst_timestampparser.moc"
