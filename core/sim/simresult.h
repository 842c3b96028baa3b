// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "truth.h"

#include <QString>
#include <QStringList>

namespace rankscope::sim {

// What Simulator::run() hands back: the files it wrote (relative to --out, sorted), how many
// bytes, the truth, and notes for the user (adjusted options). error is set when it failed.
struct SimResult
{
    QStringList files;
    qint64 bytes = 0;
    qint64 lines = 0;
    Truth truth;
    QStringList notes;
    QString error;

    bool ok() const { return error.isEmpty(); }
};

} // namespace rankscope::sim
