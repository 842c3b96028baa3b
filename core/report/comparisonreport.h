// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "runcomparison.h"

#include <QJsonObject>
#include <QString>

namespace rankscope::report {

class Redactor;

// The comparison of a failed run with a good one in the formats `rankscope diff` prints and the
// reports' "Compared with" section embeds. goodName and badName are what the user opened.
struct ComparisonReport
{
    static QString toText(const analysis::RunComparison &c, const QString &goodName, const QString &badName);
    static QString toMarkdown(const analysis::RunComparison &c, const QString &goodName, const QString &badName,
                              int headingLevel = 1);
    static QJsonObject toJson(const analysis::RunComparison &c, const QString &goodName, const QString &badName);
    // A section of an HTML page, every text escaped; headingLevel as for toMarkdown.
    static QString toHtml(const analysis::RunComparison &c, const QString &goodName, const QString &badName,
                          int headingLevel = 2);
    // One line for a copy summary: "Compared with GOOD: nccl 2.21.5 → 2.18.1 on gpu-17 (+2 more); new: …".
    static QString oneLine(const analysis::RunComparison &c, const QString &goodName);

    // The comparison with every text a reader sees passed through the redactor (a disabled one
    // returns it unchanged), so a redacted report's "Compared with" section hides what the rest
    // of it hides.
    static analysis::RunComparison redacted(const analysis::RunComparison &c, const Redactor &redactor);
};

} // namespace rankscope::report
