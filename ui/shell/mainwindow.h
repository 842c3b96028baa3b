// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"

#include <QMainWindow>
#include <QStringList>

#include <memory>

class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QListView;
class QDockWidget;

namespace rankscope::kb {
class KnowledgeBase;
}
namespace rankscope::models {
class WarningsModel;
}

namespace rankscope::ui {

class WelcomeWidget;
class IncidentLoader;
class OverviewPanel;
class TimelinePlot;
class MatrixView;
class LogView;
class EncyclopediaPanel;

// The workbench's frame: menus, status bar, drag and drop, recent incidents. The panels
// (overview, timeline, matrix, log view, encyclopedia) dock into it.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens an incident bundle: a folder, a single log file or an archive. Loading runs in the
    // background; incidentOpened() is emitted at once, analysisReady() when the verdict is in.
    void openPaths(const QStringList &paths);
    void cancelLoading();
    QStringList recentPaths() const;
    QString currentIncident() const { return m_current; }
    void setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb);

    analysis::AnalysisResultPtr analysis() const { return m_analysis; }
    ingest::IngestResultPtr ingestResult() const { return m_ingest; }
    OverviewPanel *overview() const { return m_overview; }
    TimelinePlot *timeline() const { return m_timeline; }
    MatrixView *matrix() const { return m_matrix; }
    LogView *logView() const { return m_logView; }
    EncyclopediaPanel *encyclopedia() const { return m_encyclopedia; }
    bool isLoading() const;

    // Opens the log view at a file and line (every mark in every view leads here).
    void showSource(rankscope::SourceRef source);

Q_SIGNALS:
    void incidentOpened(const QStringList &paths);
    void ingestReady();
    void analysisReady();
    void loadingFinished(bool cancelled);

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

    void createWorkbench();
    void onIngested(const ingest::IngestResultPtr &result);
    void onAnalysed(const analysis::AnalysisResultPtr &result);

    QStackedWidget *m_stack = nullptr;
    WelcomeWidget *m_welcome = nullptr;
    QWidget *m_workbench = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_panelsMenu = nullptr;
    QLabel *m_statusLabel = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancel = nullptr;
    IncidentLoader *m_loader = nullptr;
    OverviewPanel *m_overview = nullptr;
    TimelinePlot *m_timeline = nullptr;
    MatrixView *m_matrix = nullptr;
    LogView *m_logView = nullptr;
    EncyclopediaPanel *m_encyclopedia = nullptr;
    models::WarningsModel *m_warningsModel = nullptr;
    QListView *m_warnings = nullptr;
    ingest::IngestResultPtr m_ingest;
    analysis::AnalysisResultPtr m_analysis;
    QString m_current;
};

} // namespace rankscope::ui
