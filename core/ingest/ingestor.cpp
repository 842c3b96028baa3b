// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ingestor.h"
#include "bundleassembler.h"
#include "readinglimit.h"


#include "archivewalker.h"
#include "folderwalker.h"
#include "eventmatcher.h"
#include "filescanner.h"
#include "membercachefeeder.h"
#include "memberpipe.h"
#include "pathattribution.h"
#include "regularfile.h"
#include "textencoding.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QFuture>
#include <QMutex>
#include <QSemaphore>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent>

#include <algorithm>
#include <cstring>
#include <atomic>
#include <optional>

using namespace Qt::StringLiterals;

namespace rankscope::ingest {

namespace {

constexpr qint64 BlockSize = 4 << 20;
constexpr qint64 HeadSize = 64 << 10;

struct WorkItem
{
    // Sniff: a file small enough to be scanned whole, whose content decides at scan time
    // whether it is a log or an archive (one open of it instead of two, on the scanning threads).
    enum class Type { Plain, Archive, Sniff };
    Type type = Type::Plain;
    QString diskPath;
    QString displayPath;
    qint64 size = 0;
    qint64 chunkStart = 0; // Plain: byte range [chunkStart, chunkEnd) of line starts
    qint64 chunkEnd = -1;
    int chunkIndex = 0;
};

struct Shared
{
    const IngestConfig *config = nullptr;
    const EventMatcher *matcher = nullptr;
    std::atomic<qint64> bytesDone{0};
    std::atomic<bool> cancel{false};
    std::atomic<qint64> files{0}; // listed so far, against config->maxFiles
    // Scans archive members while their archives' threads decode (scanArchive): shared by every
    // archive of the bundle, so several archives do not multiply the scanning threads.
    QThreadPool *memberScanners = nullptr;
    MemberCacheFeeder *cacheFeeder = nullptr; // IngestConfig::memberCache set: the text for the log view
    QMutex mutex; // guards warnings
    Warnings warnings;

    // Takes a place in the bundle's file list; false once maxFiles are listed.
    bool admit() { return files.fetch_add(1) < config->maxFiles; }

    void warn(const Warning &w)
    {
        QMutexLocker lock(&mutex);
        warnings.append(w);
    }
    void warn(const Warnings &ws)
    {
        QMutexLocker lock(&mutex);
        warnings.append(ws);
    }
};

// Where a stream's decoded text goes for the log view (IngestConfig::memberCache): the source
// on disk, the member, and how many bytes to reserve (-1: unknown).
constexpr qint64 UnknownSizeBudget = 256ll << 20;

struct CacheTarget
{
    QString diskPath;
    QString member;
    qint64 bytes = -1;
};

// Scans a stream given by read(); used for plain files and archive members alike. With a cache
// target, the text the scanner sees is also written to the member cache, in the same pass.
template<typename Read>
Scanned scanStream(Shared &sh, const QString &displayPath, qint64 firstOffset, Read read, qint64 stopAfter = -1,
                   const CacheTarget *cacheTarget = nullptr, MemberPipe *pipe = nullptr)
{
    Scanned out;
    int cached = 0; // the member's id with sh.cacheFeeder, 0: not kept
    out.displayPath = displayPath;
    FileScanner scanner(*sh.matcher, *sh.config, 1, firstOffset);
    // One buffer per thread for every file it scans: a bundle of 40,000 small logs otherwise
    // maps and unmaps 4 MiB, and faults its pages in, 40,000 times.
    thread_local QByteArray buf(BlockSize, Qt::Uninitialized);
    bool first = true;
    bool keep = false;
    bool leadingNul = false; // still inside a run of NUL bytes at the start
    qint64 nulBytes = 0;
    qint64 fed = 0;
    std::optional<Utf8Transcoder> transcoder;
    QByteArray decoded;
    QByteArray taken; // an archive member's block, as its decoder pushed it: scanned (and kept) without a copy
    while (!sh.cancel.load()) {
        qint64 want = BlockSize;
        if (stopAfter >= 0)
            want = std::min(want, stopAfter - fed);
        if (want <= 0)
            break;
        if (pipe)
            taken = pipe->take();
        const qint64 raw = pipe ? taken.size() : read(buf.data(), want);
        const char *data = pipe ? taken.constData() : buf.constData();
        if (raw <= 0)
            break;
        fed += raw;
        sh.bytesDone += raw;
        if (first && !transcoder) {
            // A byte-order mark: UTF-16 text, read as the UTF-8 it decodes to (line numbers,
            // offsets and the log view's copy all follow the decoded text).
            out.encoding = firstOffset == 0 ? encodingOfHead(QByteArrayView(data, raw)) : TextEncoding::Utf8;
            transcoder.emplace(out.encoding);
        }
        if (!transcoder->passThrough())
            decoded = transcoder->decode(QByteArrayView(data, raw));
        const QByteArrayView block = transcoder->passThrough() ? QByteArrayView(data, raw) : QByteArrayView(decoded);
        const qint64 n = block.size();
        if (n == 0)
            continue;
        if (first) {
            first = false;
            // Only a file's head says whether it is text: a later chunk of a log may begin inside
            // a run of NUL bytes (a copytruncate in the middle of the file), and skipping it
            // would lose its lines and shift the numbers of every line after it.
            if (firstOffset == 0 && FileKindDetector::looksBinary(block.first(std::min<qint64>(n, HeadSize)))) {
                out.skipped = true;
                out.kinds = KindBinary;
                sh.warn({Warning::Kind::Binary, displayPath, 0, u"binary content (NUL or control bytes); skipped"_s});
                return out;
            }
            out.kinds = FileKindDetector::detect(displayPath, block.first(std::min<qint64>(n, HeadSize)));
            // UTF-16 decodes to at most 3 bytes of UTF-8 for every 2; the writer trims the rest. A
            // member whose size its header does not give (a streamed zip's data descriptor, a lone
            // .gz) is given a fixed budget, and given up if it outgrows it.
            if (cacheTarget && sh.cacheFeeder && (!cacheTarget->member.isEmpty() || !transcoder->passThrough())) {
                const qint64 size = cacheTarget->bytes >= 0 ? cacheTarget->bytes : UnknownSizeBudget;
                cached = sh.cacheFeeder->open(cacheTarget->diskPath, cacheTarget->member,
                                              std::min(sh.config->memberCache->capBytes(), transcoder->passThrough() ? size : size / 2 * 3 + 3));
            }
            leadingNul = firstOffset == 0 && block.front() == '\0';
            keep = firstOffset == 0 && (out.kinds & (KindInventory | KindPlacement));
        }
        if (keep) {
            if (out.keptText.size() + n <= sh.config->maxKeptTextBytes) {
                out.keptText.append(block.data(), block.size());
            } else {
                keep = false;
                out.keptText = QByteArray();
                out.keptTooLarge = true;
            }
        }
        if (leadingNul) {
            const char *text = std::find_if(block.cbegin(), block.cend(), [](char c) { return c != '\0'; });
            nulBytes += text - block.cbegin();
            if (text != block.cend()) {
                leadingNul = false;
                sh.warn({Warning::Kind::Encoding, displayPath, 1,
                         u"begins with %1 NUL bytes (what logrotate's copytruncate leaves in a live log); the text after them is read"_s.arg(nulBytes)});
            }
        }
        if (cached && !sh.cacheFeeder->write(cached, !transcoder->passThrough() ? decoded : pipe ? taken : block.toByteArray())) {
            sh.cacheFeeder->close(cached, false); // given up: the view decodes it when it is opened
            cached = 0;
        }
        scanner.feed(block);
    }
    out.scan = scanner.finish();
    if (cached)
        sh.cacheFeeder->close(cached, !sh.cancel.load());
    if (leadingNul && nulBytes > 0)
        sh.warn({Warning::Kind::Binary, displayPath, 0, u"binary content (nothing but %1 NUL bytes); nothing to read"_s.arg(nulBytes)});
    return out;
}

// Where a chunk border cuts a line, both chunks read its bytes (one to finish it, the next to
// skip it): read in steps from a small one, so that costs about a line, not a block, per border.
constexpr qint64 FirstLineStep = 4 << 10;
constexpr qint64 LastLineStep = 64 << 10;

// Reads forward from the current position to just after the next newline; returns false at EOF.
bool skipPastNewline(QFile &f)
{
    QByteArray buf(LastLineStep, Qt::Uninitialized);
    for (qint64 step = FirstLineStep;; step = std::min(2 * step, LastLineStep)) {
        const qint64 pos = f.pos();
        const qint64 n = f.read(buf.data(), step);
        if (n <= 0)
            return false;
        const qsizetype nl = QByteArrayView(buf.constData(), n).indexOf('\n');
        if (nl >= 0) {
            f.seek(pos + nl + 1);
            return true;
        }
    }
}

QList<Scanned> scanArchive(Shared &sh, const WorkItem &item);

QList<Scanned> scanPlain(Shared &sh, const WorkItem &item)
{
    // Unbuffered: the scan reads in blocks of its own, and a buffer of QFile's would read ahead
    // what a seek then throws away (the sniffed head, a chunk border) and read it again.
    QFile f;
    QString why;
    if (!RegularFile::open(f, item.diskPath, &why, QIODevice::ReadOnly | QIODevice::Unbuffered)) {
        sh.warn({Warning::Kind::Unreadable, item.displayPath, 0, u"cannot be read: "_s + why});
        return {};
    }
    QByteArray head; // sniffed, and then the first bytes the scan is given
    if (item.type == WorkItem::Type::Sniff) {
        // The content decides, not the name: a log saved as ".tar.gz" is read as text, a
        // compressed log without the extension is opened as one.
        head = f.read(512);
        if (ArchiveWalker::hasArchiveMagic(head)) {
            f.close();
            sh.files.fetch_sub(1); // an archive takes no place itself; its members do
            return scanArchive(sh, item);
        }
        if (ArchiveWalker::isArchiveName(QFileInfo(item.displayPath).fileName()))
            sh.warn({Warning::Kind::Archive, item.displayPath, 0, u"is named like an archive but is not one; read as a plain log"_s});
    }
    const qint64 end = item.chunkEnd < 0 ? item.size : item.chunkEnd;
    qint64 start = item.chunkStart;
    if (start > 0) {
        // A chunk owns the lines that start inside it: begin after the newline that ends the
        // line straddling chunkStart (or at chunkStart when the byte before it is a newline).
        f.seek(start - 1);
        if (!skipPastNewline(f))
            return {};
        start = f.pos();
        if (start >= end)
            return {};
    }
    if (head.isEmpty())
        f.seek(start);
    bool finished = false;
    qint64 tailStep = FirstLineStep;
    const CacheTarget wholeFile{item.diskPath, QString(), item.size}; // kept only when it is UTF-16
    Scanned s = scanStream(sh, item.displayPath, start, [&](char *buf, qint64 max) -> qint64 {
        if (!head.isEmpty()) {
            // The sniffed head and what follows it, as one block: the file's kind is told from
            // its first block.
            const qint64 n = std::min<qint64>(max, head.size());
            std::memcpy(buf, head.constData(), size_t(n));
            head.remove(0, n);
            if (!head.isEmpty() || n == max)
                return n;
            const qint64 more = f.read(buf + n, max - n);
            return more < 0 ? n : n + more;
        }
        if (item.chunkEnd < 0)
            return f.read(buf, max);
        const qint64 pos = f.pos();
        if (pos < end)
            return f.read(buf, std::min(max, end - pos));
        // Past chunkEnd: only the rest of the line that straddles it.
        if (finished)
            return 0;
        if (pos == end) {
            f.seek(end - 1);
            char c = 0;
            f.getChar(&c);
            if (c == '\n') {
                finished = true;
                return 0;
            }
        }
        const qint64 n = f.read(buf, std::min(max, tailStep));
        tailStep = std::min(2 * tailStep, LastLineStep);
        if (n <= 0)
            return n;
        const qsizetype nl = QByteArrayView(buf, n).indexOf('\n');
        if (nl >= 0) {
            finished = true;
            f.seek(pos + nl + 1);
            return nl + 1;
        }
        return n;
    }, -1, item.chunkEnd < 0 && item.chunkStart == 0 ? &wholeFile : nullptr);
    if (f.error() != QFileDevice::NoError && f.error() != QFileDevice::PositionError)
        sh.warn({Warning::Kind::Unreadable, item.displayPath, 0, u"read error: "_s + f.errorString()});
    s.diskPath = item.diskPath;
    s.chunkIndex = item.chunkIndex;
    s.identity = FileIdentity::of(f);
    return {s};
}

// An archive is decoded once, as a stream, on this thread; each member's text goes through a
// bounded MemberPipe to a scanner of sh.memberScanners, so decoding and scanning overlap and
// members are scanned side by side (issue #16: a .tar.zst took decoding plus scanning, on one
// core). Members are admitted and numbered here, in archive order, so what is listed and in
// which order does not depend on the scanners' timing.
QList<Scanned> scanArchive(Shared &sh, const WorkItem &item)
{
    // A block of decoded text, how many a member may hold in its pipe, and how many members may
    // be under way at once (scanning or queued): without that last bound a tar of small logs
    // would be decoded far ahead of the scanners, its text waiting in memory. An archive ties
    // up at most InFlight pipes of PipeBlocks blocks: 64 MiB on two cores.
    constexpr qint64 DecodeBlock = 1 << 20;
    constexpr int PipeBlocks = 8;
    const int inFlight = 2 * std::max(1, sh.memberScanners->maxThreadCount()) + 2;
    QSemaphore slots(inFlight);
    Warnings ws;
    // Named one by one up to a point, then counted: a tar of a million empty members must not
    // become a million warnings.
    constexpr int NamedEmpty = 20;
    qint64 notListed = 0;
    QString firstNotListed;
    QMutex resultsMutex;
    std::map<qint64, Scanned> results; // by the member's place in the archive
    qint64 started = 0;
    QSemaphore finished;
    ArchiveWalker::Options opt{sh.config, item.displayPath, &sh.cancel};
    ArchiveWalker::walk(item.diskPath, opt,
                        [&](const QString &member, qint64 declared, const ArchiveWalker::ReadFn &read) {
                            const QString shown = item.displayPath + u"!/"_s + member;
                            if (!sh.admit()) {
                                if (notListed++ == 0)
                                    firstNotListed = shown;
                                return;
                            }
                            slots.acquire();
                            auto pipe = std::make_shared<MemberPipe>(PipeBlocks);
                            const qint64 place = started++;
                            const CacheTarget target{item.diskPath, member, declared};
                            sh.memberScanners->start([&sh, &item, &resultsMutex, &results, &finished, &slots, pipe, shown, member, place, target] {
                                Scanned s = scanStream(sh, shown, 0, [&pipe](char *buf, qint64 max) { return pipe->read(buf, max); }, -1, &target, pipe.get());
                                pipe->closeRead(); // binary, cancelled or done: the decoder moves on
                                s.diskPath = item.diskPath;
                                s.member = member;
                                {
                                    QMutexLocker lock(&resultsMutex);
                                    results.emplace(place, std::move(s));
                                }
                                slots.release();
                                finished.release();
                            });
                            while (true) {
                                QByteArray block(DecodeBlock, Qt::Uninitialized);
                                const qint64 n = read(block.data(), DecodeBlock);
                                if (n <= 0)
                                    break;
                                block.truncate(n);
                                if (n < DecodeBlock / 2)
                                    block.squeeze(); // a small log's one block keeps only its text
                                if (!pipe->push(std::move(block)))
                                    break;
                            }
                            pipe->closeWrite();
                        },
                        ws);
    finished.acquire(int(started));
    QList<Scanned> out;
    out.reserve(qsizetype(results.size()));
    qint64 empty = 0;
    for (auto &[place, s] : results) {
        if (s.scan.bytes == 0 && !s.skipped && ++empty <= NamedEmpty)
            ws.append({Warning::Kind::Other, s.displayPath, 0, u"is empty (the member decodes to nothing); nothing to read"_s});
        out.append(std::move(s));
    }
    if (empty > NamedEmpty)
        ws.append({Warning::Kind::Other, item.displayPath, 0,
                   u"%1 more members are empty (the first %2 are named above); nothing to read in them"_s.arg(empty - NamedEmpty).arg(NamedEmpty)});
    if (notListed > 0)
        ws.append({Warning::Kind::Other, firstNotListed, 0,
                   u"this and %1 more member(s) of %2 are not read: the bundle already lists %3 files "
                   "(a cap that keeps memory bounded; %4)"_s.arg(notListed - 1).arg(item.displayPath).arg(sh.config->maxFiles)
                       .arg(ReadingLimit::howToRaise(u"max-files"))});
    sh.warn(ws);
    return out;
}


// Phase 1: what to read (plain files, chunks of large ones, archives), relative to which root
// (*rootOut). Everything refused on the way is a warning in sh.
QList<WorkItem> listInputs(const QStringList &inputs, const IngestConfig &config, Shared &sh, QString *rootOut)
{
    QList<QFileInfo> infos;
    for (const QString &in : inputs) {
        QFileInfo fi(in);
        if (!fi.exists()) {
            sh.warnings.append({Warning::Kind::Unreadable, in, 0, u"does not exist"_s});
            continue;
        }
        infos.append(fi);
    }
    QString &root = *rootOut;
    if (infos.size() == 1 && infos.first().isDir())
        root = infos.first().absoluteFilePath();
    else if (!infos.isEmpty()) {
        root = infos.first().isDir() ? infos.first().absoluteFilePath() : infos.first().absolutePath();
        for (const QFileInfo &fi : std::as_const(infos)) {
            const QString p = fi.isDir() ? fi.absoluteFilePath() : fi.absolutePath();
            while (!(p == root || p.startsWith(root + u'/')) && root.size() > 1)
                root = QFileInfo(root).absolutePath();
        }
    }
    const QDir rootDir(root);

    QList<WorkItem> items;
    qint64 plainNotListed = 0;
    QString firstPlainNotListed;
    auto addFile = [&](const QFileInfo &fi) {
        const QString shown = rootDir.relativeFilePath(fi.absoluteFilePath());
        // A link is read through the target checked here, and every open refuses a link in the
        // last component (RegularFile): a file swapped for a link during the run is not followed.
        QString diskPath = fi.absoluteFilePath();
        if (fi.isSymLink()) {
            const QString target = fi.canonicalFilePath();
            const QString canonRoot = QFileInfo(root).canonicalFilePath();
            if (target.isEmpty() || !(target.startsWith(canonRoot + u'/'))) {
                sh.warnings.append({Warning::Kind::Unsafe, shown, 0, u"symbolic link that leaves the bundle; not followed"_s});
                return;
            }
            diskPath = target;
        }
        if (fi.isDir()) { // only a link reaches here: the walk descends into real folders itself
            sh.warnings.append({Warning::Kind::Unsafe, shown, 0, u"link to a folder; not followed (its files would be read twice, or come from outside)"_s});
            return;
        }
        if (!fi.isFile()) {
            // A FIFO would block the reader forever; sockets and devices are not logs either.
            sh.warnings.append({Warning::Kind::Unreadable, shown, 0, u"not a regular file (a FIFO, socket or device); skipped"_s});
            return;
        }
        if (!fi.isReadable()) {
            sh.warnings.append({Warning::Kind::Unreadable, shown, 0, u"cannot be read (permission denied)"_s});
            return;
        }
        if (fi.size() == 0 && sh.files.load() < config.maxFiles)
            sh.warnings.append({Warning::Kind::Other, shown, 0, u"is empty; nothing to read"_s}); // listed all the same
        // Past the cap nothing more is listed, an archive's members included (they take their
        // places as they are read), so the file is not even opened: a folder of a million
        // files past the cap costs its listing, not a million opens.
        if (sh.files.load() >= config.maxFiles) {
            if (plainNotListed++ == 0)
                firstPlainNotListed = shown;
            return;
        }
        WorkItem w;
        w.diskPath = diskPath;
        w.displayPath = shown;
        w.size = fi.size();
        if (w.size <= config.parallelChunkBytes) {
            // Takes its place now; an archive gives it back when its content says so.
            if (!sh.admit()) {
                if (plainNotListed++ == 0)
                    firstPlainNotListed = shown;
                return;
            }
            w.type = WorkItem::Type::Sniff;
            items.append(w);
            return;
        }
        // The content decides, not the name: a log saved as ".tar.gz" is read as text, a
        // compressed log without the extension is opened as one.
        QByteArray head;
        {
            QFile f;
            if (RegularFile::open(f, w.diskPath, nullptr, QIODevice::ReadOnly | QIODevice::Unbuffered))
                head = f.read(512);
        }
        const bool magic = ArchiveWalker::hasArchiveMagic(head);
        w.type = magic ? WorkItem::Type::Archive : WorkItem::Type::Plain;
        // An archive takes no place itself; each of its members does, as it is read.
        if (w.type == WorkItem::Type::Plain && !sh.admit()) {
            if (plainNotListed++ == 0)
                firstPlainNotListed = shown;
            return;
        }
        if (!magic && ArchiveWalker::isArchiveName(fi.fileName()))
            sh.warnings.append({Warning::Kind::Archive, shown, 0, u"is named like an archive but is not one; read as a plain log"_s});
        // UTF-16 is decoded from its start: its chunks would not begin at line starts of the text.
        if (w.type == WorkItem::Type::Plain && w.size > config.parallelChunkBytes && encodingOfHead(head) == TextEncoding::Utf8) {
            int idx = 0;
            for (qint64 s = 0; s < w.size; s += config.parallelChunkBytes) {
                WorkItem c = w;
                c.chunkStart = s;
                c.chunkEnd = std::min(w.size, s + config.parallelChunkBytes);
                c.chunkIndex = idx++;
                items.append(c);
            }
        } else {
            items.append(w);
        }
    };
    for (const QFileInfo &fi : std::as_const(infos)) {
        if (fi.isDir()) {
            const FolderWalker::Result walked = FolderWalker::walk(fi.absoluteFilePath(), &sh.cancel);
            const QStringList &files = walked.files;
            for (const FolderWalker::Refused &r : walked.refused)
                sh.warnings.append({Warning::Kind::Unreadable, rootDir.relativeFilePath(r.path), 0, r.reason});
            if (files.isEmpty() && walked.refused.isEmpty())
                sh.warnings.append({Warning::Kind::Unreadable, rootDir.relativeFilePath(fi.absoluteFilePath()), 0,
                                    u"folder holds no files"_s});
            for (const QString &f : std::as_const(files)) {
                const QFileInfo info(f);
                // Answer keys laid beside a case (tests/data/real's expected.json, the simulator's
                // truth.json) are not incident data: reading their prose as log text would
                // "find" the answer. Named files given explicitly are read.
                if (config.answerKeyNames.contains(info.fileName())) {
                    sh.warnings.append({Warning::Kind::Other, rootDir.relativeFilePath(info.absoluteFilePath()), 0,
                                        u"an answer key beside the bundle, not incident data; skipped"_s});
                    continue;
                }
                addFile(info);
            }
        } else {
            addFile(fi);
        }
    }
    if (plainNotListed > 0)
        sh.warnings.append({Warning::Kind::Other, firstPlainNotListed, 0,
                            u"this and %1 more file(s) after it are not read: the bundle already lists %2 files "
                            "(a cap that keeps memory bounded; %3)"_s.arg(plainNotListed - 1).arg(config.maxFiles)
                                .arg(ReadingLimit::howToRaise(u"max-files"))});
    return items;

}

// Appends the scan of chunk `s` to that of the chunks before it (`prev`): its line numbers move
// down by the lines already counted.
void appendChunk(Scanned &prev, const Scanned &s)
{
    // The chunk read last saw the latest modification.
    prev.identity.modifiedNs = std::max(prev.identity.modifiedNs, s.identity.modifiedNs);
    if (!prev.keptText.isNull()) { // only the head was kept: not the whole file
        prev.keptText = QByteArray();
        prev.keptTooLarge = true;
    }
    const qint64 shift = prev.scan.lines;
    FileScan moved = s.scan;
    for (auto &c : moved.checkpoints)
        c.line += shift;
    for (auto &t : moved.times)
        t.line += shift;
    for (auto &e : moved.events)
        e.event.source.line += shift;
    for (auto &in : moved.inits)
        in.line += shift;
    for (auto &in : moved.workerRanks)
        in.line += shift;
    for (auto &lr : moved.launcherRanks)
        lr.line += shift;
    for (auto &tn : moved.taskNodes)
        tn.line += shift;
    prev.scan.checkpoints += moved.checkpoints;
    prev.scan.times += moved.times;
    prev.scan.events += moved.events;
    prev.scan.inits += moved.inits;
    prev.scan.workerRanks += moved.workerRanks;
    prev.scan.launcherRanks += moved.launcherRanks;
    prev.scan.taskNodes += moved.taskNodes;
    for (const qint64 l : moved.runBoundaries)
        prev.scan.runBoundaries.append(l + shift);
    for (const qint64 l : moved.jobEnds)
        prev.scan.jobEnds.append(l + shift);
    for (const QString &d : moved.logDirs)
        if (!prev.scan.logDirs.contains(d))
            prev.scan.logDirs.append(d);
    for (auto v : moved.slurmVariables) {
        v.line += shift;
        prev.scan.slurmVariables.append(v);
    }
    if (moved.agentGroupRank >= 0)
        prev.scan.agentGroupRank = moved.agentGroupRank;
    if (moved.agentProcsPerNode >= 0)
        prev.scan.agentProcsPerNode = moved.agentProcsPerNode;
    if (moved.bootTimeMs >= 0)
        prev.scan.bootTimeMs = moved.bootTimeMs;
    prev.scan.lines += moved.lines;
    prev.scan.bytes += moved.bytes;
    for (auto it = moved.rankClaims.cbegin(); it != moved.rankClaims.cend(); ++it)
        prev.scan.rankClaims[it.key()] += it.value();
    for (auto it = moved.hostClaims.cbegin(); it != moved.hostClaims.cend(); ++it)
        prev.scan.hostClaims[it.key()] += it.value();
    for (auto it = moved.lineHostClaims.cbegin(); it != moved.lineHostClaims.cend(); ++it)
        prev.scan.lineHostClaims[it.key()] += it.value();
    for (auto it = moved.ncclProcs.cbegin(); it != moved.ncclProcs.cend(); ++it)
        prev.scan.ncclProcs[it.key()] += it.value();
    prev.scan.crlf |= moved.crlf;
    prev.scan.tasksAreAgents |= moved.tasksAreAgents;
    prev.scan.ansi |= moved.ansi;
    if (moved.overlongLines > 0 && prev.scan.overlongLines == 0)
        prev.scan.firstOverlongLine = moved.firstOverlongLine + shift;
    prev.scan.overlongLines += moved.overlongLines;
    prev.scan.endsWithoutNewline = moved.endsWithoutNewline;
}

// Phase 2: scans every item in parallel, reporting progress from this thread, and joins the
// chunks of each large file back into one scan, in order. *cancelled: the user stopped it.
QList<Scanned> scanAll(const QList<WorkItem> &items, const IngestConfig &config, Shared &sh, const ProgressCallback &progress, bool *cancelled)
{
    qint64 totalBytes = 0;
    for (const WorkItem &w : items)
        totalBytes += (w.chunkEnd < 0 ? w.size : w.chunkEnd - w.chunkStart);
    QThreadPool pool;
    pool.setMaxThreadCount(config.threads > 0 ? config.threads : std::max(1, QThread::idealThreadCount()));
    // Archive members are scanned here while their archive's thread in `pool` decodes. As many
    // as `pool`: a lone archive then keeps every core busy (one decoding, the rest scanning),
    // and a decoding thread that waits on a full pipe costs no core.
    QThreadPool memberScanners;
    memberScanners.setMaxThreadCount(pool.maxThreadCount());
    sh.memberScanners = &memberScanners;
    std::optional<MemberCacheFeeder> feeder;
    if (config.memberCache) {
        feeder.emplace(*config.memberCache);
        sh.cacheFeeder = &*feeder;
    }
    // Each item says when it is done, so this thread wakes for progress every 20 ms but returns
    // as soon as the last item is scanned: a fixed sleep made every small ingest (a paste, one
    // file, a fuzz input) wait for it.
    QSemaphore itemsDone;
    QFuture<QList<Scanned>> future = QtConcurrent::mapped(&pool, items, [&sh, &itemsDone](const WorkItem &w) {
        QList<Scanned> out;
        if (!sh.cancel.load())
            out = w.type == WorkItem::Type::Archive ? scanArchive(sh, w) : scanPlain(sh, w);
        itemsDone.release();
        return out;
    });
    for (qsizetype remaining = items.size(); remaining > 0;) {
        if (!reportProgress(progress, sh.bytesDone.load(), totalBytes))
            sh.cancel = true;
        if (itemsDone.tryAcquire(1, 20))
            --remaining;
    }
    future.waitForFinished();
    sh.memberScanners = nullptr;
    if (feeder) {
        feeder->finish(); // at most its queue's bound still to write
        sh.cacheFeeder = nullptr;
    }
    *cancelled = sh.cancel.load();

    QList<Scanned> scanned;
    for (const QList<Scanned> &part : future.results()) {
        for (const Scanned &s : part) {
            if (s.chunkIndex > 0 && !scanned.isEmpty() && scanned.last().displayPath == s.displayPath)
                appendChunk(scanned.last(), s);
            else
                scanned.append(s);
        }
    }
    return scanned;
}

} // namespace

IngestResultPtr Ingestor::run(const QStringList &inputs, const IngestConfig &config, const ProgressCallback &progress)
{
    QElapsedTimer timer;
    timer.start();
    auto result = std::make_shared<IngestResult>();
    result->inputs = inputs;
    result->fingerprints = config.fingerprints;

    EventMatcher matcher(config.fingerprints);
    Shared sh;
    sh.config = &config;
    sh.matcher = &matcher;
    for (const QString &bad : matcher.invalidRegexes())
        sh.warnings.append({Warning::Kind::Other, QString(), 0, u"fingerprint regex does not compile: "_s + bad});

    QElapsedTimer phase;
    phase.start();
    auto phaseDone = [&](const char *what) {
        result->stats.phaseSeconds.append({QString::fromLatin1(what), double(phase.nsecsElapsed()) / 1e9});
        phase.restart();
    };
    // --- 1. What to read, relative to which root.
    const QList<WorkItem> items = listInputs(inputs, config, sh, &result->root);

    phaseDone("listing");

    // --- 2. Scan in parallel.
    bool cancelled = false;
    QList<Scanned> scanned = scanAll(items, config, sh, progress, &cancelled);
    result->cancelled = cancelled;

    phaseDone("scanning");

    // --- 3 to 6. Attribution, times and events, clock offsets, job shape.
    BundleAssembler::assemble(scanned, config, *result, sh.warnings, phaseDone);

    result->warnings = sh.warnings;
    if (result->cancelled)
        result->warnings.append({Warning::Kind::Other, QString(), 0, u"ingest cancelled: the result covers what was read until then"_s});
    result->stats.files = result->files.size();
    for (const InputFile &f : std::as_const(result->files)) {
        result->stats.bytes += f.bytes;
        result->stats.lines += f.lines;
    }
    result->stats.events = result->events.size();
    result->stats.seconds = double(timer.nsecsElapsed()) / 1e9;
    return result;
}

} // namespace rankscope::ingest
