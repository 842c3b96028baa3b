// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "entry.h"

#include <QList>
#include <QSqlDatabase>
#include <QString>
#include <optional>

namespace rankscope::kb {

// The SQLite form of the encyclopedia: one connection of its own, used by one thread only and
// removed on destruction (STYLE.md 19). The schema is versioned with PRAGMA user_version and
// built by numbered migrations (resources/encyclopedia/migrations/NNNN_name.sql, compiled in
// through core/kb/kb.qrc: a new migration is a new file there, never an edit of a shipped one).
//
// Tables: entries (searchable columns plus the whole parsed entry as JSON), fingerprints (one
// row per fingerprint, for SQL queries), entries_fts (FTS5 over title, summary, symptoms, body).
class EncyclopediaStore
{
public:
    enum class Mode { ReadOnly, ReadWrite };

    // path may be ":memory:". ReadOnly opens with QSQLITE_OPEN_READONLY and never creates a file.
    EncyclopediaStore(const QString &path, Mode mode);
    ~EncyclopediaStore();
    EncyclopediaStore(const EncyclopediaStore &) = delete;
    EncyclopediaStore &operator=(const EncyclopediaStore &) = delete;

    bool isOpen() const;
    QString errorString() const { return m_error; }

    // The schema version this build writes and reads.
    static int latestSchemaVersion();
    // PRAGMA user_version of the open database; -1 when it cannot be read (not a database).
    int schemaVersion();
    // Runs the migrations the database has not seen yet, each in its own transaction.
    bool migrate();
    // Replaces all entries in one transaction with prepared, bound statements.
    bool writeEntries(const QList<Entry> &entries);
    // Refuses a database from a newer RankScope or one that needs migrating.
    std::optional<QList<Entry>> readEntries();
    // FTS5 query over the entries; see KnowledgeBase::search().
    std::optional<QList<SearchHit>> search(const QString &text, int limit);

    // Validates nothing: writes entries into a fresh database file at path, replacing it atomically.
    static bool writeDatabase(const QString &path, const QList<Entry> &entries, QString *error);

private:
    bool fail(const QString &what, const QString &detail);
    bool checkVersion();

    QString m_connection;
    QSqlDatabase m_db;
    QString m_error;
};

} // namespace rankscope::kb
