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
    QString problem;
    // The JSON is small (no events) and made here, on the GUI thread, from the immutable result.
    auto current = history::IncidentRecord::fromAnalysisJson(report::AnalysisReport::toJson(*result, {}), paths.join(u'\n'), &problem);
    if (!current) {
        Q_EMIT this->problem(problem);
        return;
    }
    if (override.active) {
        current->entry = override.entry;
        current->rank = override.rank;
        current->node = override.node;
        current->overridden = true;
        if (!override.reason.isEmpty())
            current->summary = tr("Corrected by the reviewer: %1").arg(override.reason);
    }
    start(std::move(current), isRecording());
}

void HistoryController::refresh()
{
    start(std::nullopt, false);
}

void HistoryController::forget(qint64 id)
{
    start(std::nullopt, true, id);
}

void HistoryController::start(std::optional<history::IncidentRecord> current, bool write, qint64 forgetId)
{
    m_job.startJob(
        [path = m_path, current = std::move(current), write, forgetId]() mutable {
            const history::IncidentLibrary library(path);
            Outcome out;
            out.hasCurrent = current.has_value();
            history::LibraryResult result{true, {}};
            if (write && current)
                result = library.record(*current);
            else if (write && forgetId > 0)
                result = library.forget(forgetId);
            if (!result.ok)
                out.problem = result.message;
            if (const auto listed = library.list(&out.incidents); !listed.ok) {
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
