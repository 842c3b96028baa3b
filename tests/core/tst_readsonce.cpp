// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Nothing reads a bundle file twice (issue #16): what a bundle costs to open is its bytes read
// once, as a folder and as each archive format. The counting source is the kernel's: rchar in
// /proc/self/io counts every byte any thread of this process reads through read(2), so a second
// pass over any file — an inventory read again for the version matrix, an archive decoded again,
// a buffer read ahead and thrown away — shows, whichever code path does it.
#include "bundlearchives.h"
#include "bundlefiles.h"
#include "builtencyclopedia.h"
#include "linesource.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;

namespace {

// Bytes this process has read (rchar) or written (wchar) so far; -1 where the kernel does not say.
qint64 ioSoFar(QByteArrayView counter = "rchar")
{
    QFile io(u"/proc/self/io"_s);
    if (!io.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : io.readAll().split('\n')) {
        if (line.startsWith(counter) && line.size() > counter.size() && line.at(counter.size()) == ':')
            return line.mid(counter.size() + 1).trimmed().toLongLong();
    }
    return -1;
}
qint64 bytesReadSoFar() { return ioSoFar("rchar"); }
qint64 bytesWrittenSoFar() { return ioSoFar("wchar"); }

// Text that compresses like real logs (a few times, not a thousand), so that an archive decoded
// twice costs more than the allowance below.
class Noise
{
public:
    quint32 next() { return m_state = m_state * 1664525u + 1013904223u; }
    QByteArray hex() { return QByteArray::number(next(), 16); }

private:
    quint32 m_state = 12345;
};

constexpr int Nodes = 4;
constexpr int RanksPerNode = 4;
constexpr qint64 SmallestFile = 96 << 10;
constexpr qint64 ChunkBytes = 512 << 10; // files above it are read in chunks, side by side

// Four nodes of four ranks: a rank log each (two of them large enough to be read in chunks), an
// OOM kill on one, and a pip freeze per node with one node's NCCL older. Every file is at least
// SmallestFile, larger than the allowance, so reading any one of them twice fails the test.
test::ArchiveMembers incidentBundle()
{
    Noise noise;
    test::ArchiveMembers files;
    for (int n = 0; n < Nodes; ++n) {
        const QByteArray node = "gpu-n" + QByteArray::number(n);
        QByteArray freeze = "torch==2.5.1+cu124\nnvidia-nccl-cu12==" + QByteArray(n == 2 ? "2.20.5" : "2.21.5") + "\n";
        for (int p = 0; freeze.size() < SmallestFile; ++p)
            freeze += "package-" + noise.hex() + "==1." + QByteArray::number(p % 40) + "." + QByteArray::number(noise.next() % 9) + "\n";
        files.append({"inventory/" + node + "/pip-freeze.txt", freeze});
        for (int l = 0; l < RanksPerNode; ++l) {
            const int rank = n * RanksPerNode + l;
            const QByteArray pid = QByteArray::number(4100 + rank);
            const QByteArray prefix = node + ":" + pid + ":" + pid + " [" + QByteArray::number(l) + "] NCCL INFO ";
            QByteArray log = prefix + "NCCL version " + (n == 2 ? "2.20.5" : "2.21.5") + "+cuda12.4\n";
            log += prefix + "comm 0x7f" + noise.hex() + " rank " + QByteArray::number(rank) + " nranks 16 cudaDev "
                   + QByteArray::number(l) + " busId " + QByteArray::number(l + 1) + "0000 commId 0x5ab3 - Init COMPLETE\n";
            const qint64 size = (rank == 5 || rank == 9) ? 3 * ChunkBytes / 2 : SmallestFile;
            for (int step = 0; log.size() < size; ++step)
                log += "[rank" + QByteArray::number(rank) + "]: step " + QByteArray::number(step) + " loss 0x" + noise.hex()
                       + " grad " + noise.hex() + "\n";
            if (rank == 9)
                log += "[Fri Aug 30 11:43:09 2024] Out of memory: Killed process " + pid + " (python3)\n";
            else
                log += "[rank" + QByteArray::number(rank) + "]:[E830 11:53:10.123456789 ProcessGroupNCCL.cpp:629] [Rank "
                       + QByteArray::number(rank) + "] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=77, "
                       "OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600102 milliseconds before timing out.\n";
            files.append({"logs/" + node + "/rank" + QByteArray::number(rank) + ".log", log});
        }
    }
    return files;
}

} // namespace

class TestReadsOnce : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (bytesReadSoFar() < 0)
            QSKIP("the kernel does not count this process's reads (/proc/self/io)");
        QVERIFY(test::sharedEncyclopedia());
    }

    void eachByteIsReadOnce_data()
    {
        test::addArchiveFormatRows();
        QTest::addRow("folder") << QString() << QByteArray() << QByteArray();
    }

    void eachByteIsReadOnce()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, format);
        QFETCH(QByteArray, filter);
        const test::ArchiveMembers files = incidentBundle();
        QTemporaryDir dir;
        QString input = dir.filePath(u"incident"_s);
        qint64 bundleBytes = 0;
        if (name.isEmpty()) {
            for (const auto &[path, text] : files) {
                QVERIFY(test::writeBundleFile(input, QString::fromUtf8(path), text));
                bundleBytes += text.size();
            }
        } else {
            input = dir.filePath(name);
            QVERIFY(test::writeArchive(input, format.constData(), filter.isEmpty() ? nullptr : filter.constData(), files));
            bundleBytes = QFileInfo(input).size();
        }
        ingest::IngestConfig config;
        config.parallelChunkBytes = ChunkBytes;
        config.threads = 2;
        // Once to warm what a first run reads beside the bundle (the encyclopedia's pages, time
        // zone data), then counted.
        const auto warm = analysis::IncidentPipeline::run({input}, config, test::sharedEncyclopedia().get());
        QVERIFY(warm.result);
        const qint64 before = bytesReadSoFar();
        const auto run = analysis::IncidentPipeline::run({input}, config, test::sharedEncyclopedia().get());
        const qint64 read = bytesReadSoFar() - before;
        QVERIFY(run.result);

        // What a user checks first: the whole bundle was read and analysed.
        QCOMPARE(run.ingested->files.size(), files.size());
        qint64 textBytes = 0;
        for (const ingest::InputFile &f : run.ingested->files)
            textBytes += f.bytes;
        qint64 expectedText = 0;
        for (const auto &file : files)
            expectedText += file.second.size();
        QCOMPARE(textBytes, expectedText);

        // Read at least once (else the counter counts something else) and at most once: each
        // border between two chunks of a file costs a few KiB read by both chunks (the line it
        // cuts), the content sniff of a file or archive reads 512 bytes, and a little slack covers
        // what Qt reads beside the bundle. Smaller than any file of the bundle, so no file can be
        // read twice within it.
        qint64 borders = 0;
        if (name.isEmpty()) {
            for (const auto &file : files)
                borders += (file.second.size() - 1) / ChunkBytes;
        }
        const qint64 allowance = 16 * 1024 * borders + 512 * files.size() + 32 * 1024;
        QVERIFY(allowance < SmallestFile);
        QVERIFY2(read >= bundleBytes, qPrintable(u"read %1 bytes of a bundle of %2"_s.arg(read).arg(bundleBytes)));
        QVERIFY2(read <= bundleBytes + allowance,
                 qPrintable(u"read %1 bytes for a bundle of %2: %3 more than once-over (allowed %4)"_s.arg(read).arg(bundleBytes).arg(read - bundleBytes).arg(allowance)));
    }

    // The log view opens an archive member without decoding the archive again: the ingest's
    // pass kept each member's text in the member cache, so opening every member and reading all
    // its lines writes nothing (no member is decoded into the cache again) and reads each
    // member's text once, from the cache.
    void logViewOpensMembersFromTheIngestsPass_data() { test::addArchiveFormatRows(); }
    void logViewOpensMembersFromTheIngestsPass()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, format);
        QFETCH(QByteArray, filter);
        const test::ArchiveMembers files = incidentBundle();
        QTemporaryDir dir;
        const QString input = dir.filePath(name);
        QVERIFY(test::writeArchive(input, format.constData(), filter.isEmpty() ? nullptr : filter.constData(), files));
        const QString cacheDir = dir.filePath(u"cache"_s);
        ingest::IngestConfig config;
        config.parallelChunkBytes = ChunkBytes;
        config.threads = 2;
        config.memberCache = ingest::MemberCache(cacheDir);
        const auto run = analysis::IncidentPipeline::run({input}, config, test::sharedEncyclopedia().get());
        QVERIFY(run.result);
        QCOMPARE(run.ingested->files.size(), files.size());
        QCOMPARE(QDir(cacheDir).entryList(QDir::Files).size(), files.size()); // one per member, nothing half-written

        ingest::FileLineSource::Options options;
        options.cacheDir = cacheDir;
        const qint64 readBefore = bytesReadSoFar();
        const qint64 writtenBefore = bytesWrittenSoFar();
        qint64 textBytes = 0;
        for (int i = 0; i < run.ingested->files.size(); ++i) {
            const ingest::InputFile &f = run.ingested->files.at(i);
            const ingest::FileLineSource source(FileId(i), f, options);
            QVERIFY2(source.prepare(), qPrintable(source.errorString()));
            QVERIFY(!source.cachePath().isEmpty());
            const QByteArrayList lines = source.lines(0, source.lineCount());
            // The lines the user sees are the member's own, numbered as the ingest numbered them.
            const auto original = std::find_if(files.cbegin(), files.cend(), [&f](const auto &m) { return f.member == QString::fromUtf8(m.first); });
            QVERIFY2(original != files.cend(), qPrintable(f.member));
            QCOMPARE(lines.size(), f.lines);
            QCOMPARE(lines.join('\n') + '\n', original->second);
            textBytes += f.bytes;
        }
        const qint64 read = bytesReadSoFar() - readBefore;
        const qint64 written = bytesWrittenSoFar() - writtenBefore;
        QVERIFY2(written < SmallestFile, qPrintable(u"wrote %1 bytes: a member was decoded into the cache again"_s.arg(written)));
        QVERIFY2(read <= textBytes + 32 * 1024, qPrintable(u"read %1 bytes for %2 bytes of text"_s.arg(read).arg(textBytes)));
    }

    // A cache smaller than the bundle keeps what fits, never more than its cap and never a
    // half-written file; members it could not keep still open, decoded when they are opened.
    void memberCacheStaysUnderItsCap()
    {
        const test::ArchiveMembers files = incidentBundle();
        QTemporaryDir dir;
        const QString input = dir.filePath(u"incident.tar.gz"_s);
        QVERIFY(test::writeTarGz(input, files));
        qint64 textBytes = 0;
        for (const auto &file : files)
            textBytes += file.second.size();
        const QString cacheDir = dir.filePath(u"cache"_s);
        const qint64 cap = textBytes / 3;
        ingest::IngestConfig config;
        config.threads = 2;
        config.memberCache = ingest::MemberCache(cacheDir, cap);
        const auto run = analysis::IncidentPipeline::run({input}, config, test::sharedEncyclopedia().get());
        QVERIFY(run.result);
        qint64 kept = 0;
        const QFileInfoList entries = QDir(cacheDir).entryInfoList(QDir::Files);
        for (const QFileInfo &fi : entries) {
            QVERIFY2(!fi.fileName().contains(u".part"_s), qPrintable(fi.fileName()));
            kept += fi.size();
        }
        QVERIFY(!entries.isEmpty());
        QVERIFY2(kept <= cap, qPrintable(u"the cache holds %1 bytes over a cap of %2"_s.arg(kept).arg(cap)));
        ingest::FileLineSource::Options options;
        options.cacheDir = cacheDir;
        options.cacheCapBytes = cap;
        for (int i = 0; i < run.ingested->files.size(); ++i) {
            const ingest::InputFile &f = run.ingested->files.at(i);
            const ingest::FileLineSource source(FileId(i), f, options);
            QVERIFY2(source.prepare(), qPrintable(source.errorString()));
            QCOMPARE(source.lineCount(), f.lines);
            QCOMPARE(source.lines(f.lines - 1, 1).value(0).isEmpty(), false);
        }
    }

    // A member whose size no header gives (a lone .gz here; a streamed zip's data descriptor
    // alike) is kept too, within a budget of its own.
    void memberOfUnknownSizeIsKept()
    {
        const test::ArchiveMembers files = incidentBundle();
        const auto &[path, text] = files.at(1); // a rank's log
        QTemporaryDir dir;
        const QString input = dir.filePath(u"rank.log.gz"_s);
        QVERIFY(test::writeArchive(input, "raw", "gzip", {{path, text}}));
        const QString cacheDir = dir.filePath(u"cache"_s);
        ingest::IngestConfig config;
        config.memberCache = ingest::MemberCache(cacheDir);
        const auto run = analysis::IncidentPipeline::run({input}, config, test::sharedEncyclopedia().get());
        QVERIFY(run.result);
        QCOMPARE(run.ingested->files.size(), 1);
        QCOMPARE(QDir(cacheDir).entryList(QDir::Files).size(), 1);
        ingest::FileLineSource::Options options;
        options.cacheDir = cacheDir;
        const ingest::FileLineSource source(FileId(0), run.ingested->files.at(0), options);
        const qint64 writtenBefore = bytesWrittenSoFar();
        QVERIFY2(source.prepare(), qPrintable(source.errorString()));
        QCOMPARE(source.lines(0, source.lineCount()).join('\n') + '\n', text);
        QVERIFY(bytesWrittenSoFar() - writtenBefore < SmallestFile);
    }
};

QTEST_GUILESS_MAIN(TestReadsOnce)
#include "tst_readsonce.moc"
