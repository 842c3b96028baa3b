// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "folderwalker.h"

#include <QFile>
#include <QStringDecoder>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>

using namespace Qt::StringLiterals;

namespace rankscope::ingest {

namespace {

struct Walk
{
    FolderWalker::Result *out;
    const std::atomic<bool> *cancel;
};

// Folders nest deeper than anyone writes logs only by accident or on purpose; either way the
// walk stops there instead of running out of descriptors.
constexpr int MaxDepth = 256;

void walkFd(Walk &w, int dirFd, const QString &path, const QByteArray &rawPath, int depth)
{
    DIR *dir = ::fdopendir(dirFd);
    if (!dir) {
        ::close(dirFd);
        w.out->refused.append({path, QString::fromLocal8Bit(std::strerror(errno))});
        return;
    }
    QList<std::pair<QByteArray, bool>> entries; // name, is a folder
    while (const dirent *e = ::readdir(dir)) {
        const QByteArray name(e->d_name);
        if (name == "." || name == "..")
            continue;
        bool isDir = e->d_type == DT_DIR;
        if (e->d_type == DT_UNKNOWN) { // some file systems do not say; ask without following links
            struct stat st{};
            isDir = ::fstatat(::dirfd(dir), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
        }
        entries.append({name, isDir});
    }
    std::sort(entries.begin(), entries.end());
    for (const auto &[name, isDir] : std::as_const(entries)) {
        if (w.cancel && w.cancel->load()) {
            w.out->cancelled = true;
            break;
        }
        bool valid = true;
        const QString shown = path + u'/' + FolderWalker::displayName(name, &valid);
        const QByteArray raw = rawPath + '/' + name;
        if (!valid) {
            w.out->refused.append({shown, u"its name is not valid UTF-8 (shown with the bytes escaped); rename it to read it"_s});
            continue;
        }
        if (raw.size() >= PATH_MAX && !isDir) {
            w.out->refused.append({shown, u"its path is longer than the system's limit of %1 bytes; move it higher up to read it"_s.arg(PATH_MAX)});
            continue;
        }
        if (!isDir) {
            w.out->files.append(shown);
            continue;
        }
        if (depth >= MaxDepth) {
            w.out->refused.append({shown, u"folder nested more than %1 levels deep; not walked"_s.arg(MaxDepth)});
            continue;
        }
        const int fd = ::openat(::dirfd(dir), name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) {
            w.out->refused.append({shown, u"folder cannot be opened: "_s + QString::fromLocal8Bit(std::strerror(errno))});
            continue;
        }
        // A folder past PATH_MAX is still walked, so that what it holds is named.
        walkFd(w, fd, shown, raw, depth + 1);
    }
    ::closedir(dir);
}

} // namespace

QString FolderWalker::displayName(const QByteArray &name, bool *valid)
{
    QStringDecoder decode(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decode(name);
    const bool ok = !decode.hasError();
    if (valid)
        *valid = ok;
    if (ok)
        return text;
    QString shown;
    for (const char c : name) {
        const auto b = static_cast<unsigned char>(c);
        if (b >= 0x20 && b < 0x7f)
            shown += QLatin1Char(c);
        else
            shown += u"\\x"_s + QString::number(b, 16).rightJustified(2, u'0');
    }
    return shown;
}

FolderWalker::Result FolderWalker::walk(const QString &folder, const std::atomic<bool> *cancel)
{
    Result out;
    Walk w{&out, cancel};
    const QByteArray raw = QFile::encodeName(folder);
    const int fd = ::open(raw.constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        out.refused.append({folder, u"folder cannot be opened: "_s + QString::fromLocal8Bit(std::strerror(errno))});
        return out;
    }
    walkFd(w, fd, folder, raw, 0);
    std::sort(out.files.begin(), out.files.end());
    return out;
}

} // namespace rankscope::ingest
