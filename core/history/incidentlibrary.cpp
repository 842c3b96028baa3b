// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "incidentlibrary.h"
#include "sqliteconnection.h"
#include "sqlitefileheader.h"
#include "sqlitesupport.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QVariant>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::history {

namespace {

const QString What = u"incident library"_s;

// Schema 1. A later schema appends statements and a migration step; shipped ones never change.
const QStringList schemaV1 = {
    u"CREATE TABLE incidents (id INTEGER PRIMARY KEY, identity TEXT NOT NULL UNIQUE, recorded_ms INTEGER, origin TEXT, "
    "job_ids TEXT, first_ms INTEGER, last_ms INTEGER, nodes TEXT, rank_count INTEGER, world_size INTEGER, "
    "entry TEXT, rank INTEGER, node TEXT, gpu TEXT, time_ms INTEGER, confidence REAL, external INTEGER, "
    "overridden INTEGER, summary TEXT, evidence_path TEXT, evidence_line INTEGER, evidence_text TEXT)"_s,
    u"CREATE TABLE matrix (incident INTEGER NOT NULL, node TEXT, component TEXT, value TEXT, outlier INTEGER, majority TEXT)"_s,
    u"CREATE INDEX matrix_incident ON matrix (incident)"_s,
};

QVariant orNull(qint64 v, qint64 none) { return v == none ? QVariant() : QVariant(v); }
QVariant orNull(const QString &s) { return s.isEmpty() ? QVariant() : QVariant(s); }
qint64 timeOf(const QVariant &v) { return v.isNull() ? NoTime : v.toLongLong(); }
QStringList listOf(const QVariant &v)
{
    const QString s = v.toString();
    return s.isEmpty() ? QStringList() : s.split(u'\n');
}

class Connection : public SqliteConnection
{
public:
    Connection(const QString &file, bool readOnly) : SqliteConnection(file, readOnly, u"history"_s) {}
};

LibraryResult failure(const QString &path, const QString &detail)
{
    return {false, u"%1: %2"_s.arg(path, detail)};
}

// quick_check walks every b-tree page: a damaged library is named as such, not read as odd rows.
QString damage(const QSqlDatabase &db)
{
    QSqlQuery q(db);
    if (!q.exec(u"PRAGMA quick_check(5)"_s))
        return q.lastError().text();
    QStringList problems;
    while (q.next())
        problems.append(q.value(0).toString());
    return problems == QStringList{u"ok"_s} ? QString() : problems.join(u"; "_s);
}

// The matrix cells of one incident (id > 0) or of all, only the outliers when outliersOnly.
bool readMatrix(const QSqlDatabase &db, qint64 id, bool outliersOnly, QHash<qint64, QList<MatrixValue>> *out, QString *error)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    QStringList where;
    if (id > 0)
        where << u"incident = ?"_s;
    if (outliersOnly)
        where << u"outlier = 1"_s;
    q.prepare(u"SELECT incident, node, component, value, outlier, majority FROM matrix%1 ORDER BY rowid"_s.arg(
        where.isEmpty() ? QString() : u" WHERE "_s + where.join(u" AND "_s)));
    if (id > 0)
        q.addBindValue(id);
    if (!q.exec()) {
        *error = q.lastError().text();
        return false;
    }
    while (q.next())
        (*out)[q.value(0).toLongLong()].append(
            {q.value(1).toString(), q.value(2).toString(), q.value(3).toString(), q.value(4).toBool(), q.value(5).toString()});
    return true;
}

IncidentRecord recordOf(const QSqlQuery &q)
{
    IncidentRecord r;
    int c = 0;
    r.id = q.value(c++).toLongLong();
    r.identity = q.value(c++).toString();
    r.recordedMs = q.value(c++).toLongLong();
    r.origin = q.value(c++).toString();
    r.jobIds = listOf(q.value(c++));
    r.firstMs = timeOf(q.value(c++));
    r.lastMs = timeOf(q.value(c++));
    r.nodes = listOf(q.value(c++));
    r.rankCount = q.value(c++).toInt();
    r.worldSize = q.value(c).isNull() ? -1 : q.value(c).toInt();
    ++c;
    r.entry = q.value(c++).toString();
    r.rank = q.value(c).isNull() ? -1 : q.value(c).toInt();
    ++c;
    r.node = q.value(c++).toString();
    r.gpu = q.value(c++).toString();
    r.timeMs = timeOf(q.value(c++));
    r.confidence = q.value(c++).toDouble();
    r.external = q.value(c++).toBool();
    r.overridden = q.value(c++).toBool();
    r.summary = q.value(c++).toString();
    r.evidencePath = q.value(c++).toString();
    r.evidenceLine = q.value(c++).toLongLong();
    r.evidenceText = q.value(c++).toString();
    return r;
}

const QString columns = u"id, identity, recorded_ms, origin, job_ids, first_ms, last_ms, nodes, rank_count, world_size, "
                        "entry, rank, node, gpu, time_ms, confidence, external, overridden, summary, evidence_path, "
                        "evidence_line, evidence_text"_s;

// Reads every incident (or the one with id, when id > 0). A missing library has none.
LibraryResult readIncidents(const QString &path, qint64 id, bool outliersOnly, QList<IncidentRecord> *out)
{
    if (const QString problem = SqliteSupport::problem(); !problem.isEmpty())
        return failure(path, problem);
    const SqliteFileHeader header = SqliteFileHeader::check(path, IncidentLibrary::ApplicationId, IncidentLibrary::SchemaVersion, What);
    if (header.problem == SqliteFileHeader::Problem::NotFound || header.problem == SqliteFileHeader::Problem::Empty)
        return {true, {}};
    if (header.problem != SqliteFileHeader::Problem::None)
        return failure(path, header.detail);
    Connection c(path, true);
    if (!c.isOpen())
        return failure(path, u"cannot be opened: %1"_s.arg(c.error()));
    if (const QString d = damage(c.db()); !d.isEmpty())
        return failure(path, u"the library is damaged: %1"_s.arg(d));
    QHash<qint64, QList<MatrixValue>> matrix;
    QString error;
    QSqlQuery q(c.db());
    q.setForwardOnly(true);
    const QString sql = u"SELECT %1 FROM incidents%2"_s.arg(columns, id > 0 ? u" WHERE id = ?"_s : QString());
    q.prepare(sql);
    if (id > 0)
        q.addBindValue(id);
    if (!q.exec() || !readMatrix(c.db(), id, outliersOnly, &matrix, &error))
        return failure(path, u"the library is damaged: %1"_s.arg(error.isEmpty() ? q.lastError().text() : error));
    while (q.next()) {
        IncidentRecord r = recordOf(q);
        r.matrix = matrix.value(r.id);
        out->append(r);
    }
    return {true, {}};
}

// Opens the library for writing, creating it (and its folder) when there is none yet, and runs
// write inside one immediate transaction.
template<typename Write>
LibraryResult writeIncidents(const QString &path, Write write)
{
    if (const QString problem = SqliteSupport::problem(); !problem.isEmpty())
        return failure(path, problem);
    const SqliteFileHeader header = SqliteFileHeader::check(path, IncidentLibrary::ApplicationId, IncidentLibrary::SchemaVersion, What);
    const bool fresh = header.problem == SqliteFileHeader::Problem::NotFound || header.problem == SqliteFileHeader::Problem::Empty;
    if (!fresh && header.problem != SqliteFileHeader::Problem::None)
        return failure(path, header.detail + u"; the file was left as it is"_s);
    if (fresh && !QDir().mkpath(QFileInfo(path).absolutePath()))
        return failure(path, u"cannot create the folder %1"_s.arg(QFileInfo(path).absolutePath()));
    Connection c(path, false);
    if (!c.isOpen())
        return failure(path, u"cannot be opened for writing: %1"_s.arg(c.error()));
    if (!fresh) {
        if (const QString d = damage(c.db()); !d.isEmpty())
            return failure(path, u"the library is damaged: %1; the file was left as it is"_s.arg(d));
    }
    QSqlQuery q(c.db());
    q.exec(u"PRAGMA journal_mode = DELETE"_s);
    q.exec(u"PRAGMA synchronous = FULL"_s);
    q.finish();
    if (!q.exec(u"BEGIN IMMEDIATE"_s))
        return failure(path, u"cannot start writing: %1"_s.arg(q.lastError().text()));
    QString error;
    if (fresh) {
        for (const QString &statement : schemaV1)
            if (error.isEmpty() && !q.exec(statement))
                error = q.lastError().text();
        if (error.isEmpty()
            && (!q.exec(u"PRAGMA application_id = %1"_s.arg(IncidentLibrary::ApplicationId))
                || !q.exec(u"PRAGMA user_version = %1"_s.arg(IncidentLibrary::SchemaVersion))))
            error = q.lastError().text();
    }
    if (error.isEmpty())
        error = write(c.db());
    if (error.isEmpty() && !q.exec(u"COMMIT"_s))
        error = q.lastError().text();
    if (!error.isEmpty()) {
        q.exec(u"ROLLBACK"_s);
        return failure(path, u"not written: %1"_s.arg(error));
    }
    return {true, {}};
}

} // namespace

IncidentLibrary::IncidentLibrary(const QString &path)
    : m_path(path)
{
}

QString IncidentLibrary::defaultPath()
{
    const QString env = qEnvironmentVariable("RANKSCOPE_HISTORY");
    if (!env.isEmpty())
        return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + u"/history.sqlite"_s;
}

LibraryResult IncidentLibrary::record(IncidentRecord &r, bool *updated) const
{
    if (r.recordedMs == 0)
        r.recordedMs = QDateTime::currentMSecsSinceEpoch();
    bool existed = false;
    const LibraryResult result = writeIncidents(m_path, [&](const QSqlDatabase &db) -> QString {
        QSqlQuery q(db);
        q.prepare(u"SELECT id FROM incidents WHERE identity = ?"_s);
        q.addBindValue(r.identity);
        if (!q.exec())
            return q.lastError().text();
        existed = q.next();
        const qint64 id = existed ? q.value(0).toLongLong() : 0;
        q.finish();
        if (existed) {
            q.prepare(u"DELETE FROM matrix WHERE incident = ?"_s);
            q.addBindValue(id);
            if (!q.exec())
                return q.lastError().text();
        }
        q.prepare(u"INSERT OR REPLACE INTO incidents (%1) VALUES (%2)"_s.arg(columns, QString(u"?, "_s).repeated(21) + u'?'));
        q.addBindValue(existed ? QVariant(id) : QVariant());
        for (const QVariant &v : {QVariant(r.identity), QVariant(r.recordedMs), QVariant(r.origin), QVariant(r.jobIds.join(u'\n')),
                                  orNull(r.firstMs, NoTime), orNull(r.lastMs, NoTime), QVariant(r.nodes.join(u'\n')),
                                  QVariant(r.rankCount), orNull(r.worldSize, -1), orNull(r.entry), orNull(r.rank, -1),
                                  orNull(r.node), orNull(r.gpu), orNull(r.timeMs, NoTime), QVariant(r.confidence),
                                  QVariant(r.external), QVariant(r.overridden), QVariant(r.summary), orNull(r.evidencePath),
                                  QVariant(r.evidenceLine), orNull(r.evidenceText)})
            q.addBindValue(v);
        if (!q.exec())
            return q.lastError().text();
        r.id = q.lastInsertId().toLongLong();
        q.prepare(u"INSERT INTO matrix (incident, node, component, value, outlier, majority) VALUES (?, ?, ?, ?, ?, ?)"_s);
        for (const MatrixValue &m : std::as_const(r.matrix)) {
            for (const QVariant &v : {QVariant(r.id), QVariant(m.node), QVariant(m.component), QVariant(m.value),
                                      QVariant(m.outlier), orNull(m.majority)})
                q.addBindValue(v);
            if (!q.exec())
                return q.lastError().text();
        }
        return {};
    });
    if (updated)
        *updated = result.ok && existed;
    return result;
}

LibraryResult IncidentLibrary::list(QList<IncidentRecord> *out, Cells cells) const
{
    out->clear();
    const LibraryResult result = readIncidents(m_path, 0, cells == Cells::Outliers, out);
    std::stable_sort(out->begin(), out->end(), [](const IncidentRecord &a, const IncidentRecord &b) {
        return a.when() != b.when() ? a.when() > b.when() : a.id > b.id;
    });
    return result;
}

LibraryResult IncidentLibrary::find(qint64 id, IncidentRecord *out) const
{
    QList<IncidentRecord> found;
    if (const LibraryResult result = readIncidents(m_path, id, false, &found); !result.ok)
        return result;
    if (found.isEmpty() || id <= 0)
        return failure(m_path, u"no incident %1 in the library (rankscope history list shows the ids)"_s.arg(id));
    *out = found.constFirst();
    return {true, {}};
}

LibraryResult IncidentLibrary::forget(qint64 id) const
{
    IncidentRecord existing;
    if (const LibraryResult found = find(id, &existing); !found.ok)
        return found;
    return writeIncidents(m_path, [id](const QSqlDatabase &db) -> QString {
        QSqlQuery q(db);
        for (const QString &sql : {u"DELETE FROM matrix WHERE incident = ?"_s, u"DELETE FROM incidents WHERE id = ?"_s}) {
            q.prepare(sql);
            q.addBindValue(id);
            if (!q.exec())
                return q.lastError().text();
        }
        return {};
    });
}

} // namespace rankscope::history
