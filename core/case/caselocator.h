// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "casedata.h"
#include "progress.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace rankscope::cases {

// Where a case's file is now, compared with what the case recorded.
struct SourceStatus
{
    enum class State {
        Present, // same size and fingerprint
        Missing, // no file at root/relativePath
        Changed, // a different size or fingerprint (or no longer readable)
        Outside, // a link to a file outside the bundle's root: never read
    };
    State state = State::Missing;
    CaseSource source; // as recorded
    QString filePath; // root + relativePath, where it was looked for
    qint64 bytes = -1; // size on disk now; -1 when missing
};

// The folder under which most of a case's files were found (see CaseLocator::suggestRoot).
struct RootSuggestion
{
    QString root; // empty when none of the files is under the picked folder
    int found = 0; // relative paths that exist under root
    int total = 0; // relative paths looked for
};

// Reopening a case whose bundle was moved, copied to another machine or partly deleted. Plain
// values in, plain values out: the GUI decides what to ask (a folder picker, a "continue
// without the missing files" button), this only answers what it is asked.
class CaseLocator
{
public:
    // One status per source, in the case's order. A size that differs decides without reading;
    // otherwise the fingerprint is recomputed (up to 2 MiB per file), so progress counts files
    // and may cancel (then the list is empty).
    static QList<SourceStatus> check(const CaseData &data, const ProgressCallback &progress = {});

    // filePath, with links resolved, is root or lies under it (both must exist).
    static bool insideRoot(const QString &root, const QString &filePath);

    // The distinct roots of the case's sources in first-seen order: what a "locate" dialog
    // offers to relocate, one root at a time.
    static QStringList roots(const CaseData &data);

    // Rewrites the root of every source that is oldRoot or lies under it. Relative paths, and so
    // bookmarks and every other path in the case, stay as they are.
    static CaseData relocate(CaseData data, const QString &oldRoot, const QString &newRoot);

    // Where the bundle probably is now, given a folder the user picked: the picked folder
    // itself, a folder up to two levels below it (the bundle folder, perhaps renamed) or one of
    // its two parents (the user picked a folder inside the bundle). Counts the case's relative
    // paths that exist under each and returns the one with most, the nearest on a tie. With
    // oldRoot only that root's sources are looked for.
    static RootSuggestion suggestRoot(const CaseData &data, const QString &pickedFolder, const QString &oldRoot = {});
};

} // namespace rankscope::cases
