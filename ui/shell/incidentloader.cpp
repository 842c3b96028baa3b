// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "incidentloader.h"

#include "incidentpipeline.h"
#include "knowledgebase.h"

#include <QElapsedTimer>
#include <QThreadPool>
#include <QtConcurrent>

namespace rankscope::ui {

IncidentLoader::IncidentLoader(QObject *parent)
    : QObject(parent)
{
}

IncidentLoader::~IncidentLoader()
{
    cancel();
    // Interrupt, then wait: a job must not outlive the knowledge base it reads.
    QThreadPool::globalInstance()->waitForDone();
}

void IncidentLoader::setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb)
{
    m_kb = std::move(kb);
}

void IncidentLoader::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

void IncidentLoader::load(const QStringList &paths, const ingest::IngestConfig &config)
{
    cancel();
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancelFlag;
    m_running = true;
    auto kb = m_kb;

    // Everything the job needs is captured by value; what it hands back runs here, on this
    // object's thread, and only for the newest load (the tracker drops an older one's).
    m_job.startJob(
        [this, paths, config, kb, cancelFlag](const JobTracker::Channel &channel) {
            QElapsedTimer timer;
            timer.start();
            int lastPermille = -1;
            const auto progress = [&](qint64 done, qint64 total) {
                const int permille = total > 0 ? int(std::min<qint64>(999, done * 1000 / total)) : 0;
                if (permille != lastPermille) {
                    lastPermille = permille;
                    const double elapsed = double(timer.elapsed()) / 1000.0;
                    const int left = (done > 0 && total > done) ? int(elapsed * double(total - done) / double(done)) : -1;
                    channel.post([this, done, total, left] { Q_EMIT this->progress(done, total, left); });
                }
                return !cancelFlag->load();
            };
            return analysis::IncidentPipeline::run(paths, config, kb.get(), progress, [&](const ingest::IngestResultPtr &ingested) {
                channel.post([this, ingested] { Q_EMIT this->ingested(ingested); });
            });
        },
        [this](const analysis::IncidentPipeline::Outcome &outcome) {
            if (outcome.result)
                Q_EMIT analysed(outcome.result);
            m_running = false;
            Q_EMIT finished(outcome.ingested->cancelled);
        });
}

} // namespace rankscope::ui
