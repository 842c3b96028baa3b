// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "archivewalker.h"
#include "readinglimit.h"

#include "regularfile.h"

#include <QFile>
#include <QFileInfo>

#include <archive.h>
#include <archive_entry.h>

#include <memory>

using namespace Qt::StringLiterals;

namespace rankscope::ingest {

namespace {

struct ArchiveDeleter
{
    void operator()(archive *a) const { archive_read_free(a); }
};
using ArchivePtr = std::unique_ptr<archive, ArchiveDeleter>;

ArchivePtr newReader()
{
    ArchivePtr a(archive_read_new());
    archive_read_support_filter_all(a.get());
    // The formats bundles come in, not "all": libarchive's mtree reader takes a text of single
    // words ("Starting / Initialising / Ready") for a manifest and the log's lines are lost.
    archive_read_support_format_tar(a.get());
    archive_read_support_format_gnutar(a.get());
    // Zip as a stream, in one pass: the seeking reader jumps from the central directory to each
    // member and reads a whole block again at every jump, which read a zip of small logs three
    // times over (tst_readsonce).
    archive_read_support_format_zip_streamable(a.get());
    archive_read_support_format_7zip(a.get());
    archive_read_support_format_cpio(a.get());
    // Lowest bid: a plain .gz/.zst/.xz that holds no tar becomes one member.
    archive_read_support_format_raw(a.get());
    return a;
}

QString errorText(archive *a)
{
    const char *s = archive_error_string(a);
    return s ? QString::fromUtf8(s) : u"unknown archive error"_s;
}

bool unsafeName(const QString &name)
{
    if (name.startsWith(u'/') || name.contains(u'\\'))
        return true;
    const auto parts = name.split(u'/');
    return parts.contains(u".."_s);
}

// Data source for a nested archive: pulls from the outer member's reader.
struct NestedSource
{
    const ArchiveWalker::ReadFn *read = nullptr;
    QByteArray buffer;
};

la_ssize_t nestedRead(archive *, void *client, const void **buff)
{
    auto *src = static_cast<NestedSource *>(client);
    const qint64 n = (*src->read)(src->buffer.data(), src->buffer.size());
    *buff = src->buffer.constData();
    return n < 0 ? ARCHIVE_FATAL : la_ssize_t(n);
}

struct WalkState
{
    const ArchiveWalker::Options *options;
    const ArchiveWalker::Visitor *visit;
    Warnings *warnings;
    qint64 totalBytes = 0;
    qint64 entries = 0;
    bool aborted = false;
};


void walkEntries(archive *a, const QString &prefix, int depth, WalkState &st, const QString &rawName)
{
    const IngestConfig &cfg = *st.options->config;
    const QString &shown = st.options->displayPath;
    archive_entry *entry = nullptr;
    while (!st.aborted) {
        if (st.options->cancel && st.options->cancel->load())
            return;
        const int r = archive_read_next_header(a, &entry);
        if (r == ARCHIVE_EOF)
            return;
        if (r < ARCHIVE_WARN) {
            st.warnings->append({Warning::Kind::Archive, shown, 0,
                                 u"archive is damaged or truncated (after "_s + QString::number(st.entries)
                                     + u" members): "_s + errorText(a) + u"; the members before it are analysed"_s});
            return;
        }
        if (++st.entries > cfg.maxArchiveEntries) {
            st.warnings->append({Warning::Kind::Archive, shown, 0,
                                 u"more than %1 members: stopped reading (a safety cap against archive bombs; %2)"_s.arg(cfg.maxArchiveEntries)
                                     .arg(ReadingLimit::howToRaise(u"max-archive-members"))});
            st.aborted = true;
            return;
        }
        if (archive_entry_filetype(entry) != AE_IFREG)
            continue;
        const char *rawPath = archive_entry_pathname_utf8(entry);
        if (!rawPath)
            rawPath = archive_entry_pathname(entry);
        QString name = rawPath ? QString::fromUtf8(rawPath) : QString();
        if (archive_format(a) == ARCHIVE_FORMAT_RAW || name == u"data"_s)
            name = rawName;
        while (name.startsWith(u"./"_s))
            name = name.mid(2);
        if (name.isEmpty())
            continue;
        if (unsafeName(name)) {
            st.warnings->append({Warning::Kind::Unsafe, shown + u"!/"_s + name, 0,
                                 u"member name leaves the archive (absolute or '..'); skipped"_s});
            continue;
        }
        const QString member = prefix.isEmpty() ? name : prefix + u"!/"_s + name;
        const qint64 declared = archive_entry_size_is_set(entry) ? qint64(archive_entry_size(entry)) : -1;

        bool failed = false;
        qint64 memberBytes = 0;
        ArchiveWalker::ReadFn read = [&](char *buf, qint64 max) -> qint64 {
            if (failed || st.aborted)
                return 0;
            const la_ssize_t n = archive_read_data(a, buf, size_t(max));
            if (n < 0) {
                failed = true;
                st.warnings->append({Warning::Kind::Archive, shown + u"!/"_s + member, 0,
                                     u"member could not be read completely: "_s + errorText(a)});
                return -1;
            }
            st.totalBytes += n;
            memberBytes += n;
            if (memberBytes > cfg.maxMemberBytes) {
                // The whole archive stops: going on to the next member would decode the rest of
                // this one, which is the time the cap is there to save.
                st.warnings->append({Warning::Kind::Archive, shown + u"!/"_s + member, 0,
                                     u"member expands to more than %1 bytes: stopped reading the archive (a safety cap "
                                     "against archive bombs; %2, or unpack the archive and open the folder if the bundle is real)"_s
                                         .arg(cfg.maxMemberBytes)
                                         .arg(ReadingLimit::howToRaise(u"max-member-size"))});
                st.aborted = true;
                return -1;
            }
            const qint64 consumed = qint64(archive_filter_bytes(a, -1));
            if (st.totalBytes > cfg.maxUncompressedBytes
                || (st.totalBytes > cfg.maxRatioFloorBytes && consumed > 0
                    && double(st.totalBytes) / double(consumed) > cfg.maxCompressionRatio)) {
                // Name the cap that stopped it, so that the user knows which one to raise.
                const bool bySize = st.totalBytes > cfg.maxUncompressedBytes;
                st.warnings->append({Warning::Kind::Archive, shown, 0,
                                     u"expands to more than %1 bytes (%2x its compressed size): stopped reading "
                                     "(a safety cap against archive bombs; %3, or unpack the archive and open the folder if the bundle is real)"_s
                                         .arg(st.totalBytes)
                                         .arg(consumed > 0 ? double(st.totalBytes) / double(consumed) : 0.0, 0, 'f', 0)
                                         .arg(ReadingLimit::howToRaise(bySize ? u"max-archive-size" : u"max-ratio"))});
                st.aborted = true;
                return -1;
            }
            return qint64(n);
        };

        if (depth == 0 && ArchiveWalker::isArchiveName(name)) {
            // One level of nesting, read from the outer stream.
            NestedSource src{&read, QByteArray(1 << 20, Qt::Uninitialized)};
            ArchivePtr inner = newReader();
            if (archive_read_open(inner.get(), &src, nullptr, nestedRead, nullptr) != ARCHIVE_OK) {
                st.warnings->append({Warning::Kind::Archive, shown + u"!/"_s + member, 0,
                                     u"nested archive could not be opened: "_s + errorText(inner.get())});
                continue;
            }
            QString innerRaw = QFileInfo(name).fileName();
            for (const auto &ext : {u".gz"_s, u".zst"_s, u".xz"_s, u".bz2"_s}) {
                if (innerRaw.endsWith(ext))
                    innerRaw.chop(ext.size());
            }
            walkEntries(inner.get(), member, depth + 1, st, innerRaw);
            continue;
        }
        if (depth > 0 && ArchiveWalker::isArchiveName(name)) {
            st.warnings->append({Warning::Kind::Archive, shown + u"!/"_s + member, 0,
                                 u"archive nested more than one level deep; not opened"_s});
            continue;
        }
        (*st.visit)(member, declared, read);
    }
}

} // namespace

bool ArchiveWalker::isArchiveName(const QString &name)
{
    static const QStringList exts = {u".tar"_s, u".tar.gz"_s, u".tgz"_s, u".tar.zst"_s, u".tzst"_s, u".tar.xz"_s,
                                     u".txz"_s, u".tar.bz2"_s, u".zip"_s, u".gz"_s, u".zst"_s, u".xz"_s, u".bz2"_s};
    const QString lower = name.toLower();
    for (const QString &e : exts) {
        if (lower.endsWith(e))
            return true;
    }
    return false;
}

bool ArchiveWalker::hasArchiveMagic(QByteArrayView head)
{
    auto at = [&](qsizetype offset, QByteArrayView magic) { return head.size() >= offset + magic.size() && head.sliced(offset, magic.size()) == magic; };
    return at(0, "\x1f\x8b") || at(0, "\x28\xb5\x2f\xfd") || at(0, "\xfd\x37\x7a\x58\x5a\x00") || at(0, "BZh")
           || at(0, "PK\x03\x04") || at(0, "PK\x05\x06") || at(0, "7z\xbc\xaf\x27\x1c") || at(257, "ustar");
}

bool ArchiveWalker::walk(const QString &diskPath, const Options &options, const Visitor &visit, Warnings &warnings)
{
    // Opened by us, not by libarchive's open_filename: a FIFO or a link swapped in is refused.
    // Declared before the reader, so the descriptor outlives it.
    QFile file;
    QString why;
    if (!RegularFile::open(file, diskPath, &why)) {
        warnings.append({Warning::Kind::Archive, options.displayPath, 0, u"cannot open archive: "_s + why});
        return false;
    }
    ArchivePtr a = newReader();
    if (archive_read_open_fd(a.get(), file.handle(), 1 << 20) != ARCHIVE_OK) {
        warnings.append({Warning::Kind::Archive, options.displayPath, 0, u"cannot open archive: "_s + errorText(a.get())});
        return false;
    }
    WalkState st{&options, &visit, &warnings};
    QString rawName = QFileInfo(diskPath).fileName();
    for (const auto &ext : {u".gz"_s, u".zst"_s, u".xz"_s, u".bz2"_s}) {
        if (rawName.endsWith(ext))
            rawName.chop(ext.size());
    }
    walkEntries(a.get(), QString(), 0, st, rawName);
    return true;
}

} // namespace rankscope::ingest
