// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "entry.h"
#include "warning.h"

#include <QHash>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringMatcher>
#include <memory>

namespace rankscope::kb {

// The failure encyclopedia as the analysis and the front ends see it: the built-in entries
// compiled into encyclopedia.sqlite, overlaid by the user's own entry files, with every
// fingerprint precompiled for classify() and full-text search for the browser.
//
// Immutable once built and shared as shared_ptr<const>: const methods may be called from any
// number of threads at once. Regexes are compiled (and JIT-optimised) before the object is
// published; search() opens a connection of its own on each call, because a QSqlDatabase must
// not be shared between threads (STYLE.md 19).
class KnowledgeBase
{
public:
    // Opens the built-in database read-only and overlays *.md files of userDir (same id: the user
    // entry wins and is marked userOverride). Never returns null: problems (missing or damaged
    // database, schema from a newer RankScope, invalid user entries) become warnings and the
    // affected entries are left out.
    static std::shared_ptr<const KnowledgeBase> open(const QString &dbPath, const QString &userDir, Warnings *warnings);
    // For tests and tools: entries as given (a later duplicate id replaces an earlier one).
    static std::shared_ptr<const KnowledgeBase> fromEntries(QList<Entry> entries);

    // $RANKSCOPE_ENCYCLOPEDIA, else <application dir>/../share/rankscope/encyclopedia.sqlite when it
    // exists (build tree and any install prefix), else /usr/share/rankscope/encyclopedia.sqlite.
    static QString defaultDatabasePath();
    // <AppDataLocation>/encyclopedia
    static QString defaultUserDir();

    ~KnowledgeBase();
    KnowledgeBase(const KnowledgeBase &) = delete;
    KnowledgeBase &operator=(const KnowledgeBase &) = delete;

    // Sorted by id.
    const QList<Entry> &entries() const { return m_entries; }
    const Entry *entry(QStringView id) const;
    // All fingerprints of all entries; the index is the fingerprint id used by FingerprintMatch.
    const QList<Fingerprint> &fingerprints() const { return m_fingerprints; }

    // FTS5 search over title, summary, symptoms and body (the last word as a prefix). Entries that
    // hold the words as a phrase come first, then those that hold all of them, each group by bm25
    // (title weighs most, body least); only when no entry holds all words, those with any of them.
    QList<SearchHit> search(const QString &text, int limit = 20) const;

    // The entries whose fingerprints match one log line (launcher prefixes already stripped),
    // best first: by best fingerprint weight, then initiating > either > collateral entry role,
    // then id. One match per entry, carrying its best fingerprint and that one's named captures.
    QList<FingerprintMatch> classify(QStringView line) const;

    // The database search() reads; empty when search uses an in-memory index (user overlay).
    QString searchDatabasePath() const { return m_searchDbPath; }

private:
    KnowledgeBase() = default;
    void build(QList<Entry> entries);

    struct Anchor
    {
        QStringMatcher matcher;
        QList<qsizetype> fingerprints;
    };

    QList<Entry> m_entries;
    QHash<QString, qsizetype> m_index;
    QList<Fingerprint> m_fingerprints;
    QList<qsizetype> m_fingerprintEntry; // fingerprint -> index into m_entries
    QList<QRegularExpression> m_regexes; // parallel to m_fingerprints
    QList<QStringList> m_groupNames; // named groups of each regex
    QList<Anchor> m_anchors; // distinct anchors, each with its fingerprints
    QString m_searchDbPath;
};

} // namespace rankscope::kb
