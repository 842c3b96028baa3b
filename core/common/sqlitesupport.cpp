// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "sqlitesupport.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace rankscope {

namespace {

// Runs fn on a private in-memory connection and removes the connection afterwards, so the check
// leaves no named connection behind for the rest of the program.
template<typename Fn>
QString withMemoryDb(Fn fn)
{
    const QString name = u"rankscope-sqlite-check-"_s + QUuid::createUuid().toString(QUuid::WithoutBraces);
    QString result;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, name);
        db.setDatabaseName(u":memory:"_s);
        if (!db.open())
            result = u"!"_s + db.lastError().text();
        else
            result = fn(db);
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return result;
}

} // namespace

QString SqliteSupport::problem()
{
    if (!QSqlDatabase::isDriverAvailable(u"QSQLITE"_s))
        return u"Qt's SQLite driver (QSQLITE) is not installed. Install it with "
               "'apt-get install libqt6sql6-sqlite' (Debian/Ubuntu) and start RankScope again."_s;
    const QString r = withMemoryDb([](QSqlDatabase &db) -> QString {
        QSqlQuery q(db);
        if (!q.exec(u"CREATE VIRTUAL TABLE fts_probe USING fts5(body)"_s))
            return u"!"_s + q.lastError().text();
        return QString();
    });
    if (r.startsWith(u'!'))
        return u"Qt's SQLite driver works but its SQLite lacks the FTS5 full-text module ("_s + r.mid(1)
            + u"). Install a SQLite built with FTS5 (Debian/Ubuntu: libsqlite3-0 with libqt6sql6-sqlite)."_s;
    return {};
}

QString SqliteSupport::sqliteVersion()
{
    if (!QSqlDatabase::isDriverAvailable(u"QSQLITE"_s))
        return {};
    const QString r = withMemoryDb([](QSqlDatabase &db) -> QString {
        QSqlQuery q(db);
        if (q.exec(u"SELECT sqlite_version()"_s) && q.next())
            return q.value(0).toString();
        return QString();
    });
    return r.startsWith(u'!') ? QString() : r;
}

} // namespace rankscope
