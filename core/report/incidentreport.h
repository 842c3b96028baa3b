// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"
#include "reportannotations.h"
#include "runcomparison.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <optional>

namespace rankscope::kb {
class KnowledgeBase;
}

namespace rankscope::report {

class Redactor;

// A post-mortem incident report: everything a reader outside RankScope needs, assembled once
// from an AnalysisResult, the encyclopedia and the user's annotations into plain strings that
// are already redacted, and rendered from that one structure into Markdown, JSON
// ("rankscope.report/1", documented in the README), self-contained HTML and a short "copy
// summary". Because every renderer reads the same redacted strings, no rendering can leak what
// another one hides; images (drawn in ui/report, which needs QtGui) read the same timeline.
//
// Bounded for huge jobs: the chain, the evidence of each diagnosis, inputs, warnings and
// timeline events are capped (counts of what was left out are kept).
class IncidentReport
{
public:
    struct Options
    {
        QString title; // empty: "Incident report"
        int maxChainSteps = 30;
        int maxDiagnoses = 3; // diagnoses listed with fix and verification steps
        int maxEvidencePerDiagnosis = 3;
        int maxInputs = 200;
        int maxWarnings = 20;
        int maxTimelineEvents = 20000; // initiating and collateral events are kept first
    };

    struct Line // one line of evidence
    {
        QString path;
        qint64 line = 0;
        int rank = -1;
        QString node;
        QString time; // ISO-8601 UTC, empty when unknown
        QString text;
        bool isValid() const { return !path.isEmpty(); }
    };
    struct Verdict
    {
        QString summary;
        double confidence = 0;
        int rank = -1;
        QString node;
        QString time;
        QString entry;
        QString entryTitle;
        bool external = false;
        QString basis;
        Line evidence;
    };
    struct Step // a chain step
    {
        QString role; // initiating, collateral, context
        QString entry;
        QString why;
        Line evidence;
    };
    struct Command
    {
        QString language;
        QString code;
    };
    struct Action // a fix or verification step of the encyclopedia
    {
        QString text;
        QList<Command> commands;
        QString expected; // verification only
    };
    struct Diagnosis
    {
        QString entry;
        QString title;
        QString category;
        QString role;
        double score = 0;
        QString summary; // the encyclopedia's one-paragraph summary
        QList<Line> evidence;
        qsizetype evidenceTotal = 0;
        QList<Action> fix;
        QList<Action> verification;
        QStringList filledValues;  // placeholders filled from the incident: "majority.nccl = 2.21.5"
        QStringList exampleValues; // placeholders the bundle says nothing about (the entry's example stands)
    };
    struct Outlier
    {
        QString node;
        QString component;
        QString value;
        QString majority;
        Line evidence;
    };
    struct Matrix
    {
        QStringList components;
        QStringList nodes;
        QList<QStringList> values; // [node][component], empty when unknown
        QList<QStringList> states; // [node][component]: consistent, outlier, conflicting, unknown
        QList<Outlier> outliers;
    };
    struct Job
    {
        QStringList nodes;
        qsizetype ranks = 0;
        int worldSize = -1;
        QList<int> missingRanks;
        QString start; // first and last timed event
        QString end;
        qint64 files = 0;
        qint64 lines = 0;
        qint64 events = 0;
    };
    struct Input
    {
        QString path;
        QString kind;
        qint64 lines = 0;
        QString node;
        QList<int> ranks;
    };
    // The rank x node timeline the report's image shows: one lane per (node, rank) pair, ranks
    // grouped by node (nodes in natural order), a lane of rank -1 per node for kernel and launcher
    // lines; times in ms since the epoch (after clock correction).
    struct Timeline
    {
        struct Lane
        {
            QString node;
            int rank = -1;
            qint64 firstMs = ingest::NoTime; // the lane's active span
            qint64 lastMs = ingest::NoTime;
        };
        struct Event
        {
            int lane = -1;
            qint64 timeMs = 0;
            QString role; // initiating, collateral, context
            QString label; // entry title or id
        };
        QList<Lane> lanes;
        QList<Event> events; // sorted by time
        qint64 startMs = ingest::NoTime;
        qint64 endMs = ingest::NoTime;
        int initiating = -1; // index into events
        qsizetype untimed = 0;
        qsizetype omitted = 0; // over maxTimelineEvents
        bool isEmpty() const { return events.isEmpty(); }
    };

    QString title;
    QString generator; // "RankScope 0.1.0"
    bool redacted = false;
    Verdict verdict;
    QList<Step> chain;
    qsizetype chainTotal = 0;
    QList<Diagnosis> diagnoses;
    Matrix matrix;
    Job job;
    QList<Input> inputs;
    qsizetype inputsTotal = 0;
    Timeline timeline;
    ReportAnnotations annotations;
    QList<Line> warnings; // the first maxWarnings (path, line, text = message)
    qsizetype warningCount = 0;
    // The optional "Compared with" section: the failed run next to a good run of the same job
    // (`report --compare GOOD`, or the workbench after File → Compare with Good Run…).
    struct Comparison
    {
        analysis::RunComparison runs; // redacted like the rest of the report
        QString goodName;
        QString badName;
    };
    std::optional<Comparison> comparison;

    // Sets the "Compared with" section, passing its texts through the report's redactor.
    void setComparison(const analysis::RunComparison &runs, const QString &goodName, const QString &badName,
        const Redactor &redactor);

    // kb may be null (titles then come from the analysis, and fix steps are missing). The
    // redactor decides redaction: pass a default-constructed one for none.
    static IncidentReport build(const analysis::AnalysisResult &result, const kb::KnowledgeBase *kb,
        const ReportAnnotations &annotations, const Redactor &redactor, const Options &options);
    static IncidentReport build(const analysis::AnalysisResult &result, const kb::KnowledgeBase *kb,
        const ReportAnnotations &annotations, const Redactor &redactor);
    static Timeline buildTimeline(const analysis::AnalysisResult &result, const kb::KnowledgeBase *kb,
        const Redactor &redactor, int maxEvents = 20000);

    // Images referred to by name: the timeline is "timeline.png".
    static QString timelineImageName();

    // Markdown; imagePaths maps an image name to the path to link (e.g. "report_images/timeline.png").
    QString toMarkdown(const QMap<QString, QString> &imagePaths = {}) const;
    // "rankscope.report/1"
    QJsonObject toJson() const;
    // One self-contained page, every text escaped. With DataUris every image is embedded as a
    // data: URI; with ImageNames the page refers to images by name (QTextDocument resources when
    // printing). imageWidth > 0 fixes the width images are shown at (print layout).
    enum class ImageMode { DataUris, ImageNames };
    QString toHtml(const QMap<QString, QByteArray> &pngImages = {}, ImageMode mode = ImageMode::DataUris,
        int imageWidth = 0) const;
    // Five to eight lines of plain text to paste into a chat or a ticket.
    QString copySummary() const;
};

} // namespace rankscope::report
