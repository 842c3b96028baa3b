// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "incidentrecord.h"

#include <QList>
#include <QString>

namespace rankscope::history {

struct LibraryResult
{
    bool ok = false;
    QString message; // names the library file; empty when ok
};

// The local incident library: one SQLite file (history.sqlite in the application data folder,
// or $RANKSCOPE_HISTORY) holding an IncidentRecord per analysed bundle. Nothing in it leaves the
// machine; a team shares incidents by exchanging `analyze --format json` files and importing
// them (README, "Incident history").
//
// Like case files, every call opens its own connection (any thread), writes happen in one
// BEGIN IMMEDIATE … COMMIT with a rollback journal, and a file that is not a library RankScope
// can write (another program's database, a damaged file, a newer schema) is refused without a
// byte changed. Reading a library that does not exist yet gives no incidents and creates nothing.
//
// Recognised by PRAGMA application_id (ApplicationId, "RSHL") and versioned by user_version
// (SchemaVersion). Schema 1: incidents (one row per bundle identity), matrix (its cells).
class IncidentLibrary
{
public:
    static constexpr int SchemaVersion = 1;
    static constexpr quint32 ApplicationId = 0x5253484c; // "RSHL"

    explicit IncidentLibrary(const QString &path);
    static QString defaultPath();
    QString path() const { return m_path; }

    // Adds r, or updates the incident with the same identity (keeping its id): sets r.id and
    // *updated. r.recordedMs is set to now when 0.
    LibraryResult record(IncidentRecord &r, bool *updated = nullptr) const;
    // How much of each incident's version matrix list() reads: Seen before, recurring culprits
    // and lists need only the outlier cells, which keeps a refresh of a library of thousands of
    // incidents from reading every cell of every matrix.
    enum class Cells { All, Outliers };
    // Every incident, the most recent (IncidentRecord::when) first, with their matrices.
    LibraryResult list(QList<IncidentRecord> *out, Cells cells = Cells::All) const;
    LibraryResult find(qint64 id, IncidentRecord *out) const;
    LibraryResult forget(qint64 id) const;

private:
    QString m_path;
};

} // namespace rankscope::history
