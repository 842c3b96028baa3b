// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"
#include "casedata.h"
#include "ingestconfig.h"
#include "reportannotations.h"

#include <QMainWindow>
#include <QStringList>

#include <functional>
#include <memory>

namespace rankscope::analysis {
struct RunComparison;
}

class QAction;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QListView;
class QDockWidget;
class QSplitter;
class QDialog;

namespace rankscope {
class JobTracker;
}
namespace rankscope::kb {
class KnowledgeBase;
}
namespace rankscope::models {
class WarningsModel;
}

namespace rankscope::ui {

class WelcomeWidget;
class CaseController;
class IncidentLoader;
class OverviewPanel;
class TimelinePlot;
class MatrixView;
class LogView;
class EncyclopediaPanel;
class ReportExporter;
class CorrectionsDialog;
class HistoryController;
class HistoryPanel;

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
    // A case file (.rscase) opens the case and, through it, its bundle. corrections: clock
    // offsets and file attribution set by hand, as a case records them.
    void openPaths(const QStringList &paths, const ingest::ManualCorrections &corrections = {});
    // What the open incident was read with.
    ingest::ManualCorrections corrections() const { return m_corrections; }
    // Reads the open incident again with other corrections (the open case stays open and
    // records them through correctionsChanged()).
    void applyCorrections(const ingest::ManualCorrections &corrections);
    // Edit → Corrections…: non-modal-blocking (open()); file, when given, is selected on the
    // Files tab. Returns the dialog (deleted when closed) so tests can drive it.
    CorrectionsDialog *showCorrectionsDialog(const QString &file = {});
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
    CaseController *caseController() const { return m_case; }
    HistoryController *history() const { return m_history; }
    HistoryPanel *historyPanel() const { return m_historyPanel; }
    // File → Compare with Good Run…: reads paths (a run of the same job that worked) in the
    // background and shows what differs from the open incident; comparisonReady() carries the
    // comparison as Markdown (also shown in a non-blocking window). False when no analysis is open.
    bool compareWithGoodRun(const QStringList &paths);
    bool isLoading() const;

    // Opens the log view at a file and line (every mark in every view leads here).
    void showSource(rankscope::SourceRef source);

    // What the user added to the incident (notes, bookmarks, tags), asked for on the GUI thread
    // each time a report or the copy summary is made. None set: reports carry no annotations.
    using AnnotationsProvider = std::function<rankscope::report::ReportAnnotations()>;
    void setReportAnnotationsProvider(AnnotationsProvider provider);
    // Writes the current analysis's report to path in the background, in the format its suffix
    // names (.html, .md, .pdf, .json, .trace.json); reportExported() says how it went, the status
    // bar names the file, and a failure opens a (non-blocking) message box naming it. File >
    // Export Report… asks for the path and the redaction, then calls this. After File → Compare
    // with Good Run… the report has a "Compared with" section unless withComparison is false.
    void exportReport(const QString &path, bool redact, bool withComparison = true);
    // Edit > Copy Summary: the report's plain-text summary on the clipboard.
    void copySummary();
    // View > Reset Layout: every dock where it starts, sized for the screen, the timeline the
    // largest view.
    void resetLayout();
    // The geometry a first window takes on a screen whose available area is available: about
    // 90 % of it, centred; maximised (the bool) on screens narrower than 1400 px.
    static std::pair<QRect, bool> initialGeometry(const QRect &available);
    // Help > Keyboard Shortcuts: every shortcut of the window's actions and the timeline's keys,
    // as (keys, what they do). The dialog is non-blocking and deletes itself when closed.
    QList<std::pair<QString, QString>> shortcutList() const;
    QDialog *showShortcuts();

Q_SIGNALS:
    void incidentOpened(const QStringList &paths);
    void ingestReady();
    void analysisReady();
    void loadingFinished(bool cancelled);
    void reportExported(const QString &path, bool ok);
    void comparisonReady(const QString &markdown);
    void correctionsChanged(const rankscope::ingest::ManualCorrections &corrections);

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    void openFolderDialog();
    void pasteLog();
    // Text pasted or dropped: kept as a file in the data folder and opened like one.
    void openText(const QString &text, const QString &from);
    void openArchiveDialog();
    void rebuildRecentMenu();
    void addRecent(const QString &path);
    void showAbout();
    // The docks' sizes and the central split for the window's current size.
    void applyDefaultSizes();
    void exportReportDialog();
    void reportExportFailed(const QString &path, const QString &message);

    void createWorkbench();
    void startLoading();
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
    CaseController *m_case = nullptr;
    OverviewPanel *m_overview = nullptr;
    TimelinePlot *m_timeline = nullptr;
    MatrixView *m_matrix = nullptr;
    LogView *m_logView = nullptr;
    EncyclopediaPanel *m_encyclopedia = nullptr;
    models::WarningsModel *m_warningsModel = nullptr;
    QListView *m_warnings = nullptr;
    ingest::IngestResultPtr m_ingest;
    analysis::AnalysisResultPtr m_analysis;
    // The good run of the last File → Compare with Good Run… on this incident, for the report.
    analysis::AnalysisResultPtr m_goodRun;
    std::shared_ptr<const analysis::RunComparison> m_goodComparison; // made by the Compare job
    QString m_goodRunName;
    QString m_current;
    QStringList m_paths; // what the open incident was read from
    ingest::ManualCorrections m_corrections;
    QAction *m_correctionsAction = nullptr;
    std::shared_ptr<const kb::KnowledgeBase> m_kb;
    AnnotationsProvider m_annotations;
    ReportExporter *m_exporter = nullptr;
    QAction *m_exportAction = nullptr;
    QAction *m_copySummaryAction = nullptr;
    QMenu *m_editMenu = nullptr;
    QSplitter *m_centralSplitter = nullptr;
    QDockWidget *m_overviewDock = nullptr;
    QDockWidget *m_matrixDock = nullptr;
    QDockWidget *m_encyclopediaDock = nullptr;
    HistoryController *m_history = nullptr;
    HistoryPanel *m_historyPanel = nullptr;
    QAction *m_compareAction = nullptr;
    cases::VerdictOverride m_recordedOverride; // the override the history last recorded
    std::unique_ptr<JobTracker> m_compareJob;
    QByteArray m_defaultState; // the docks as createWorkbench() placed them
    bool m_layoutRestored = false; // the user's saved layout was restored: keep it
    bool m_shown = false;
    bool m_matrixSized = false;
    bool m_placeOnShow = false; // no saved geometry: the first show sizes the window for its screen
};

} // namespace rankscope::ui
