// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

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

struct ReportAnnotations
{
    QString notes; // free text (Markdown as typed), shown as written
    QList<ReportBookmark> bookmarks;
    QStringList tags;

    bool isEmpty() const { return notes.trimmed().isEmpty() && bookmarks.isEmpty() && tags.isEmpty(); }
    // Every text of the annotations, for Redactor::fromResult().
    QStringList texts() const
    {
        QStringList t { notes };
        for (const ReportBookmark &b : bookmarks)
            t << b.path << b.label << b.note;
        return t + tags;
    }
};

} // namespace rankscope::report
