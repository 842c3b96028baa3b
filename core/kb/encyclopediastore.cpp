// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "encyclopediastore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSet>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>
#include <algorithm>

using namespace Qt::StringLiterals;

// Q_INIT_RESOURCE must be used outside any namespace. The migrations live in a static library,
// whose resource initialiser the linker would otherwise drop.
static void initKbResources()
{
    Q_INIT_RESOURCE(kb);
}

namespace rankscope::kb {

namespace {

const QString migrationDir = u":/rankscope/kb/migrations"_s;

struct Migration
{
    int version = 0;
    QString path;
};

const QList<Migration> &migrations()
{
    static const QList<Migration> list = [] {
        initKbResources();
        QList<Migration> out;
        const QStringList files = QDir(migrationDir).entryList({ u"*.sql"_s }, QDir::Files, QDir::Name);
        for (const QString &f : files) {
            bool ok = false;
            const int version = f.section(u'_', 0, 0).toInt(&ok);
            if (ok && version > 0)
                out.append({ version, migrationDir + u'/' + f });
        }
        std::sort(out.begin(), out.end(), [](const Migration &a, const Migration &b) { return a.version < b.version; });
        return out;
    }();
    return list;
}

// Statements of a migration file: comment lines dropped, each statement ends with ';' at the end
// of a line (QSqlQuery::exec runs one statement at a time).
QStringList statements(const QString &sql)
{
    QStringList out;
    QString current;
    const QStringList lines = sql.split(u'\n');
    for (const QString &line : lines) {
        const QString t = line.trimmed();
        if (t.isEmpty() || t.startsWith(u"--"_s))
            continue;
        current += line + u'\n';
        if (t.endsWith(u';')) {
            out.append(current.trimmed());
            current.clear();
        }
    }
    if (!current.trimmed().isEmpty())
        out.append(current.trimmed());
    return out;
}

QString symptomsText(const Entry &e)
{
    QStringList parts;
    for (const Symptom &s : e.symptoms)
        parts.append(s.text + u" \u2014 "_s + s.meaning);
    return parts.join(u'\n');
}

// Everything else a reader may search for; references are left out (URLs are noise).
QString bodyText(const Entry &e)
{
    QStringList parts;
    parts.append(e.tags.join(u' '));
    parts.append(e.mechanism);
    parts += e.rootCauses;
    parts += e.affected;
    parts += e.confirm;
    for (const Step &s : e.fix) {
        parts.append(s.text);
        for (const CodeBlock &c : s.code)
            parts.append(c.code);
    }
    for (const VerificationStep &s : e.verification) {
        parts.append(s.text);
        for (const CodeBlock &c : s.code)
            parts.append(c.code);
        parts.append(s.expected);
    }
    parts += e.prevention;
    parts += e.lookUpstream;
    for (const Condition &c : e.conditions)
        parts.append(c.explanation);
    for (const Example &x : e.examples)
        parts.append(x.text);
    return parts.join(u'\n');
}

// Words as FTS5's unicode61 tokenizer sees them, each quoted so that no FTS5 syntax leaks in;
// the last one is a prefix, so that a word being typed already finds something.
enum class Match { Phrase, All, Any };
QString ftsQuery(const QStringList &words, Match match)
{
    if (match == Match::Phrase)
        return u'"' + words.join(u' ') + u"\"*"_s;
    QStringList terms;
    for (const QString &w : words)
        terms.append(u'"' + w + u'"');
    terms.last() += u'*';
    return terms.join(match == Match::All ? u" "_s : u" OR "_s);
}

} // namespace

EncyclopediaStore::EncyclopediaStore(const QString &path, Mode mode)
    : m_connection(u"rankscope-kb-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    m_db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_connection);
    if (!m_db.isValid()) {
        m_error = u"Qt's SQLite driver (QSQLITE) is not available"_s;
        return;
    }
    const bool memory = path == u":memory:"_s;
    if (mode == Mode::ReadOnly && !memory) {
        if (!QFileInfo(path).isFile()) {
            m_error = u"%1: no such file"_s.arg(path);
            return;
        }
        m_db.setConnectOptions(u"QSQLITE_OPEN_READONLY"_s);
    }
    m_db.setDatabaseName(path);
    if (!m_db.open()) {
        m_error = u"%1: %2"_s.arg(path, m_db.lastError().text());
        return;
    }
    if (mode == Mode::ReadWrite) {
        QSqlQuery q(m_db);
        q.exec(u"PRAGMA foreign_keys = ON"_s);
    }
}

EncyclopediaStore::~EncyclopediaStore()
{
    if (m_db.isOpen())
        m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_connection);
}

bool EncyclopediaStore::isOpen() const
{
    return m_db.isOpen();
}

bool EncyclopediaStore::fail(const QString &what, const QString &detail)
{
    m_error = m_db.databaseName() + u": "_s + what + (detail.isEmpty() ? QString() : u" ("_s + detail + u')');
    return false;
}

int EncyclopediaStore::latestSchemaVersion()
{
    return migrations().isEmpty() ? 0 : migrations().last().version;
}

int EncyclopediaStore::schemaVersion()
{
    if (!isOpen())
        return -1;
    QSqlQuery q(m_db);
    // user_version alone reads only the header; touching sqlite_master makes a non-database fail.
    if (!q.exec(u"SELECT count(*) FROM sqlite_master"_s) || !q.exec(u"PRAGMA user_version"_s) || !q.next()) {
        fail(u"not an SQLite database"_s, q.lastError().text());
        return -1;
    }
    return q.value(0).toInt();
}

bool EncyclopediaStore::migrate()
{
    if (!isOpen())
        return false;
    const int current = schemaVersion();
    if (current < 0)
        return false;
    if (current > latestSchemaVersion()) {
        return fail(u"schema version %1 is newer than this RankScope understands (%2)"_s.arg(current).arg(
                        latestSchemaVersion()),
            {});
    }
    for (const Migration &m : migrations()) {
        if (m.version <= current)
            continue;
        QFile file(m.path);
        if (!file.open(QIODevice::ReadOnly))
            return fail(u"migration %1 is missing"_s.arg(m.path), file.errorString());
        if (!m_db.transaction())
            return fail(u"cannot start a transaction"_s, m_db.lastError().text());
        const QStringList sql = statements(QString::fromUtf8(file.readAll()));
        for (const QString &statement : sql) {
            QSqlQuery q(m_db);
            if (!q.exec(statement)) {
                const QString detail = q.lastError().text();
                m_db.rollback();
                return fail(u"migration %1 failed"_s.arg(QFileInfo(m.path).fileName()), detail);
            }
        }
        QSqlQuery q(m_db);
        // PRAGMA takes no bound parameters; the version is a number we produced.
        if (!q.exec(u"PRAGMA user_version = %1"_s.arg(m.version)) || !m_db.commit()) {
            const QString detail = q.lastError().text() + m_db.lastError().text();
            m_db.rollback();
            return fail(u"cannot record schema version %1"_s.arg(m.version), detail);
        }
    }
    return true;
}

bool EncyclopediaStore::checkVersion()
{
    const int version = schemaVersion();
    if (version < 0)
        return false;
    if (version > latestSchemaVersion()) {
        return fail(
            u"schema version %1 is newer than this RankScope understands (%2); update RankScope"_s.arg(version).arg(
                latestSchemaVersion()),
            {});
    }
    if (version == 0)
        return fail(u"not an encyclopedia database (schema version 0)"_s, {});
    if (version < latestSchemaVersion()) {
        return fail(
            u"schema version %1 is older than %2; rebuild the database"_s.arg(version).arg(latestSchemaVersion()), {});
    }
    return true;
}

bool EncyclopediaStore::writeEntries(const QList<Entry> &input)
{
    if (!isOpen() || !checkVersion())
        return false;
    QList<Entry> entries = input;
    std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) { return a.id < b.id; });

    if (!m_db.transaction())
        return fail(u"cannot start a transaction"_s, m_db.lastError().text());
    auto abort = [this](const QSqlQuery &q, const QString &what) {
        const QString detail = q.lastError().text();
        m_db.rollback();
        return fail(what, detail);
    };
    {
        QSqlQuery q(m_db);
        for (const QString &sql :
            { u"DELETE FROM entries_fts"_s, u"DELETE FROM fingerprints"_s, u"DELETE FROM entries"_s }) {
            if (!q.exec(sql))
                return abort(q, u"cannot clear the tables"_s);
        }
    }
    QSqlQuery insertEntry(m_db);
    QSqlQuery insertFingerprint(m_db);
    QSqlQuery insertText(m_db);
    // A null QString binds as NULL; coalesce() keeps optional text columns NOT NULL.
    if (!insertEntry.prepare(
            u"INSERT INTO entries (num, id, title, category, role, summary, tags, source_path, data) "
            "VALUES (?, ?, coalesce(?, ''), ?, ?, coalesce(?, ''), coalesce(?, ''), coalesce(?, ''), ?)"_s))
        return abort(insertEntry, u"cannot prepare"_s);
    if (!insertFingerprint.prepare(u"INSERT INTO fingerprints (entry_id, ordinal, regex, anchor, weight, role, "
                                   "severity, versions, line) VALUES (?, ?, ?, ?, ?, ?, ?, coalesce(?, ''), ?)"_s))
        return abort(insertFingerprint, u"cannot prepare"_s);
    if (!insertText.prepare(
            u"INSERT INTO entries_fts (rowid, title, summary, symptoms, body) VALUES (?, ?, ?, ?, ?)"_s))
        return abort(insertText, u"cannot prepare"_s);

    qint64 num = 0;
    for (const Entry &e : std::as_const(entries)) {
        ++num;
        const QByteArray json = QJsonDocument(toJson(e)).toJson(QJsonDocument::Compact);
        insertEntry.addBindValue(num);
        insertEntry.addBindValue(e.id);
        insertEntry.addBindValue(e.title);
        insertEntry.addBindValue(e.category);
        insertEntry.addBindValue(toString(e.role));
        insertEntry.addBindValue(e.summary);
        insertEntry.addBindValue(e.tags.join(u", "_s));
        insertEntry.addBindValue(e.sourcePath);
        insertEntry.addBindValue(QString::fromUtf8(json));
        if (!insertEntry.exec())
            return abort(insertEntry, u"cannot store entry %1"_s.arg(e.id));
        for (qsizetype i = 0; i < e.fingerprints.size(); ++i) {
            const Fingerprint &f = e.fingerprints.at(i);
            insertFingerprint.addBindValue(e.id);
            insertFingerprint.addBindValue(i);
            insertFingerprint.addBindValue(f.regex);
            insertFingerprint.addBindValue(f.anchor);
            insertFingerprint.addBindValue(f.weight);
            insertFingerprint.addBindValue(toString(f.role));
            insertFingerprint.addBindValue(toString(f.severity));
            insertFingerprint.addBindValue(f.versions);
            insertFingerprint.addBindValue(f.line);
            if (!insertFingerprint.exec())
                return abort(insertFingerprint, u"cannot store a fingerprint of %1"_s.arg(e.id));
        }
        insertText.addBindValue(num);
        insertText.addBindValue(e.title);
        insertText.addBindValue(e.summary);
        insertText.addBindValue(symptomsText(e));
        insertText.addBindValue(bodyText(e));
        if (!insertText.exec())
            return abort(insertText, u"cannot index entry %1"_s.arg(e.id));
    }
    if (!m_db.commit()) {
        const QString detail = m_db.lastError().text();
        m_db.rollback();
        return fail(u"cannot commit"_s, detail);
    }
    return true;
}

std::optional<QList<Entry>> EncyclopediaStore::readEntries()
{
    if (!isOpen() || !checkVersion())
        return std::nullopt;
    QSqlQuery q(m_db);
    q.setForwardOnly(true);
    if (!q.exec(u"SELECT id, data FROM entries ORDER BY id"_s)) {
        fail(u"cannot read entries"_s, q.lastError().text());
        return std::nullopt;
    }
    QList<Entry> out;
    while (q.next()) {
        QJsonParseError parseError;
        const QJsonDocument doc = QJsonDocument::fromJson(q.value(1).toString().toUtf8(), &parseError);
        QString error;
        std::optional<Entry> e;
        if (doc.isObject())
            e = entryFromJson(doc.object(), &error);
        else
            error = parseError.errorString();
        if (!e) {
            fail(u"entry %1 is damaged"_s.arg(q.value(0).toString()), error);
            return std::nullopt;
        }
        out.append(std::move(*e));
    }
    return out;
}

std::optional<QList<SearchHit>> EncyclopediaStore::search(const QString &text, int limit)
{
    if (!isOpen())
        return std::nullopt;
    QStringList words;
    QString word;
    for (QChar c : text) {
        if (c.isLetterOrNumber()) {
            word += c.toLower();
        } else if (!word.isEmpty()) {
            words.append(word);
            word.clear();
        }
    }
    if (!word.isEmpty())
        words.append(word);
    QList<SearchHit> hits;
    if (words.isEmpty() || limit <= 0)
        return hits;

    // Column weights: a word in the title says more than one deep in the body.
    static const QString sql = u"SELECT e.id, -bm25(entries_fts, 10.0, 5.0, 3.0, 1.0) AS score, "
                               "snippet(entries_fts, -1, '[', ']', '\u2026', 12) "
                               "FROM entries_fts JOIN entries e ON e.num = entries_fts.rowid "
                               "WHERE entries_fts MATCH ? ORDER BY score DESC, e.id LIMIT ?"_s;
    // Entries holding the words as a phrase come first, then those holding all of them; only when
    // none holds all words, entries holding any of them.
    QList<Match> tiers = { Match::All, Match::Any };
    if (words.size() > 1)
        tiers.prepend(Match::Phrase);
    QSet<QString> seen;
    for (Match match : std::as_const(tiers)) {
        if (match == Match::Any && (!hits.isEmpty() || words.size() < 2))
            break;
        QSqlQuery q(m_db);
        q.setForwardOnly(true);
        if (!q.prepare(sql)) {
            fail(u"cannot prepare the search"_s, q.lastError().text());
            return std::nullopt;
        }
        q.addBindValue(ftsQuery(words, match));
        q.addBindValue(limit);
        if (!q.exec()) {
            fail(u"search failed"_s, q.lastError().text());
            return std::nullopt;
        }
        while (q.next() && hits.size() < limit) {
            const QString id = q.value(0).toString();
            if (seen.contains(id))
                continue;
            seen.insert(id);
            hits.append({ id, q.value(1).toDouble(), q.value(2).toString() });
        }
    }
    return hits;
}

bool EncyclopediaStore::writeDatabase(const QString &path, const QList<Entry> &entries, QString *error)
{
    const QString tmp = path + u".tmp"_s;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile::remove(tmp);
    {
        EncyclopediaStore store(tmp, Mode::ReadWrite);
        if (!store.isOpen() || !store.migrate() || !store.writeEntries(entries)) {
            if (error)
                *error = store.errorString();
            QFile::remove(tmp);
            return false;
        }
    }
    QFile::remove(path);
    if (!QFile::rename(tmp, path)) {
        if (error)
            *error = u"cannot rename %1 to %2"_s.arg(tmp, path);
        QFile::remove(tmp);
        return false;
    }
    return true;
}

} // namespace rankscope::kb
