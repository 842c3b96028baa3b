// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace rankscope::report {

// What a person added to an incident, as an incident report shows it. Deliberately tiny and
// owned by core/report, so reports do not depend on the case-file library: whoever holds a
// case maps its notes, bookmarks and tags onto this.
struct ReportBookmark
{
    QString path; // relative to the bundle root, as evidence paths are
    qint64 line = 0; // 1-based; 0 for a whole file
    QString label;
    QString note;
};

// A reviewer overruling the analysis. The report states it first and keeps the automatic
// verdict below it, so a reader sees both the judgement and what it overrode.
struct ReportVerdictOverride
{
    int rank = -1; // -1: not named
    QString node;
    QString entry; // encyclopedia entry id; may be empty
    QString entryTitle; // filled by IncidentReport::build() from the encyclopedia
    QString reason;
};

struct ReportAnnotations
{
    QString notes; // free text (Markdown as typed), shown as written
    QList<ReportBookmark> bookmarks;
    QStringList tags;
    std::optional<ReportVerdictOverride> verdictOverride;

    bool isEmpty() const
    {
        return notes.trimmed().isEmpty() && bookmarks.isEmpty() && tags.isEmpty() && !verdictOverride;
    }
    // Every text of the annotations, for Redactor::fromResult().
    QStringList texts() const
    {
        QStringList t { notes };
        for (const ReportBookmark &b : bookmarks)
            t << b.path << b.label << b.note;
        if (verdictOverride)
            t << verdictOverride->node << verdictOverride->reason;
        return t + tags;
    }
};

} // namespace rankscope::report
