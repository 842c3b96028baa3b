// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"
#include "incidentreport.h"
#include "redactor.h"
#include "reportannotations.h"
#include "runcomparison.h"
#include "timelineimage.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

namespace rankscope::kb {
class KnowledgeBase;
}

namespace rankscope::render {

enum class ReportFormat { Html, Markdown, Pdf, Json, Summary, Trace };

// What a report is made from. The result and the encyclopedia are shared, not copied.
struct ReportInput
{
    analysis::AnalysisResultPtr result;
    std::shared_ptr<const kb::KnowledgeBase> kb; // may be null: no fix or verification steps then
    report::ReportAnnotations annotations;
    bool redact = false;
    QString title;
    // A good run of the same job: the report then has a "Compared with" section. goodName and
    // badName are what the reader recognises the runs by (the paths the user opened).
    analysis::AnalysisResultPtr goodRun;
    QString goodName;
    QString badName;
    // The comparison of goodRun with result when the caller has it already (the window's
    // Compare job made it in the background): not computed again, on whatever thread writes.
    std::shared_ptr<const analysis::RunComparison> comparison;
};

// Writes an incident report in every format, for `rankscope report` and the workbench's export.
// It builds the redactor (when asked), the IncidentReport and, only when a format needs it, the
// timeline image once, then hands the same redacted strings to every renderer:
//   html      one file, images embedded as data: URIs, no external references;
//   markdown  FILE.md plus FILE_images/timeline.png beside it (relative link);
//   pdf       the same HTML laid out by QTextDocument on A4 pages through QPdfWriter;
//   json      "rankscope.report/1";
//   summary   the copy summary (plain text);
//   trace     Trace Event JSON for Perfetto / chrome://tracing.
// Needs a QGuiApplication (fonts); headless, the offscreen platform is enough.
class ReportWriter
{
public:
    explicit ReportWriter(ReportInput input);

    // "html", "md"/"markdown", "pdf", "json", "summary", "trace".
    static std::optional<ReportFormat> formatFromName(const QString &name);
    // By suffix: .html/.htm, .md/.markdown, .pdf, .trace.json (before .json), .json, .txt (summary).
    static std::optional<ReportFormat> formatFromPath(const QString &path);
    static QString formatName(ReportFormat format);
    // The folder of a Markdown report's images: "<dir>/<base>_images".
    static QString imageDirFor(const QString &markdownPath);

    const report::Redactor &redactor() const { return m_redactor; }
    const report::IncidentReport &report() const { return m_report; }
    const TimelineImage::Rendered &timeline() const;
    QByteArray timelinePng() const;

    QString html() const;
    // imageLinkDir: the folder the Markdown links images in (relative to the .md file); empty:
    // no image links.
    QString markdown(const QString &imageLinkDir = {}) const;
    QByteArray json() const;
    QString summary() const;
    QByteArray trace() const;

    // Writes path (and the Markdown images). On failure returns false and sets *error to a
    // message naming the file that could not be written. written receives every file written.
    bool write(const QString &path, ReportFormat format, QString *error, QStringList *written = nullptr) const;

private:
    bool writePdf(const QString &path, QString *error) const;

    ReportInput m_input;
    report::Redactor m_redactor;
    report::IncidentReport m_report;
    mutable std::optional<TimelineImage::Rendered> m_timeline;
    mutable QByteArray m_timelinePng;
};

} // namespace rankscope::render
