// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "caselocator.h"

#include "casesources.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>

using namespace Qt::StringLiterals;

namespace rankscope::cases {

namespace {

// Folders looked at below the picked one: enough for "the bundle is in there somewhere",
// bounded so that picking a home folder does not walk the whole disk.
constexpr int MaxDepth = 2;
constexpr int MaxCandidates = 1000;

bool isUnder(const QString &path, const QString &root)
{
    return path == root || path.startsWith(root.endsWith(u'/') ? root : root + u'/');
}

QString join(const QString &root, const QString &relative)
{
    return QDir::cleanPath(root + u'/' + relative);
}

} // namespace

QList<SourceStatus> CaseLocator::check(const CaseData &data, const ProgressCallback &progress)
{
    QList<SourceStatus> out;
    out.reserve(data.sources.size());
    for (qsizetype i = 0; i < data.sources.size(); ++i) {
        if (!reportProgress(progress, i, data.sources.size()))
            return {};
        SourceStatus s;
        s.source = data.sources.at(i);
        s.filePath = join(s.source.root, s.source.relativePath);
        const QFileInfo info(s.filePath);
        if (!info.isFile()) {
            s.state = SourceStatus::State::Missing;
        } else if (!insideRoot(s.source.root, s.filePath)) {
            s.state = SourceStatus::State::Outside; // not even fingerprinted
        } else {
            s.bytes = info.size();
            const bool same = s.bytes == s.source.bytes
                && (s.source.fingerprint.isEmpty() || CaseSources::fingerprint(s.filePath) == s.source.fingerprint);
            s.state = same ? SourceStatus::State::Present : SourceStatus::State::Changed;
        }
        out.append(s);
    }
    reportProgress(progress, data.sources.size(), data.sources.size());
    return out;
}

bool CaseLocator::insideRoot(const QString &root, const QString &filePath)
{
    // Links are resolved: a file of the bundle that is a link to /etc/shadow is not inside it.
    const QString r = QFileInfo(root).canonicalFilePath();
    const QString f = QFileInfo(filePath).canonicalFilePath();
    return !r.isEmpty() && !f.isEmpty() && (f == r || f.startsWith(r.endsWith(u'/') ? r : r + u'/'));
}

QStringList CaseLocator::roots(const CaseData &data)
{
    QStringList out;
    QSet<QString> seen;
    for (const CaseSource &s : data.sources) {
        if (!seen.contains(s.root)) {
            seen.insert(s.root);
            out.append(s.root);
        }
    }
    return out;
}

CaseData CaseLocator::relocate(CaseData data, const QString &oldRoot, const QString &newRoot)
{
    const QString from = QDir::cleanPath(oldRoot);
    const QString to = QDir::cleanPath(newRoot);
    for (CaseSource &s : data.sources) {
        const QString root = QDir::cleanPath(s.root);
        if (isUnder(root, from))
            s.root = QDir::cleanPath(to + root.mid(from.size()));
    }
    return data;
}

RootSuggestion CaseLocator::suggestRoot(const CaseData &data, const QString &pickedFolder, const QString &oldRoot)
{
    const QString wantedRoot = oldRoot.isEmpty() ? QString() : QDir::cleanPath(oldRoot);
    QStringList paths;
    QSet<QString> firstParts; // cheap pre-check before counting every path under a candidate
    QStringList rootNames; // the bundle folder may have moved without being renamed
    for (const CaseSource &s : data.sources) {
        if (!wantedRoot.isEmpty() && !isUnder(QDir::cleanPath(s.root), wantedRoot))
            continue;
        if (!paths.contains(s.relativePath)) {
            paths.append(s.relativePath);
            firstParts.insert(s.relativePath.section(u'/', 0, 0));
        }
        const QString name = QFileInfo(QDir::cleanPath(s.root)).fileName();
        if (!name.isEmpty() && !rootNames.contains(name))
            rootNames.append(name);
    }
    RootSuggestion best;
    best.total = int(paths.size());
    const QString picked = QDir::cleanPath(QFileInfo(pickedFolder).absoluteFilePath());
    if (paths.isEmpty() || !QFileInfo(picked).isDir())
        return best;

    // Candidates nearest first, so that a tie goes to the folder closest to what was picked.
    QStringList candidates { picked };
    for (const QString &name : std::as_const(rootNames))
        candidates.append(join(picked, name));
    QList<QPair<QString, int>> queue { { picked, 0 } };
    for (qsizetype i = 0; i < queue.size() && candidates.size() < MaxCandidates; ++i) {
        const auto [dir, depth] = queue.at(i);
        if (depth == MaxDepth)
            continue;
        const QStringList children = QDir(dir).entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden, QDir::Name);
        for (const QString &child : children) {
            const QString path = join(dir, child);
            candidates.append(path);
            queue.append({ path, depth + 1 });
        }
    }
    QDir up(picked);
    for (int i = 0; i < 2 && up.cdUp(); ++i)
        candidates.append(up.absolutePath());

    QSet<QString> tried;
    for (const QString &candidate : std::as_const(candidates)) {
        if (tried.contains(candidate))
            continue;
        tried.insert(candidate);
        bool plausible = false;
        for (const QString &part : std::as_const(firstParts))
            plausible = plausible || QFileInfo::exists(join(candidate, part));
        if (!plausible)
            continue;
        int found = 0;
        for (const QString &p : std::as_const(paths))
            found += QFileInfo(join(candidate, p)).isFile() ? 1 : 0;
        if (found > best.found) {
            best.root = candidate;
            best.found = found;
            if (found == best.total)
                break;
        }
    }
    return best;
}

} // namespace rankscope::cases
