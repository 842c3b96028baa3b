// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSqlDatabase>
#include <QString>

namespace rankscope {

// One uniquely named QSQLITE connection, removed when the scope ends. Case files and the incident
// library open one per call, so a call may run in a background job on any thread (STYLE.md 19).
// Queries on it must be destroyed first (declare them after the connection), or Qt warns that
// the connection is still in use.
class SqliteConnection
{
public:
    SqliteConnection(const QString &file, bool readOnly, const QString &purpose);
    ~SqliteConnection();
    SqliteConnection(const SqliteConnection &) = delete;
    SqliteConnection &operator=(const SqliteConnection &) = delete;

    bool isOpen() const { return m_db.isOpen(); }
    QString error() const { return m_error; }
    const QSqlDatabase &db() const { return m_db; }

private:
    QString m_name;
    QSqlDatabase m_db;
    QString m_error;
};

} // namespace rankscope
