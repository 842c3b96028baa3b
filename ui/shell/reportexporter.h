// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reportwriter.h"

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>

namespace rankscope::ui {

// Writes an incident report in the background (QtConcurrent) through render::ReportWriter, for
// File > Export Report…: building the timeline image and laying out a PDF take a while on a
// large incident, and the window must stay responsive. The job owns copies of everything it
// reads (the result is shared and immutable), so it never touches a widget. One export at a
// time; the destructor waits for a running one, so a half-written report is not abandoned.
class ReportExporter final : public QObject
{
    Q_OBJECT
public:
    explicit ReportExporter(QObject *parent = nullptr);
    ~ReportExporter() override;

    bool isRunning() const { return m_watcher.isRunning(); }
    // False (and nothing starts) while another export runs.
    bool start(render::ReportInput input, const QString &path, render::ReportFormat format);

Q_SIGNALS:
    // written: every file written (a Markdown report's image too); error names the file.
    void finished(const QString &path, bool ok, const QString &error, const QStringList &written);

private:
    struct Outcome
    {
        bool ok = false;
        QString error;
        QStringList written;
    };
    QFutureWatcher<Outcome> m_watcher;
    QString m_path;
};

} // namespace rankscope::ui
