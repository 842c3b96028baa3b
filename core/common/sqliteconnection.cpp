// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "sqliteconnection.h"

#include <QSqlError>
#include <QUuid>

using namespace Qt::StringLiterals;

namespace rankscope {

SqliteConnection::SqliteConnection(const QString &file, bool readOnly, const QString &purpose)
    : m_name(u"rankscope-%1-%2"_s.arg(purpose, QUuid::createUuid().toString(QUuid::WithoutBraces)))
{
    m_db = QSqlDatabase::addDatabase(u"QSQLITE"_s, m_name);
    if (readOnly)
        m_db.setConnectOptions(u"QSQLITE_OPEN_READONLY"_s);
    m_db.setDatabaseName(file);
    if (!m_db.open())
        m_error = m_db.lastError().text();
}

SqliteConnection::~SqliteConnection()
{
    m_db.close();
    m_db = QSqlDatabase();
    QSqlDatabase::removeDatabase(m_name);
}

} // namespace rankscope
