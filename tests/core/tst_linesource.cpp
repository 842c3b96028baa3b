// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The log view's line sources over real ingest results: plain files through the checkpoint
// index, archive members through the decompressed cache (written here with libarchive), filtered
// and merged views, and the mapping of every row back to its file and line.
#include "bundlearchives.h"
#include "filehandlepool.h"
#include "ingestor.h"
#include "linecollector.h"
#include "linereader.h"
#include "linesource.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QStringEncoder>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <cstdio>
#include <limits>

#include <sys/stat.h>

using namespace Qt::StringLiterals;
using namespace rankscope;
using namespace rankscope::ingest;
using rankscope::test::writeTarGz;

namespace {

bool writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

QByteArray numbered(int count, const QByteArray &tag = "line")
{
    QByteArray out;
    for (int i = 1; i <= count; ++i)
        out += tag + ' ' + QByteArray::number(i) + " of " + QByteArray::number(count) + '\n';
    return out;
}

FileId fileByPath(const IngestResult &r, const QString &suffix)
{
    for (qsizetype i = 0; i < r.files.size(); ++i) {
        if (r.files.at(i).path.endsWith(suffix))
            return FileId(i);
    }
    return InvalidFileId;
}

qint64 dirBytes(const QString &dir)
{
    qint64 total = 0;
    const QFileInfoList entries = QDir(dir).entryInfoList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
    for (const QFileInfo &fi : entries)
        total += fi.size();
    return total;
}

QString handmade(const char *name)
{
    return QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade/") + QString::fromLatin1(name);
}

} // namespace

class TestLineSource : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void plainFile_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QByteArrayList>("expected");
        QTest::addRow("lf") << QByteArray("a\nbb\nccc\n") << QByteArrayList{"a", "bb", "ccc"};
        QTest::addRow("crlf") << QByteArray("a\r\nbb\r\n") << QByteArrayList{"a", "bb"};
        QTest::addRow("no final newline") << QByteArray("a\nlast") << QByteArrayList{"a", "last"};
        QTest::addRow("empty lines") << QByteArray("\n\nx\n") << QByteArrayList{"", "", "x"};
        QTest::addRow("empty file") << QByteArray() << QByteArrayList{};
        // tqdm and pip overwrite their line with a lone CR; old Mac text has nothing else.
        QTest::addRow("lone cr") << QByteArray(" 10%|#  |\r 20%|## |\r[rank3]: RuntimeError: x\n")
                                 << QByteArrayList{" 10%|#  |", " 20%|## |", "[rank3]: RuntimeError: x"};
        QTest::addRow("cr only, no newline") << QByteArray("a\rb\rc\r") << QByteArrayList{"a", "b", "c"};
        QTest::addRow("mixed endings") << QByteArray("a\r\n\rb\n\r\nc") << QByteArrayList{"a", "", "b", "", "c"};
        QByteArray manyCr;
        QByteArrayList manyCrLines;
        for (int i = 0; i < 300; ++i) {
            manyCrLines.append("progress " + QByteArray::number(i));
            manyCr += manyCrLines.last() + (i % 3 == 0 ? "\r" : i % 3 == 1 ? "\r\n" : "\n");
        }
        QTest::addRow("cr across checkpoints") << manyCr << manyCrLines;
        QByteArray many = numbered(1000);
        QByteArrayList manyLines = many.split('\n');
        manyLines.removeLast();
        QTest::addRow("across checkpoints") << many << manyLines;
    }

    void plainFile()
    {
        QFETCH(QByteArray, content);
        QFETCH(QByteArrayList, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath(u"rank-0.log"_s);
        QVERIFY(writeFile(path, content));
        const IngestResultPtr r = Ingestor::run({path}, IngestConfig{});
        QCOMPARE(r->files.size(), 1);
        FileLineSource src(0, r->files.first());
        QVERIFY(src.prepare());
        QCOMPARE(src.lineCount(), qint64(expected.size()));
        QCOMPARE(src.lines(0, expected.size() + 5), expected);
        // Every window, including ones that cross a checkpoint (every 64 lines) and the end.
        for (qint64 first : {qint64(0), qint64(1), qint64(60), qint64(63), qint64(64), qint64(expected.size()) - 3}) {
            if (first < 0 || first >= expected.size())
                continue;
            const QByteArrayList got = src.lines(first, 10);
            QCOMPARE(got, expected.mid(first, 10));
        }
        QVERIFY(src.lines(expected.size(), 3).isEmpty());
        QVERIFY(src.lines(-5, 2).isEmpty());
        if (!expected.isEmpty()) {
            QCOMPARE(src.origin(0), (SourceRef{0, 1}));
            QCOMPARE(src.origin(expected.size() - 1), (SourceRef{0, expected.size()}));
            QCOMPARE(src.rowOf(SourceRef{0, 2}), std::min<qint64>(1, expected.size() - 1));
        }
        QVERIFY(!src.origin(expected.size()).isValid());
        QCOMPARE(src.rowOf(SourceRef{7, 1}), -1);
    }

    // Lines end at the same places whatever the blocks a stream arrives in: a "\r\n" split
    // between two reads is one line end, a lone "\r" at the end of a read is one too. The
    // index's checkpoints point at the lines the collector numbers so.
    void lineBreaksIgnoreBlockBorders_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QByteArrayList>("expected");
        QTest::addRow("crlf") << QByteArray("ab\r\ncd\r\n") << QByteArrayList{"ab", "cd"};
        QTest::addRow("lone cr") << QByteArray("ab\rcd\r") << QByteArrayList{"ab", "cd"};
        QTest::addRow("cr then empty lines") << QByteArray("a\r\r\n\n\rb") << QByteArrayList{"a", "", "", "", "b"};
        QByteArray many;
        QByteArrayList manyLines;
        for (int i = 0; i < 200; ++i) {
            manyLines.append(QByteArray::number(i));
            many += manyLines.last() + (i % 2 ? "\r" : "\r\n");
        }
        QTest::addRow("checkpoints") << many << manyLines;
    }

    void lineBreaksIgnoreBlockBorders()
    {
        QFETCH(QByteArray, content);
        QFETCH(QByteArrayList, expected);
        const qsizetype steps = std::min<qsizetype>(content.size(), 64);
        for (qsizetype cut = 0; cut <= steps; ++cut) {
            LineCollector c{1, 1, std::numeric_limits<qint64>::max(), 1 << 20, {}, {}};
            LineIndexer ix;
            c.feed(content.constData(), cut);
            ix.feed(content.constData(), cut);
            c.feed(content.constData() + cut, content.size() - cut);
            ix.feed(content.constData() + cut, content.size() - cut);
            c.finish();
            ix.finish();
            QCOMPARE(c.out, expected);
            QCOMPARE(ix.lines(), qint64(expected.size()));
            for (const Checkpoint &cp : ix.index) {
                LineCollector from{cp.line, cp.line, cp.line + 1, 1 << 20, {}, {}};
                from.feed(content.constData() + cp.offset, content.size() - cp.offset);
                from.finish();
                QCOMPARE(from.out, expected.mid(cp.line - 1, 1));
            }
        }
        // One byte at a time.
        LineCollector c{1, 1, std::numeric_limits<qint64>::max(), 1 << 20, {}, {}};
        for (char ch : content)
            c.feed(&ch, 1);
        c.finish();
        QCOMPARE(c.out, expected);
    }

    // PowerShell's ">" writes UTF-16LE with a byte-order mark: the ingest decodes it, numbers the
    // lines of the decoded text, finds the failure in it, and the log view shows the same lines.
    void utf16Text_data()
    {
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<bool>("inArchive");
        QTest::addRow("utf-16le") << u"UTF-16LE"_s << false;
        QTest::addRow("utf-16be") << u"UTF-16BE"_s << false;
        QTest::addRow("utf-16le member") << u"UTF-16LE"_s << true;
    }

    void utf16Text()
    {
        QFETCH(QString, encoding);
        QFETCH(bool, inArchive);
        QString text;
        for (int i = 1; i <= 200; ++i)
            text += u"[rank2]: step %1 loss 2.0 \u00e9t\u00e9\r\n"_s.arg(i);
        text += u"[rank2]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\r\n"_s;
        QStringEncoder enc(encoding == u"UTF-16BE"_s ? QStringEncoder::Utf16BE : QStringEncoder::Utf16LE, QStringEncoder::Flag::WriteBom);
        const QByteArray bytes = enc.encode(text);
        QTemporaryDir dir;
        const QString path = inArchive ? dir.filePath(u"bundle.tar.gz"_s) : dir.filePath(u"train.log"_s);
        QVERIFY(inArchive ? writeTarGz(path, {{"logs/train.log", bytes}}) : writeFile(path, bytes));
        IngestConfig config;
        config.fingerprints = {{u"cuda-oom"_s, u"CUDA out of memory"_s, uR"(CUDA out of memory)"_s, 1.0,
                                FingerprintSpec::Role::Initiating, FingerprintSpec::Severity::Fatal}};
        const IngestResultPtr r = Ingestor::run({dir.path()}, config);
        const FileId id = fileByPath(*r, u"train.log"_s);
        QVERIFY(id != InvalidFileId);
        const InputFile &f = r->files.at(id);
        QCOMPARE(f.lines, qint64(201));
        QCOMPARE(int(f.encoding), int(encoding == u"UTF-16BE"_s ? TextEncoding::Utf16BE : TextEncoding::Utf16LE));
        const auto oom = std::find_if(r->events.cbegin(), r->events.cend(), [](const Event &e) { return e.kind == Event::Kind::Fingerprint; });
        QVERIFY(oom != r->events.cend());
        QCOMPARE(oom->source.line, qint64(201));
        QCOMPARE(oom->rank, 2);
        QVERIFY(std::any_of(r->warnings.cbegin(), r->warnings.cend(), [&](const Warning &w) { return w.message.contains(encoding); }));
        FileLineSource::Options opt;
        opt.cacheDir = dir.filePath(u"cache"_s);
        FileLineSource src(id, f, opt);
        QVERIFY(src.needsDecoding());
        QVERIFY2(src.prepare(), qPrintable(src.errorString()));
        QCOMPARE(src.lineCount(), qint64(201));
        QCOMPARE(QString::fromUtf8(src.lines(99, 1).value(0)), u"[rank2]: step 100 loss 2.0 \u00e9t\u00e9"_s);
        QVERIFY(src.lines(200, 1).value(0).startsWith("[rank2]: torch.OutOfMemoryError"));
        QCOMPARE(LineReader::read(f, 100, 1).value(0), src.lines(99, 1).value(0));
    }

    void longLinesAreCut()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"long.log"_s);
        QVERIFY(writeFile(path, "short\n" + QByteArray(5000, 'x') + "\nafter\n"));
        const IngestResultPtr r = Ingestor::run({path}, IngestConfig{});
        FileLineSource::Options opt;
        opt.maxLineBytes = 100;
        FileLineSource src(0, r->files.first(), opt);
        const QByteArrayList got = src.lines(0, 3);
        QCOMPARE(got.size(), 3);
        QCOMPARE(got.at(1), QByteArray(100, 'x'));
        QCOMPARE(got.at(2), QByteArray("after"));
    }

    void archiveMember_data()
    {
        QTest::addColumn<int>("lines");
        QTest::addColumn<bool>("finalNewline");
        QTest::addRow("small") << 5 << true;
        QTest::addRow("many checkpoints") << 3000 << true;
        QTest::addRow("no final newline") << 130 << false;
    }

    void archiveMember()
    {
        QFETCH(int, lines);
        QFETCH(bool, finalNewline);
        QTemporaryDir dir;
        QByteArray data = numbered(lines, "member");
        if (!finalNewline)
            data.chop(1);
        const QString tgz = dir.filePath(u"bundle.tar.gz"_s);
        QVERIFY(writeTarGz(tgz, {{"logs/other.log", "x\ny\n"}, {"logs/rank-3.log", data}}));
        const IngestResultPtr r = Ingestor::run({tgz}, IngestConfig{});
        const FileId id = fileByPath(*r, u"rank-3.log"_s);
        QVERIFY(id != InvalidFileId);
        QCOMPARE(r->files.at(id).member, u"logs/rank-3.log"_s);

        FileLineSource::Options opt;
        opt.cacheDir = dir.filePath(u"cache"_s);
        auto src = std::make_shared<FileLineSource>(id, r->files.at(id), opt);
        QVERIFY(src->isArchiveMember());
        QVERIFY2(src->prepare(), qPrintable(src->errorString()));
        QCOMPARE(src->lineCount(), qint64(lines));
        const QString cached = src->cachePath();
        QVERIFY(QFile::exists(cached));
        // Sanitised: a hash, nothing of the member's own path.
        QVERIFY(QFileInfo(cached).fileName().contains(QRegularExpression(u"^[0-9a-f]{40}\\.log$"_s)));
        QCOMPARE(QFileInfo(cached).absolutePath(), QDir(opt.cacheDir).absolutePath());

        QByteArrayList expected = data.split('\n');
        if (finalNewline)
            expected.removeLast();
        QCOMPARE(src->lines(0, lines), expected);
        const qint64 mid = lines / 2;
        QCOMPARE(src->lines(mid, 3), expected.mid(mid, 3));
        QCOMPARE(src->origin(mid), (SourceRef{id, mid + 1}));

        // A second source for the same member reuses the cache file.
        FileLineSource again(id, r->files.at(id), opt);
        QVERIFY(again.prepare());
        QCOMPARE(again.cachePath(), cached);
        QCOMPARE(again.lines(lines - 1, 1), expected.mid(lines - 1, 1));
        // The default cache lives under CacheLocation/rankscope/members.
        QVERIFY(FileLineSource::defaultCacheDir().endsWith(u"/rankscope/members"_s));
    }

    void cacheStaysUnderItsCap()
    {
        QTemporaryDir dir;
        QList<std::pair<QByteArray, QByteArray>> members;
        for (int i = 0; i < 4; ++i)
            members.append({"m" + QByteArray::number(i) + ".log", numbered(2000, "member" + QByteArray::number(i))});
        members.append({"huge.log", numbered(20000, "huge")});
        const QString tgz = dir.filePath(u"bundle.tar.gz"_s);
        QVERIFY(writeTarGz(tgz, members));
        const IngestResultPtr r = Ingestor::run({tgz}, IngestConfig{});
        const qint64 memberBytes = r->files.at(fileByPath(*r, u"m0.log"_s)).bytes;

        FileLineSource::Options opt;
        opt.cacheDir = dir.filePath(u"cache"_s);
        opt.cacheCapBytes = memberBytes * 5 / 2; // room for two members
        QList<std::shared_ptr<FileLineSource>> sources;
        for (int i = 0; i < 4; ++i) {
            const FileId id = fileByPath(*r, u"m%1.log"_s.arg(i));
            sources.append(std::make_shared<FileLineSource>(id, r->files.at(id), opt));
            QVERIFY(sources.last()->prepare());
            QVERIFY2(dirBytes(opt.cacheDir) <= opt.cacheCapBytes, qPrintable(QString::number(dirBytes(opt.cacheDir))));
        }
        // The oldest were evicted, the newest kept; every source still reads (its file stays open).
        QVERIFY(!QFile::exists(sources.at(0)->cachePath()));
        QVERIFY(QFile::exists(sources.at(3)->cachePath()));
        for (int i = 0; i < 4; ++i)
            QCOMPARE(sources.at(i)->lines(1999, 1).value(0), "member" + QByteArray::number(i) + " 2000 of 2000");

        // Larger than the whole cap: not cached, streamed from the archive instead.
        const FileId hugeId = fileByPath(*r, u"huge.log"_s);
        FileLineSource huge(hugeId, r->files.at(hugeId), opt);
        QVERIFY(huge.prepare());
        QVERIFY(huge.cachePath().isEmpty());
        QCOMPARE(huge.lines(19999, 1).value(0), QByteArray("huge 20000 of 20000"));
        QVERIFY(dirBytes(opt.cacheDir) <= opt.cacheCapBytes);
    }

    void filterByRank_data()
    {
        QTest::addColumn<int>("rank");
        for (int rank = 0; rank < 4; ++rank)
            QTest::addRow("rank %d", rank) << rank;
    }

    void filterByRank()
    {
        QFETCH(int, rank);
        const QString path = handmade("cuda-oom-slurm/slurm-77123.out");
        const IngestResultPtr r = Ingestor::run({path}, IngestConfig{});
        QCOMPARE(r->files.size(), 1);
        auto src = std::make_shared<const FileLineSource>(0, r->files.first());
        // Expected: the Slurm --label lines of that task, counted independently of the parser.
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray label = QByteArray::number(rank) + ": ";
        QList<qint64> expectedLines;
        qint64 n = 0;
        while (!f.atEnd()) {
            ++n;
            if (f.readLine().trimmed().startsWith(label))
                expectedLines.append(n);
        }
        QVERIFY(!expectedLines.isEmpty());

        LineFilter filter;
        filter.ranks = {rank};
        const auto filtered = FilteredLineSource::build(src, filter.predicate(r));
        QVERIFY(filtered);
        QCOMPARE(filtered->lineCount(), qint64(expectedLines.size()));
        const QByteArrayList shown = filtered->lines(0, filtered->lineCount());
        for (qint64 row = 0; row < filtered->lineCount(); ++row) {
            const SourceRef o = filtered->origin(row);
            QCOMPARE(o, (SourceRef{0, expectedLines.at(row)}));
            QCOMPARE(filtered->rowOf(o), row);
            QVERIFY(shown.at(row).trimmed().startsWith(label));
            QCOMPARE(src->lines(o.line - 1, 1).value(0), shown.at(row));
        }
        // A line of another rank maps to the nearest shown row.
        const qint64 near = filtered->rowOf(SourceRef{0, 1});
        QVERIFY(near >= 0 && near < filtered->lineCount());
    }

    // Several ranks and ranges in one filter: the lines of any of them, as the Slurm labels say.
    void filterBySeveralRanks_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QList<int>>("ranks");
        QTest::addRow("list") << u"1, 3"_s << QList<int>{1, 3};
        QTest::addRow("range and value") << u"0-1 3"_s << QList<int>{0, 1, 3};
    }

    void filterBySeveralRanks()
    {
        QFETCH(QString, spec);
        QFETCH(QList<int>, ranks);
        const QString path = handmade("cuda-oom-slurm/slurm-77123.out");
        const IngestResultPtr r = Ingestor::run({path}, IngestConfig{});
        auto src = std::make_shared<const FileLineSource>(0, r->files.first());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QList<qint64> expectedLines;
        for (qint64 n = 1; !f.atEnd(); ++n) {
            const QByteArray line = f.readLine().trimmed();
            for (int rank : ranks) {
                if (line.startsWith(QByteArray(QByteArray::number(rank) + ": "))) {
                    expectedLines.append(n);
                    break;
                }
            }
        }
        LineFilter filter;
        filter.ranks = LineFilter::parseRanks(spec).value();
        QCOMPARE(filter.ranks, ranks);
        const auto filtered = FilteredLineSource::build(src, filter.predicate(r));
        QVERIFY(filtered);
        QCOMPARE(filtered->lineCount(), qint64(expectedLines.size()));
        for (qsizetype i = 0; i < expectedLines.size(); ++i)
            QCOMPARE(filtered->origin(i).line, expectedLines.at(i));
    }

    void parseRanks_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QList<int>>("ranks");
        QTest::addColumn<QString>("spelled");
        QTest::addRow("empty") << QString() << true << QList<int>{} << QString();
        QTest::addRow("one") << u"3248"_s << true << QList<int>{3248} << u"3248"_s;
        QTest::addRow("issue example") << u"16-23, 40"_s << true << QList<int>{16, 17, 18, 19, 20, 21, 22, 23, 40} << u"16-23, 40"_s;
        QTest::addRow("blanks, repeats, disorder") << u" 7 ,2 - 3;2 "_s << true << QList<int>{2, 3, 7} << u"2-3, 7"_s;
        QTest::addRow("backwards") << u"9-3"_s << false << QList<int>{} << QString();
        QTest::addRow("not a number") << u"rank 3"_s << false << QList<int>{} << QString();
        QTest::addRow("beyond any job") << u"0-99999999"_s << false << QList<int>{} << QString();
    }

    void parseRanks()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(QList<int>, ranks);
        QFETCH(QString, spelled);
        QString error;
        const auto got = LineFilter::parseRanks(text, &error);
        QCOMPARE(got.has_value(), valid);
        if (!valid) {
            QVERIFY(!error.isEmpty());
            return;
        }
        QCOMPARE(*got, ranks);
        QCOMPARE(LineFilter::rankText(*got), spelled);
        QCOMPARE(LineFilter::parseRanks(spelled).value(), ranks);
    }

    void parseNodes_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QStringList>("nodes");
        QTest::addRow("names") << u"gpu-10, login1"_s << true << QStringList{u"gpu-10"_s, u"login1"_s};
        QTest::addRow("host list") << u"gpu-0[1-3,7]"_s << true << QStringList{u"gpu-01"_s, u"gpu-02"_s, u"gpu-03"_s, u"gpu-07"_s};
        QTest::addRow("mixed, repeated") << u"gpu-0[1-2] gpu-01,x"_s << true << QStringList{u"gpu-01"_s, u"gpu-02"_s, u"x"_s};
        QTest::addRow("unclosed") << u"gpu-0[1-2"_s << false << QStringList{};
    }

    void parseNodes()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(QStringList, nodes);
        QString error;
        const auto got = LineFilter::parseNodes(text, &error);
        QCOMPARE(got.has_value(), valid);
        if (valid)
            QCOMPARE(*got, nodes);
        else
            QVERIFY(!error.isEmpty());
    }

    void filterBySeverity()
    {
        const IngestResultPtr r = Ingestor::run({handmade("cuda-oom-slurm/slurm-77123.out")}, IngestConfig{});
        auto src = std::make_shared<const FileLineSource>(0, r->files.first());
        LineFilter filter;
        filter.minSeverity = LineSeverity::Error;
        const auto errors = FilteredLineSource::build(src, filter.predicate(r));
        QVERIFY(errors);
        const QByteArrayList shown = errors->lines(0, errors->lineCount());
        const QByteArray joined = shown.join('\n');
        QVERIFY2(joined.contains("Traceback"), joined.constData());
        QVERIFY(joined.contains("OutOfMemoryError"));
        QVERIFY(joined.contains("srun: error"));
        QVERIFY(joined.contains("Watchdog caught"));
        QVERIFY(!joined.contains("NCCL INFO"));
        QVERIFY(!joined.contains("step 10"));

        QCOMPARE(LineAttribution::lineSeverity("[W601 10:00:00.000 x.cpp:1] careful"), LineSeverity::Warning);
        QCOMPARE(LineAttribution::lineSeverity("F0601 10:00:00.000000 1 x.cc:1] Check failed"), LineSeverity::Fatal);
        QCOMPARE(LineAttribution::lineSeverity("host:1:1 [0] NCCL WARN Call to connect returned"), LineSeverity::Warning);
        QCOMPARE(LineAttribution::lineSeverity("\x1b[31mERROR\x1b[0m disk"), LineSeverity::Error);
        QCOMPARE(LineAttribution::lineSeverity("all good, no errors here"), LineSeverity::Info);
    }

    void filterAsyncAndCancel()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"rank-0.log"_s);
        QByteArray data;
        for (int i = 0; i < 50000; ++i)
            data += (i % 10 == 0 ? "ERROR boom " : "fine ") + QByteArray::number(i) + '\n';
        QVERIFY(writeFile(path, data));
        const IngestResultPtr r = Ingestor::run({path}, IngestConfig{});
        auto src = std::make_shared<const FileLineSource>(0, r->files.first());
        LineFilter filter;
        filter.minSeverity = LineSeverity::Error;
        QFuture<FilteredLineSource::Ptr> future = FilteredLineSource::buildAsync(src, filter.predicate(r));
        future.waitForFinished();
        QCOMPARE(future.resultCount(), 1);
        QCOMPARE(future.result()->lineCount(), 5000);
        QCOMPARE(future.result()->origin(1), (SourceRef{0, 11}));
        QCOMPARE(future.progressValue(), 1000);

        // Cancelled from the start: no result.
        QFuture<FilteredLineSource::Ptr> cancelled = FilteredLineSource::buildAsync(
            src, [](QByteArrayView, SourceRef) { return true; });
        cancelled.cancel();
        cancelled.waitForFinished();
        QVERIFY(cancelled.isCanceled());
        // And through the synchronous callback.
        QVERIFY(!FilteredLineSource::build(src, filter.predicate(r), [](qint64, qint64) { return false; }));
    }

    void mergedOrdering()
    {
        QTemporaryDir dir;
        QVERIFY(writeFile(dir.filePath(u"rank-0.log"_s),
                          "2024-06-01 10:00:00,000 r0 a\n"
                          "2024-06-01 10:00:02,000 r0 b\n"
                          "    untimed r0 c\n"
                          "2024-06-01 10:00:04,000 r0 d\n"));
        QVERIFY(writeFile(dir.filePath(u"rank-1.log"_s),
                          "untimed r1 head\n"
                          "2024-06-01 10:00:01,000 r1 a\n"
                          "2024-06-01 10:00:03,000 r1 b\n"
                          "2024-06-01 10:00:03,000 r1 tie\n"));
        QVERIFY(writeFile(dir.filePath(u"notime.log"_s), "no time x\nno time y\n"));
        const IngestResultPtr r = Ingestor::run({dir.path()}, IngestConfig{});
        QList<std::shared_ptr<const FileLineSource>> sources;
        for (const QString &name : {u"rank-0.log"_s, u"rank-1.log"_s, u"notime.log"_s}) {
            const FileId id = fileByPath(*r, name);
            QVERIFY(id != InvalidFileId);
            sources.append(std::make_shared<const FileLineSource>(id, r->files.at(id)));
        }
        const auto merged = MergedLineSource::build(r, sources);
        QVERIFY(merged);
        QCOMPARE(merged->lineCount(), 10);
        const QByteArrayList got = merged->lines(0, 10);
        QByteArrayList tails;
        for (const QByteArray &l : got)
            tails << (l.startsWith("2024-") ? l.mid(24) : l); // without the timestamp
        const QByteArrayList expected{"r0 a", "untimed r1 head", "r1 a", "r0 b", "    untimed r0 c",
                                      "r1 b", "r1 tie", "r0 d", "no time x", "no time y"};
        QCOMPARE(tails, expected);
        // Origins map back, and rowOf inverts origin.
        for (qint64 row = 0; row < merged->lineCount(); ++row) {
            const SourceRef o = merged->origin(row);
            QVERIFY(o.isValid());
            QCOMPARE(merged->rowOf(o), row);
            const auto &file = r->files.at(o.file);
            const QByteArrayList direct = FileLineSource(o.file, file).lines(o.line - 1, 1);
            QCOMPARE(direct.value(0), got.at(row));
        }
        QCOMPARE(merged->origin(0), (SourceRef{sources.at(0)->fileId(), 1}));
        QCOMPARE(merged->timeOf(8), NoTime);
        QVERIFY(merged->timeOf(0) != NoTime);
        QCOMPARE(merged->files().size(), 3);

        // Read in odd windows too (runs split across calls).
        for (qint64 first = 0; first < 10; ++first)
            QCOMPARE(merged->lines(first, 3), got.mid(first, 3));

        // A filter over the merged view maps through both layers.
        LineFilter filter;
        filter.ranks = {1};
        const auto onlyR1 = FilteredLineSource::build(merged, filter.predicate(r));
        QVERIFY(onlyR1);
        QCOMPARE(onlyR1->lineCount(), 4);
        for (qint64 row = 0; row < 4; ++row) {
            QCOMPARE(onlyR1->origin(row), (SourceRef{sources.at(1)->fileId(), row + 1}));
            QCOMPARE(onlyR1->rowOf(onlyR1->origin(row)), row);
        }

        // Async build and cancel.
        auto future = MergedLineSource::buildAsync(r, sources);
        future.waitForFinished();
        QCOMPARE(future.result()->lineCount(), 10);
        QVERIFY(!MergedLineSource::build(r, sources, [](qint64, qint64) { return false; }));
    }

    // More sources than the pool keeps open: every line still reads, in order, and the pool
    // never remembers more handles than its capacity; a source read again reuses its handle.
    void manySourcesShareABoundedPool()
    {
        QTemporaryDir dir;
        const int files = 300;
        for (int i = 0; i < files; ++i)
            QVERIFY(writeFile(dir.filePath(u"rank-%1.log"_s).arg(i, 3, 10, QChar(u'0')),
                              QByteArray("2024-06-01 10:00:") + QByteArray::number(10 + i % 50) + ",000 file " + QByteArray::number(i) + " a\n"
                                  + "2024-06-01 10:01:00,000 file " + QByteArray::number(i) + " b\n"));
        const IngestResultPtr r = Ingestor::run({dir.path()}, IngestConfig{});
        QCOMPARE(r->files.size(), qsizetype(files));
        FileHandlePool pool(8);
        FileLineSource::Options opt;
        opt.handles = &pool;
        QList<std::shared_ptr<const FileLineSource>> sources;
        for (qsizetype i = 0; i < r->files.size(); ++i)
            sources.append(std::make_shared<const FileLineSource>(FileId(i), r->files.at(i), opt));
        auto merged = MergedLineSource::build(r, sources);
        QVERIFY(merged);
        QCOMPARE(merged->lineCount(), qint64(2 * files));
        QVERIFY(pool.openCount() <= 8);
        const QByteArrayList all = merged->lines(0, merged->lineCount());
        QCOMPARE(all.size(), qsizetype(2 * files));
        // The second half is every file's "b" line (all at 10:01), the first half the "a" lines.
        for (int i = 0; i < files; ++i) {
            QVERIFY2(all.at(i).endsWith(" a"), all.at(i).constData());
            QVERIFY2(all.at(files + i).endsWith(" b"), all.at(files + i).constData());
        }
        for (qint64 row = 0; row < merged->lineCount(); row += 37) {
            const SourceRef o = merged->origin(row);
            QCOMPARE(sources.at(o.file)->lines(o.line - 1, 1).value(0), all.at(row));
        }
        QVERIFY(pool.openCount() <= 8);
        const qint64 before = pool.opens();
        sources.first()->lines(0, 1);
        sources.first()->lines(1, 1);
        QVERIFY(pool.opens() <= before + 1);
        // A source forgets its handle when it goes (the merged view holds them too).
        sources.clear();
        QVERIFY(pool.openCount() > 0);
        merged.reset();
        QCOMPARE(pool.openCount(), 0);
    }

    // A file swapped after the ingest for a FIFO or for a link out of the bundle is not read
    // (and the FIFO does not block the read), with a reason (issue #18's fault checks).
    void swappedFilesAreRefused_data()
    {
        QTest::addColumn<QString>("swap");
        QTest::addColumn<QString>("reason");
        QTest::newRow("fifo") << u"fifo"_s << u"not a regular file"_s;
        QTest::newRow("symlink") << u"symlink"_s << u"symbolic link"_s;
    }

    void swappedFilesAreRefused()
    {
        QFETCH(QString, swap);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        QTemporaryDir outside;
        QVERIFY(writeFile(outside.filePath(u"secret"_s), "do not read me\n"));
        QVERIFY(QDir().mkpath(dir.filePath(u"b"_s)));
        const QString log = dir.filePath(u"b/rank-0.log"_s);
        QVERIFY(writeFile(log, "2024-06-01 10:00:00,000 hello\n"));
        const IngestResultPtr r = Ingestor::run({dir.filePath(u"b"_s)}, IngestConfig{});
        QCOMPARE(r->files.size(), 1);
        QVERIFY(QFile::remove(log));
        if (swap == u"fifo")
            QCOMPARE(mkfifo(QFile::encodeName(log).constData(), 0600), 0);
        else
            QVERIFY(QFile::link(outside.filePath(u"secret"_s), log));
        FileHandlePool pool(4);
        FileLineSource::Options opt;
        opt.handles = &pool;
        const FileLineSource src(0, r->files.first(), opt);
        QVERIFY(src.lines(0, 1).isEmpty());
        QVERIFY2(src.errorString().contains(reason), qPrintable(src.errorString()));
        QVERIFY(LineReader::read(r->files.first(), 1, 1).isEmpty());
        // A new ingest names the FIFO and the link instead of reading them.
        const IngestResultPtr again = Ingestor::run({dir.filePath(u"b"_s)}, IngestConfig{});
        QCOMPARE(again->files.size(), 0);
        QVERIFY(!again->warnings.isEmpty());
        QVERIFY(again->warnings.first().message.contains(swap == u"fifo" ? u"not a regular file"_s : u"leaves the bundle"_s));
    }

    // Bundles change under a running workbench: a live log grows, logrotate truncates, a
    // collection script replaces or deletes. Lines keep their numbers or are refused with the
    // reason; never another line under a line's number.
    void changedFilesKeepTheirLines_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("reason"); // empty: still read
        QTest::newRow("appended") << u"appended"_s << QString();
        QTest::newRow("truncated") << u"truncated"_s << u"shorter than when the incident was read"_s;
        // Removed, then written anew: the new file may even get the old inode number back.
        QTest::newRow("replaced by a shorter file") << u"replaced"_s << u"since the incident was read"_s;
        // A new file of the same size moved over it (logrotate, an editor's save, a copy tool).
        QTest::newRow("renamed over, same size") << u"renamed over"_s << u"another file has taken its name"_s;
        QTest::newRow("rewritten in place, same size") << u"rewritten"_s << u"rewritten in place"_s;
        QTest::newRow("deleted") << u"deleted"_s << u"No such file"_s;
    }

    void changedFilesKeepTheirLines()
    {
        QFETCH(QString, change);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        const QString log = dir.filePath(u"rank-0.log"_s);
        QByteArray text;
        for (int i = 1; i <= 2000; ++i)
            text += "2024-06-01 10:00:00,000 line " + QByteArray::number(i) + '\n';
        QVERIFY(writeFile(log, text));
        IngestConfig config;
        const IngestResultPtr r = Ingestor::run({dir.path()}, config);
        QCOMPARE(r->files.size(), 1);
        FileHandlePool pool(4);
        FileLineSource::Options opt;
        opt.handles = &pool;
        const FileLineSource src(0, r->files.first(), opt);
        QCOMPARE(src.lines(1499, 1).value(0), QByteArray("2024-06-01 10:00:00,000 line 1500"));
        if (change == u"appended") {
            QFile f(log);
            QVERIFY(f.open(QIODevice::Append));
            f.write("2024-06-01 10:00:01,000 line 2001\n");
        } else if (change == u"truncated") {
            QVERIFY(QFile::resize(log, text.size() / 3));
        } else if (change == u"replaced") {
            QVERIFY(QFile::remove(log));
            QVERIFY(writeFile(log, "2024-06-01 10:00:00,000 another run\n"));
        } else if (change == u"renamed over") {
            QByteArray other = text;
            other.replace("line", "step");
            QVERIFY(writeFile(log + u".new"_s, other));
            QVERIFY(::rename(QFile::encodeName(log + u".new"_s).constData(), QFile::encodeName(log).constData()) == 0);
        } else if (change == u"rewritten") {
            QFile f(log);
            QVERIFY(f.open(QIODevice::ReadWrite));
            QVERIFY(f.seek(100));
            f.write("XXXX");
            f.flush();
            // Coarse clocks may give the same time as the ingest's: make the change visible.
            QVERIFY(f.setFileTime(QFileInfo(log).lastModified().addSecs(2), QFileDevice::FileModificationTime));
            f.close();
        } else {
            QVERIFY(QFile::remove(log));
        }
        // Read again through a new handle, as after the pool evicted the old one.
        const FileLineSource later(0, r->files.first(), opt);
        const QByteArrayList lines = later.lines(1499, 2);
        if (reason.isEmpty()) {
            QCOMPARE(lines, (QByteArrayList{"2024-06-01 10:00:00,000 line 1500", "2024-06-01 10:00:00,000 line 1501"}));
            QCOMPARE(later.lineCount(), 2000); // as indexed; the view reloads to see more
            QCOMPARE(LineReader::read(r->files.first(), 1500, 1).value(0), QByteArray("2024-06-01 10:00:00,000 line 1500"));
        } else {
            QVERIFY2(lines.isEmpty(), lines.value(0).constData());
            QVERIFY2(later.errorString().contains(reason), qPrintable(later.errorString()));
            QVERIFY(LineReader::read(r->files.first(), 1500, 1).isEmpty());
        }
    }

    void mergedLargeInterleaving()
    {
        // Two files whose lines alternate in time: the merge alternates too, and reads in few calls.
        QTemporaryDir dir;
        QByteArray a, b;
        for (int i = 0; i < 5000; ++i) {
            const QByteArray t = QDateTime::fromMSecsSinceEpoch(1717236000000 + i * 1000, QTimeZone::utc())
                                     .toString(u"yyyy-MM-dd HH:mm:ss,zzz"_s).toLatin1();
            a += t + " a " + QByteArray::number(i) + '\n';
            b += t + " b " + QByteArray::number(i) + '\n';
        }
        QVERIFY(writeFile(dir.filePath(u"rank-0.log"_s), a));
        QVERIFY(writeFile(dir.filePath(u"rank-1.log"_s), b));
        const IngestResultPtr r = Ingestor::run({dir.path()}, IngestConfig{});
        QList<std::shared_ptr<const FileLineSource>> sources{
            std::make_shared<const FileLineSource>(fileByPath(*r, u"rank-0.log"_s), r->files.at(fileByPath(*r, u"rank-0.log"_s))),
            std::make_shared<const FileLineSource>(fileByPath(*r, u"rank-1.log"_s), r->files.at(fileByPath(*r, u"rank-1.log"_s)))};
        const auto merged = MergedLineSource::build(r, sources);
        QCOMPARE(merged->lineCount(), 10000);
        const QByteArrayList window = merged->lines(7000, 4);
        QVERIFY(window.at(0).endsWith(" a 3500"));
        QVERIFY(window.at(1).endsWith(" b 3500"));
        QVERIFY(window.at(2).endsWith(" a 3501"));
        QCOMPARE(merged->rowOf(SourceRef{sources.at(1)->fileId(), 3502}), 7003);
    }
};

QTEST_GUILESS_MAIN(TestLineSource)
#include "tst_linesource.moc"
