// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"
#include "ingestconfig.h"
#include "jobtracker.h"

#include <QHash>
#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>

namespace rankscope::kb {
class KnowledgeBase;
}

namespace rankscope::ui {

// Runs ingest and analysis off the GUI thread and hands results back in stages (STYLE.md 9-10):
// the ingest result (sources, job shape, events) first, then the analysis. A load() supersedes
// the one before it, whose results are dropped; cancel() stops the running job, which still
// publishes what it read so far.
class IncidentLoader final : public QObject
{
    Q_OBJECT
public:
    explicit IncidentLoader(QObject *parent = nullptr);
    ~IncidentLoader() override;

    void setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb);
    std::shared_ptr<const kb::KnowledgeBase> knowledgeBase() const { return m_kb; }
    // config: the reading limits and the corrections set by hand (IngestConfig::manual).
    void load(const QStringList &paths, const ingest::IngestConfig &config = {});
    void cancel();
    bool isRunning() const { return m_running; }

Q_SIGNALS:
    void progress(qint64 done, qint64 total, int secondsLeft);
    void ingested(rankscope::ingest::IngestResultPtr result);
    void analysed(rankscope::analysis::AnalysisResultPtr result);
    void finished(bool cancelled);

private:
    std::shared_ptr<const kb::KnowledgeBase> m_kb;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    JobTracker m_job;
    bool m_running = false;
};

} // namespace rankscope::ui
