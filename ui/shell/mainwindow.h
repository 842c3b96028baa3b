// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QMainWindow>
#include <QStringList>

class QLabel;
class QMenu;

namespace rankscope::ui {

class WelcomeWidget;

// The workbench's frame: menus, status bar, drag and drop, recent incidents. The panels
// (overview, timeline, matrix, log view, encyclopedia) dock into it.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens an incident bundle: a folder, a single log file or an archive.
    void openPaths(const QStringList &paths);
    QStringList recentPaths() const;
    QString currentIncident() const { return m_current; }

Q_SIGNALS:
    void incidentOpened(const QStringList &paths);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    void openFolderDialog();
    void openArchiveDialog();
    void rebuildRecentMenu();
    void addRecent(const QString &path);
    void showAbout();

    WelcomeWidget *m_welcome = nullptr;
    QMenu *m_recentMenu = nullptr;
    QLabel *m_statusLabel = nullptr;
    QString m_current;
};

} // namespace rankscope::ui
