// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "walkthrough.h"

#include "reportnames.h"

#include <QHash>
#include <algorithm>
#include <numeric>

using namespace Qt::StringLiterals;

namespace rankscope::cases {

namespace {

using analysis::AnalysisResult;
using analysis::ChainStep;
using analysis::Evidence;

// Context steps of the chain shown at most: beyond two they explain the analysis, not the
// incident.
constexpr int MaxContextSteps = 2;
// Titles are list entries; the note carries the rest.
constexpr qsizetype MaxTitleChars = 90;

QString who(int rank, const QString &node)
{
    if (rank >= 0 && !node.isEmpty())
        return u"rank %1 on %2"_s.arg(rank).arg(node);
    if (rank >= 0)
        return u"rank %1"_s.arg(rank);
    return node;
}

QString titled(const QString &subject, const QString &what)
{
    QString t = subject.isEmpty() ? what : subject + u": "_s + what;
    if (t.size() > MaxTitleChars)
        t = t.left(MaxTitleChars - 1).trimmed() + u'\u2026';
    return t;
}

// The entry's title as the diagnoses carry it: core/case does not open the encyclopedia, and
// an entry without a diagnosis falls back to its id made readable.
QString entryTitle(const AnalysisResult &r, const QString &entry)
{
    for (const analysis::Diagnosis &d : r.diagnoses) {
        if (d.entry == entry && !d.title.isEmpty())
            return d.title;
    }
    QString t = entry;
    return t.replace(u'-', u' ');
}

WalkthroughStep stepAt(const Evidence &e, const QString &title, const QString &note, const QString &role)
{
    return { title, note, e.path, e.source.line, e.rank, e.node, e.timeMs, role };
}

// Lines the job itself wrote. Inventories are collected hours later and kernel logs run from
// boot, so their first and last lines say nothing about when the job ran.
bool isJobOutput(const ingest::InputFile *file)
{
    constexpr quint32 job = ingest::KindRankLog | ingest::KindLauncherLog | ingest::KindNcclDebug
        | ingest::KindErrorJson | ingest::KindSchedulerLog;
    return file && (file->kinds & job) != 0;
}

struct Candidate
{
    WalkthroughStep step;
    int priority = 0; // lower wins when two candidates point at the same line
};

} // namespace

QList<WalkthroughStep> Walkthrough::propose(const AnalysisResult &r)
{
    const analysis::Verdict &v = r.verdict;
    if (v.chain.isEmpty())
        return {};

    // Where the job's output begins and ends: the earliest first timestamp and the latest last
    // one among the files the job wrote, at the file's first and last line (as the ingest's
    // ProcessStart and LastLine events do). Files, not events: an event exists only for lines
    // a fingerprint matched, and the chain already holds those that explain the verdict.
    const ingest::InputFile *first = nullptr;
    const ingest::InputFile *last = nullptr;
    if (r.ingest) {
        for (const ingest::InputFile &f : r.ingest->files) {
            if (!isJobOutput(&f) || f.lines <= 0)
                continue;
            if (f.firstTimeMs != NoTime && (!first || f.firstTimeMs < first->firstTimeMs))
                first = &f;
            if (f.lastTimeMs != NoTime && (!last || f.lastTimeMs > last->lastTimeMs))
                last = &f;
        }
    }
    auto fileStep
        = [](const ingest::InputFile &f, LineNumber line, qint64 timeMs, const QString &what, const QString &note) {
              return WalkthroughStep { titled(who(f.rank, f.node), what), note, f.path, line, f.rank, f.node, timeMs,
                  u"context"_s };
          };

    // Candidates in story order (which also places steps without a time); priority decides
    // which one keeps a line two of them point at: a chain step says more than "first line".
    enum Priority { Initiating, Collateral, Context, Frame };
    QList<Candidate> candidates;
    if (first) {
        candidates.append({ fileStep(*first, 1, first->firstTimeMs, u"the job's output begins"_s,
                                u"The file of the job with the earliest timestamp: the job was running from "
                                "here."_s),
            Frame });
    }

    int context = 0;
    for (const ChainStep &c : v.chain) {
        if (c.role != ChainStep::Role::Context || context == MaxContextSteps)
            continue;
        ++context;
        const QString subject = c.entry.isEmpty() ? QString() : who(c.evidence.rank, c.evidence.node);
        const QString what = c.entry.isEmpty() ? c.why : entryTitle(r, c.entry);
        candidates.append({ stepAt(c.evidence, titled(subject, what), c.why, report::ReportNames::role(c.role)), Context });
    }

    const ChainStep *initiating = nullptr;
    for (const ChainStep &c : v.chain) {
        if (c.role == ChainStep::Role::Initiating) {
            initiating = &c;
            break;
        }
    }
    if (initiating) {
        // The title names who started it, which for some verdicts (an unreachable store, a
        // node that never joined) is not who printed the line.
        const QString subject = v.external ? u"scheduler"_s : who(v.rank, v.node);
        const QString entry = initiating->entry.isEmpty() ? v.entry : initiating->entry;
        candidates.append({ stepAt(initiating->evidence, titled(subject, entryTitle(r, entry)),
                                v.summary.isEmpty() ? initiating->why : v.summary, report::ReportNames::role(initiating->role)),
            Initiating });
    }

    // The first collateral elsewhere shows the failure spreading, which is what a reader who
    // suspects the loudest node needs to see. Earliest by time, chain order on a tie.
    const QString origin = initiating ? initiating->evidence.node : v.node;
    const ChainStep *collateral = nullptr;
    const ChainStep *collateralAnywhere = nullptr;
    auto earlier = [](const ChainStep &a, const ChainStep *b) {
        if (!b)
            return true;
        const qint64 ta = a.evidence.timeMs, tb = b->evidence.timeMs;
        return ta != NoTime && (tb == NoTime || ta < tb);
    };
    for (const ChainStep &c : v.chain) {
        if (c.role != ChainStep::Role::Collateral)
            continue;
        if (earlier(c, collateralAnywhere))
            collateralAnywhere = &c;
        const bool elsewhere = !c.evidence.node.isEmpty() && c.evidence.node != origin && c.evidence.node != v.node;
        if (elsewhere && earlier(c, collateral))
            collateral = &c;
    }
    if (!collateral)
        collateral = collateralAnywhere;
    if (collateral) {
        const Evidence &e = collateral->evidence;
        candidates.append({ stepAt(e, titled(who(e.rank, e.node), entryTitle(r, collateral->entry)), collateral->why,
                                report::ReportNames::role(collateral->role)),
            Collateral });
    }

    if (last) {
        candidates.append({ fileStep(*last, last->lines, last->lastTimeMs, u"the job's output ends"_s,
                                u"The file of the job with the latest timestamp: from the failure up to here is "
                                "teardown."_s),
            Frame });
    }

    // One step per line, the candidate with the best priority keeping it.
    QList<bool> kept(candidates.size(), true);
    QHash<QPair<QString, qint64>, qsizetype> owner;
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        const WalkthroughStep &s = candidates.at(i).step;
        if (s.path.isEmpty())
            continue;
        const QPair<QString, qint64> key { s.path, s.line };
        const auto it = owner.constFind(key);
        if (it == owner.cend()) {
            owner.insert(key, i);
        } else if (candidates.at(i).priority < candidates.at(*it).priority) {
            kept[*it] = false;
            owner.insert(key, i);
        } else {
            kept[i] = false;
        }
    }
    QList<WalkthroughStep> unique;
    for (qsizetype i = 0; i < candidates.size(); ++i) {
        if (kept.at(i))
            unique.append(candidates.at(i).step);
    }

    // Ordered by time. A step without a time sorts as if it had the time of the step before it
    // in story order (or, leading the list, of the first step with one): it stays next to what
    // it explains, and the key remains a strict weak order for the stable sort.
    QList<qint64> keys(unique.size(), NoTime);
    qint64 carried = NoTime;
    for (const WalkthroughStep &s : std::as_const(unique)) {
        if (s.timeMs != NoTime) {
            carried = s.timeMs;
            break;
        }
    }
    for (qsizetype i = 0; i < unique.size(); ++i) {
        if (unique.at(i).timeMs != NoTime)
            carried = unique.at(i).timeMs;
        keys[i] = carried;
    }
    QList<qsizetype> order(unique.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&keys](qsizetype a, qsizetype b) { return keys.at(a) < keys.at(b); });
    QList<WalkthroughStep> out;
    out.reserve(unique.size());
    for (qsizetype i : std::as_const(order))
        out.append(unique.at(i));
    return out;
}

} // namespace rankscope::cases
