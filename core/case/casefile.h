// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "casedata.h"

#include <QString>

namespace rankscope::cases {

// Why a case file could not be read or written. Each kind asks the user for something
// different: find the file, pick another one, restore a backup, update RankScope, check the disk.
enum class CaseError {
    None,
    NotFound, // no file at that path
    NotSqlite, // not an SQLite database at all (text, image, empty file)
    Corrupt, // an SQLite file that is truncated or damaged
    NewerSchema, // a case file written by a newer RankScope
    NotACase, // an SQLite database of another application
    IoError, // permissions, a folder, a full disk, a missing SQLite driver
    Refused, // a sound file whose content RankScope will not act on: paths out of its bundle,
             // counts past the limits below, views or triggers (a case is a document people send)
};

struct CaseLoadResult
{
    bool ok = false;
    CaseError error = CaseError::None;
    QString message; // names the file; empty when ok
    CaseData data;
};

struct CaseSaveResult
{
    bool ok = false;
    CaseError error = CaseError::None;
    QString message; // names the file; empty when ok
};

// Reads and writes `.rscase` files: one SQLite database per case (schema below), so a case is a
// single file a colleague can be sent, and a save is a transaction.
//
// Safety is the point of the shape:
//  - save() replaces every row in one BEGIN IMMEDIATE … COMMIT with a rollback journal and
//    synchronous=FULL: a process killed at any moment leaves the previous case or the new one.
//  - Before writing, save() inspects an existing target and refuses, without changing a byte,
//    anything but a sound case file it can write: a log the user mistyped, a damaged case a
//    backup may still restore, a case from a newer RankScope, another program's database. A
//    zero-length file is the one exception: it holds nothing to lose.
//  - load() opens read-only and never writes, not even a journal. When a killed save left a
//    hot journal beside the file, load() rolls it back in a private copy and reads that; the
//    next save() rolls back the real file.
//
// The file is recognised by PRAGMA application_id (ApplicationId, "RSCF"), versioned by PRAGMA
// user_version (SchemaVersion). Tables of schema 1: case_info (one row: title, notes, times,
// verdict override), sources, clock_offsets, attribution, bookmarks, tags, walkthrough; list
// tables keep the list order in an `ord` column. Absent ranks and times are NULL.
//
// Each call opens its own uniquely named connection and removes it before returning, so a save
// may run in a background job on any thread (STYLE.md 19); two saves of one file wait for each
// other's transaction (up to the driver's busy timeout) instead of interleaving.
class CaseFile
{
public:
    static constexpr int SchemaVersion = 2; // 2: pasted (the text of pasted incidents)
    static constexpr quint32 ApplicationId = 0x52534346; // "RSCF" in the file header
    // What load() accepts, checked with count(*) before a row is read: far above any real case
    // (a 16,384-rank bundle has about 40,000 files, opened from one or two roots), far below
    // what would take minutes or gigabytes to read.
    static constexpr qint64 MaxSources = 1'000'000;
    static constexpr qint64 MaxRoots = 256;
    static constexpr qint64 MaxListRows = 100'000; // bookmarks, walkthrough, attribution, offsets, tags
    static constexpr qint64 MaxTextBytes = 256ll * 1024 * 1024; // title, notes and pasted text together

    static CaseSaveResult save(const CaseData &data, const QString &path);
    static CaseLoadResult load(const QString &path);
};

} // namespace rankscope::cases
