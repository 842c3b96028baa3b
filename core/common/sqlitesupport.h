// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace rankscope {

// The encyclopedia and case files need Qt's QSQLITE driver with FTS5. Distributions package the
// driver apart from Qt SQL (Debian: libqt6sql6-sqlite), so a missing driver is a set-up problem
// the user must be told about by name, not a crash at first query.
struct SqliteSupport
{
    // Empty when everything needed is present; otherwise a sentence naming what to install.
    static QString problem();
    // "3.40.1", or an empty string when the driver is missing.
    static QString sqliteVersion();
};

} // namespace rankscope
