// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "casedata.h"
#include "progress.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace rankscope::cases {

// Describes the inputs of a bundle so that a case file can tell, when it is reopened, whether
// the logs it talks about are still there and still the same.
class CaseSources
{
public:
    // The bytes hashed at each end of a file (see fingerprint()).
    static constexpr qint64 WindowBytes = qint64(1024) * 1024;

    // A content fingerprint that costs at most 2 MiB of reading per file: SHA-256 over the size
    // (8 bytes, little-endian), the first MiB and the last MiB. Bundles reach tens of GB and a
    // case is saved often, so hashing everything is out of the question. Logs grow at the end
    // and get cut or rotated at either end, which is what this notices; an edit in the middle
    // of a file over 2 MiB that keeps its size is not noticed. Files up to 2 MiB are hashed
    // whole. Empty when the file cannot be read.
    static QByteArray fingerprint(const QString &file);

    // One CaseSource per regular file of what the user opened: a folder stands for every file
    // under it (recursively, hidden ones included, as the ingest reads them) with the folder as
    // root; a file or an archive stands for itself with its folder as root. Sorted by root and
    // relative path, each file once. progress counts files and may cancel (then the list is
    // incomplete and empty is returned).
    static QList<CaseSource> describe(const QStringList &openedPaths, const ProgressCallback &progress = {});
};

} // namespace rankscope::cases
