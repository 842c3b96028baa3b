// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"
#include "casedata.h"
#include "jobtracker.h"
#include "recurringculprits.h"
#include "seenbefore.h"

#include <QObject>

namespace rankscope::ui {

// The window's side of the incident library: records each analysis it shows (unless the user
// turned that off), and keeps what the Overview's "Seen before" and the History dock show. All
// library work runs in the background; results arrive as signals on the GUI thread.
class HistoryController final : public QObject
{
    Q_OBJECT
public:
    // The window of time for recurring culprits.
    static constexpr int CulpritDays = 90;

    explicit HistoryController(QObject *parent = nullptr);

    QString libraryPath() const { return m_path; }
    // QSettings history/record, on unless the user turned it off.
    bool isRecording() const;
    void setRecording(bool on);

    // Records result (opened: what the user opened), then reloads the library and works out
    // what the incident shares with earlier ones. Without recording, only the latter. An active
    // reviewer's verdict (the open case's override) is what the library keeps as the verdict,
    // marked as corrected by hand. Recording the same bundle again updates its incident.
    void record(const analysis::AnalysisResultPtr &result, const QStringList &opened, const cases::VerdictOverride &override = {});
    // Reloads the library (the History dock opens, an incident was forgotten).
    void refresh();
    void forget(qint64 id);
    bool isBusy() const { return m_job.isJobRunning(); }

    const QList<history::IncidentRecord> &incidents() const { return m_incidents; }
    const QList<history::RecurringCulprit> &culprits() const { return m_culprits; }
    const QList<history::SeenBefore> &seenBefore() const { return m_seen; }
    const history::IncidentRecord *incident(qint64 id) const;

Q_SIGNALS:
    void libraryChanged();
    void seenBeforeChanged();
    // A library that cannot be read or written: the message names the file.
    void problem(const QString &message);

private:
    struct Outcome
    {
        QString problem;
        QList<history::IncidentRecord> incidents;
        QList<history::RecurringCulprit> culprits;
        QList<history::SeenBefore> seen;
        bool hasCurrent = false;
    };
    // What a background job does: record (or only look up) the analysis of result, forget an
    // incident, or just reload.
    struct Request
    {
        analysis::AnalysisResultPtr result; // null: no current incident
        QString origin;
        cases::VerdictOverride override;
        bool write = false;
        qint64 forgetId = 0;
    };
    void start(Request request);
    void apply(Outcome outcome);

    QString m_path;
    QList<history::IncidentRecord> m_incidents;
    QList<history::RecurringCulprit> m_culprits;
    QList<history::SeenBefore> m_seen;
    JobTracker m_job;
};

} // namespace rankscope::ui
