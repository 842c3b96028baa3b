// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "linesearch.h"
#include "linesource.h"
#include "logmark.h"
#include "rankscopeconfig.h"

#include <QHash>
#include <QPointer>
#include <QWidget>

#include <memory>

class QAction;
class QComboBox;
class QLabel;
class QListView;
class QModelIndex;
class QProgressBar;
class QToolButton;

#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
namespace KSyntaxHighlighting {
class Repository;
}
#endif

namespace rankscope::ui {

class FilterEdit;
class FindResultsModel;

class FindBar;
class GoToLineBar;
class LogTextArea;

// The raw-log panel: one file, a filtered view of it, or several files merged by corrected time,
// with find (Ctrl+F, F3, Shift+F3), go to line (Ctrl+L), rank/node/severity filters and evidence
// marks. It reads core/ingest directly through LineSource (STYLE.md 13); everything that scans a
// file (decompressing an archive member, filtering, merging, finding) runs as a cancellable job,
// and a job's result is dropped when a newer request replaced it.
class LogView final : public QWidget
{
    Q_OBJECT
public:
    explicit LogView(QWidget *parent = nullptr);
    ~LogView() override;

    // A new incident: forgets the old one's sources, filters and marks.
    void setIngest(rankscope::ingest::IngestResultPtr result);
    // Shows the file and makes the line current, visible and highlighted. Stays in the merged view
    // when it contains the file; drops a filter that hides the line. Archive members are
    // decompressed first (asynchronously; currentLine() already answers the target).
    void showFile(rankscope::FileId file, rankscope::LineNumber line);
    // Several files in one view ordered by corrected time (MergedLineSource documents the rule).
    void showMerged(const QList<rankscope::FileId> &files);
    void setMarks(const QList<LogMark> &marks);
    rankscope::SourceRef currentLine() const;

#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
    // The application's one Repository (creating it loads every definition). Without it the
    // built-in highlighter is used.
    void setSyntaxRepository(KSyntaxHighlighting::Repository *repository);
#endif

    // Also reachable through the filter controls.
    void setFilter(const rankscope::ingest::LineFilter &filter);
    rankscope::ingest::LineFilter filter() const { return m_filter; }
    void goToLine(rankscope::LineNumber line);
    // The files of the merged view (empty when one file is shown).
    QList<rankscope::FileId> mergedFiles() const { return m_mergedFiles; }
    bool isMerged() const { return m_mergedFiles.size() > 1 && m_base == m_mergedSource; }
    // True while a decompress, merge or filter job runs.
    bool isBusy() const;

    LogTextArea *textArea() const { return m_area; }
    FindBar *findBar() const { return m_findBar; }
    GoToLineBar *goToLineBar() const { return m_goToBar; }
    // Find bar → All Files (Alt+Return): every file's matching lines, listed under the text.
    void findInAllFiles();
    FindResultsModel *findResults() const { return m_results; }
    // Find, Find Next, Find Previous and Go to Line. They work while the focus is in the log
    // view; a main window widens them to Qt::WindowShortcut and lists them in its Edit menu, so
    // the one action per key stays unambiguous.
    QList<QAction *> findActions() const { return {m_findAction, m_findNextAction, m_findPreviousAction, m_goToLineAction}; }

Q_SIGNALS:
    // Double-click or Enter on a line: other views follow it.
    void lineActivated(rankscope::SourceRef source);
    void busyChanged(bool busy);

private:
    enum class Job { Prepare, Merge, Filter };

    std::shared_ptr<ingest::FileLineSource> fileSource(FileId file);
    void installBase(ingest::LineSourcePtr base, const QList<FileId> &files);
    void showView(ingest::LineSourcePtr view);
    void applyPending();
    void startFilter();
    void rebuildSourceCombo();
    void rebuildFilterControls();
    void syncFilterControls();
    void filterControlsChanged();
    void setJobStatus(Job job, const QString &text, int permille);
    void clearJobStatus(Job job);
    void cancelJobs();
    void updateHighlighter();
    void openFind();
    void findNext(bool forward);
    void startSearch(bool forward, bool incremental);
    void openGoToLine();
    void openResult(const QModelIndex &index);
    void toggleMerged(bool on);
    // The logs the merge button merges, and how many it leaves out past MaxDefaultMergeFiles.
    QList<FileId> defaultMergeFiles() const;

    ingest::IngestResultPtr m_result;
    std::shared_ptr<const ingest::LineAttribution> m_attribution;
    QHash<FileId, std::shared_ptr<ingest::FileLineSource>> m_fileSources;
    QHash<FileId, LineNumber> m_lastLine;   // where each file was left, for the source combo
    ingest::LineSourcePtr m_base;           // a file or the merged view
    QList<FileId> m_baseFiles;
    ingest::LineSourcePtr m_mergedSource;
    QList<FileId> m_mergedFiles;
    ingest::LineSourcePtr m_view;           // m_base or a filter over it
    ingest::LineFilter m_filter;
    QList<LogMark> m_marks;
    SourceRef m_pending;                    // where showFile() wants to go once the view is ready

    // Each request bumps its generation; a job's answer for an older one is dropped.
    quint64 m_prepareGeneration = 0;
    quint64 m_mergeGeneration = 0;
    quint64 m_filterGeneration = 0;
    quint64 m_searchGeneration = 0;
    QFuture<bool> m_prepareFuture;
    FileId m_prepareFile = InvalidFileId;
    QFuture<ingest::MergedLineSource::Ptr> m_mergeFuture;
    QFuture<ingest::FilteredLineSource::Ptr> m_filterFuture;
    QFuture<LineSearch::Hit> m_searchFuture;
    QFuture<LineSearch::AllHits> m_findAllFuture;
    quint64 m_findAllGeneration = 0;
    FindResultsModel *m_results;
    QWidget *m_resultsPanel;
    QLabel *m_resultsLabel;
    QListView *m_resultsView;
    QHash<int, QString> m_jobText;

#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
    KSyntaxHighlighting::Repository *m_repository = nullptr;
#endif

    LogTextArea *m_area;
    FindBar *m_findBar;
    GoToLineBar *m_goToBar;
    QComboBox *m_sourceCombo;
    QToolButton *m_mergeButton;
    QToolButton *m_wrapButton;
    FilterEdit *m_rankEdit;
    FilterEdit *m_nodeEdit;
    QComboBox *m_severityCombo;
    QLabel *m_jobLabel;
    QProgressBar *m_jobProgress;
    QToolButton *m_cancelButton;
    QAction *m_findAction;
    QAction *m_findNextAction;
    QAction *m_findPreviousAction;
    QAction *m_goToLineAction;
    bool m_updatingControls = false;
};

} // namespace rankscope::ui
