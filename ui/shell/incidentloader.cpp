// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "incidentloader.h"

#include "incidentpipeline.h"
#include "knowledgebase.h"

#include <QElapsedTimer>
#include <QPointer>
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

void IncidentLoader::load(const QStringList &paths, const ingest::ManualCorrections &corrections)
{
    cancel();
    const int generation = ++m_generation;
    auto cancelFlag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = cancelFlag;
    m_running = true;
    QPointer<IncidentLoader> self(this);
    auto kb = m_kb;

    // Everything the worker needs is captured by value; it never touches this object directly.
    auto deliver = [self, generation](auto fn) {
        if (!self)
            return;
        QMetaObject::invokeMethod(
            self.data(),
            [self, generation, fn] {
                if (self && self->m_generation == generation)
                    fn(self.data());
            },
            Qt::QueuedConnection);
    };

    (void)QtConcurrent::run([paths, corrections, kb, cancelFlag, deliver] {
        ingest::IngestConfig config;
        config.manual = corrections;
        QElapsedTimer timer;
        timer.start();
        int lastPermille = -1;
        const auto progress = [&](qint64 done, qint64 total) {
            const int permille = total > 0 ? int(std::min<qint64>(999, done * 1000 / total)) : 0;
            if (permille != lastPermille) {
                lastPermille = permille;
                const double elapsed = double(timer.elapsed()) / 1000.0;
                const int left = (done > 0 && total > done) ? int(elapsed * double(total - done) / double(done)) : -1;
                deliver([done, total, left](IncidentLoader *l) { Q_EMIT l->progress(done, total, left); });
            }
            return !cancelFlag->load();
        };
        const auto outcome = analysis::IncidentPipeline::run(paths, config, kb.get(), progress, [&](const ingest::IngestResultPtr &ingested) {
            deliver([ingested](IncidentLoader *l) { Q_EMIT l->ingested(ingested); });
        });
        if (const auto analysed = outcome.result)
            deliver([analysed](IncidentLoader *l) { Q_EMIT l->analysed(analysed); });
        const auto &ingested = outcome.ingested;
        const bool cancelled = ingested->cancelled;
        deliver([cancelled](IncidentLoader *l) {
            l->m_running = false;
            Q_EMIT l->finished(cancelled);
        });
    });
}

} // namespace rankscope::ui
