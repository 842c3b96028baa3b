// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The ingest on hand-made bundles that look like real ones (tests/data/handmade) and on every
// kind of bad input the ingest issue lists. Archives are written here with libarchive.
#include "bundlearchives.h"
#include "bundlefiles.h"
#include "ingestor.h"
#include "linereader.h"
#include "linesource.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimeZone>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Qt::StringLiterals;
using namespace rankscope;
using namespace rankscope::ingest;
using rankscope::test::addArchiveFormatRows;
using rankscope::test::writeArchive;

namespace {

QList<FingerprintSpec> testFingerprints()
{
    using R = FingerprintSpec::Role;
    using S = FingerprintSpec::Severity;
    return {
        {u"nccl-watchdog-timeout"_s, u"Watchdog caught collective operation timeout"_s,
         uR"(Watchdog caught collective operation timeout: WorkNCCL\(SeqNum=(?P<seq>\d+), OpType=(?P<op_type>\w+).*Timeout\(ms\)=(?P<timeout_ms>\d+)\))"_s,
         0.6, R::Collateral, S::Error},
        {u"nccl-message-truncated"_s, u"message truncated"_s, uR"(message truncated : receiving (?P<size>\d+) bytes instead of (?P<expected>\d+))"_s,
         0.9, R::Initiating, S::Error},
        {u"nccl-version-conflict"_s, u"NCCL version"_s, uR"(NCCL version (?P<nccl_version>\d+\.\d+\.\d+)[^+\s]*\+cuda(?P<cuda_version>\d+\.\d+))"_s,
         0.05, R::Context, S::Info},
        {u"host-oom-kill"_s, u"Out of memory: Kill"_s, uR"(Out of memory: Killed? process (?P<pid>\d+))"_s, 1.0, R::Initiating, S::Fatal},
    };
}

IngestConfig testConfig()
{
    IngestConfig c;
    c.fingerprints = testFingerprints();
    return c;
}

QString handmade(const char *name)
{
    return QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade/") + QString::fromLatin1(name);
}

const Event *findEvent(const IngestResult &r, const QString &entry, int rank = -1)
{
    for (const Event &e : r.events) {
        if (e.kind == Event::Kind::Fingerprint && r.fingerprints.at(e.fingerprint).entryId == entry && (rank < 0 || e.rank == rank))
            return &e;
    }
    return nullptr;
}

bool hasWarning(const IngestResult &r, const QString &pathPart, const QString &messagePart)
{
    for (const Warning &w : r.warnings) {
        if (w.path.contains(pathPart) && w.message.contains(messagePart))
            return true;
    }
    return false;
}

QString allWarnings(const IngestResult &r)
{
    QStringList s;
    for (const Warning &w : r.warnings)
        s << w.toString();
    return s.join(u'\n');
}

// Creates a file by its raw name inside an open folder: what QString and paths cannot reach
// (a name that is not UTF-8, a folder past PATH_MAX).
bool writeAt(int dirFd, const char *name, QByteArrayView text)
{
    const int fd = ::openat(dirFd, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return false;
    const bool ok = ::write(fd, text.data(), size_t(text.size())) == text.size();
    return ::close(fd) == 0 && ok;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestIngestor : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void handmadeVersionConflict()
    {
        const auto r = Ingestor::run({handmade("version-conflict")}, testConfig());
        QCOMPARE(r->files.size(), 4);
        // Nodes come from NCCL's host prefix, not the folder names (node-a, node-b).
        QCOMPARE(r->job.nodes, (QStringList{u"gpu-a01"_s, u"gpu-b07"_s}));
        QCOMPARE(r->job.ranks, (QList<int>{0, 1, 2, 3}));
        QCOMPARE(r->job.worldSize, 4);
        QVERIFY(r->job.missingRanks.isEmpty());

        const Event *trunc = findEvent(*r, u"nccl-message-truncated"_s);
        QVERIFY(trunc);
        QCOMPARE(trunc->rank, 2); // NCCL-only line: rank from the file name rank2.log
        QCOMPARE(trunc->node, u"gpu-b07"_s);
        QCOMPARE(trunc->capture(u"size"_s), u"524288"_s);
        QCOMPARE(r->files.at(trunc->source.file).path, u"node-b/rank2.log"_s);
        QCOMPARE(trunc->source.line, 6);
        // CRLF file, no trailing newline: flagged, still indexed.
        const InputFile &f = r->files.at(trunc->source.file);
        QVERIFY(f.crlf);
        QVERIFY(f.truncatedLastLine);
        QCOMPARE(f.lines, 8);

        // The watchdog timeout of rank 0: c10 time without a year, completed from the bundle's
        // asctime line (2025).
        const Event *wd = findEvent(*r, u"nccl-watchdog-timeout"_s, 0);
        QVERIFY(wd);
        QCOMPARE(wd->capture(u"seq"_s), u"3"_s);
        QVERIFY(!wd->timeInferred);
        QCOMPARE(QDateTime::fromMSecsSinceEpoch(wd->localTimeMs, QTimeZone::utc()).toString(u"yyyy-MM-ddThh:mm:ss"_s), u"2025-03-04T10:30:02"_s);

        // NCCL versions per rank, as context events.
        int banners = 0;
        for (const Event &e : r->events) {
            if (e.kind == Event::Kind::Fingerprint && r->fingerprints.at(e.fingerprint).entryId == u"nccl-version-conflict"_s) {
                ++banners;
                QCOMPARE(e.capture(u"nccl_version"_s), e.node == u"gpu-a01"_s ? u"2.21.5"_s : u"2.18.1"_s);
            }
        }
        QCOMPARE(banners, 4);
    }

    void lineReaderFetchesThroughTheIndex()
    {
        QTemporaryDir dir;
        QByteArray big;
        for (int i = 1; i <= 1000; ++i)
            big += "line " + QByteArray::number(i) + (i % 7 ? "" : " \r") + "\n";
        QFile f(dir.filePath(u"rank0.log"_s));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(big);
        f.close();
        const auto r = Ingestor::run({dir.path()}, testConfig());
        QCOMPARE(r->files.size(), 1);
        const InputFile &file = r->files.first();
        QCOMPARE(file.lines, 1000);
        QVERIFY(file.checkpoints.size() >= 1000 / CheckpointStride);
        const QByteArrayList lines = LineReader::read(file, 130, 3);
        QCOMPARE(lines, (QByteArrayList{"line 130", "line 131", "line 132"}));
        QCOMPARE(LineReader::read(file, 999, 5), (QByteArrayList{"line 999", "line 1000"}));
        QVERIFY(LineReader::read(file, 1001, 1).isEmpty());
    }

    void chunkedScanEqualsWholeScan()
    {
        // A file split across threads must give the same lines, events and line numbers.
        QTemporaryDir dir;
        QByteArray text;
        for (int i = 1; i <= 20000; ++i) {
            text += "[2025-03-04 10:00:00,000] step " + QByteArray::number(i) + "\n";
            if (i % 997 == 0)
                text += "[rank1]:[E304 10:30:02.123456789 ProcessGroupNCCL.cpp:629] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=" + QByteArray::number(i) + ", OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800102 milliseconds before timing out.\n";
        }
        QFile f(dir.filePath(u"rank1.log"_s));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        IngestConfig whole = testConfig();
        IngestConfig chunked = testConfig();
        chunked.parallelChunkBytes = 4096 + 17; // many chunks, boundaries mid-line
        const auto a = Ingestor::run({dir.path()}, whole);
        const auto b = Ingestor::run({dir.path()}, chunked);
        QCOMPARE(b->files.size(), 1);
        QCOMPARE(b->files.first().lines, a->files.first().lines);
        QCOMPARE(b->events.size(), a->events.size());
        for (int i = 0; i < a->events.size(); ++i)
            QCOMPARE(b->events.at(i).source.line, a->events.at(i).source.line);
        QCOMPARE(LineReader::read(b->files.first(), 5000, 1), LineReader::read(a->files.first(), 5000, 1));
    }

    void archivesAreReadInPlace_data() { addArchiveFormatRows(); }
    void archivesAreReadInPlace()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, format);
        QFETCH(QByteArray, filter);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        QVERIFY(writeArchive(path, format.constData(), filter.isEmpty() ? nullptr : filter.constData(),
                             {{"node-a/rank3.log", "gpu-a01:1:1 [3] NCCL INFO NCCL version 2.21.5+cuda12.4\n"},
                              {"node-a/dmesg.txt", "[Fri Aug 30 11:43:09 2024] Out of memory: Killed process 29401 (python3)\n"}}));
        const auto r = Ingestor::run({path}, testConfig());
        QCOMPARE(r->files.size(), 2);
        QStringList paths;
        for (const InputFile &f : r->files)
            paths << f.path;
        QVERIFY2(paths.contains(name + u"!/node-a/rank3.log"_s), qPrintable(paths.join(u',')));
        const Event *oom = findEvent(*r, u"host-oom-kill"_s);
        QVERIFY(oom);
        QCOMPARE(r->files.at(oom->source.file).path, name + u"!/node-a/dmesg.txt"_s);
        QCOMPARE(LineReader::read(r->files.at(oom->source.file), 1, 1).value(0).left(26), "[Fri Aug 30 11:43:09 2024]"_ba);
        // Nothing was extracted next to the archive.
        QCOMPARE(QDir(dir.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries), QStringList{name});
    }

    // One bundle as a folder and as each archive format gives the same files, lines, events and
    // warnings, and the same text under the same line numbers through the log view. Besides a
    // hand-made bundle it holds what the archive's decode/scan pipeline must get right: more
    // small members than are ever under way at once, a member of many decode blocks, a binary
    // member whose scanner stops reading early while the decoder has more, and an empty one.
    void archiveReadsLikeTheFolder_data() { addArchiveFormatRows(); }
    void archiveReadsLikeTheFolder()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, format);
        QFETCH(QByteArray, filter);
        QList<std::pair<QByteArray, QByteArray>> members;
        const QDir source(handmade("ompi-nccl-debug-file-host-oom"));
        for (QDirIterator it(source.path(), QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
            const QString file = it.next();
            if (QFileInfo(file).fileName() != u"expected.json"_s)
                members.append({source.relativeFilePath(file).toUtf8(), readAll(file)});
        }
        for (int i = 0; i < 60; ++i) {
            QByteArray text = "gpu-b" + QByteArray::number(i) + ":7:7 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\n";
            for (int l = 0; l < i; ++l)
                text += "[rank" + QByteArray::number(i) + "]: step " + QByteArray::number(l) + "\n";
            text += "[rank" + QByteArray::number(i) + "]:[E304 10:30:02.123456789 ProcessGroupNCCL.cpp:629] [Rank " + QByteArray::number(i)
                    + "] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, "
                      "Timeout(ms)=1800000) ran for 1800102 milliseconds before timing out.\n";
            members.append({"many/rank" + QByteArray::number(i) + ".log", text});
        }
        QByteArray big;
        for (int l = 0; big.size() < (9 << 20); ++l)
            big += "[rank61]: step " + QByteArray::number(l) + " loss " + QByteArray::number(qint64(l) * 7919 % 10007) + "\n";
        big += "[Fri Aug 30 11:43:09 2024] Out of memory: Killed process 61 (python3)\n";
        members.append({"big/rank61.log", big});
        QByteArray binary(3 << 20, '\0');
        for (qsizetype i = 0; i < binary.size(); i += 7)
            binary[i] = char(i);
        members.append({"big/core.61", binary});
        members.append({"big/empty.log", QByteArray()});

        QTemporaryDir dir;
        const QString folder = dir.filePath(u"folder"_s);
        for (const auto &[path, text] : std::as_const(members))
            QVERIFY(test::writeBundleFile(folder, QString::fromUtf8(path), text));
        const QString packed = dir.filePath(name);
        QVERIFY(writeArchive(packed, format.constData(), filter.isEmpty() ? nullptr : filter.constData(), members));

        const auto a = Ingestor::run({folder}, testConfig());
        const auto b = Ingestor::run({packed}, testConfig());
        const QString prefix = name + u"!/"_s;
        auto unprefixed = [&](const QString &path) { return path.startsWith(prefix) ? path.mid(prefix.size()) : u"(outside) "_s + path; };
        auto filesOf = [&](const IngestResult &r, bool archived) {
            QStringList out;
            for (const InputFile &f : r.files)
                out << u"%1 lines=%2 bytes=%3 kinds=%4 rank=%5 node=%6 ranks=%7"_s.arg(archived ? unprefixed(f.path) : f.path)
                           .arg(f.lines).arg(f.bytes).arg(f.kinds).arg(f.rank).arg(f.node).arg(f.ranks.size());
            out.sort();
            return out;
        };
        auto eventsOf = [&](const IngestResult &r, bool archived) {
            QStringList out;
            for (const Event &e : r.events) {
                const QString path = r.files.at(e.source.file).path;
                out << u"%1:%2 %3 rank=%4 time=%5"_s.arg(archived ? unprefixed(path) : path).arg(e.source.line)
                           .arg(e.kind == Event::Kind::Fingerprint ? r.fingerprints.at(e.fingerprint).entryId : QString())
                           .arg(e.rank).arg(e.timeMs);
            }
            out.sort();
            return out;
        };
        auto warningsOf = [&](const IngestResult &r, bool archived) {
            QStringList out;
            for (const Warning &w : r.warnings)
                out << u"%1 %2"_s.arg(int(w.kind)).arg(archived ? unprefixed(w.path) : w.path);
            out.sort();
            return out;
        };
        QCOMPARE(a->files.size(), members.size());
        QCOMPARE(filesOf(*b, true), filesOf(*a, false));
        QCOMPARE(eventsOf(*b, true), eventsOf(*a, false));
        QCOMPARE(warningsOf(*b, true), warningsOf(*a, false));
        // Members are scanned side by side, but listed in the archive's order whatever the timing.
        QStringList order;
        for (const InputFile &f : b->files)
            order << f.path;
        for (int run = 0; run < 3; ++run) {
            const auto again = Ingestor::run({packed}, testConfig());
            QStringList now;
            for (const InputFile &f : again->files)
                now << f.path;
            QCOMPARE(now, order);
        }
        QVERIFY2(hasWarning(*b, prefix + u"big/core.61"_s, u"binary content"_s), qPrintable(allWarnings(*b)));
        QVERIFY2(hasWarning(*b, prefix + u"big/empty.log"_s, u"is empty"_s), qPrintable(allWarnings(*b)));

        // The log view reads the archive member's text under the folder's numbers.
        auto fileIn = [](const IngestResult &r, const QString &path) {
            for (int i = 0; i < r.files.size(); ++i)
                if (r.files.at(i).path == path)
                    return i;
            return -1;
        };
        const int fa = fileIn(*a, u"big/rank61.log"_s);
        const int fb = fileIn(*b, prefix + u"big/rank61.log"_s);
        QVERIFY(fa >= 0 && fb >= 0);
        FileLineSource::Options opt;
        QTemporaryDir cache;
        opt.cacheDir = cache.path();
        const FileLineSource fromFolder(fa, a->files.at(fa));
        const FileLineSource fromArchive(fb, b->files.at(fb), opt);
        QVERIFY2(fromArchive.prepare(), qPrintable(fromArchive.errorString()));
        QCOMPARE(fromArchive.lineCount(), fromFolder.lineCount());
        for (const qint64 row : {qint64(0), qint64(123457), fromFolder.lineCount() - 3})
            QCOMPARE(fromArchive.lines(row, 3), fromFolder.lines(row, 3));
        QCOMPARE(fromArchive.lines(fromFolder.lineCount() - 1, 1).value(0),
                 QByteArray("[Fri Aug 30 11:43:09 2024] Out of memory: Killed process 61 (python3)"));
    }

    void singleCompressedFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"rank5.log.gz"_s);
        QVERIFY(writeArchive(path, "raw", "gzip", {{"data", "[rank5]: Out of memory: Killed process 12 (python3)\n"}}));
        const auto r = Ingestor::run({path}, testConfig());
        QCOMPARE(r->files.size(), 1);
        QCOMPARE(r->files.first().path, u"rank5.log.gz!/rank5.log"_s);
        QVERIFY(findEvent(*r, u"host-oom-kill"_s, 5));
    }

    void nestedArchiveOneLevel()
    {
        QTemporaryDir dir;
        const QString inner = dir.filePath(u"inner.tar.gz"_s);
        QVERIFY(writeArchive(inner, "pax", "gzip", {{"n1/rank1.log", "[rank1]: Out of memory: Killed process 7 (python3)\n"}}));
        const QString outer = dir.filePath(u"outer.tar"_s);
        QVERIFY(writeArchive(outer, "pax", nullptr, {{"logs/inner.tar.gz", readAll(inner)}, {"top.log", "hello\n"}}));
        QFile::remove(inner);
        const auto r = Ingestor::run({outer}, testConfig());
        const Event *oom = findEvent(*r, u"host-oom-kill"_s, 1);
        QVERIFY2(oom, qPrintable(allWarnings(*r)));
        QCOMPARE(r->files.at(oom->source.file).path, u"outer.tar!/logs/inner.tar.gz!/n1/rank1.log"_s);
    }

    void badInput_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addRow("empty folder") << u"empty"_s;
        QTest::addRow("unreadable file") << u"unreadable"_s;
        QTest::addRow("truncated tar.gz") << u"truncated-targz"_s;
        QTest::addRow("truncated zip") << u"truncated-zip"_s;
        QTest::addRow("zip bomb") << u"bomb"_s;
        QTest::addRow("member past the member cap") << u"bigmember"_s;
        QTest::addRow("files past the file cap") << u"manyfiles"_s;
        QTest::addRow("archive members past the file cap") << u"manymembers"_s;
        QTest::addRow("name not valid UTF-8") << u"notutf8"_s;
        QTest::addRow("path past PATH_MAX") << u"deep"_s;
        QTest::addRow("link to a folder") << u"dirlink"_s;
        QTest::addRow("dot-dot member") << u"dotdot"_s;
        QTest::addRow("NUL-filled file") << u"nul"_s;
        QTest::addRow("rank claims on every line") << u"claims"_s;
        QTest::addRow("symlink out of the bundle") << u"symlink"_s;
        QTest::addRow("FIFO") << u"fifo"_s;
        QTest::addRow("empty file") << u"emptyfile"_s;
        QTest::addRow("plain log named tar.gz") << u"fakearchive"_s;
    }
    void badInput()
    {
        // Each bad file sits next to a good one: the good one must still be analysed, and the
        // bad one must be named in a warning.
        QFETCH(QString, kind);
        QTemporaryDir dir;
        QTemporaryDir outside;
        const QString bundle = dir.filePath(u"bundle"_s);
        QDir().mkpath(bundle);
        auto write = [](const QString &p, const QByteArray &d) {
            QFile f(p);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(d);
        };
        write(bundle + u"/good-rank0.log"_s, "[rank0]: Out of memory: Killed process 1 (python3)\n");
        QString badName;
        QString expect;
        IngestConfig cfg = testConfig();
        if (kind == u"empty"_s) {
            QDir().mkpath(bundle + u"/empty-node"_s);
            const auto r = Ingestor::run({bundle + u"/empty-node"_s}, cfg);
            QVERIFY(r->files.isEmpty());
            QVERIFY2(hasWarning(*r, QString(), u"folder holds no files"_s), qPrintable(allWarnings(*r)));
            return;
        } else if (kind == u"unreadable"_s) {
            if (::geteuid() == 0)
                QSKIP("root reads every file; permissions cannot make one unreadable");
            badName = u"secret.log"_s;
            write(bundle + u"/secret.log"_s, "x\n");
            ::chmod(QFile::encodeName(bundle + u"/secret.log"_s).constData(), 0);
            expect = u"cannot be read"_s;
        } else if (kind == u"truncated-targz"_s || kind == u"truncated-zip"_s) {
            const bool zip = kind.endsWith(u"zip"_s);
            badName = zip ? u"b.zip"_s : u"b.tar.gz"_s;
            QByteArray noise;
            for (int i = 0; i < 20000; ++i)
                noise += "[rank2]: line " + QByteArray::number(i * 7919 % 10007) + "\n";
            QVERIFY(writeArchive(bundle + u'/' + badName, zip ? "zip" : "pax", zip ? nullptr : "gzip",
                                 {{"a/rank1.log", "[rank1]: Out of memory: Killed process 5 (python3)\n"}, {"a/rank2.log", noise}}));
            QByteArray data = readAll(bundle + u'/' + badName);
            write(bundle + u'/' + badName, data.left(data.size() * 2 / 3));
            expect = zip ? u""_s : u"damaged or truncated"_s;
        } else if (kind == u"bomb"_s) {
            badName = u"bomb.zip"_s;
            cfg.maxRatioFloorBytes = 1 << 20;
            cfg.maxCompressionRatio = 50;
            QVERIFY(writeArchive(bundle + u'/' + badName, "zip", nullptr, {{"big.log", QByteArray(64 << 20, 'a')}}));
            expect = u"archive bombs"_s;
        } else if (kind == u"bigmember"_s) {
            // Under the ratio cap (ordinary log text), over the member cap.
            badName = u"big.log.gz"_s;
            cfg.maxMemberBytes = 4 << 20;
            QByteArray text;
            for (int i = 0; text.size() < (8 << 20); ++i)
                text += "[rank5]: step " + QByteArray::number(i) + " loss " + QByteArray::number(qint64(i) * 7919 % 10007) + "\n";
            QVERIFY(writeArchive(bundle + u'/' + badName, "raw", "gzip", {{"data", text}}));
            expect = u"member expands to more than 4194304 bytes"_s;
        } else if (kind == u"manyfiles"_s) {
            // The good file is the first listed (names sort); the rest of the folder, the
            // archive with it, is past the cap and named in one warning without being opened.
            badName = u"x-rank2.log"_s;
            cfg.maxFiles = 1;
            write(bundle + u"/x-rank2.log"_s, "[rank2]: hello\n");
            QVERIFY(writeArchive(bundle + u"/y.tar"_s, "pax", nullptr, {{"a.log", "a\n"}, {"b.log", "b\n"}}));
            expect = u"this and 1 more file(s) after it are not read: the bundle already lists 1 files"_s;
        } else if (kind == u"manymembers"_s) {
            // The archive is opened while the bundle has room; its members take the places left.
            badName = u"h.tar!/b.log"_s;
            cfg.maxFiles = 2;
            QVERIFY(writeArchive(bundle + u"/h.tar"_s, "pax", nullptr, {{"a.log", "a\n"}, {"b.log", "b\n"}, {"c.log", "c\n"}}));
            expect = u"this and 1 more member(s) of h.tar are not read: the bundle already lists 2 files"_s;
        } else if (kind == u"notutf8"_s) {
            // Written by the raw bytes: QString cannot hold this name, QDirIterator dropped it.
            badName = u"bad-\\xff\\xfe-rank1.log"_s;
            const int fd = ::open(QFile::encodeName(bundle).constData(), O_RDONLY | O_DIRECTORY);
            QVERIFY(fd >= 0);
            const bool written = writeAt(fd, "bad-\xff\xfe-rank1.log", "[rank1]: hi\n");
            ::close(fd);
            QVERIFY(written);
            expect = u"not valid UTF-8"_s;
        } else if (kind == u"deep"_s) {
            // 20 folders of 240 characters: the file's path is past PATH_MAX (4096).
            badName = u"deep-rank3.log"_s;
            int fd = ::open(QFile::encodeName(bundle).constData(), O_RDONLY | O_DIRECTORY);
            QVERIFY(fd >= 0);
            const QByteArray level(240, 'd');
            for (int i = 0; i < 20; ++i) {
                QVERIFY(::mkdirat(fd, level.constData(), 0755) == 0);
                const int next = ::openat(fd, level.constData(), O_RDONLY | O_DIRECTORY);
                ::close(fd);
                fd = next;
                QVERIFY(fd >= 0);
            }
            const bool written = writeAt(fd, "deep-rank3.log", "[rank3]: hi\n");
            ::close(fd);
            QVERIFY(written);
            expect = u"longer than the system's limit"_s;
        } else if (kind == u"dirlink"_s) {
            badName = u"again"_s;
            QVERIFY(QDir().mkpath(bundle + u"/sub"_s));
            write(bundle + u"/sub/rank-5.log"_s, "[rank5]: hi\n");
            QVERIFY(QFile::link(bundle + u"/sub"_s, bundle + u"/again"_s));
            expect = u"link to a folder; not followed"_s;
        } else if (kind == u"dotdot"_s) {
            badName = u"evil.tar"_s;
            QVERIFY(writeArchive(bundle + u'/' + badName, "pax", nullptr, {{"../../etc/cron.d/x", "boom\n"}, {"ok.log", "fine\n"}}));
            expect = u"leaves the archive"_s;
        } else if (kind == u"nul"_s) {
            badName = u"core.log"_s;
            write(bundle + u'/' + badName, QByteArray(1 << 20, '\0'));
            expect = u"binary"_s;
        } else if (kind == u"claims"_s) {
            badName = u"mixed.log"_s;
            QByteArray d;
            for (int i = 0; i < 200; ++i)
                d += "[rank" + QByteArray::number(i) + "]: hello\n";
            write(bundle + u'/' + badName, d);
            expect = u"different ranks"_s;
        } else if (kind == u"fifo"_s) {
            // Opening a FIFO blocks until someone writes: the ingest must not even try.
            badName = u"pipe.log"_s;
            QVERIFY(::mkfifo(QFile::encodeName(bundle + u'/' + badName).constData(), 0644) == 0);
            expect = u"not a regular file"_s;
        } else if (kind == u"emptyfile"_s) {
            badName = u"rank-3.log"_s;
            write(bundle + u'/' + badName, QByteArray());
            expect = u"is empty"_s;
        } else if (kind == u"fakearchive"_s) {
            badName = u"train.tar.gz"_s;
            write(bundle + u'/' + badName, "[rank1]: Out of memory: Killed process 2 (python3)\n");
            expect = u"named like an archive but is not one"_s;
        } else if (kind == u"symlink"_s) {
            badName = u"link.log"_s;
            write(outside.filePath(u"secret.txt"_s), "secret\n");
            QVERIFY(QFile::link(outside.filePath(u"secret.txt"_s), bundle + u'/' + badName));
            expect = u"leaves the bundle"_s;
        }
        const auto r = Ingestor::run({bundle}, cfg);
        if (kind == u"deep"_s || kind == u"notutf8"_s) // QDir cannot remove these; rm takes them by their bytes
            QProcess::execute(u"rm"_s, {u"-rf"_s, bundle});
        QVERIFY2(findEvent(*r, u"host-oom-kill"_s, 0), "the good file was not analysed");
        QVERIFY2(hasWarning(*r, badName, expect), qPrintable(allWarnings(*r)));
        if (kind == u"truncated-targz"_s)
            QVERIFY2(findEvent(*r, u"host-oom-kill"_s, 1), "members before the damage must be read");
        if (kind == u"fakearchive"_s)
            QVERIFY2(findEvent(*r, u"host-oom-kill"_s, 1), "a plain log named like an archive is read as text");
        if (kind == u"emptyfile"_s) // listed, so a case and the file list still show it
            QVERIFY(std::any_of(r->files.cbegin(), r->files.cend(), [&](const InputFile &f) { return f.path == badName; }));
        if (kind == u"manyfiles"_s) {
            QCOMPARE(r->files.size(), 1);
            QVERIFY2(!hasWarning(*r, u"y.tar!/a.log"_s, u"are not read"_s), qPrintable(allWarnings(*r)));
        }
        if (kind == u"dotdot"_s) {
            for (const InputFile &f : r->files)
                QVERIFY(!f.path.contains(u".."_s));
        }
    }

    // Text in the containers real bundles use, read whole: a gzip whose lines are single words
    // (libarchive's mtree reader used to take it for a manifest and drop every line) and a live
    // log whose head logrotate's copytruncate left as a run of NUL bytes.
    void oddTextIsRead()
    {
        QTemporaryDir dir;
        const QString gz = dir.filePath(u"train.log.gz"_s);
        QVERIFY(writeArchive(gz, "raw", "gzip", {{"data", "Starting\nInitialising\nReady\n[rank2]: Out of memory: Killed process 9 (python3)\n"}}));
        {
            QFile f(dir.filePath(u"live.log"_s));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(100000, '\0'));
            f.write("\n[rank4]: Out of memory: Killed process 7 (python3)\n");
        }
        const auto r = Ingestor::run({dir.path()}, testConfig());
        const Event *fromGz = findEvent(*r, u"host-oom-kill"_s, 2);
        QVERIFY2(fromGz, qPrintable(allWarnings(*r)));
        QCOMPARE(fromGz->source.line, 4);
        const Event *fromLive = findEvent(*r, u"host-oom-kill"_s, 4);
        QVERIFY2(fromLive, qPrintable(allWarnings(*r)));
        QCOMPARE(fromLive->source.line, 2);
        QVERIFY2(hasWarning(*r, u"live.log"_s, u"begins with 100000 NUL bytes"_s), qPrintable(allWarnings(*r)));
    }

    // logrotate's copytruncate in the middle of a live log leaves a run of NUL bytes there; when
    // a chunk of a large file begins inside it, the chunk is still read and the line after the
    // run keeps its number in the file.
    void nulRunAtAChunkBorder()
    {
        QTemporaryDir dir;
        QByteArray text;
        for (int i = 1; i <= 300; ++i)
            text += "[rank4]: step " + QByteArray::number(i) + "\n";
        text += QByteArray(20000, '\0');
        text += "\n";
        for (int i = 1; i <= 100; ++i)
            text += "[rank4]: step " + QByteArray::number(300 + i) + "\n";
        text += "[rank4]: Out of memory: Killed process 7 (python3)\n";
        {
            QFile f(dir.filePath(u"live.log"_s));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        IngestConfig textThenRun = testConfig();
        textThenRun.parallelChunkBytes = 4096; // the second chunk begins with text, then the run
        IngestConfig inRun = testConfig();
        inRun.parallelChunkBytes = 8192; // the second chunk begins inside the run
        for (const IngestConfig &config : {testConfig(), textThenRun, inRun}) {
            const auto r = Ingestor::run({dir.path()}, config);
            QCOMPARE(r->files.size(), 1);
            QCOMPARE(r->files.first().lines, 300 + 1 + 100 + 1);
            const Event *oom = findEvent(*r, u"host-oom-kill"_s, 4);
            QVERIFY2(oom, qPrintable(allWarnings(*r)));
            QCOMPARE(oom->source.line, 402);
            QCOMPARE(LineReader::read(r->files.first(), 402, 1).value(0), QByteArray("[rank4]: Out of memory: Killed process 7 (python3)"));
        }
    }

    void hugeSingleLineFile()
    {
        // A 1 GB file with no newline: indexed as one line, scanned up to the cap, no memory blow-up.
        const qint64 size = qEnvironmentVariableIntValue("RANKSCOPE_TEST_HUGE_MB") > 0
                                ? qint64(qEnvironmentVariableIntValue("RANKSCOPE_TEST_HUGE_MB")) << 20
                                : qint64(1) << 30;
        QTemporaryDir dir;
        {
            QFile f(dir.filePath(u"one-line.log"_s));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("Out of memory: Killed process 99 (python3) ");
            const QByteArray block(8 << 20, 'x');
            for (qint64 w = 0; w < size; w += block.size())
                f.write(block);
        }
        const auto r = Ingestor::run({dir.path()}, testConfig());
        QCOMPARE(r->files.size(), 1);
        QCOMPARE(r->files.first().lines, 1);
        QVERIFY(r->files.first().overlongLines);
        QVERIFY(findEvent(*r, u"host-oom-kill"_s));
        QVERIFY(hasWarning(*r, u"one-line.log"_s, u"longer than 1 MiB"_s));
        QVERIFY(findEvent(*r, u"host-oom-kill"_s)->text.size() <= 4096);
    }

    // The warning about overlong lines says where they are, also when the file is read in chunks.
    void overlongLinesAreNamedByLine()
    {
        QTemporaryDir dir;
        QByteArray text = "a\nb\nc\n" + QByteArray(2 << 20, 'x') + "\nd\ne\n" + QByteArray(3 << 20, 'y') + "\nf\n";
        {
            QFile f(dir.filePath(u"wide.log"_s));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        IngestConfig chunked = testConfig();
        chunked.parallelChunkBytes = 3 << 20; // the second long line is in the second chunk
        for (const IngestConfig &config : {testConfig(), chunked}) {
            const auto r = Ingestor::run({dir.path()}, config);
            QCOMPARE(r->files.first().lines, 8);
            const auto w = std::find_if(r->warnings.cbegin(), r->warnings.cend(),
                                        [](const Warning &x) { return x.message.contains(u"longer than 1 MiB"_s); });
            QVERIFY2(w != r->warnings.cend(), qPrintable(allWarnings(*r)));
            QCOMPARE(w->line, qint64(4));
            QVERIFY2(w->message.contains(u"2 lines"_s) && w->message.contains(u"line 4"_s), qPrintable(w->message));
        }
    }

    void dmesgSecondsSinceBootBecomeWallClock()
    {
        // A node's /proc/stat (collected with its inventory) says when it booted; its dmesg
        // counts seconds from then. Without a boot time the line stays untimed, not guessed.
        QTemporaryDir dir;
        auto write = [&](const QString &name, const QByteArray &text) { QVERIFY(test::writeBundleFile(dir.path(), name, text)); };
        write(u"node-a/dmesg.log"_s, "[    0.000000] Linux version 6.1.0-18-amd64\n[86400.500000] Out of memory: Killed process 4242 (python)\n");
        write(u"node-a/proc-stat.txt"_s, "cpu  12 0 3 4\nbtime 1700000000\nprocesses 4711\n");
        write(u"node-b/dmesg.log"_s, "[  512.250000] Out of memory: Killed process 777 (python)\n");
        const IngestResultPtr r = Ingestor::run({dir.path()}, testConfig());
        QCOMPARE(r->job.nodes, (QStringList{u"node-a"_s, u"node-b"_s}));
        const Event *a = nullptr;
        const Event *b = nullptr;
        for (const Event &e : r->events) {
            if (e.kind == Event::Kind::Fingerprint && e.node == u"node-a"_s)
                a = &e;
            if (e.kind == Event::Kind::Fingerprint && e.node == u"node-b"_s)
                b = &e;
        }
        QVERIFY(a && b);
        QCOMPARE(a->localTimeMs, 1'700'000'000'000LL + 86'400'500LL);
        QVERIFY(!a->timeInferred);
        QVERIFY(b->timeMs == NoTime || b->timeInferred);
    }

    void attributionSetByHandWins()
    {
        // A file nothing attributes (a copied console log), and a file whose lines claim the
        // wrong rank (a relabelled torchrun prefix): the user's word holds for every line, in
        // the events and in the log view's per-line attribution alike.
        QTemporaryDir dir;
        auto write = [&](const QString &name, const QByteArray &text) { QVERIFY(test::writeBundleFile(dir.path(), name, text)); };
        write(u"console/copied.txt"_s,
              "2025-03-04 10:30:00,100 starting\n2025-03-04 10:30:01,200 message truncated : receiving 524288 bytes instead of 1024\n");
        write(u"gpu-b07/rank3.log"_s, "[rank3]: 2025-03-04 10:30:02,000 Out of memory: Killed process 4242 (python)\n");
        const QString copied = u"console/copied.txt"_s;
        const QString relabelled = u"gpu-b07/rank3.log"_s;

        const IngestResultPtr plain = Ingestor::run({dir.path()}, testConfig());
        const Event *trunc = findEvent(*plain, u"nccl-message-truncated"_s);
        QVERIFY(trunc);
        QCOMPARE(trunc->rank, -1);
        QVERIFY(findEvent(*plain, u"host-oom-kill"_s, 3));

        IngestConfig config = testConfig();
        config.manual.attribution.insert(copied, {u"gpu-a01"_s, 5});
        config.manual.attribution.insert(relabelled, {QString(), 7});
        config.manual.attribution.insert(u"no/such.log"_s, {QString(), 1});
        const IngestResultPtr r = Ingestor::run({dir.path()}, config);
        trunc = findEvent(*r, u"nccl-message-truncated"_s);
        QVERIFY(trunc);
        QCOMPARE(trunc->rank, 5);
        QCOMPARE(trunc->node, u"gpu-a01"_s);
        const Event *oom = findEvent(*r, u"host-oom-kill"_s);
        QVERIFY(oom);
        QCOMPARE(oom->rank, 7); // over the line's own "[rank3]:" claim
        QCOMPARE(oom->node, u"gpu-b07"_s); // not set by hand: the folder's
        QVERIFY(r->job.ranks.contains(5) && r->job.ranks.contains(7));
        QVERIFY(!r->job.ranks.contains(3));
        QVERIFY(r->job.nodes.contains(u"gpu-a01"_s));

        const InputFile *f = nullptr;
        for (const InputFile &x : r->files) {
            if (x.path == copied)
                f = &x;
        }
        QVERIFY(f);
        QVERIFY(f->attributionByHand);
        QCOMPARE(f->rank, 5);
        QVERIFY2(hasWarning(*r, copied, u"attributed by hand to rank 5 on gpu-a01"_s), qPrintable(allWarnings(*r)));
        QVERIFY2(hasWarning(*r, u"no/such.log"_s, u"no such file"_s), qPrintable(allWarnings(*r)));

        const LineAttribution lines(r);
        QCOMPARE(lines.rank("[rank3]: Out of memory: Killed process 4242 (python)", oom->source), 7);
        QCOMPARE(lines.rank("2025-03-04 10:30:00,100 starting", {trunc->source.file, 1}), 5);
        QCOMPARE(lines.node("2025-03-04 10:30:00,100 starting", {trunc->source.file, 1}), u"gpu-a01"_s);
    }

    void cancelLeavesAUsableResult()
    {
        QTemporaryDir dir;
        for (int i = 0; i < 8; ++i) {
            QFile f(dir.filePath(u"rank%1.log"_s.arg(i)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(8 << 20, 'y').replace(4096, 1, "\n"));
        }
        int calls = 0;
        const auto r = Ingestor::run({dir.path()}, testConfig(), [&calls](qint64, qint64) { return ++calls < 2; });
        QVERIFY(r->cancelled);
        QVERIFY(hasWarning(*r, QString(), u"cancelled"_s));
    }
};

QTEST_GUILESS_MAIN(TestIngestor)
#include "tst_ingestor.moc"
