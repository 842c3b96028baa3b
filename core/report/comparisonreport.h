// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runcomparison.h"

#include <QJsonObject>
#include <QString>

namespace rankscope::report {

// The comparison of a failed run with a good one in the formats `rankscope diff` prints and the
// reports' "Compared with" section embeds. goodName and badName are what the user opened.
struct ComparisonReport
{
    static QString toText(const analysis::RunComparison &c, const QString &goodName, const QString &badName);
    static QString toMarkdown(const analysis::RunComparison &c, const QString &goodName, const QString &badName,
                              int headingLevel = 1);
    static QJsonObject toJson(const analysis::RunComparison &c, const QString &goodName, const QString &badName);
};

} // namespace rankscope::report
