// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "incidentreport.h"
#include "naturalorder.h"

#include "placeholders.h"

#include "comparisonreport.h"
#include "analysisreport.h"
#include "knowledgebase.h"
#include "rankscopeconfig.h"
#include "redactor.h"
#include "reportnames.h"

#include <QJsonArray>
#include <algorithm>
#include <cmath>
#include <map>

using namespace Qt::StringLiterals;

namespace rankscope::report {

namespace an = rankscope::analysis;

namespace {

QString stateName(an::MatrixCell::State s)
{
    switch (s) {
    case an::MatrixCell::State::Consistent:
        return u"consistent"_s;
    case an::MatrixCell::State::Outlier:
        return u"outlier"_s;
    case an::MatrixCell::State::Conflicting:
        return u"conflicting"_s;
    case an::MatrixCell::State::Unknown:
        break;
    }
    return u"unknown"_s;
}

QString timeString(qint64 ms)
{
    return ms == ingest::NoTime ? QString() : AnalysisReport::isoTime(ms);
}

// "rank 12 on node gpu-a07: NCCL watchdog timeout (nccl-watchdog-timeout)": the reviewer's
// verdict in one phrase, as every rendering states it.
QString overrideText(const ReportVerdictOverride &o)
{
    QString who;
    if (o.rank >= 0)
        who = u"rank "_s + QString::number(o.rank);
    if (!o.node.isEmpty())
        who += (who.isEmpty() ? u"node "_s : u" on node "_s) + o.node;
    QString what;
    if (!o.entry.isEmpty())
        what = o.entryTitle.isEmpty() ? o.entry : o.entryTitle + u" ("_s + o.entry + u')';
    if (who.isEmpty())
        return what.isEmpty() ? u"see the reason"_s : what;
    return what.isEmpty() ? who : who + u": "_s + what;
}

// The Notes section holds what the reviewer wrote; an override alone is shown with the verdict.
bool hasNotes(const ReportAnnotations &a)
{
    return !a.notes.trimmed().isEmpty() || !a.bookmarks.isEmpty() || !a.tags.isEmpty();
}

double rounded(double v)
{
    return std::round(v * 100) / 100;
}

QString percent(double v)
{
    return QString::number(qRound(v * 100)) + u'%';
}

QString rankText(int rank)
{
    return rank >= 0 ? QString::number(rank) : QString();
}

QString where(const IncidentReport::Line &l)
{
    return l.line > 0 ? l.path + u':' + QString::number(l.line) : l.path;
}

// The nodes a capped matrix table shows: all when few, otherwise those with something to see first.
QList<qsizetype> matrixRows(const IncidentReport::Matrix &m, qsizetype max)
{
    QList<qsizetype> rows;
    if (m.nodes.size() <= max) {
        for (qsizetype i = 0; i < m.nodes.size(); ++i)
            rows.append(i);
        return rows;
    }
    for (qsizetype i = 0; i < m.nodes.size() && rows.size() < max; ++i) {
        if (std::any_of(m.states.at(i).cbegin(), m.states.at(i).cend(),
                [](const QString &s) { return s == u"outlier"_s || s == u"conflicting"_s; }))
            rows.append(i);
    }
    for (qsizetype i = 0; i < m.nodes.size() && rows.size() < max; ++i) {
        if (!rows.contains(i))
            rows.append(i);
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

constexpr qsizetype MaxMatrixRows = 64;

// ---- Markdown helpers ---------------------------------------------------------------------

// Prose from logs and users: no HTML, no emphasis, no table breaks.
QString mdText(const QString &s)
{
    QString o;
    o.reserve(s.size());
    for (QChar c : s) {
        if (c == u'\\' || c == u'`' || c == u'*' || c == u'_' || c == u'[' || c == u']' || c == u'<' || c == u'>'
            || c == u'|')
            o += u'\\';
        o += (c == u'\n' || c == u'\r') ? u' ' : c;
    }
    return o;
}

qsizetype longestBacktickRun(const QString &s)
{
    qsizetype best = 0, run = 0;
    for (QChar c : s) {
        run = c == u'`' ? run + 1 : 0;
        best = std::max(best, run);
    }
    return best;
}

// An inline code span that survives any content; in a table '|' must be escaped even inside code.
QString mdCode(QString s, bool inTable = false)
{
    s.replace(u'\n', u' ').replace(u'\r', u' ');
    if (inTable)
        s.replace(u"|"_s, u"\\|"_s);
    if (s.isEmpty())
        return {};
    const QString fence(longestBacktickRun(s) + 1, u'`');
    const bool pad = s.startsWith(u'`') || s.endsWith(u'`');
    return fence + (pad ? u" "_s : QString()) + s + (pad ? u" "_s : QString()) + fence;
}

QString mdBlock(const QString &code, const QString &language, const QString &indent = {})
{
    const QString fence(std::max<qsizetype>(3, longestBacktickRun(code) + 1), u'`');
    QString o = indent + fence + language + u'\n';
    for (const QString &l : code.split(u'\n'))
        o += indent + l + u'\n';
    return o + indent + fence + u'\n';
}

// Encyclopedia prose is Markdown already (inline code in backticks): kept as written.
QString mdProse(const QString &s)
{
    return s.simplified();
}

// ---- HTML helpers -------------------------------------------------------------------------

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

// Encyclopedia prose: escaped, with its `inline code` spans as <code>.
QString htmlProse(const QString &s)
{
    const QStringList parts = s.split(u'`');
    if (parts.size() % 2 == 0) // an unpaired backtick: show it as it is
        return esc(s);
    QString o;
    for (qsizetype i = 0; i < parts.size(); ++i)
        o += i % 2 ? u"<code>"_s + esc(parts.at(i)) + u"</code>"_s : esc(parts.at(i));
    return o;
}

QString dataUri(const QByteArray &png)
{
    return u"data:image/png;base64,"_s + QString::fromLatin1(png.toBase64());
}

const char16_t *const HtmlStyle = uR"(
body { font-family: "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; font-size: 10pt; color: #1d2125; max-width: 1100px; margin: 1.5em auto; padding: 0 1em; }
h1 { font-size: 18pt; margin-bottom: 0.2em; }
h2 { font-size: 14pt; border-bottom: 1px solid #c8ccd0; padding-bottom: 2px; margin-top: 1.4em; }
h3 { font-size: 11pt; margin-bottom: 0.3em; }
.meta { color: #5c636a; }
.badge { background-color: #fff3cd; color: #664d03; padding: 1px 6px; }
.verdict { background-color: #fdecea; border: 1px solid #d32f2f; padding: 8px; }
.summary { font-size: 12pt; font-weight: bold; color: #b71c1c; }
pre, code { font-family: "DejaVu Sans Mono", Consolas, monospace; font-size: 9pt; }
pre { background-color: #f3f4f5; padding: 6px; white-space: pre-wrap; }
table { border-collapse: collapse; margin: 0.4em 0; }
th { background-color: #e9ecef; text-align: left; }
td, th { border: 1px solid #c8ccd0; padding: 3px 6px; vertical-align: top; }
.initiating { color: #d32f2f; font-weight: bold; }
.collateral { color: #b2580c; }
.context { color: #5c636a; }
td.outlier, td.conflicting { background-color: #fdecea; color: #b71c1c; font-weight: bold; }
td.unknown { color: #9aa0a6; }
.notes { white-space: pre-wrap; }
td.line { background-color: #f7f8f9; }
img { max-width: 100%; }
)";

QString htmlTable(
    const QStringList &headers, const QList<QStringList> &rows, const QList<QStringList> &cellClasses = {})
{
    QString o = u"<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\" width=\"100%\">\n<tr>"_s;
    for (const QString &h : headers)
        o += u"<th>"_s + esc(h) + u"</th>"_s;
    o += u"</tr>\n"_s;
    for (qsizetype r = 0; r < rows.size(); ++r) {
        o += u"<tr>"_s;
        for (qsizetype c = 0; c < rows.at(r).size(); ++c) {
            const QString cls = cellClasses.value(r).value(c);
            o += (cls.isEmpty() ? u"<td>"_s : u"<td class=\""_s + cls + u"\">"_s) + rows.at(r).at(c) + u"</td>"_s;
        }
        o += u"</tr>\n"_s;
    }
    return o + u"</table>\n"_s;
}

QString truncated(const QString &s, qsizetype max)
{
    const QString flat = s.simplified();
    return flat.size() <= max ? flat : flat.left(max - 1) + u'…';
}

// The first command line of a list of steps, comments and blank lines skipped; a shell command
// when there is one (a line of Python or YAML pastes badly into a chat).
QString firstCommand(const QList<IncidentReport::Action> &steps, QString *stepText = nullptr)
{
    for (const bool shellOnly : { true, false }) {
        for (const IncidentReport::Action &a : steps) {
            for (const IncidentReport::Command &c : a.commands) {
                if (shellOnly && c.language != u"bash"_s && c.language != u"sh"_s && c.language != u"shell"_s
                    && !c.language.isEmpty())
                    continue;
                for (const QString &line : c.code.split(u'\n')) {
                    const QString t = line.trimmed();
                    if (!t.isEmpty() && !t.startsWith(u'#')) {
                        if (stepText)
                            *stepText = a.text;
                        return t;
                    }
                }
            }
        }
    }
    return {};
}

} // namespace

QString IncidentReport::timelineImageName()
{
    return u"timeline.png"_s;
}

IncidentReport IncidentReport::build(const an::AnalysisResult &result, const kb::KnowledgeBase *kb,
    const ReportAnnotations &annotations, const Redactor &redactor)
{
    return build(result, kb, annotations, redactor, Options {});
}

IncidentReport IncidentReport::build(const an::AnalysisResult &result, const kb::KnowledgeBase *kb,
    const ReportAnnotations &annotations, const Redactor &redactor, const Options &options)
{
    const auto R = [&redactor](const QString &s) { return redactor.apply(s); };
    const auto line = [&R](const an::Evidence &e) {
        if (!e.source.isValid() && e.path.isEmpty())
            return Line {};
        return Line { R(e.path), e.source.line, e.rank, R(e.node), timeString(e.timeMs), R(e.text) };
    };
    // The entry's steps with its placeholders filled from this incident ({majority.nccl} …);
    // which values came from the incident and which are the entry's examples is kept.
    QStringList fromIncident, examples;
    const auto filled = [&](const QString &text) {
        const an::Placeholders::Filled f = an::Placeholders::fill(text, result);
        for (const QString &x : f.fromIncident)
            if (!fromIncident.contains(x))
                fromIncident.append(x);
        for (const QString &x : f.examples)
            if (!examples.contains(x))
                examples.append(x);
        return R(f.text);
    };
    const auto actions = [&filled](const auto &steps) {
        QList<Action> out;
        for (const auto &s : steps) {
            Action a { filled(s.text), {}, {} };
            for (const kb::CodeBlock &c : s.code)
                a.commands.append({ c.language, filled(c.code) });
            if constexpr (requires { s.expected; })
                a.expected = filled(s.expected);
            out.append(a);
        }
        return out;
    };

    IncidentReport rep;
    rep.title = options.title.isEmpty() ? u"Incident report"_s : R(options.title);
    rep.generator = u"RankScope "_s + QString::fromLatin1(RANKSCOPE_VERSION_STRING);
    rep.redacted = redactor.isEnabled();

    const an::Verdict &v = result.verdict;
    rep.verdict.summary = R(v.summary);
    rep.verdict.confidence = v.confidence;
    rep.verdict.rank = v.rank;
    rep.verdict.node = R(v.node);
    rep.verdict.time = timeString(v.timeMs);
    rep.verdict.entry = v.entry;
    rep.verdict.external = v.external;
    rep.verdict.basis = R(v.basis);
    rep.verdict.evidence = line(v.evidence);
    if (const kb::Entry *e = kb && !v.entry.isEmpty() ? kb->entry(v.entry) : nullptr)
        rep.verdict.entryTitle = R(e->title);
    for (const an::Diagnosis &d : result.diagnoses) {
        if (rep.verdict.entryTitle.isEmpty() && d.entry == v.entry)
            rep.verdict.entryTitle = R(d.title);
    }

    rep.chainTotal = v.chain.size();
    for (const an::ChainStep &s : v.chain.mid(0, options.maxChainSteps))
        rep.chain.append({ ReportNames::role(s.role), s.entry, R(s.why), line(s.evidence) });

    for (const an::Diagnosis &d : result.diagnoses.mid(0, options.maxDiagnoses)) {
        Diagnosis out;
        out.entry = d.entry;
        out.title = R(d.title);
        out.category = d.category;
        out.role = d.role;
        out.score = d.score;
        out.evidenceTotal = d.evidence.size();
        for (const an::Evidence &e : d.evidence.mid(0, options.maxEvidencePerDiagnosis))
            out.evidence.append(line(e));
        if (const kb::Entry *e = kb ? kb->entry(d.entry) : nullptr) {
            out.summary = R(e->summary);
            fromIncident.clear();
            examples.clear();
            out.fix = actions(e->fix);
            out.verification = actions(e->verification);
            for (const QString &x : std::as_const(fromIncident))
                out.filledValues.append(R(x));
            out.exampleValues = examples;
        }
        rep.diagnoses.append(out);
    }

    const an::VersionMatrix &m = result.matrix;
    rep.matrix.components = m.components;
    for (const QString &n : m.nodes) {
        rep.matrix.nodes.append(R(n));
        QStringList values, states;
        for (const QString &c : m.components) {
            const an::MatrixCell *cell = m.cell(n, c);
            values.append(cell ? R(cell->value) : QString());
            states.append(stateName(cell ? cell->state : an::MatrixCell::State::Unknown));
        }
        rep.matrix.values.append(values);
        rep.matrix.states.append(states);
    }
    for (const an::VersionMatrix::Outlier &o : m.outliers)
        rep.matrix.outliers.append({ R(o.node), o.component, R(o.value), R(o.majority), line(o.evidence) });

    if (const ingest::IngestResult *in = result.ingest.get()) {
        for (const QString &n : in->job.nodes)
            rep.job.nodes.append(R(n));
        rep.job.ranks = in->job.ranks.size();
        rep.job.worldSize = in->job.worldSize;
        rep.job.missingRanks = in->job.missingRanks;
        rep.job.files = in->stats.files;
        rep.job.lines = in->stats.lines;
        rep.job.events = in->stats.events;
        // Events are sorted by time with unknown times last.
        for (const ingest::Event &e : in->events) {
            if (e.timeMs != ingest::NoTime) {
                rep.job.start = timeString(e.timeMs);
                break;
            }
        }
        for (auto it = in->events.crbegin(); it != in->events.crend(); ++it) {
            if (it->timeMs != ingest::NoTime) {
                rep.job.end = timeString(it->timeMs);
                break;
            }
        }
        rep.inputsTotal = in->files.size();
        for (const ingest::InputFile &f : in->files.mid(0, options.maxInputs))
            rep.inputs.append({ R(f.path), ingest::fileKindNames(f.kinds), f.lines, R(f.node), f.ranks });
        for (const Warnings *ws : { &in->warnings, &result.warnings }) {
            for (const Warning &w : *ws) {
                if (rep.warnings.size() < options.maxWarnings)
                    rep.warnings.append({ R(w.path), w.line, -1, {}, {}, R(w.message) });
            }
        }
        rep.warningCount = in->warnings.size() + result.warnings.size();
    } else {
        rep.warningCount = result.warnings.size();
    }

    rep.timeline = buildTimeline(result, kb, redactor, options.maxTimelineEvents);

    rep.annotations.notes = R(annotations.notes);
    rep.annotations.tags = redactor.apply(annotations.tags);
    for (const ReportBookmark &b : annotations.bookmarks)
        rep.annotations.bookmarks.append({ R(b.path), b.line, R(b.label), R(b.note) });
    if (const auto &o = annotations.verdictOverride) {
        ReportVerdictOverride out { o->rank, R(o->node), o->entry, R(o->entryTitle), R(o->reason) };
        if (const kb::Entry *e = kb && !o->entry.isEmpty() ? kb->entry(o->entry) : nullptr)
            out.entryTitle = R(e->title);
        rep.annotations.verdictOverride = out;
    }
    return rep;
}

IncidentReport::Timeline IncidentReport::buildTimeline(
    const an::AnalysisResult &result, const kb::KnowledgeBase *kb, const Redactor &redactor, int maxEvents)
{
    Timeline t;
    const ingest::IngestResult *in = result.ingest.get();
    if (!in)
        return t;

    // Lanes as the workbench's timeline has them: ranks grouped by node, a rank -1 lane per node
    // for its kernel and launcher lines.
    std::map<QString, std::map<int, int>, NaturalLess> byNode;
    for (const ingest::Event &e : in->events) {
        if (e.kind != ingest::Event::Kind::Fact)
            byNode[e.node][e.rank] = 0;
    }
    QHash<QString, QHash<int, int>> laneOf; // the lookups per event, without natural-order compares
    for (auto &[node, ranks] : byNode) {
        for (auto &[rank, lane] : ranks) {
            lane = int(t.lanes.size());
            laneOf[node].insert(rank, lane);
            t.lanes.append({ redactor.apply(node), rank, ingest::NoTime, ingest::NoTime });
        }
    }

    QHash<QString, QString> labels; // entry id -> label
    const auto labelOf = [&](const ingest::Event &e) {
        if (e.kind != ingest::Event::Kind::Fingerprint || e.fingerprint < 0 || e.fingerprint >= in->fingerprints.size())
            return ReportNames::eventKind(e.kind);
        const QString &id = in->fingerprints.at(e.fingerprint).entryId;
        auto it = labels.constFind(id);
        if (it == labels.cend()) {
            const kb::Entry *entry = kb ? kb->entry(id) : nullptr;
            it = labels.insert(id, redactor.apply(entry ? entry->title : id));
        }
        return *it;
    };

    struct Candidate
    {
        qsizetype index;
        an::ChainStep::Role role;
    };
    QList<Candidate> markers;
    for (qsizetype i = 0; i < in->events.size(); ++i) {
        const ingest::Event &e = in->events.at(i);
        if (e.kind == ingest::Event::Kind::Fact)
            continue;
        if (e.timeMs == ingest::NoTime) {
            ++t.untimed;
            continue;
        }
        Timeline::Lane &lane = t.lanes[laneOf.value(e.node).value(e.rank)];
        lane.firstMs = lane.firstMs == ingest::NoTime ? e.timeMs : std::min(lane.firstMs, e.timeMs);
        lane.lastMs = lane.lastMs == ingest::NoTime ? e.timeMs : std::max(lane.lastMs, e.timeMs);
        t.startMs = t.startMs == ingest::NoTime ? e.timeMs : std::min(t.startMs, e.timeMs);
        t.endMs = t.endMs == ingest::NoTime ? e.timeMs : std::max(t.endMs, e.timeMs);
        if (e.kind == ingest::Event::Kind::ProcessStart || e.kind == ingest::Event::Kind::LastLine)
            continue;
        markers.append({ i, result.eventRoles.value(i, an::ChainStep::Role::Context) });
    }
    // Over the cap, the incident's own events go first, then context in time order.
    if (markers.size() > maxEvents) {
        std::stable_sort(markers.begin(), markers.end(), [](const Candidate &a, const Candidate &b) {
            const auto rank = [](an::ChainStep::Role r) {
                return r == an::ChainStep::Role::Initiating ? 0 : r == an::ChainStep::Role::Collateral ? 1 : 2;
            };
            return rank(a.role) < rank(b.role);
        });
        t.omitted = markers.size() - maxEvents;
        markers.resize(maxEvents);
        std::sort(
            markers.begin(), markers.end(), [](const Candidate &a, const Candidate &b) { return a.index < b.index; });
    }
    for (const Candidate &c : markers) {
        const ingest::Event &e = in->events.at(c.index);
        if (t.initiating < 0 && c.role == an::ChainStep::Role::Initiating
            && (!result.verdict.evidence.source.isValid() || e.source == result.verdict.evidence.source))
            t.initiating = int(t.events.size());
        t.events.append({ laneOf.value(e.node).value(e.rank), e.timeMs, ReportNames::role(c.role), labelOf(e) });
    }
    // The verdict's line may not be an event of its own (a matrix verdict): then the first
    // initiating event stands for it.
    for (qsizetype i = 0; i < t.events.size() && t.initiating < 0; ++i) {
        if (t.events.at(i).role == u"initiating"_s)
            t.initiating = int(i);
    }
    return t;
}

// ---- Markdown -------------------------------------------------------------------------------

QString IncidentReport::toMarkdown(const QMap<QString, QString> &imagePaths) const
{
    QString o = u"# "_s + mdText(title) + u"\n\n"_s;
    o += u"Generated by "_s + generator;
    if (redacted)
        o += u" · **redacted**: host names, IP addresses and user names are replaced by aliases"_s;
    o += u"\n\n## Verdict\n\n"_s;
    if (const auto &vo = annotations.verdictOverride) {
        o += u"**Verdict overridden by the reviewer:** "_s + mdText(overrideText(*vo)) + u"\n\nReason: "_s
            + mdText(vo->reason) + u"\n\nAutomatic verdict, kept for reference:\n\n"_s;
    }
    o += u"**"_s + mdText(verdict.summary) + u"**\n\n"_s;
    o += u"- Confidence: "_s + percent(verdict.confidence)
        + (verdict.basis.isEmpty() ? QString() : u" (decided by: "_s + mdText(verdict.basis) + u')') + u'\n';
    if (verdict.rank >= 0 || !verdict.node.isEmpty()) {
        o += u"- Started by:"_s + (verdict.rank >= 0 ? u" rank "_s + QString::number(verdict.rank) : QString())
            + (verdict.node.isEmpty() ? QString() : u" on node "_s + mdCode(verdict.node)) + u'\n';
    }
    if (!verdict.time.isEmpty())
        o += u"- At: "_s + verdict.time + u'\n';
    if (!verdict.entry.isEmpty())
        o += u"- Failure: "_s + mdText(verdict.entryTitle.isEmpty() ? verdict.entry : verdict.entryTitle) + u" ("_s
            + mdCode(verdict.entry) + u")\n"_s;
    if (verdict.external)
        o += u"- Stopped from outside the job (scheduler or operator)\n"_s;
    if (verdict.evidence.isValid())
        o += u"\nEvidence "_s + mdCode(where(verdict.evidence)) + u":\n\n"_s
            + mdBlock(verdict.evidence.text, u"text"_s);

    if (const auto it = imagePaths.constFind(timelineImageName()); it != imagePaths.cend() && !timeline.isEmpty())
        o += u"\n## Timeline\n\n![Timeline: ranks by node over time, the initiating event circled]("_s
            + QString(*it).replace(u' ', u"%20"_s) + u")\n"_s;

    if (!chain.isEmpty()) {
        o += u"\n## Chain of evidence\n\n| # | role | rank | node | time | where | why |\n|---|---|---|---|---|---|---|\n"_s;
        int n = 0;
        for (const Step &s : chain)
            o += u"| %1 | %2 | %3 | %4 | %5 | %6 | %7 |\n"_s.arg(QString::number(++n), s.role,
                rankText(s.evidence.rank), mdText(s.evidence.node), s.evidence.time, mdCode(where(s.evidence), true),
                mdText(s.why));
        if (chainTotal > chain.size())
            o += u"\n… and %1 more steps (JSON report or the workbench).\n"_s.arg(chainTotal - chain.size());
    }

    if (!diagnoses.isEmpty()) {
        o += u"\n## Diagnoses\n"_s;
        int n = 0;
        for (const Diagnosis &d : diagnoses) {
            o += u"\n### %1. %2\n\n"_s.arg(++n).arg(mdText(d.title));
            o += u"Encyclopedia entry "_s + mdCode(d.entry) + u", score "_s + QString::number(d.score, 'f', 2)
                + (d.category.isEmpty() ? QString() : u", category "_s + mdText(d.category)) + u".\n\n"_s;
            if (!d.summary.isEmpty())
                o += mdProse(d.summary) + u"\n\n"_s;
            if (!d.evidence.isEmpty()) {
                o += u"Evidence:\n\n"_s;
                for (const Line &l : d.evidence)
                    o += u"- "_s + mdCode(where(l)) + (l.rank >= 0 ? u" rank "_s + QString::number(l.rank) : QString())
                        + u": "_s + mdCode(truncated(l.text, 300)) + u'\n';
                if (d.evidenceTotal > d.evidence.size())
                    o += u"- … %1 more lines\n"_s.arg(d.evidenceTotal - d.evidence.size());
                o += u'\n';
            }
            const auto steps = [&o](const QString &heading, const QList<Action> &actions) {
                if (actions.isEmpty())
                    return;
                o += u"#### "_s + heading + u"\n\n"_s;
                int k = 0;
                for (const Action &a : actions) {
                    o += QString::number(++k) + u". "_s + mdProse(a.text) + u'\n';
                    for (const Command &c : a.commands)
                        o += u'\n' + mdBlock(c.code, c.language, u"   "_s);
                    if (!a.expected.isEmpty())
                        o += u"\n   Expected: "_s + mdProse(a.expected) + u'\n';
                    o += u'\n';
                }
            };
            steps(u"Fix"_s, d.fix);
            steps(u"Verification"_s, d.verification);
            if (!d.filledValues.isEmpty())
                o += u"Values from this incident: "_s + mdProse(d.filledValues.join(u"; "_s)) + u"\n\n"_s;
            if (!d.exampleValues.isEmpty())
                o += u"Example values (the bundle does not say): "_s + mdProse(d.exampleValues.join(u", "_s)) + u"\n\n"_s;
        }
    }

    if (!matrix.components.isEmpty() && !matrix.nodes.isEmpty()) {
        o += u"\n## Version matrix\n\n| node |"_s;
        for (const QString &c : matrix.components)
            o += u' ' + mdText(c) + u" |"_s;
        o += u"\n|---|"_s + QString(u"---|"_s).repeated(matrix.components.size()) + u'\n';
        const QList<qsizetype> rows = matrixRows(matrix, MaxMatrixRows);
        for (qsizetype r : rows) {
            o += u"| "_s + mdText(matrix.nodes.at(r)) + u" |"_s;
            for (qsizetype c = 0; c < matrix.components.size(); ++c) {
                const QString value = matrix.values.at(r).at(c);
                const QString state = matrix.states.at(r).at(c);
                const bool odd = state == u"outlier"_s || state == u"conflicting"_s;
                o += u' '
                    + (value.isEmpty() ? u"—"_s
                            : odd      ? u"**"_s + mdText(value) + u"** ⚠"_s
                                       : mdText(value))
                    + u" |"_s;
            }
            o += u'\n';
        }
        if (rows.size() < matrix.nodes.size())
            o += u"\n… and %1 more nodes.\n"_s.arg(matrix.nodes.size() - rows.size());
        if (!matrix.outliers.isEmpty()) {
            o += u"\n### Outliers\n\n"_s;
            for (const Outlier &x : matrix.outliers)
                o += u"- **"_s + mdText(x.node) + u"**: "_s + mdText(x.component) + u" = "_s + mdCode(x.value)
                    + u" (others: "_s + mdText(x.majority) + u')'
                    + (x.evidence.isValid() ? u", "_s + mdCode(where(x.evidence)) : QString()) + u'\n';
        }
    }

    if (comparison)
        o += u'\n' + ComparisonReport::toMarkdown(comparison->runs, comparison->goodName, comparison->badName, 2);

    if (hasNotes(annotations)) {
        o += u"\n## Notes\n\n"_s;
        if (!annotations.notes.trimmed().isEmpty())
            o += annotations.notes.trimmed() + u"\n\n"_s; // the user's own Markdown, as typed
        if (!annotations.bookmarks.isEmpty()) {
            o += u"### Bookmarks\n\n"_s;
            for (const ReportBookmark &b : annotations.bookmarks)
                o += u"- "_s + mdCode(b.line > 0 ? b.path + u':' + QString::number(b.line) : b.path)
                    + (b.label.isEmpty() ? QString() : u" **"_s + mdText(b.label) + u"**"_s)
                    + (b.note.isEmpty() ? QString() : u" — "_s + mdText(b.note)) + u'\n';
            o += u'\n';
        }
        if (!annotations.tags.isEmpty()) {
            QStringList tags;
            for (const QString &t : annotations.tags)
                tags.append(mdCode(t));
            o += u"Tags: "_s + tags.join(u", "_s) + u"\n"_s;
        }
    }

    o += u"\n## Job and inputs\n\n"_s;
    o += u"%1 nodes, %2 ranks"_s.arg(job.nodes.size()).arg(job.ranks);
    if (job.worldSize > 0)
        o += u" (world size %1)"_s.arg(job.worldSize);
    if (!job.missingRanks.isEmpty()) {
        QStringList m;
        for (int x : job.missingRanks)
            m.append(QString::number(x));
        o += u"; no log from ranks "_s + m.join(u", "_s);
    }
    o += u". %1 files, %2 lines, %3 events"_s.arg(job.files).arg(job.lines).arg(job.events);
    if (!job.start.isEmpty())
        o += u", from "_s + job.start + u" to "_s + job.end;
    o += u".\n\n| path | kind | lines | node | ranks |\n|---|---|---|---|---|\n"_s;
    for (const Input &i : inputs) {
        QStringList ranks;
        for (int r : i.ranks.mid(0, 16))
            ranks.append(QString::number(r));
        if (i.ranks.size() > 16)
            ranks.append(u"…"_s);
        o += u"| %1 | %2 | %3 | %4 | %5 |\n"_s.arg(
            mdCode(i.path, true), mdText(i.kind), QString::number(i.lines), mdText(i.node), ranks.join(u' '));
    }
    if (inputsTotal > inputs.size())
        o += u"\n… and %1 more files.\n"_s.arg(inputsTotal - inputs.size());

    o += u"\n## Warnings (%1)\n\n"_s.arg(warningCount);
    for (const Line &w : warnings)
        o += u"- "_s + (w.path.isEmpty() ? QString() : mdCode(where(w)) + u": "_s) + mdText(w.text) + u'\n';
    if (warningCount > warnings.size())
        o += u"- … and %1 more\n"_s.arg(warningCount - warnings.size());
    return o;
}

// ---- JSON -----------------------------------------------------------------------------------

namespace {
QJsonValue nullable(const QString &s)
{
    return s.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s);
}
QJsonValue nullable(int v)
{
    return v >= 0 ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

QJsonValue lineJson(const IncidentReport::Line &l)
{
    if (!l.isValid())
        return QJsonValue(QJsonValue::Null);
    return QJsonObject { { u"path"_s, l.path },
        { u"line"_s, l.line > 0 ? QJsonValue(l.line) : QJsonValue(QJsonValue::Null) }, { u"rank"_s, nullable(l.rank) },
        { u"node"_s, nullable(l.node) }, { u"time"_s, nullable(l.time) }, { u"text"_s, l.text } };
}

QJsonArray actionsJson(const QList<IncidentReport::Action> &actions, bool verification)
{
    QJsonArray out;
    for (const IncidentReport::Action &a : actions) {
        QJsonArray commands;
        for (const IncidentReport::Command &c : a.commands)
            commands.append(QJsonObject { { u"language"_s, c.language }, { u"code"_s, c.code } });
        QJsonObject step { { u"text"_s, a.text }, { u"commands"_s, commands } };
        if (verification)
            step.insert(u"expected"_s, nullable(a.expected));
        out.append(step);
    }
    return out;
}

QJsonArray stringArray(const QStringList &l)
{
    QJsonArray a;
    for (const QString &s : l)
        a.append(s);
    return a;
}

QJsonArray intArray(const QList<int> &l)
{
    QJsonArray a;
    for (int x : l)
        a.append(x);
    return a;
}
} // namespace

QJsonObject IncidentReport::toJson() const
{
    QJsonArray chainJson;
    for (const Step &s : chain) {
        QJsonObject step { { u"role"_s, s.role }, { u"entry"_s, nullable(s.entry) }, { u"why"_s, s.why } };
        const QJsonValue l = lineJson(s.evidence);
        step.insert(u"evidence"_s, l);
        chainJson.append(step);
    }
    const QJsonObject verdictJson { { u"summary"_s, verdict.summary }, { u"confidence"_s, rounded(verdict.confidence) },
        { u"rank"_s, nullable(verdict.rank) }, { u"node"_s, nullable(verdict.node) },
        { u"time"_s, nullable(verdict.time) }, { u"entry"_s, nullable(verdict.entry) },
        { u"entry_title"_s, nullable(verdict.entryTitle) }, { u"external"_s, verdict.external },
        { u"basis"_s, verdict.basis }, { u"evidence"_s, lineJson(verdict.evidence) }, { u"chain"_s, chainJson },
        { u"chain_total"_s, chainTotal } };

    QJsonArray diagnosesJson;
    for (const Diagnosis &d : diagnoses) {
        QJsonArray ev;
        for (const Line &l : d.evidence)
            ev.append(lineJson(l));
        diagnosesJson.append(QJsonObject { { u"entry"_s, d.entry }, { u"title"_s, d.title },
            { u"category"_s, d.category }, { u"role"_s, d.role }, { u"score"_s, rounded(d.score) },
            { u"summary"_s, nullable(d.summary) }, { u"evidence"_s, ev }, { u"evidence_total"_s, d.evidenceTotal },
            { u"fix"_s, actionsJson(d.fix, false) }, { u"verification"_s, actionsJson(d.verification, true) },
            { u"values_from_incident"_s, QJsonArray::fromStringList(d.filledValues) },
            { u"example_values"_s, QJsonArray::fromStringList(d.exampleValues) } });
    }

    QJsonArray nodes, outliers;
    for (qsizetype r = 0; r < matrix.nodes.size(); ++r) {
        QJsonObject values, states;
        for (qsizetype c = 0; c < matrix.components.size(); ++c) {
            values.insert(matrix.components.at(c), nullable(matrix.values.at(r).at(c)));
            states.insert(matrix.components.at(c), matrix.states.at(r).at(c));
        }
        nodes.append(
            QJsonObject { { u"node"_s, matrix.nodes.at(r) }, { u"values"_s, values }, { u"states"_s, states } });
    }
    for (const Outlier &x : matrix.outliers)
        outliers.append(QJsonObject { { u"node"_s, x.node }, { u"component"_s, x.component }, { u"value"_s, x.value },
            { u"majority"_s, x.majority }, { u"evidence"_s, lineJson(x.evidence) } });

    QJsonArray bookmarks;
    for (const ReportBookmark &b : annotations.bookmarks)
        bookmarks.append(QJsonObject { { u"path"_s, b.path },
            { u"line"_s, b.line > 0 ? QJsonValue(b.line) : QJsonValue(QJsonValue::Null) }, { u"label"_s, b.label },
            { u"note"_s, b.note } });

    QJsonValue verdictOverrideJson(QJsonValue::Null);
    if (const auto &vo = annotations.verdictOverride)
        verdictOverrideJson = QJsonObject { { u"rank"_s, nullable(vo->rank) }, { u"node"_s, nullable(vo->node) },
            { u"entry"_s, nullable(vo->entry) }, { u"entry_title"_s, nullable(vo->entryTitle) },
            { u"reason"_s, vo->reason } };

    QJsonArray inputsJson;
    for (const Input &i : inputs)
        inputsJson.append(QJsonObject { { u"path"_s, i.path }, { u"kind"_s, i.kind }, { u"lines"_s, i.lines },
            { u"node"_s, nullable(i.node) }, { u"ranks"_s, intArray(i.ranks) } });

    QJsonArray warningsJson;
    for (const Line &w : warnings)
        warningsJson.append(QJsonObject { { u"path"_s, nullable(w.path) },
            { u"line"_s, w.line > 0 ? QJsonValue(w.line) : QJsonValue(QJsonValue::Null) }, { u"message"_s, w.text } });

    return QJsonObject {
        { u"schema"_s, u"rankscope.report/1"_s },
        { u"title"_s, title },
        { u"generator"_s, generator },
        { u"redacted"_s, redacted },
        { u"summary"_s, copySummary() },
        { u"verdict"_s, verdictJson },
        { u"diagnoses"_s, diagnosesJson },
        { u"version_matrix"_s,
            QJsonObject { { u"components"_s, stringArray(matrix.components) }, { u"nodes"_s, nodes },
                { u"outliers"_s, outliers } } },
        { u"job"_s,
            QJsonObject { { u"nodes"_s, stringArray(job.nodes) }, { u"ranks"_s, job.ranks },
                { u"world_size"_s, nullable(job.worldSize) }, { u"missing_ranks"_s, intArray(job.missingRanks) },
                { u"start"_s, nullable(job.start) }, { u"end"_s, nullable(job.end) }, { u"files"_s, job.files },
                { u"lines"_s, job.lines }, { u"events"_s, job.events } } },
        { u"annotations"_s,
            QJsonObject { { u"notes"_s, annotations.notes }, { u"tags"_s, stringArray(annotations.tags) },
                { u"bookmarks"_s, bookmarks }, { u"verdict_override"_s, verdictOverrideJson } } },
        { u"warnings"_s, QJsonObject { { u"count"_s, warningCount }, { u"first"_s, warningsJson } } },
        { u"inputs"_s, inputsJson },
        { u"inputs_total"_s, inputsTotal },
        { u"comparison"_s,
            comparison ? QJsonValue(ComparisonReport::toJson(comparison->runs, comparison->goodName, comparison->badName))
                       : QJsonValue(QJsonValue::Null) },
    };
}

// ---- HTML -----------------------------------------------------------------------------------

QString IncidentReport::toHtml(const QMap<QString, QByteArray> &pngImages, ImageMode mode, int imageWidth) const
{
    const auto codeLine = [](const Line &l) -> QString { return u"<code>"_s + esc(where(l)) + u"</code>"_s; };
    // The page width is the printer's when printing: no centred column there.
    const QString style = mode == ImageMode::DataUris
        ? QString::fromUtf16(HtmlStyle)
        : QString::fromUtf16(HtmlStyle).replace(
            u"max-width: 1100px; margin: 1.5em auto; padding: 0 1em; "_s, QString());
    QString o = u"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"_s + esc(title)
        + u"</title>\n<style>"_s + style + u"</style>\n</head>\n<body>\n"_s;
    o += u"<h1>"_s + esc(title) + u"</h1>\n<p class=\"meta\">Generated by "_s + esc(generator);
    if (redacted)
        o += u" &middot; <span class=\"badge\">redacted: host names, IP addresses and user names are replaced by aliases</span>"_s;
    o += u"</p>\n"_s;

    o += u"<h2>Verdict</h2>\n<div class=\"verdict\">\n"_s;
    if (const auto &vo = annotations.verdictOverride) {
        o += u"<p class=\"summary\">Verdict overridden by the reviewer: "_s + esc(overrideText(*vo))
            + u"</p>\n<p>Reason: "_s + esc(vo->reason)
            + u"</p>\n<p class=\"meta\">Automatic verdict, kept for reference:</p>\n"_s;
    }
    o += u"<p class=\"summary\">"_s + esc(verdict.summary) + u"</p>\n<p>Confidence <b>"_s + percent(verdict.confidence)
        + u"</b>"_s;
    if (!verdict.basis.isEmpty())
        o += u" (decided by: "_s + esc(verdict.basis) + u')';
    if (verdict.rank >= 0)
        o += u" &middot; rank <b>"_s + QString::number(verdict.rank) + u"</b>"_s;
    if (!verdict.node.isEmpty())
        o += u" &middot; node <b>"_s + esc(verdict.node) + u"</b>"_s;
    if (!verdict.time.isEmpty())
        o += u" &middot; "_s + esc(verdict.time);
    if (!verdict.entry.isEmpty())
        o += u"<br>Failure: "_s + esc(verdict.entryTitle.isEmpty() ? verdict.entry : verdict.entryTitle) + u" (<code>"_s
            + esc(verdict.entry) + u"</code>)"_s;
    if (verdict.external)
        o += u"<br>Stopped from outside the job (scheduler or operator)."_s;
    o += u"</p>\n"_s;
    if (verdict.evidence.isValid())
        o += u"<p>Evidence "_s + codeLine(verdict.evidence) + u"</p>\n<pre>"_s + esc(verdict.evidence.text)
            + u"</pre>\n"_s;
    o += u"</div>\n"_s;

    if (const auto it = pngImages.constFind(timelineImageName()); it != pngImages.cend() && !timeline.isEmpty()) {
        const QString src = mode == ImageMode::DataUris ? dataUri(*it) : esc(timelineImageName());
        const QString width = imageWidth > 0 ? u" width=\"%1\""_s.arg(imageWidth) : QString();
        o += u"<h2>Timeline</h2>\n<p><img src=\""_s + src + u"\""_s + width
            + u" alt=\"Timeline: ranks by node over time, the initiating event circled\"></p>\n"_s;
    }

    if (!chain.isEmpty()) {
        o += u"<h2>Chain of evidence</h2>\n"_s;
        // Each step's log line gets a full-width row of its own: in a cell it would wrap to a
        // column of fragments.
        o += u"<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\" width=\"100%\">\n<tr><th width=\"3%\">#</th><th "
             u"width=\"10%\">role</th>"
             "<th width=\"6%\">rank</th><th width=\"11%\">node</th><th width=\"13%\">time (UTC)</th><th "
             "width=\"19%\">where</th>"
             "<th width=\"38%\">why</th></tr>\n"_s;
        const QString day = verdict.time.left(10);
        int n = 0;
        for (const Step &s : chain) {
            const QString time
                = !day.isEmpty() && s.evidence.time.startsWith(day) ? s.evidence.time.mid(11, 12) : s.evidence.time;
            o += u"<tr><td>%1</td><td class=\"%2\">%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td><td>%7</td></tr>\n"_s
                     .arg(QString::number(++n), esc(s.role), rankText(s.evidence.rank), esc(s.evidence.node), esc(time),
                         codeLine(s.evidence), esc(s.why));
            if (!s.evidence.text.isEmpty())
                o += u"<tr><td></td><td colspan=\"6\" class=\"line\"><code>"_s + esc(truncated(s.evidence.text, 300))
                    + u"</code></td></tr>\n"_s;
        }
        o += u"</table>\n"_s;
        if (chainTotal > chain.size())
            o += u"<p class=\"meta\">… and %1 more steps (JSON report or the workbench).</p>\n"_s.arg(
                chainTotal - chain.size());
    }

    if (!diagnoses.isEmpty()) {
        o += u"<h2>Diagnoses</h2>\n"_s;
        int n = 0;
        for (const Diagnosis &d : diagnoses) {
            o += u"<h3>%1. %2</h3>\n"_s.arg(++n).arg(esc(d.title));
            o += u"<p class=\"meta\">Encyclopedia entry <code>"_s + esc(d.entry) + u"</code>, score "_s
                + QString::number(d.score, 'f', 2)
                + (d.category.isEmpty() ? QString() : u", category "_s + esc(d.category)) + u"</p>\n"_s;
            if (!d.summary.isEmpty())
                o += u"<p>"_s + htmlProse(d.summary) + u"</p>\n"_s;
            if (!d.evidence.isEmpty()) {
                o += u"<ul>\n"_s;
                for (const Line &l : d.evidence)
                    o += u"<li>"_s + codeLine(l) + (l.rank >= 0 ? u" rank "_s + QString::number(l.rank) : QString())
                        + u": <code>"_s + esc(truncated(l.text, 300)) + u"</code></li>\n"_s;
                if (d.evidenceTotal > d.evidence.size())
                    o += u"<li>… %1 more lines</li>\n"_s.arg(d.evidenceTotal - d.evidence.size());
                o += u"</ul>\n"_s;
            }
            const auto steps = [&o](const QString &heading, const QList<Action> &actions) {
                if (actions.isEmpty())
                    return;
                o += u"<h4>"_s + heading + u"</h4>\n<ol>\n"_s;
                for (const Action &a : actions) {
                    o += u"<li>"_s + htmlProse(a.text);
                    for (const Command &c : a.commands)
                        o += u"<pre>"_s + esc(c.code) + u"</pre>"_s;
                    if (!a.expected.isEmpty())
                        o += u"<br><i>Expected:</i> "_s + htmlProse(a.expected);
                    o += u"</li>\n"_s;
                }
                o += u"</ol>\n"_s;
            };
            steps(u"Fix"_s, d.fix);
            steps(u"Verification"_s, d.verification);
            if (!d.filledValues.isEmpty())
                o += u"<p class=\"values\">Values from this incident: "_s + htmlProse(d.filledValues.join(u"; "_s)) + u"</p>\n"_s;
            if (!d.exampleValues.isEmpty())
                o += u"<p class=\"values\">Example values (the bundle does not say): "_s + htmlProse(d.exampleValues.join(u", "_s)) + u"</p>\n"_s;
        }
    }

    if (!matrix.components.isEmpty() && !matrix.nodes.isEmpty()) {
        o += u"<h2>Version matrix</h2>\n"_s;
        QStringList headers { u"node"_s };
        headers += matrix.components;
        QList<QStringList> rows, classes;
        const QList<qsizetype> shown = matrixRows(matrix, MaxMatrixRows);
        for (qsizetype r : shown) {
            QStringList row { esc(matrix.nodes.at(r)) }, cls { QString() };
            for (qsizetype c = 0; c < matrix.components.size(); ++c) {
                const QString &value = matrix.values.at(r).at(c);
                row.append(value.isEmpty() ? u"—"_s : esc(value));
                cls.append(matrix.states.at(r).at(c));
            }
            rows.append(row);
            classes.append(cls);
        }
        o += htmlTable(headers, rows, classes);
        if (shown.size() < matrix.nodes.size())
            o += u"<p class=\"meta\">… and %1 more nodes.</p>\n"_s.arg(matrix.nodes.size() - shown.size());
        if (!matrix.outliers.isEmpty()) {
            o += u"<h3>Outliers</h3>\n<ul>\n"_s;
            for (const Outlier &x : matrix.outliers)
                o += u"<li><b>"_s + esc(x.node) + u"</b>: "_s + esc(x.component) + u" = <code>"_s + esc(x.value)
                    + u"</code> (others: "_s + esc(x.majority) + u')'
                    + (x.evidence.isValid() ? u", "_s + codeLine(x.evidence) : QString()) + u"</li>\n"_s;
            o += u"</ul>\n"_s;
        }
    }

    if (comparison)
        o += ComparisonReport::toHtml(comparison->runs, comparison->goodName, comparison->badName, 2);

    if (hasNotes(annotations)) {
        o += u"<h2>Notes</h2>\n"_s;
        if (!annotations.notes.trimmed().isEmpty())
            o += u"<pre class=\"notes\">"_s + esc(annotations.notes.trimmed()) + u"</pre>\n"_s;
        if (!annotations.bookmarks.isEmpty()) {
            o += u"<h3>Bookmarks</h3>\n<ul>\n"_s;
            for (const ReportBookmark &b : annotations.bookmarks)
                o += u"<li><code>"_s + esc(b.line > 0 ? b.path + u':' + QString::number(b.line) : b.path) + u"</code>"_s
                    + (b.label.isEmpty() ? QString() : u" <b>"_s + esc(b.label) + u"</b>"_s)
                    + (b.note.isEmpty() ? QString() : u" — "_s + esc(b.note)) + u"</li>\n"_s;
            o += u"</ul>\n"_s;
        }
        if (!annotations.tags.isEmpty()) {
            QStringList tags;
            for (const QString &t : annotations.tags)
                tags.append(u"<code>"_s + esc(t) + u"</code>"_s);
            o += u"<p>Tags: "_s + tags.join(u", "_s) + u"</p>\n"_s;
        }
    }

    o += u"<h2>Job and inputs</h2>\n<p>"_s + u"%1 nodes, %2 ranks"_s.arg(job.nodes.size()).arg(job.ranks);
    if (job.worldSize > 0)
        o += u" (world size %1)"_s.arg(job.worldSize);
    if (!job.missingRanks.isEmpty()) {
        QStringList m;
        for (int x : job.missingRanks)
            m.append(QString::number(x));
        o += u"; no log from ranks "_s + m.join(u", "_s);
    }
    o += u". %1 files, %2 lines, %3 events"_s.arg(job.files).arg(job.lines).arg(job.events);
    if (!job.start.isEmpty())
        o += u", from "_s + esc(job.start) + u" to "_s + esc(job.end);
    o += u".</p>\n"_s;
    QList<QStringList> inputRows;
    for (const Input &i : inputs) {
        QStringList ranks;
        for (int r : i.ranks.mid(0, 16))
            ranks.append(QString::number(r));
        if (i.ranks.size() > 16)
            ranks.append(u"…"_s);
        inputRows.append({ u"<code>"_s + esc(i.path) + u"</code>"_s, esc(i.kind), QString::number(i.lines), esc(i.node),
            ranks.join(u' ') });
    }
    o += htmlTable({ u"path"_s, u"kind"_s, u"lines"_s, u"node"_s, u"ranks"_s }, inputRows);
    if (inputsTotal > inputs.size())
        o += u"<p class=\"meta\">… and %1 more files.</p>\n"_s.arg(inputsTotal - inputs.size());

    o += u"<h2>Warnings (%1)</h2>\n"_s.arg(warningCount);
    if (!warnings.isEmpty()) {
        o += u"<ul>\n"_s;
        for (const Line &w : warnings)
            o += u"<li>"_s + (w.path.isEmpty() ? QString() : codeLine(w) + u": "_s) + esc(w.text) + u"</li>\n"_s;
        if (warningCount > warnings.size())
            o += u"<li>… and %1 more</li>\n"_s.arg(warningCount - warnings.size());
        o += u"</ul>\n"_s;
    }
    return o + u"</body>\n</html>\n"_s;
}

void IncidentReport::setComparison(
    const analysis::RunComparison &runs, const QString &goodName, const QString &badName, const Redactor &redactor)
{
    comparison = Comparison { ComparisonReport::redacted(runs, redactor), redactor.apply(goodName), redactor.apply(badName) };
}

// ---- Copy summary ---------------------------------------------------------------------------

QString IncidentReport::copySummary() const
{
    QStringList lines;
    if (const auto &vo = annotations.verdictOverride) {
        lines.append(
            u"Reviewer's verdict: "_s + overrideText(*vo) + u" (reason: "_s + truncated(vo->reason, 200) + u')');
        lines.append(u"Automatic verdict: "_s + truncated(verdict.summary, 300));
    } else {
        lines.append(u"Verdict: "_s + truncated(verdict.summary, 300));
    }
    QString second = u"Confidence "_s + percent(verdict.confidence);
    if (!verdict.basis.isEmpty())
        second += u" ("_s + verdict.basis + u')';
    second += u"; job: %1 nodes, %2 ranks"_s.arg(job.nodes.size()).arg(job.ranks);
    const auto collateral
        = std::count_if(chain.cbegin(), chain.cend(), [](const Step &s) { return s.role == u"collateral"_s; });
    if (collateral)
        second += u", %1 collateral failures"_s.arg(collateral);
    if (warningCount)
        second += u", %1 warnings"_s.arg(warningCount);
    lines.append(second + u'.');
    if (verdict.evidence.isValid())
        lines.append(u"Evidence: "_s + where(verdict.evidence) + u": "_s + truncated(verdict.evidence.text, 160));
    if (!diagnoses.isEmpty()) {
        const Diagnosis &d = diagnoses.first();
        lines.append(
            u"Diagnosis: "_s + d.title + u" ["_s + d.entry + u"], score "_s + QString::number(d.score, 'f', 2));
        QString step;
        const QString fix = firstCommand(d.fix, &step);
        if (!fix.isEmpty())
            lines.append(u"Fix: "_s + truncated(step, 120) + u" → "_s + truncated(fix, 160));
        else if (!d.fix.isEmpty())
            lines.append(u"Fix: "_s + truncated(d.fix.first().text, 200));
        const QString verify = firstCommand(d.verification, &step);
        if (!verify.isEmpty())
            lines.append(u"Verify: "_s + truncated(verify, 160));
    }
    if (!matrix.outliers.isEmpty()) {
        QStringList parts;
        for (const Outlier &x : matrix.outliers.mid(0, 3))
            parts.append(x.node + u' ' + x.component + u'=' + x.value);
        QString l = u"Outliers: "_s + parts.join(u"; "_s);
        if (matrix.outliers.size() > 3)
            l += u" (+%1 more)"_s.arg(matrix.outliers.size() - 3);
        lines.append(l);
    } else {
        lines.append(u"Outliers: none in the version matrix"_s);
    }
    if (comparison)
        lines.append(truncated(ComparisonReport::oneLine(comparison->runs, comparison->goodName), 300));
    return lines.join(u'\n') + u'\n';
}

} // namespace rankscope::report
