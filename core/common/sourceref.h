// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMetaType>
#include <QtGlobal>

namespace rankscope {

// Line numbers are 1-based everywhere a user sees them; 0 means "no line" (a whole file).
using LineNumber = qint64;
// Index into an ingest result's file table. Paths repeat millions of times in events, so
// events carry this id instead of the path (STYLE.md 8).
using FileId = quint32;
inline constexpr FileId InvalidFileId = 0xffffffffu;

// Where a fact came from: every verdict, matrix cell and diagnosis carries one, so the GUI can
// always jump to the evidence.
struct SourceRef
{
    FileId file = InvalidFileId;
    LineNumber line = 0;

    bool isValid() const { return file != InvalidFileId; }
    friend bool operator==(const SourceRef &, const SourceRef &) = default;
};

} // namespace rankscope

Q_DECLARE_METATYPE(rankscope::SourceRef)
