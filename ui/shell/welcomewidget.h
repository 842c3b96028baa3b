// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QListWidget;

namespace rankscope::ui {

// What the window shows before an incident is open: how to open one, and the recent ones.
class WelcomeWidget final : public QWidget
{
    Q_OBJECT
public:
    explicit WelcomeWidget(QWidget *parent = nullptr);
    void setRecent(const QStringList &paths);

Q_SIGNALS:
    void openFolderRequested();
    void openArchiveRequested();
    void recentRequested(const QString &path);

private:
    QListWidget *m_recent = nullptr;
};

} // namespace rankscope::ui
