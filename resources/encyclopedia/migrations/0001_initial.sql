-- SPDX-FileCopyrightText: 2026 RankScope authors
-- SPDX-License-Identifier: GPL-3.0-or-later
-- Encyclopedia schema, version 1. Run by core/kb/encyclopediastore.cpp, which sets
-- PRAGMA user_version after each migration. Statements end with ';' at the end of a line.

-- One row per entry: columns to list and filter by, and the whole parsed entry as JSON
-- (core/kb/entry.cpp toJson), so that a new field needs no new column.
CREATE TABLE entries (
    num INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    category TEXT NOT NULL,
    role TEXT NOT NULL,
    summary TEXT NOT NULL,
    tags TEXT NOT NULL,
    source_path TEXT NOT NULL,
    data TEXT NOT NULL
);

CREATE INDEX entries_category ON entries(category);

-- One row per fingerprint, in entry order; ordinal is the position inside its entry.
CREATE TABLE fingerprints (
    num INTEGER PRIMARY KEY,
    entry_id TEXT NOT NULL REFERENCES entries(id),
    ordinal INTEGER NOT NULL,
    regex TEXT NOT NULL,
    anchor TEXT NOT NULL,
    weight REAL NOT NULL,
    role TEXT NOT NULL,
    severity TEXT NOT NULL,
    versions TEXT NOT NULL,
    line INTEGER NOT NULL
);

CREATE INDEX fingerprints_entry ON fingerprints(entry_id);
CREATE INDEX fingerprints_anchor ON fingerprints(anchor);

-- Full-text index; rowid = entries.num. Porter stemming so that "timeouts" finds "timeout".
CREATE VIRTUAL TABLE entries_fts USING fts5(
    title, summary, symptoms, body,
    tokenize = 'porter unicode61 remove_diacritics 2'
);
