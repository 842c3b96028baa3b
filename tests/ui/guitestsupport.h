// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// What every workbench test needs: settings that are not the user's, the encyclopedia the build
// made, the hand-made bundles, and "open this and wait for the verdict".
#pragma once

#include "knowledgebase.h"
#include "mainwindow.h"

#include <QCoreApplication>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>

namespace rankscope::test {

// Points QSettings and QStandardPaths at a temporary folder for the life of the object, so a
// test neither reads the developer's recent files and layout nor leaves its own behind.
class IsolatedSettings
{
public:
    explicit IsolatedSettings(const char *applicationName)
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.path());
        QCoreApplication::setOrganizationName(QStringLiteral("RankScopeTest"));
        QCoreApplication::setApplicationName(QString::fromLatin1(applicationName));
        // The window records every incident it opens: into this folder, not the user's library.
        qputenv("RANKSCOPE_HISTORY", m_dir.filePath(QStringLiteral("history.sqlite")).toLocal8Bit());
    }
    bool isValid() const { return m_dir.isValid(); }
    QString path() const { return m_dir.path(); }

private:
    QTemporaryDir m_dir;
};

inline QString handmade(const char *name)
{
    return QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade/") + QString::fromLatin1(name);
}

inline std::shared_ptr<const kb::KnowledgeBase> builtEncyclopedia()
{
    Warnings w;
    return kb::KnowledgeBase::open(QStringLiteral(RANKSCOPE_BINARY_DIR "/share/rankscope/encyclopedia.sqlite"), QString(), &w);
}

// Opens paths in the window and waits until the analysis is in. False on timeout.
inline bool openAndAnalyse(ui::MainWindow &w, const QStringList &paths, const ingest::ManualCorrections &corrections = {},
                           int timeoutMs = 20000)
{
    QSignalSpy ready(&w, &ui::MainWindow::analysisReady);
    w.openPaths(paths, corrections);
    return ready.wait(timeoutMs);
}

} // namespace rankscope::test
