// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "historycontroller.h"

#include "analysisreport.h"
#include "incidentlibrary.h"

#include <QDateTime>
#include <QFileInfo>
#include <QSettings>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

namespace {
const auto RecordKey = u"history/record"_s;
}

HistoryController::HistoryController(QObject *parent)
    : QObject(parent)
    , m_path(history::IncidentLibrary::defaultPath())
{
}

bool HistoryController::isRecording() const
{
    return QSettings().value(RecordKey, true).toBool();
}

void HistoryController::setRecording(bool on)
{
    QSettings().setValue(RecordKey, on);
}

const history::IncidentRecord *HistoryController::incident(qint64 id) const
{
    for (const history::IncidentRecord &r : m_incidents)
        if (r.id == id)
            return &r;
    return nullptr;
}

void HistoryController::record(const analysis::AnalysisResultPtr &result, const QStringList &opened, const cases::VerdictOverride &override)
{
    if (!result || result->ingest->files.isEmpty())
        return;
    QStringList paths;
    for (const QString &p : opened)
        paths << QFileInfo(p).absoluteFilePath();
    start({result, paths.join(u'\n'), override, isRecording(), 0});
}

void HistoryController::refresh()
{
    start({});
}

void HistoryController::forget(qint64 id)
{
    start({nullptr, {}, {}, true, id});
}

namespace {
// The record of an analysis, with the reviewer's verdict in place of the automatic one. Made in
// the background: the analysis JSON walks every fact and matrix cell of a large incident.
std::optional<history::IncidentRecord> recordOf(const analysis::AnalysisResult &result, const QString &origin,
                                                const cases::VerdictOverride &override, QString *problem)
{
    auto r = history::IncidentRecord::fromAnalysisJson(report::AnalysisReport::toJson(result, {}), origin, problem);
    if (r && override.active) {
        r->entry = override.entry;
        r->rank = override.rank;
        r->node = override.node;
        r->overridden = true;
        if (!override.reason.isEmpty())
            r->summary = HistoryController::tr("Corrected by the reviewer: %1").arg(override.reason);
    }
    return r;
}
} // namespace

void HistoryController::start(Request request)
{
    m_job.startJob(
        [path = m_path, request = std::move(request)] {
            const history::IncidentLibrary library(path);
            Outcome out;
            out.hasCurrent = request.result != nullptr;
            std::optional<history::IncidentRecord> current;
            if (request.result)
                current = recordOf(*request.result, request.origin, request.override, &out.problem);
            history::LibraryResult result{true, {}};
            if (request.write && current)
                result = library.record(*current);
            else if (request.write && request.forgetId > 0)
                result = library.forget(request.forgetId);
            if (!result.ok)
                out.problem = result.message;
            if (const auto listed = library.list(&out.incidents, history::IncidentLibrary::Cells::Outliers); !listed.ok) {
                out.problem = listed.message;
                return out;
            }
            out.culprits = history::RecurringCulprit::find(out.incidents, CulpritDays, QDateTime::currentMSecsSinceEpoch());
            if (current)
                out.seen = history::SeenBefore::find(*current, out.incidents);
            return out;
        },
        [this](Outcome out) { apply(std::move(out)); });
}

void HistoryController::apply(Outcome outcome)
{
    if (!outcome.problem.isEmpty())
        Q_EMIT problem(outcome.problem);
    m_incidents = std::move(outcome.incidents);
    m_culprits = std::move(outcome.culprits);
    Q_EMIT libraryChanged();
    if (outcome.hasCurrent) {
        m_seen = std::move(outcome.seen);
        Q_EMIT seenBeforeChanged();
    }
}

} // namespace rankscope::ui
