// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

namespace rankscope {

// A typed problem found while reading input. Parsers return these next to their results
// instead of throwing or logging, so the CLI prints them and the GUI lists them with a link
// to the file and line (STYLE.md 6).
struct Warning
{
    enum class Kind {
        Unreadable,      // the file could not be opened or read
        Binary,          // binary content, skipped
        Archive,         // archive damaged, truncated or over a safety cap
        Unsafe,          // path escapes the bundle (../, symlink)
        Encoding,        // invalid UTF-8, NUL bytes, overlong line
        Attribution,     // conflicting or missing rank/node evidence
        Timestamp,       // timestamp that could not be parsed or ordered
        Inventory,       // inventory file truncated, contradictory or unattributable
        Entry,           // encyclopedia entry problem
        Case,            // case file problem
        Other,
    };

    Kind kind = Kind::Other;
    QString path;        // relative to the opened root; archive members as "a.tar.gz!/x/y.log"
    qint64 line = 0;     // 1-based; 0 when the problem concerns the whole file
    QString message;

    // "path:line: message" — the form compilers use, so editors and terminals link it.
    QString toString() const;
    static QString kindName(Kind kind);
};

using Warnings = QList<Warning>;

} // namespace rankscope
