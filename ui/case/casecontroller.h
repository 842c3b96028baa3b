// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "casedata.h"
#include "caselocator.h"
#include "reportannotations.h"

#include <QFuture>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QTimer>
#include <atomic>
#include <memory>

class QAction;
class QMenu;

namespace rankscope::kb {
class KnowledgeBase;
}
namespace rankscope::ingest {
class LineAttribution;
}

namespace rankscope::ui {

class BookmarkModel;
class CasePanel;
class MainWindow;
class PresenterWindow;
class WalkthroughModel;
class WalkthroughPanel;

// The workbench's current case (a .rscase file): its notes, tags, bookmarks, verdict override
// and walkthrough, the File and Case menu actions on it, and the Case and Walkthrough docks.
// Owned by MainWindow, whose public API it drives: a case opens its bundle through
// MainWindow::openPaths() with the case's corrections (clock offsets, attribution), and records those made
// in the workbench (MainWindow::correctionsChanged()); bookmarks and steps are shown with
// MainWindow::showSource() and TimelinePlot::focusTime().
//
// Work that reads the bundle runs off the GUI thread (STYLE.md 9): CaseSources::describe()
// when a bundle has finished loading (cached for New Case), CaseLocator::check() when a case
// is opened or relocated. Saving is one small SQLite transaction and stays on the GUI thread.
//
// Every question to the user (save changes?, locate the bundle, which file) goes through a
// dialog only while interactive(); tests switch that off and get signals and defaults instead
// (discard on close, missing roots reported by rootsMissing(), the presenter not full screen).
class CaseController final : public QObject
{
    Q_OBJECT
public:
    static constexpr int AutosaveIntervalMs = 60'000;
    // The timeline shows this much time around a walkthrough step.
    static constexpr qint64 StepSpanMs = 120'000;

    explicit CaseController(MainWindow *window);
    ~CaseController() override;

    static bool isCaseFile(const QString &path);

    // New Case…, Open Case…, Save Case, Save Case As…
    void addFileActions(QMenu *file);
    // Bookmark Current Line, Override Verdict…, the walkthrough actions, Locate Bundle…
    void fillCaseMenu(QMenu *menu);
    CasePanel *casePanel() const { return m_casePanel; }
    WalkthroughPanel *walkthroughPanel() const { return m_walkthroughPanel; }
    BookmarkModel *bookmarkModel() const { return m_bookmarks; }
    WalkthroughModel *walkthroughModel() const { return m_steps; }
    void setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb);

    void setInteractive(bool interactive) { m_interactive = interactive; }
    bool isInteractive() const { return m_interactive; }
    void setAutosaveInterval(int ms) { m_autosave.setInterval(ms); }

    bool hasCase() const { return m_hasCase; }
    QString path() const { return m_path; }
    bool isDirty() const { return m_dirty; }
    // The case as it would be saved now.
    cases::CaseData caseData() const;
    // A new case waits for its bundle's file descriptions (see CaseSources::describe()).
    bool sourcesPending() const { return m_sourcesPending; }
    // The last CaseLocator::check() of the case's files.
    QList<cases::SourceStatus> lastCheck() const { return m_lastCheck; }
    // For a report of the open incident: the case's notes, tags, bookmarks and override (empty
    // without a case), and its title.
    report::ReportAnnotations reportAnnotations() const;
    QString reportTitle() const;

    // A new case from the open incident; false without one, or when the user kept the old case.
    bool newCase(const QString &title = {});
    // Reads the case and opens its bundle (after checking its files, asynchronously). False
    // when the file is no readable case (reported; nothing changes) or the user cancelled.
    bool openCase(const QString &path);
    bool save();
    bool saveAs(const QString &path);
    void closeCase();
    // The bundle moved from oldRoot to newRoot: rewrites the case's roots, checks the files
    // again and opens what is found (the case becomes dirty).
    void relocate(const QString &oldRoot, const QString &newRoot);

    void setTitle(const QString &title);
    void setNotes(const QString &notes);
    void setTags(const QStringList &tags);
    void setVerdictOverride(const cases::VerdictOverride &value);
    bool bookmarkCurrentLine();
    bool proposeWalkthrough();
    bool addCurrentLineAsStep();
    bool showBookmark(int row);
    bool showStep(const cases::WalkthroughStep &step);
    PresenterWindow *present(int fromRow = 0);
    PresenterWindow *presenter() const;

    // MainWindow's hooks: closing the window, and opening an incident that is not the case's
    // (the case is closed then). False: the user cancelled, keep everything as it is.
    bool maybeClose();
    bool aboutToOpenIncident();
    // True while the case opens its own bundle through MainWindow::openPaths().
    bool isOpeningCaseBundle() const { return m_openingForCase; }

Q_SIGNALS:
    void caseChanged();
    // The reviewer's verdict was set, changed or withdrawn.
    void verdictOverrideChanged();
    void dirtyChanged(bool dirty);
    void saved(const QString &path);
    // Something went wrong (also shown in a message box while interactive).
    void problem(const QString &message);
    void sourcesChecked(const QList<rankscope::cases::SourceStatus> &statuses);
    // Roots under which none of the case's files was found (non-interactive; interactive
    // opening asks to locate them instead).
    void rootsMissing(const QStringList &roots);
    // Not interactive: the case's bundle roots that lie outside the folder holding the case
    // (interactively they are shown and confirmed before anything is read).
    void rootsOutsideCaseFolder(const QStringList &roots);
    void sourcesDescribed();

private:
    struct CheckResult
    {
        QList<cases::SourceStatus> statuses;
        QStringList paths; // CaseInputs::paths() at the time of the check
    };
    struct LineDetails
    {
        QString path;
        QString text;
        int rank = -1;
        QString node;
        qint64 timeMs = cases::NoTime;
    };

    void createActions();
    void setCase(const cases::CaseData &data, const QString &path);
    void markDirty();
    void setDirty(bool dirty);
    void updateTitle();
    void updateViews();
    void updateActions();
    bool saveTo(const QString &path, bool quiet);
    void startDescribe(const QStringList &paths);
    void startCheck();
    void onChecked(const CheckResult &result);
    bool askLocate(const QString &root);
    bool confirmRoots(const QString &caseFolder);
    void reportSourceProblems(const QStringList &missing, const QStringList &changed);
    void reportProblem(const QString &title, const QString &message);
    void status(const QString &message);
    QString overrideHeadline(const cases::VerdictOverride &o) const;
    LineDetails lineDetails(SourceRef source);
    bool showPlace(const QString &path, LineNumber line, qint64 timeMs, bool focusTimeline);
    void cancelJobs();

    // Dialogs (interactive only).
    void newCaseDialog();
    void openCaseDialog();
    bool saveAsDialog();
    void overrideDialog();
    void locateBundle();

    MainWindow *m_window;
    std::shared_ptr<const kb::KnowledgeBase> m_kb;
    BookmarkModel *m_bookmarks;
    WalkthroughModel *m_steps;
    CasePanel *m_casePanel;
    WalkthroughPanel *m_walkthroughPanel;
    QPointer<PresenterWindow> m_presenter;

    // The case. Bookmarks and steps live in their models; caseData() puts them together.
    cases::CaseData m_data;
    bool m_hasCase = false;
    QString m_path;
    bool m_dirty = false;
    bool m_interactive = true;
    QTimer m_autosave;
    bool m_autosaveFailed = false;

    // The open incident, and whether the case opened it.
    QStringList m_incidentPaths;
    QStringList m_caseIncidentPaths;
    bool m_openingForCase = false;
    std::shared_ptr<const ingest::LineAttribution> m_attribution;

    // CaseSources::describe() of the open incident, for New Case.
    QStringList m_describedPaths;
    QList<cases::CaseSource> m_described;
    bool m_describeDone = false;
    bool m_sourcesPending = false;
    quint64 m_describeGeneration = 0;
    std::shared_ptr<std::atomic<bool>> m_describeCancel;
    QFuture<void> m_describeFuture;

    // CaseLocator::check() of the case's files.
    quint64 m_checkGeneration = 0;
    std::shared_ptr<std::atomic<bool>> m_checkCancel;
    QFuture<void> m_checkFuture;
    QList<cases::SourceStatus> m_lastCheck;
    QSet<QString> m_skippedRoots; // roots the user chose not to locate

    QAction *m_newAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_saveAction = nullptr;
    QAction *m_saveAsAction = nullptr;
    QAction *m_bookmarkAction = nullptr;
    QAction *m_overrideAction = nullptr;
    QAction *m_clearOverrideAction = nullptr;
    QAction *m_locateAction = nullptr;
};

} // namespace rankscope::ui
