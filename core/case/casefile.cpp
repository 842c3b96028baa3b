// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "casefile.h"
#include "sqliteconnection.h"
#include "sqlitefileheader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QVariant>
#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;

namespace rankscope::cases {

namespace {

// Schema 1. A later schema appends a list here and a migration step in writeCase(); shipped
// statements are never edited, since files written by them exist.
const QStringList schemaV1 = {
    u"CREATE TABLE case_info (id INTEGER PRIMARY KEY CHECK (id = 1), title TEXT, notes TEXT, "
    "created TEXT, modified TEXT, verdict_active INTEGER NOT NULL DEFAULT 0, verdict_rank INTEGER, "
    "verdict_node TEXT, verdict_entry TEXT, verdict_reason TEXT)"_s,
    u"CREATE TABLE sources (ord INTEGER PRIMARY KEY, root TEXT, relative_path TEXT, bytes INTEGER, "
    "fingerprint BLOB)"_s,
    u"CREATE TABLE clock_offsets (ord INTEGER PRIMARY KEY, node TEXT, seconds REAL)"_s,
    u"CREATE TABLE attribution (ord INTEGER PRIMARY KEY, path TEXT, node TEXT, rank INTEGER)"_s,
    u"CREATE TABLE bookmarks (ord INTEGER PRIMARY KEY, path TEXT, line INTEGER, rank INTEGER, node TEXT, "
    "time_ms INTEGER, label TEXT, note TEXT)"_s,
    u"CREATE TABLE tags (ord INTEGER PRIMARY KEY, tag TEXT)"_s,
    u"CREATE TABLE walkthrough (ord INTEGER PRIMARY KEY, title TEXT, note TEXT, path TEXT, line INTEGER, "
    "rank INTEGER, node TEXT, time_ms INTEGER, role TEXT)"_s,
};
// Schema 2: the text of pasted incidents, which exists nowhere else.
const QStringList schemaV2 = {
    u"CREATE TABLE pasted (ord INTEGER PRIMARY KEY, name TEXT, text BLOB)"_s,
};
const QStringList tables = { u"case_info"_s, u"sources"_s, u"clock_offsets"_s, u"attribution"_s, u"bookmarks"_s,
    u"tags"_s, u"walkthrough"_s, u"pasted"_s };

// Every call opens its own connection (see CaseFile).
class Connection : public SqliteConnection
{
public:
    Connection(const QString &file, bool readOnly) : SqliteConnection(file, readOnly, u"case"_s) {}
};

// What inspect() found out about an existing file.
struct Inspection
{
    CaseError error = CaseError::None;
    QString detail; // why, without the path
    bool empty = false; // zero bytes: no case, but nothing to lose either
    // Declared before connection, so the copy outlives the connection reading it.
    std::unique_ptr<QTemporaryDir> recovered;
    // Read-only, inside BEGIN, so that load() reads the same snapshot the checks saw.
    std::unique_ptr<Connection> connection;
};

Inspection failed(CaseError error, const QString &detail)
{
    Inspection in;
    in.error = error;
    in.detail = detail;
    return in;
}

// A save killed mid-transaction leaves a hot journal beside the file, and a read-only
// connection refuses such a database (SQLITE_READONLY_ROLLBACK) instead of reading the old
// state. Copy both into dir and let a read-write connection roll the copy back: the original
// stays byte-identical, and the next save() rolls it back for real. Empty on failure.
QString recoveredCopy(const QString &path, const QTemporaryDir &dir)
{
    QString copy = dir.filePath(u"recovered.rscase"_s);
    const QString journal = copy + u"-journal"_s;
    // The journal first: should a running save commit between the two copies, the old journal
    // rolled back onto the new file still gives the old case; the other order could give neither.
    // A journal gone by now belonged to a save that has finished; the file alone is then whole.
    QFile::copy(path + u"-journal"_s, journal);
    if (!QFile::copy(path, copy))
        return {};
    // Copies keep the original's permissions; a read-only copy could not be rolled back.
    const auto rw = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
    QFile::setPermissions(copy, rw);
    if (QFile::exists(journal))
        QFile::setPermissions(journal, rw);
    {
        Connection c(copy, false);
        if (c.isOpen()) {
            // The first read takes the shared lock, which is where SQLite rolls back a hot
            // journal. A file that is no database fails here harmlessly; the checks say why.
            QSqlQuery q(c.db());
            q.exec(u"SELECT count(*) FROM sqlite_master"_s);
        }
    }
    return copy;
}

// Everything save() and load() must know before trusting a file, cheapest checks first.
Inspection inspect(const QString &path)
{
    const QString what = u"case file"_s;
    SqliteFileHeader header = SqliteFileHeader::check(path, CaseFile::ApplicationId, CaseFile::SchemaVersion, what);

    // A journal matters only beside a case file (the application id is set in the first save's
    // transaction and never changes), so another program's database is never copied.
    std::unique_ptr<QTemporaryDir> recovered;
    QString readPath = path;
    const QFileInfo journal(path + u"-journal"_s);
    if (journal.exists() && journal.size() > 0 && SqliteFileHeader::applicationIdOf(header.bytes) == CaseFile::ApplicationId) {
        recovered = std::make_unique<QTemporaryDir>();
        if (!recovered->isValid() || (readPath = recoveredCopy(path, *recovered)).isEmpty())
            return failed(CaseError::IoError,
                u"an interrupted save left a journal that cannot be rolled back in a temporary copy (%1)"_s.arg(
                    recovered->errorString()));
        header = SqliteFileHeader::check(readPath, CaseFile::ApplicationId, CaseFile::SchemaVersion, what);
    }
    using P = SqliteFileHeader::Problem;
    switch (header.problem) {
    case P::None:
        break;
    case P::NotFound:
        return failed(CaseError::NotFound, header.detail);
    case P::IoError:
        return failed(CaseError::IoError, header.detail);
    case P::Empty: {
        Inspection in = failed(CaseError::NotSqlite, header.detail);
        in.empty = true;
        return in;
    }
    case P::NotSqlite:
        return failed(CaseError::NotSqlite, header.detail);
    case P::Corrupt:
        return failed(CaseError::Corrupt, header.detail);
    case P::Foreign:
        return failed(CaseError::NotACase, header.detail);
    case P::NewerSchema:
        return failed(CaseError::NewerSchema, header.detail);
    }

    Inspection in;
    in.recovered = std::move(recovered);
    in.connection = std::make_unique<Connection>(readPath, true);
    if (!in.connection->isOpen())
        return failed(CaseError::IoError, u"cannot be opened: %1"_s.arg(in.connection->error()));
    QSqlQuery q(in.connection->db());
    q.setForwardOnly(true);
    if (!q.exec(u"BEGIN"_s))
        return failed(CaseError::IoError, u"cannot be read: %1"_s.arg(q.lastError().text()));
    // quick_check walks every b-tree page: truncation and damaged pages show up here as text
    // instead of as odd values later.
    if (!q.exec(u"PRAGMA quick_check(5)"_s))
        return failed(CaseError::Corrupt, u"the file is damaged: %1"_s.arg(q.lastError().text()));
    QStringList problems;
    while (q.next())
        problems.append(q.value(0).toString());
    if (problems != QStringList { u"ok"_s })
        return failed(CaseError::Corrupt, u"the file is damaged: %1"_s.arg(problems.join(u"; "_s)));
    return in;
}

// NULL for "none", so the file reads naturally in the sqlite3 shell.
QVariant orNull(qint64 value, qint64 none)
{
    return value == none ? QVariant() : QVariant(value);
}

QVariant dateValue(const QDateTime &t)
{
    return t.isValid() ? QVariant(t.toUTC().toString(Qt::ISODateWithMs)) : QVariant();
}

int rankOf(const QVariant &v)
{
    return v.isNull() ? -1 : v.toInt();
}

qint64 timeOf(const QVariant &v)
{
    return v.isNull() ? NoTime : v.toLongLong();
}

// Binds values in order and runs the prepared statement; false with the error in q.
bool insert(QSqlQuery &q, std::initializer_list<QVariant> values)
{
    for (const QVariant &v : values)
        q.addBindValue(v);
    return q.exec();
}

struct WriteError
{
    CaseError kind = CaseError::None;
    QString detail;
};

// Inside the caller's BEGIN IMMEDIATE: checks again what inspect() saw (another program may
// have written in between), creates the schema in a new file, replaces every row.
WriteError writeRows(const QSqlDatabase &db, const CaseData &data)
{
    QSqlQuery q(db);
    auto pragma
        = [&q](const QString &name) { return q.exec(u"PRAGMA "_s + name) && q.next() ? q.value(0).toLongLong() : -1; };
    const qint64 applicationId = pragma(u"application_id"_s);
    const qint64 version = pragma(u"user_version"_s);
    qint64 objects = -1;
    if (q.exec(u"SELECT count(*) FROM sqlite_master"_s) && q.next())
        objects = q.value(0).toLongLong();
    q.finish();
    if (applicationId < 0 || version < 0 || objects < 0)
        return { CaseError::Corrupt, u"the file cannot be read: %1"_s.arg(q.lastError().text()) };
    if (applicationId == 0 && version == 0 && objects == 0) {
        for (const QString &sql : schemaV1 + schemaV2) {
            if (!q.exec(sql))
                return { CaseError::IoError, u"cannot create the tables: %1"_s.arg(q.lastError().text()) };
        }
        // PRAGMA takes no bound parameters; both values are our constants. Inside the
        // transaction they are written with the tables or not at all.
        if (!q.exec(u"PRAGMA application_id = %1"_s.arg(CaseFile::ApplicationId))
            || !q.exec(u"PRAGMA user_version = %1"_s.arg(CaseFile::SchemaVersion)))
            return { CaseError::IoError, u"cannot mark the file as a case file: %1"_s.arg(q.lastError().text()) };
    } else if (applicationId != CaseFile::ApplicationId) {
        return { CaseError::NotACase, u"not a RankScope case file (an SQLite database of another application)"_s };
    } else if (version > CaseFile::SchemaVersion) {
        return { CaseError::NewerSchema,
            u"written by a newer RankScope (case schema %1, this version writes %2)"_s.arg(version).arg(
                CaseFile::SchemaVersion) };
    } else if (version < 1) {
        return { CaseError::Corrupt, u"the file is damaged (a case file without a schema version)"_s };
    } else if (version < 2) {
        // Saving over a schema-1 case upgrades it, inside the same transaction.
        for (const QString &sql : schemaV2) {
            if (!q.exec(sql))
                return { CaseError::IoError, u"cannot upgrade the case: %1"_s.arg(q.lastError().text()) };
        }
        if (!q.exec(u"PRAGMA user_version = %1"_s.arg(CaseFile::SchemaVersion)))
            return { CaseError::IoError, u"cannot upgrade the case: %1"_s.arg(q.lastError().text()) };
    }

    for (const QString &table : tables) {
        if (!q.exec(u"DELETE FROM "_s + table))
            return { CaseError::Corrupt, u"cannot replace the old case: %1"_s.arg(q.lastError().text()) };
    }

    auto failedInsert = [](const QSqlQuery &query, const QString &what) {
        return WriteError { CaseError::IoError, u"cannot store %1: %2"_s.arg(what, query.lastError().text()) };
    };
    QSqlQuery info(db);
    info.prepare(u"INSERT INTO case_info (id, title, notes, created, modified, verdict_active, verdict_rank, "
                 "verdict_node, verdict_entry, verdict_reason) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    const VerdictOverride &v = data.verdictOverride;
    if (!insert(info,
            { data.title, data.notes, dateValue(data.created), dateValue(data.modified), int(v.active),
                orNull(v.rank, -1), v.node, v.entry, v.reason }))
        return failedInsert(info, u"the case"_s);

    QSqlQuery sources(db);
    sources.prepare(u"INSERT INTO sources (ord, root, relative_path, bytes, fingerprint) VALUES (?, ?, ?, ?, ?)"_s);
    for (qsizetype i = 0; i < data.sources.size(); ++i) {
        const CaseSource &s = data.sources.at(i);
        if (!insert(sources, { i, s.root, s.relativePath, s.bytes, s.fingerprint }))
            return failedInsert(sources, u"the bundle's files"_s);
    }
    QSqlQuery offsets(db);
    offsets.prepare(u"INSERT INTO clock_offsets (ord, node, seconds) VALUES (?, ?, ?)"_s);
    for (qsizetype i = 0; i < data.clockOffsets.size(); ++i) {
        const ClockOffset &o = data.clockOffsets.at(i);
        if (!insert(offsets, { i, o.node, o.seconds }))
            return failedInsert(offsets, u"the clock offsets"_s);
    }
    QSqlQuery attribution(db);
    attribution.prepare(u"INSERT INTO attribution (ord, path, node, rank) VALUES (?, ?, ?, ?)"_s);
    for (qsizetype i = 0; i < data.attribution.size(); ++i) {
        const AttributionOverride &a = data.attribution.at(i);
        if (!insert(attribution, { i, a.path, a.node, orNull(a.rank, -1) }))
            return failedInsert(attribution, u"the attribution overrides"_s);
    }
    QSqlQuery bookmarks(db);
    bookmarks.prepare(u"INSERT INTO bookmarks (ord, path, line, rank, node, time_ms, label, note) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"_s);
    for (qsizetype i = 0; i < data.bookmarks.size(); ++i) {
        const Bookmark &b = data.bookmarks.at(i);
        if (!insert(bookmarks,
                { i, b.path, b.line, orNull(b.rank, -1), b.node, orNull(b.timeMs, NoTime), b.label, b.note }))
            return failedInsert(bookmarks, u"the bookmarks"_s);
    }
    QSqlQuery tags(db);
    tags.prepare(u"INSERT INTO tags (ord, tag) VALUES (?, ?)"_s);
    for (qsizetype i = 0; i < data.tags.size(); ++i) {
        if (!insert(tags, { i, data.tags.at(i) }))
            return failedInsert(tags, u"the tags"_s);
    }
    QSqlQuery steps(db);
    steps.prepare(u"INSERT INTO walkthrough (ord, title, note, path, line, rank, node, time_ms, role) "
                  "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    for (qsizetype i = 0; i < data.walkthrough.size(); ++i) {
        const WalkthroughStep &s = data.walkthrough.at(i);
        if (!insert(steps,
                { i, s.title, s.note, s.path, s.line, orNull(s.rank, -1), s.node, orNull(s.timeMs, NoTime), s.role }))
            return failedInsert(steps, u"the walkthrough"_s);
    }
    QSqlQuery pasted(db);
    pasted.prepare(u"INSERT INTO pasted (ord, name, text) VALUES (?, ?, ?)"_s);
    for (qsizetype i = 0; i < data.pasted.size(); ++i) {
        if (!insert(pasted, { i, data.pasted.at(i).name, data.pasted.at(i).text }))
            return failedInsert(pasted, u"the pasted text"_s);
    }
    return {};
}

// Reads every table inside the inspection's snapshot. False with a reason on a missing table
// or column: the checks passed, yet this is not what schema 1 wrote.
bool readRows(const QSqlDatabase &db, CaseData &data, QString *problem)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    auto select = [&](const QString &sql) {
        if (q.exec(sql))
            return true;
        *problem = q.lastError().text();
        return false;
    };
    if (!select(u"SELECT title, notes, created, modified, verdict_active, verdict_rank, verdict_node, "
                "verdict_entry, verdict_reason FROM case_info WHERE id = 1"_s))
        return false;
    if (!q.next()) {
        *problem = u"the case record is missing"_s;
        return false;
    }
    data.title = q.value(0).toString();
    data.notes = q.value(1).toString();
    data.created = QDateTime::fromString(q.value(2).toString(), Qt::ISODateWithMs);
    data.modified = QDateTime::fromString(q.value(3).toString(), Qt::ISODateWithMs);
    data.verdictOverride = { q.value(4).toInt() != 0, rankOf(q.value(5)), q.value(6).toString(), q.value(7).toString(),
        q.value(8).toString() };

    if (!select(u"SELECT root, relative_path, bytes, fingerprint FROM sources ORDER BY ord"_s))
        return false;
    while (q.next())
        data.sources.append(
            { q.value(0).toString(), q.value(1).toString(), q.value(2).toLongLong(), q.value(3).toByteArray() });
    if (!select(u"SELECT node, seconds FROM clock_offsets ORDER BY ord"_s))
        return false;
    while (q.next())
        data.clockOffsets.append({ q.value(0).toString(), q.value(1).toDouble() });
    if (!select(u"SELECT path, node, rank FROM attribution ORDER BY ord"_s))
        return false;
    while (q.next())
        data.attribution.append({ q.value(0).toString(), q.value(1).toString(), rankOf(q.value(2)) });
    if (!select(u"SELECT path, line, rank, node, time_ms, label, note FROM bookmarks ORDER BY ord"_s))
        return false;
    while (q.next())
        data.bookmarks.append({ q.value(0).toString(), q.value(1).toLongLong(), rankOf(q.value(2)),
            q.value(3).toString(), timeOf(q.value(4)), q.value(5).toString(), q.value(6).toString() });
    if (!select(u"SELECT tag FROM tags ORDER BY ord"_s))
        return false;
    while (q.next())
        data.tags.append(q.value(0).toString());
    if (!select(u"SELECT title, note, path, line, rank, node, time_ms, role FROM walkthrough ORDER BY ord"_s))
        return false;
    while (q.next())
        data.walkthrough.append(
            { q.value(0).toString(), q.value(1).toString(), q.value(2).toString(), q.value(3).toLongLong(),
                rankOf(q.value(4)), q.value(5).toString(), timeOf(q.value(6)), q.value(7).toString() });
    // Schema 2 and later: pasted incidents' text.
    if (!select(u"SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'pasted'"_s) || !q.next())
        return false;
    if (q.value(0).toInt() > 0) {
        if (!select(u"SELECT name, text FROM pasted ORDER BY ord"_s))
            return false;
        while (q.next())
            data.pasted.append({ q.value(0).toString(), q.value(1).toByteArray() });
    }
    return true;
}

// What a case holds besides its values: only the tables save() creates (a view or trigger named
// like one could make a read run forever or write), and counts within CaseFile's limits,
// checked before a row is read so that a hostile file costs neither minutes nor memory.
QString shapeProblem(const QSqlDatabase &db)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    auto count = [&](const QString &sql, qint64 *out) {
        if (!q.exec(sql) || !q.next())
            return false;
        *out = q.value(0).toLongLong();
        return true;
    };
    if (!q.exec(u"SELECT type, name FROM sqlite_master WHERE type IN ('view', 'trigger')"_s))
        return q.lastError().text();
    if (q.next())
        return u"it holds a %1 (%2), which RankScope never writes"_s.arg(q.value(0).toString(), q.value(1).toString());
    struct Limit
    {
        QString sql;
        qint64 max;
        QString what;
    };
    const Limit limits[] = {
        {u"SELECT count(*) FROM sources"_s, CaseFile::MaxSources, u"files"_s},
        {u"SELECT count(DISTINCT root) FROM sources"_s, CaseFile::MaxRoots, u"bundle folders"_s},
        {u"SELECT count(*) FROM bookmarks"_s, CaseFile::MaxListRows, u"bookmarks"_s},
        {u"SELECT count(*) FROM walkthrough"_s, CaseFile::MaxListRows, u"walkthrough steps"_s},
        {u"SELECT count(*) FROM attribution"_s, CaseFile::MaxListRows, u"attribution overrides"_s},
        {u"SELECT count(*) FROM clock_offsets"_s, CaseFile::MaxListRows, u"clock offsets"_s},
        {u"SELECT count(*) FROM tags"_s, CaseFile::MaxListRows, u"tags"_s},
    };
    for (const Limit &l : limits) {
        qint64 n = 0;
        if (!count(l.sql, &n))
            return q.lastError().text();
        if (n > l.max)
            return u"it lists %1 %2, more than the %3 a case may hold"_s.arg(QString::number(n), l.what, QString::number(l.max));
    }
    qint64 hasPasted = 0;
    if (!count(u"SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'pasted'"_s, &hasPasted))
        return q.lastError().text();
    // length() of a BLOB is its size in bytes, without reading the text into memory.
    const QString textBytes = u"SELECT coalesce((SELECT sum(length(CAST(title AS BLOB)) + length(CAST(notes AS BLOB))) "
                              "FROM case_info), 0)"_s
        + (hasPasted ? u" + coalesce((SELECT sum(length(CAST(text AS BLOB))) FROM pasted), 0)"_s : QString());
    qint64 bytes = 0;
    if (!count(textBytes, &bytes))
        return q.lastError().text();
    if (bytes > CaseFile::MaxTextBytes)
        return u"its notes and pasted text take %1 MiB, more than the %2 MiB a case may hold"_s.arg(
            QString::number(bytes >> 20), QString::number(CaseFile::MaxTextBytes >> 20));
    return {};
}

// A path inside the bundle, as every path of a case is: relative, without a ".." step.
bool leavesTheBundle(const QString &relative)
{
    if (relative.contains(QChar(0)) || QDir::isAbsolutePath(relative) || relative.startsWith(u'\\')
        || (relative.size() > 1 && relative.at(1) == u':'))
        return true;
    const QStringList steps = relative.split(u'/');
    return std::any_of(steps.cbegin(), steps.cend(), [](const QString &s) {
        return s == u".."_s || s.split(u'\\').contains(u".."_s);
    });
}

// Every path a case names stays inside its bundle, and every bundle root is an absolute folder:
// the case opens those roots and nothing else.
QString pathProblem(const CaseData &data)
{
    for (qsizetype i = 0; i < data.sources.size(); ++i) {
        const CaseSource &s = data.sources.at(i);
        if (!QDir::isAbsolutePath(s.root) || s.root.contains(QChar(0)))
            return u"file %1 has the bundle folder \"%2\", which is not an absolute path"_s.arg(QString::number(i + 1), s.root);
        if (s.relativePath.isEmpty() || leavesTheBundle(s.relativePath))
            return u"file %1 is \"%2\", a path outside its bundle"_s.arg(QString::number(i + 1), s.relativePath);
    }
    auto check = [](const QString &kind, qsizetype i, const QString &path) {
        return leavesTheBundle(path) ? u"%1 %2 names \"%3\", a path outside the bundle"_s.arg(kind, QString::number(i + 1), path)
                                     : QString();
    };
    for (qsizetype i = 0; i < data.attribution.size(); ++i) {
        if (QString p = check(u"attribution override"_s, i, data.attribution.at(i).path); !p.isEmpty())
            return p;
    }
    for (qsizetype i = 0; i < data.bookmarks.size(); ++i) {
        if (QString p = check(u"bookmark"_s, i, data.bookmarks.at(i).path); !p.isEmpty())
            return p;
    }
    for (qsizetype i = 0; i < data.walkthrough.size(); ++i) {
        if (QString p = check(u"walkthrough step"_s, i, data.walkthrough.at(i).path); !p.isEmpty())
            return p;
    }
    for (qsizetype i = 0; i < data.pasted.size(); ++i) {
        const QString &name = data.pasted.at(i).name;
        if (name.isEmpty() || name.contains(u'/') || name.contains(u'\\') || leavesTheBundle(name) || name == u".."_s)
            return u"pasted text %1 is named \"%2\", which is not a plain file name"_s.arg(QString::number(i + 1), name);
    }
    return {};
}

QString driverProblem()
{
    if (QSqlDatabase::isDriverAvailable(u"QSQLITE"_s))
        return {};
    return u"Qt's SQLite driver (QSQLITE) is not installed (Debian/Ubuntu: apt-get install libqt6sql6-sqlite)"_s;
}

} // namespace

CaseLoadResult CaseFile::load(const QString &path)
{
    CaseLoadResult result;
    auto fail = [&](CaseError kind, const QString &detail) {
        result.error = kind;
        result.message = u"%1: cannot open the case: %2"_s.arg(path, detail);
        return result;
    };
    if (const QString problem = driverProblem(); !problem.isEmpty())
        return fail(CaseError::IoError, problem);
    const Inspection in = inspect(path);
    if (in.error != CaseError::None)
        return fail(in.error, in.detail);
    if (const QString refused = shapeProblem(in.connection->db()); !refused.isEmpty())
        return fail(CaseError::Refused, refused);
    QString problem;
    if (!readRows(in.connection->db(), result.data, &problem)) {
        result.data = {};
        return fail(CaseError::Corrupt, u"the file is damaged: %1"_s.arg(problem));
    }
    if (const QString refused = pathProblem(result.data); !refused.isEmpty()) {
        result.data = {};
        return fail(CaseError::Refused, refused);
    }
    result.ok = true;
    return result;
}

CaseSaveResult CaseFile::save(const CaseData &data, const QString &path)
{
    CaseSaveResult result;
    auto fail = [&](CaseError kind, const QString &detail) {
        result.error = kind;
        result.message = u"%1: not saved: %2"_s.arg(path, detail);
        return result;
    };
    if (const QString problem = driverProblem(); !problem.isEmpty())
        return fail(CaseError::IoError, problem);
    bool created = false; // no file there before: a failed save removes the one it started
    {
        // Closed before writing: its read transaction would block the commit.
        const Inspection in = inspect(path);
        if (in.error == CaseError::NotFound) {
            if (!QFileInfo(QFileInfo(path).absolutePath()).isDir())
                return fail(CaseError::IoError, u"the folder does not exist"_s);
            created = true;
        } else if (in.error != CaseError::None && !in.empty) {
            return fail(in.error, in.detail + u"; the file was left as it is"_s);
        }
    }

    WriteError error;
    {
        Connection c(path, false);
        if (!c.isOpen())
            return fail(CaseError::IoError, u"cannot be opened for writing: %1"_s.arg(c.error()));
        QSqlQuery q(c.db());
        // Outside the transaction, where journal_mode can be set. DELETE is the rollback journal
        // (the default, made explicit); FULL syncs journal and file at each step, so even power
        // loss leaves one whole case. secure_delete zeroes replaced rows: a note the user
        // deleted must not linger in a file sent to a colleague.
        q.exec(u"PRAGMA journal_mode = DELETE"_s);
        q.exec(u"PRAGMA synchronous = FULL"_s);
        q.exec(u"PRAGMA secure_delete = ON"_s);
        q.finish();
        // IMMEDIATE takes the write lock up front: two writers fail at BEGIN (after the busy
        // timeout), not half-way through.
        if (!q.exec(u"BEGIN IMMEDIATE"_s)) {
            error = { CaseError::IoError, u"cannot start writing: %1"_s.arg(q.lastError().text()) };
        } else {
            error = writeRows(c.db(), data);
            if (error.kind == CaseError::None && !q.exec(u"COMMIT"_s))
                error = { CaseError::IoError, u"cannot commit: %1"_s.arg(q.lastError().text()) };
            if (error.kind != CaseError::None)
                q.exec(u"ROLLBACK"_s);
        }
    }
    if (error.kind != CaseError::None) {
        if (created && QFileInfo(path).size() == 0)
            QFile::remove(path);
        return fail(error.kind, error.detail);
    }
    result.ok = true;
    return result;
}

} // namespace rankscope::cases
