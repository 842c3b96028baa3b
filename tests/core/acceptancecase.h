// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// One acceptance case (tests/data/real/<case>, tests/data/handmade/<case>) analysed as a user
// opens it: the whole folder, except a hand-made case's overlay/, whose entries join the built
// encyclopedia as user entries.
#pragma once

#include "analyzer.h"
#include "builtencyclopedia.h"
#include "ingestor.h"

#include <QDir>

namespace rankscope::test {

struct AcceptanceCase
{
    std::shared_ptr<const kb::KnowledgeBase> kb;
    analysis::AnalysisResultPtr result;
};

// nowMs > 0 pins "now" for year-less timestamps (golden outputs stay the same every year).
inline AcceptanceCase analyseCase(const QString &folder, qint64 nowMs = 0)
{
    const QString overlay = folder + QStringLiteral("/overlay");
    const bool hasOverlay = QDir(overlay).exists();
    QStringList inputs;
    if (hasOverlay) {
        for (const QString &n : QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot, QDir::Name))
            if (n != QStringLiteral("overlay"))
                inputs.append(folder + u'/' + n);
    } else {
        inputs.append(folder);
    }
    AcceptanceCase c;
    c.kb = builtEncyclopedia(hasOverlay ? overlay : QString());
    ingest::IngestConfig cfg;
    cfg.fingerprints = analysis::Analyzer::fingerprintSpecs(*c.kb);
    cfg.nowMs = nowMs;
    c.result = analysis::Analyzer::run(ingest::Ingestor::run(inputs, cfg), *c.kb);
    return c;
}

} // namespace rankscope::test
