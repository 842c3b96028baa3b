// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysisreport.h"
#include "jobidentity.h"

#include "placeholders.h"

#include "knowledgebase.h"
#include "reportnames.h"

#include <QDateTime>
#include <QJsonArray>
#include <QTimeZone>

using namespace Qt::StringLiterals;

namespace rankscope::report {

using namespace rankscope::analysis;

namespace {

QJsonValue nullable(int v) { return v >= 0 ? QJsonValue(v) : QJsonValue(QJsonValue::Null); }
QJsonValue nullable(const QString &s) { return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s); }
QJsonValue timeValue(qint64 ms) { return ms == NoTime ? QJsonValue(QJsonValue::Null) : QJsonValue(AnalysisReport::isoTime(ms)); }

QJsonValue evidenceJson(const Evidence &e)
{
    if (!e.source.isValid())
        return QJsonValue(QJsonValue::Null);
    QJsonObject o{{u"path"_s, e.path}, {u"line"_s, e.source.line}, {u"text"_s, e.text}};
    if (e.partial)
        o.insert(u"partial"_s, true); // only the fingerprint's anchor matched
    if (e.joinedLines > 0)
        o.insert(u"joined_lines"_s, e.joinedLines); // the text continues over that many lines
    return o;
}

QString kindOf(const ingest::InputFile &f)
{
    return ingest::fileKindNames(f.kinds);
}

} // namespace

QString AnalysisReport::isoTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(u"yyyy-MM-ddThh:mm:ss.zzzZ"_s);
}

QJsonObject AnalysisReport::toJson(const AnalysisResult &r, const Options &options)
{
    const ingest::IngestResult &in = *r.ingest;
    QJsonArray inputs;
    for (const ingest::InputFile &f : in.files) {
        QJsonArray ranks;
        for (int x : f.ranks)
            ranks.append(x);
        inputs.append(QJsonObject{{u"path"_s, f.path}, {u"kind"_s, kindOf(f)}, {u"bytes"_s, f.bytes}, {u"lines"_s, f.lines},
                                  {u"node"_s, nullable(f.node)}, {u"ranks"_s, ranks},
                                  {u"attributed_by_hand"_s, f.attributionByHand}});
    }
    QJsonArray nodes, ranks, missing;
    for (const QString &n : in.job.nodes)
        nodes.append(n);
    for (int x : in.job.ranks)
        ranks.append(x);
    for (int x : in.job.missingRanks)
        missing.append(x);
    const auto [firstMs, lastMs] = analysis::JobIdentity::eventSpan(in);
    const QJsonObject job{{u"nodes"_s, nodes}, {u"ranks"_s, ranks}, {u"world_size"_s, nullable(in.job.worldSize)},
                          {u"missing_ranks"_s, missing}, {u"ids"_s, QJsonArray::fromStringList(analysis::JobIdentity::find(in))},
                          {u"first_time"_s, timeValue(firstMs)}, {u"last_time"_s, timeValue(lastMs)}};

    const Verdict &v = r.verdict;
    QJsonArray chain;
    for (const ChainStep &s : v.chain) {
        chain.append(QJsonObject{{u"role"_s, ReportNames::role(s.role)}, {u"rank"_s, nullable(s.evidence.rank)}, {u"node"_s, nullable(s.evidence.node)},
                                 {u"time"_s, timeValue(s.evidence.timeMs)}, {u"entry"_s, nullable(s.entry)},
                                 {u"path"_s, nullable(s.evidence.path)},
                                 {u"line"_s, s.evidence.source.isValid() ? QJsonValue(s.evidence.source.line) : QJsonValue(QJsonValue::Null)},
                                 {u"text"_s, nullable(s.evidence.text)}, {u"why"_s, s.why}});
    }
    const QJsonObject verdict{{u"rank"_s, nullable(v.rank)},       {u"node"_s, nullable(v.node)},
                              {u"node_aliases"_s, QJsonArray::fromStringList(v.nodeAliases)},
                              {u"time"_s, timeValue(v.timeMs)},    {u"entry"_s, nullable(v.entry)},
                              {u"external"_s, v.external},         {u"confidence"_s, std::round(v.confidence * 100) / 100},
                              {u"summary"_s, v.summary},           {u"basis"_s, v.basis},
                              {u"evidence"_s, evidenceJson(v.evidence)}, {u"chain"_s, chain},
                              {u"hints"_s, QJsonArray::fromStringList(v.hints)},
                              {u"confidence_notes"_s, QJsonArray::fromStringList(v.confidenceNotes)}};

    QJsonArray diagnoses;
    for (const Diagnosis &d : r.diagnoses) {
        QJsonArray ev;
        for (const Evidence &e : d.evidence)
            ev.append(QJsonObject{{u"path"_s, e.path}, {u"line"_s, e.source.line}, {u"rank"_s, nullable(e.rank)},
                                  {u"node"_s, nullable(e.node)}, {u"text"_s, e.text}});
        diagnoses.append(QJsonObject{{u"entry"_s, d.entry}, {u"title"_s, d.title}, {u"category"_s, d.category},
                                     {u"score"_s, std::round(d.score * 100) / 100}, {u"role"_s, d.role}, {u"evidence"_s, ev}});
    }

    QJsonArray components, matrixNodes, outliers;
    for (const QString &c : r.matrix.components)
        components.append(c);
    for (const QString &n : r.matrix.nodes) {
        QJsonObject values;
        for (const QString &c : r.matrix.components) {
            const MatrixCell *cell = r.matrix.cell(n, c);
            values.insert(c, cell && !cell->value.isEmpty() ? QJsonValue(cell->value) : QJsonValue(QJsonValue::Null));
        }
        matrixNodes.append(QJsonObject{{u"node"_s, n}, {u"values"_s, values}});
    }
    for (const VersionMatrix::Outlier &o : r.matrix.outliers)
        outliers.append(QJsonObject{{u"node"_s, o.node}, {u"component"_s, o.component}, {u"value"_s, o.value},
                                    {u"majority"_s, o.majority}, {u"evidence"_s, evidenceJson(o.evidence)}});

    QJsonArray offsets;
    for (const ingest::ClockOffset &c : in.clockOffsets)
        offsets.append(QJsonObject{{u"node"_s, c.node}, {u"seconds"_s, c.seconds}, {u"method"_s, c.method}});

    QJsonArray warnings;
    auto addWarnings = [&warnings](const Warnings &ws) {
        for (const Warning &w : ws)
            warnings.append(QJsonObject{{u"path"_s, nullable(w.path)}, {u"line"_s, w.line > 0 ? QJsonValue(w.line) : QJsonValue(QJsonValue::Null)},
                                        {u"message"_s, w.message}});
    };
    addWarnings(in.warnings);
    addWarnings(r.warnings);

    QJsonObject root{{u"schema"_s, u"rankscope.analysis/1"_s},
                     {u"inputs"_s, inputs},
                     {u"job"_s, job},
                     {u"verdict"_s, verdict},
                     {u"diagnoses"_s, diagnoses},
                     {u"version_matrix"_s, QJsonObject{{u"components"_s, components}, {u"nodes"_s, matrixNodes}, {u"outliers"_s, outliers}}},
                     {u"clock_offsets"_s, offsets},
                     {u"warnings"_s, warnings},
                     {u"stats"_s, QJsonObject{{u"files"_s, in.stats.files}, {u"bytes"_s, in.stats.bytes}, {u"lines"_s, in.stats.lines},
                                              {u"events"_s, in.stats.events}, {u"seconds"_s, in.stats.seconds + r.seconds}}}};
    if (options.includeEvents) {
        QJsonArray events;
        for (int i = 0; i < in.events.size(); ++i) {
            const ingest::Event &e = in.events.at(i);
            const ingest::InputFile *f = in.file(e.source.file);
            QJsonObject captures;
            for (const ingest::Capture &c : e.captures)
                captures.insert(c.name, c.value);
            events.append(QJsonObject{{u"entry"_s, e.fingerprint >= 0 ? QJsonValue(in.fingerprints.at(e.fingerprint).entryId) : QJsonValue(QJsonValue::Null)},
                                      {u"role"_s, ReportNames::role(r.eventRoles.value(i))},
                                      {u"rank"_s, nullable(e.rank)}, {u"node"_s, nullable(e.node)},
                                      {u"rank_from"_s, ingest::identitySourceName(e.rankFrom)},
                                      {u"node_from"_s, ingest::identitySourceName(e.nodeFrom)}, {u"time"_s, timeValue(e.timeMs)},
                                      {u"time_inferred"_s, e.timeInferred}, {u"path"_s, f ? f->path : QString()},
                                      {u"line"_s, e.source.line}, {u"text"_s, e.text}, {u"captures"_s, captures}});
        }
        root.insert(u"events"_s, events);
    }
    return root;
}

QString AnalysisReport::toText(const AnalysisResult &r, const kb::KnowledgeBase *kb, const Options &options)
{
    const auto bold = [&](const QString &s) { return options.colour ? u"\x1b[1m"_s + s + u"\x1b[0m"_s : s; };
    const auto red = [&](const QString &s) { return options.colour ? u"\x1b[1;31m"_s + s + u"\x1b[0m"_s : s; };
    const auto dim = [&](const QString &s) { return options.colour ? u"\x1b[2m"_s + s + u"\x1b[0m"_s : s; };
    const ingest::IngestResult &in = *r.ingest;
    QString o;
    o += bold(u"RankScope analysis"_s) + u"\n"_s;
    o += u"Read %1 files, %2 lines, %3 events; %4 nodes, %5 ranks"_s.arg(in.stats.files).arg(in.stats.lines).arg(in.stats.events)
             .arg(in.job.nodes.size()).arg(in.job.ranks.size());
    if (in.job.worldSize > 0)
        o += u" of world size %1"_s.arg(in.job.worldSize);
    if (!in.job.missingRanks.isEmpty()) {
        QStringList m;
        for (int x : in.job.missingRanks)
            m << QString::number(x);
        o += u"; no log from ranks "_s + m.join(u',');
    }
    o += u"\n\n"_s + bold(u"Verdict"_s) + u" (confidence %1%)\n  "_s.arg(qRound(r.verdict.confidence * 100)) + red(r.verdict.summary) + u'\n';
    if (r.verdict.evidence.source.isValid())
        o += u"  "_s + dim(u"%1:%2"_s.arg(r.verdict.evidence.path).arg(r.verdict.evidence.source.line)) + u"\n    "_s
             + r.verdict.evidence.text.left(300) + u'\n';
    if (!r.verdict.confidenceNotes.isEmpty())
        o += u"  "_s + dim(u"confidence: "_s + r.verdict.confidenceNotes.join(u"; "_s)) + u'\n';
    if (!r.verdict.hints.isEmpty()) {
        o += u"\n"_s + bold(u"To decide better, collect"_s) + u'\n';
        for (const QString &h : r.verdict.hints)
            o += u"  - "_s + h + u'\n';
    }
    if (!r.verdict.chain.isEmpty()) {
        o += u"\n"_s + bold(u"Chain of evidence"_s) + u'\n';
        int shown = 0;
        for (const ChainStep &s : r.verdict.chain) {
            if (++shown > 12) {
                o += u"  … %1 more steps (see --format json)\n"_s.arg(r.verdict.chain.size() - 12);
                break;
            }
            o += u"  [%1] %2 %3 %4:%5\n      %6\n"_s.arg(ReportNames::role(s.role), s.evidence.rank >= 0 ? u"rank %1"_s.arg(s.evidence.rank) : QString(),
                                                       s.evidence.node, s.evidence.path, QString::number(s.evidence.source.line), s.why);
        }
    }
    if (!r.matrix.outliers.isEmpty()) {
        o += u"\n"_s + bold(u"Version matrix outliers"_s) + u'\n';
        for (const VersionMatrix::Outlier &x : r.matrix.outliers)
            o += u"  %1: %2 = %3 (others: %4)  %5:%6\n"_s.arg(x.node, x.component, x.value, x.majority, x.evidence.path)
                     .arg(x.evidence.source.line);
    }
    if (!r.diagnoses.isEmpty()) {
        o += u"\n"_s + bold(u"Diagnoses"_s) + u'\n';
        for (int i = 0; i < std::min<qsizetype>(5, r.diagnoses.size()); ++i) {
            const Diagnosis &d = r.diagnoses.at(i);
            o += u"  %1  %2  (%3)\n"_s.arg(QString::number(d.score, 'f', 2), d.title, d.entry);
        }
    }
    if (kb && !r.verdict.entry.isEmpty()) {
        if (const kb::Entry *e = kb->entry(r.verdict.entry)) {
            o += u"\n"_s + bold(u"Fix"_s) + u" (rankscope kb show "_s + e->id + u")\n"_s;
            int n = 0;
            QStringList examples;
            const auto fill = [&](const QString &t) {
                const Placeholders::Filled f = Placeholders::fill(t, r);
                examples += f.examples;
                return f.text;
            };
            for (const kb::Step &s : e->fix) {
                o += u"  %1. %2\n"_s.arg(++n).arg(fill(s.text));
                for (const kb::CodeBlock &c : s.code)
                    for (const QString &l : fill(c.code).split(u'\n'))
                        o += u"       "_s + dim(l) + u'\n';
                if (n >= 4)
                    break;
            }
            examples.removeDuplicates();
            if (!examples.isEmpty())
                o += u"  "_s + dim(u"example values (the bundle does not say): "_s + examples.join(u", "_s)) + u'\n';
        }
    }
    const qsizetype warningCount = in.warnings.size() + r.warnings.size();
    if (warningCount) {
        o += u"\n"_s + bold(u"Warnings"_s) + u" (%1)\n"_s.arg(warningCount);
        int n = 0;
        for (const Warnings *ws : {&in.warnings, &r.warnings}) {
            for (const Warning &w : *ws) {
                if (++n > 20)
                    break;
                o += u"  "_s + w.toString() + u'\n';
            }
        }
    }
    return o;
}

QString AnalysisReport::toMarkdown(const AnalysisResult &r, const kb::KnowledgeBase *kb)
{
    const ingest::IngestResult &in = *r.ingest;
    QString o = u"# Incident summary\n\n"_s;
    o += u"**Verdict** (confidence %1%): %2\n\n"_s.arg(qRound(r.verdict.confidence * 100)).arg(r.verdict.summary);
    if (r.verdict.evidence.source.isValid())
        o += u"Evidence: `%1:%2`\n\n```\n%3\n```\n\n"_s.arg(r.verdict.evidence.path).arg(r.verdict.evidence.source.line).arg(r.verdict.evidence.text);
    if (!r.verdict.hints.isEmpty()) {
        o += u"To decide better, collect:\n\n"_s;
        for (const QString &h : r.verdict.hints)
            o += u"- "_s + h + u'\n';
        o += u'\n';
    }
    o += u"Job: %1 nodes, %2 ranks"_s.arg(in.job.nodes.size()).arg(in.job.ranks.size());
    if (in.job.worldSize > 0)
        o += u" (world size %1)"_s.arg(in.job.worldSize);
    o += u".\n\n## Chain of evidence\n\n| role | rank | node | where | why |\n|---|---|---|---|---|\n"_s;
    for (const ChainStep &s : r.verdict.chain.mid(0, 30))
        o += u"| %1 | %2 | %3 | `%4:%5` | %6 |\n"_s.arg(ReportNames::role(s.role), s.evidence.rank >= 0 ? QString::number(s.evidence.rank) : u"—"_s,
                                                       s.evidence.node.isEmpty() ? u"—"_s : s.evidence.node, s.evidence.path,
                                                       QString::number(s.evidence.source.line), s.why);
    if (!r.matrix.outliers.isEmpty()) {
        o += u"\n## Version matrix outliers\n\n| node | component | value | others |\n|---|---|---|---|\n"_s;
        for (const VersionMatrix::Outlier &x : r.matrix.outliers)
            o += u"| %1 | %2 | %3 | %4 |\n"_s.arg(x.node, x.component, x.value, x.majority);
    }
    o += u"\n## Diagnoses\n\n"_s;
    for (const Diagnosis &d : r.diagnoses.mid(0, 5))
        o += u"- **%1** (`%2`, score %3)\n"_s.arg(d.title, d.entry, QString::number(d.score, 'f', 2));
    if (kb && !r.verdict.entry.isEmpty()) {
        if (const kb::Entry *e = kb->entry(r.verdict.entry)) {
            o += u"\n## Fix\n\n"_s;
            int n = 0;
            QStringList examples;
            const auto fill = [&](const QString &t) {
                const Placeholders::Filled f = Placeholders::fill(t, r);
                examples += f.examples;
                return f.text;
            };
            for (const kb::Step &s : e->fix) {
                o += u"%1. %2\n"_s.arg(++n).arg(fill(s.text));
                for (const kb::CodeBlock &c : s.code)
                    o += u"\n   ```%1\n   %2\n   ```\n\n"_s.arg(c.language, fill(c.code).replace(u"\n"_s, u"\n   "_s));
            }
            o += u"\n## Verification\n\n"_s;
            n = 0;
            for (const kb::VerificationStep &s : e->verification) {
                o += u"%1. %2\n"_s.arg(++n).arg(fill(s.text));
                for (const kb::CodeBlock &c : s.code)
                    o += u"\n   ```%1\n   %2\n   ```\n\n"_s.arg(c.language, fill(c.code).replace(u"\n"_s, u"\n   "_s));
                if (!s.expected.isEmpty())
                    o += u"   Expected: %1\n"_s.arg(fill(s.expected));
            }
            examples.removeDuplicates();
            if (!examples.isEmpty())
                o += u"\nExample values (the bundle does not say): "_s + examples.join(u", "_s) + u'\n';
        }
    }
    return o;
}

} // namespace rankscope::report
