// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportexporter.h"

#include <QtConcurrent>

namespace rankscope::ui {

ReportExporter::ReportExporter(QObject *parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, [this] {
        const Outcome o = m_watcher.result();
        Q_EMIT finished(m_path, o.ok, o.error, o.written);
    });
}

ReportExporter::~ReportExporter()
{
    m_watcher.waitForFinished();
}

bool ReportExporter::start(render::ReportInput input, const QString &path, render::ReportFormat format)
{
    if (m_watcher.isRunning())
        return false;
    m_path = path;
    m_watcher.setFuture(QtConcurrent::run([input = std::move(input), path, format] {
        Outcome o;
        // The writer is built here too: the redactor and the report scan the whole result.
        const render::ReportWriter writer(input);
        o.ok = writer.write(path, format, &o.error, &o.written);
        return o;
    }));
    return true;
}

} // namespace rankscope::ui
