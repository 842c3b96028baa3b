// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "casecontroller.h"

#include "bookmarkmodel.h"
#include "casefile.h"
#include "caseinputs.h"
#include "casepanel.h"
#include "casereport.h"
#include "casesources.h"
#include "pastedtext.h"
#include "knowledgebase.h"
#include "linesource.h"
#include "logtextarea.h"
#include "logview.h"
#include "mainwindow.h"
#include "overviewpanel.h"
#include "presenterwindow.h"
#include "timelineplot.h"
#include "verdictoverridedialog.h"
#include "walkthrough.h"
#include "walkthroughmodel.h"
#include "walkthroughpanel.h"

#include <QAction>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QStatusBar>
#include <QtConcurrent>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

namespace {

constexpr int StatusMs = 8000;
constexpr qsizetype MaxTitleChars = 90; // as cases::Walkthrough titles
constexpr qsizetype MaxListedFiles = 12;

QString native(const QString &path)
{
    return QDir::toNativeSeparators(path);
}

QString caseFilter()
{
    return CaseController::tr("RankScope cases (*.rscase);;All files (*)");
}

QString clipped(const QString &text, qsizetype max)
{
    const QString t = text.simplified();
    return t.size() > max ? t.left(max - 1).trimmed() + u'\u2026' : t;
}

QString who(int rank, const QString &node)
{
    if (rank >= 0 && !node.isEmpty())
        return CaseController::tr("rank %1 on %2").arg(rank).arg(node);
    if (rank >= 0)
        return CaseController::tr("rank %1").arg(rank);
    return node;
}

// Raises the dock a panel sits in, so an action's result is visible.
void raiseDock(QWidget *panel)
{
    if (auto *dock = qobject_cast<QDockWidget *>(panel->parentWidget())) {
        dock->show();
        dock->raise();
    }
}

} // namespace

CaseController::CaseController(MainWindow *window)
    : QObject(window)
    , m_window(window)
{
    setObjectName(u"CaseController"_s);
    m_bookmarks = new BookmarkModel(this);
    m_steps = new WalkthroughModel(this);
    m_casePanel = new CasePanel(m_bookmarks, window);
    m_walkthroughPanel = new WalkthroughPanel(m_steps, window);
    createActions();

    m_autosave.setInterval(AutosaveIntervalMs);
    connect(&m_autosave, &QTimer::timeout, this, [this] {
        if (m_hasCase && m_dirty && !m_path.isEmpty())
            saveTo(m_path, true);
        if (!m_dirty)
            m_autosave.stop();
    });

    connect(m_bookmarks, &BookmarkModel::edited, this, &CaseController::markDirty);
    connect(m_steps, &WalkthroughModel::edited, this, &CaseController::markDirty);
    connect(m_steps, &QAbstractItemModel::modelReset, this, &CaseController::updateActions);
    connect(m_steps, &QAbstractItemModel::rowsInserted, this, &CaseController::updateActions);
    connect(m_steps, &QAbstractItemModel::rowsRemoved, this, &CaseController::updateActions);

    connect(m_casePanel, &CasePanel::titleEdited, this, &CaseController::setTitle);
    connect(m_casePanel, &CasePanel::notesEdited, this, &CaseController::setNotes);
    connect(m_casePanel, &CasePanel::tagsEdited, this, &CaseController::setTags);
    connect(m_casePanel, &CasePanel::bookmarkActivated, this, &CaseController::showBookmark);
    connect(m_walkthroughPanel, &WalkthroughPanel::proposeRequested, this, &CaseController::proposeWalkthrough);
    connect(m_walkthroughPanel, &WalkthroughPanel::addLineRequested, this, &CaseController::addCurrentLineAsStep);
    connect(m_walkthroughPanel, &WalkthroughPanel::presentRequested, this, &CaseController::present);
    connect(m_walkthroughPanel, &WalkthroughPanel::stepActivated, this, [this](int row) {
        if (row >= 0 && row < m_steps->rowCount())
            showStep(m_steps->at(row));
    });

    connect(window, &MainWindow::incidentOpened, this, [this](const QStringList &paths) {
        m_incidentPaths = paths;
        if (m_openingForCase)
            m_caseIncidentPaths = paths;
        // A new bundle: its descriptions are computed once it has loaded.
        ++m_describeGeneration;
        if (m_describeCancel)
            m_describeCancel->store(true);
        m_describeDone = false;
        m_attribution.reset();
        updateTitle();
        updateActions();
    });
    // Corrections made in the workbench belong to the case: they are applied whenever it opens.
    connect(window, &MainWindow::correctionsChanged, this, [this](const ingest::ManualCorrections &corrections) {
        if (!m_hasCase)
            return;
        cases::CaseData d = m_data;
        cases::CaseInputs::setCorrections(d, corrections);
        if (d.clockOffsets == m_data.clockOffsets && d.attribution == m_data.attribution)
            return;
        m_data.clockOffsets = d.clockOffsets;
        m_data.attribution = d.attribution;
        markDirty();
    });
    connect(window, &MainWindow::loadingFinished, this, [this] { startDescribe(m_incidentPaths); });
    connect(window, &MainWindow::ingestReady, this, &CaseController::updateActions);
    connect(window, &MainWindow::analysisReady, this, &CaseController::updateActions);

    updateViews();
}

CaseController::~CaseController()
{
    // Interrupt, then wait: the jobs post their answers to this object.
    cancelJobs();
    m_describeFuture.waitForFinished();
    m_checkFuture.waitForFinished();
}

bool CaseController::isCaseFile(const QString &path)
{
    return path.endsWith(u".rscase"_s, Qt::CaseInsensitive);
}

void CaseController::createActions()
{
    auto action = [this](const QString &text, const QString &tip, const QString &name) {
        auto *a = new QAction(text, this);
        a->setObjectName(name);
        a->setToolTip(tip);
        a->setStatusTip(tip);
        return a;
    };
    m_newAction = action(tr("&New Case…"),
        tr("Start a case for the open incident: notes, bookmarks, a verdict and a walkthrough "
           "kept in one file"),
        u"newCaseAction"_s);
    m_newAction->setIcon(QIcon::fromTheme(u"document-new"_s));
    // NOTE: Ctrl+Shift+O (the suggestion) is Open Archive or Files… already.
    m_openAction
        = action(tr("Open &Case…"), tr("Open a saved case (.rscase) and its incident bundle"), u"openCaseAction"_s);
    m_openAction->setIcon(QIcon::fromTheme(u"document-open"_s));
    m_openAction->setShortcut(QKeySequence(u"Ctrl+Alt+O"_s));
    m_saveAction = action(tr("&Save Case"), tr("Save the case"), u"saveCaseAction"_s);
    m_saveAction->setIcon(QIcon::fromTheme(u"document-save"_s));
    m_saveAction->setShortcut(QKeySequence::Save);
    m_saveAsAction = action(tr("Save Case &As…"), tr("Save the case under another name"), u"saveCaseAsAction"_s);
    m_saveAsAction->setIcon(QIcon::fromTheme(u"document-save-as"_s));
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    m_bookmarkAction = action(
        tr("&Bookmark Current Line"), tr("Bookmark the log view's current line in the case"), u"bookmarkLineAction"_s);
    m_bookmarkAction->setIcon(QIcon::fromTheme(u"bookmark-new"_s));
    m_bookmarkAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    m_overrideAction = action(tr("&Override Verdict…"),
        tr("State your own verdict, with a reason; the automatic one is kept "
           "below it"),
        u"overrideVerdictAction"_s);
    m_clearOverrideAction
        = action(tr("&Clear Verdict Override"), tr("Let the analysis' verdict stand again"), u"clearOverrideAction"_s);
    m_locateAction = action(
        tr("&Locate Bundle…"), tr("Find the case's files again after the bundle was moved"), u"locateBundleAction"_s);

    connect(m_newAction, &QAction::triggered, this, &CaseController::newCaseDialog);
    connect(m_openAction, &QAction::triggered, this, &CaseController::openCaseDialog);
    connect(m_saveAction, &QAction::triggered, this, &CaseController::save);
    connect(m_saveAsAction, &QAction::triggered, this, &CaseController::saveAsDialog);
    connect(m_bookmarkAction, &QAction::triggered, this, &CaseController::bookmarkCurrentLine);
    connect(m_overrideAction, &QAction::triggered, this, &CaseController::overrideDialog);
    connect(m_clearOverrideAction, &QAction::triggered, this, [this] { setVerdictOverride({}); });
    connect(m_locateAction, &QAction::triggered, this, &CaseController::locateBundle);
    m_casePanel->setActions(m_bookmarkAction, m_overrideAction, m_clearOverrideAction);
}

void CaseController::addFileActions(QMenu *file)
{
    file->addAction(m_newAction);
    file->addAction(m_openAction);
    file->addAction(m_saveAction);
    file->addAction(m_saveAsAction);
}

void CaseController::fillCaseMenu(QMenu *menu)
{
    menu->addAction(m_bookmarkAction);
    menu->addAction(m_overrideAction);
    menu->addAction(m_clearOverrideAction);
    menu->addSeparator();
    menu->addAction(m_walkthroughPanel->proposeAction());
    menu->addAction(m_walkthroughPanel->addLineAction());
    menu->addAction(m_walkthroughPanel->presentAction());
    menu->addSeparator();
    menu->addAction(m_locateAction);
}

void CaseController::setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb)
{
    m_kb = std::move(kb);
    updateViews();
}

cases::CaseData CaseController::caseData() const
{
    cases::CaseData d = m_data;
    d.bookmarks = m_bookmarks->items();
    d.walkthrough = m_steps->items();
    return d;
}

report::ReportAnnotations CaseController::reportAnnotations() const
{
    return m_hasCase ? cases::CaseReport::annotations(caseData()) : report::ReportAnnotations {};
}

QString CaseController::reportTitle() const
{
    return m_hasCase ? m_data.title.trimmed() : QString();
}

// ---- the case as a whole -------------------------------------------------------------------

void CaseController::setCase(const cases::CaseData &data, const QString &path)
{
    cancelJobs();
    m_data = data;
    m_hasCase = true;
    m_path = path;
    m_sourcesPending = false;
    m_lastCheck.clear();
    m_skippedRoots.clear();
    m_caseIncidentPaths.clear();
    m_autosaveFailed = false;
    m_bookmarks->setItems(data.bookmarks);
    m_steps->setItems(data.walkthrough);
    setDirty(false);
    updateViews();
    Q_EMIT caseChanged();
}

void CaseController::closeCase()
{
    if (m_presenter)
        m_presenter->close();
    cancelJobs();
    m_data = {};
    m_hasCase = false;
    m_path.clear();
    m_sourcesPending = false;
    m_lastCheck.clear();
    m_caseIncidentPaths.clear();
    m_bookmarks->setItems({});
    m_steps->setItems({});
    setDirty(false);
    updateViews();
    Q_EMIT caseChanged();
}

bool CaseController::newCase(const QString &title)
{
    if (m_window->currentIncident().isEmpty()) {
        status(tr("Open an incident first: a case starts from an incident bundle."));
        return false;
    }
    if (!maybeClose())
        return false;
    cases::CaseData d;
    d.title = title.trimmed();
    d.created = QDateTime::currentDateTimeUtc();
    d.modified = d.created;
    cases::CaseInputs::setCorrections(d, m_window->corrections());
    const bool described = m_describeDone && m_describedPaths == m_incidentPaths;
    if (described)
        d.sources = m_described;
    setCase(d, {});
    m_caseIncidentPaths = m_incidentPaths;
    m_sourcesPending = !described;
    markDirty();
    raiseDock(m_casePanel);
    status(tr("New case for %1: add notes and bookmarks, then save it (Ctrl+S).")
               .arg(native(QFileInfo(m_window->currentIncident()).fileName())));
    return true;
}

bool CaseController::openCase(const QString &path)
{
    const cases::CaseLoadResult loaded = cases::CaseFile::load(path);
    if (!loaded.ok) {
        // Nothing changes: the current case and incident stay as they are.
        reportProblem(tr("Could Not Open Case"), loaded.message);
        return false;
    }
    if (!maybeClose())
        return false;
    cases::CaseData data = loaded.data;
    QString pasteError;
    if (!cases::PastedText::restore(data, cases::PastedText::defaultFolder(), &pasteError))
        reportProblem(tr("Could Not Restore Pasted Text"), pasteError);
    setCase(data, QFileInfo(path).absoluteFilePath());
    raiseDock(m_casePanel);
    if (loaded.data.sources.isEmpty()) {
        status(tr("Opened case %1; it records no files of a bundle.").arg(native(QFileInfo(path).fileName())));
        return true;
    }
    if (!confirmRoots(QFileInfo(path).absolutePath())) {
        status(tr("Opened case %1 without reading its bundle: use Case → Locate Bundle… to choose its folder.")
                   .arg(native(QFileInfo(path).fileName())));
        updateActions();
        return true;
    }
    status(tr("Opened case %1; checking its files…").arg(native(QFileInfo(path).fileName())));
    startCheck();
    return true;
}

bool CaseController::confirmRoots(const QString &caseFolder)
{
    // A case is a document people send each other, and its roots are where it will read. Roots
    // in the folder that holds the case (saved in or next to its bundle) are read as they are;
    // any other is shown first, so that a case naming /etc reads nothing until the user agrees.
    QStringList elsewhere;
    const QStringList roots = cases::CaseLocator::roots(m_data);
    for (const QString &root : roots) {
        if (!cases::CaseLocator::insideRoot(caseFolder, root))
            elsewhere.append(root);
    }
    if (elsewhere.isEmpty())
        return true;
    if (!m_interactive) {
        Q_EMIT rootsOutsideCaseFolder(elsewhere);
        return true;
    }
    QStringList shown;
    for (const QString &root : std::as_const(elsewhere).mid(0, MaxListedFiles))
        shown << native(root);
    if (elsewhere.size() > MaxListedFiles)
        shown << tr("… and %n more", "", int(elsewhere.size() - MaxListedFiles));
    QMessageBox box(QMessageBox::Question, tr("Read the Case's Folders?"),
        tr("The case reads files in these folders, outside the folder that holds it:\n%1").arg(shown.join(u'\n')),
        QMessageBox::NoButton, m_window);
    box.setInformativeText(tr("Read them only if you trust where the case came from. Otherwise choose the folder "
                              "that holds its bundle; the case's files are then looked for there."));
    QPushButton *read = box.addButton(tr("Read Them"), QMessageBox::AcceptRole);
    QPushButton *choose = box.addButton(tr("Choose Bundle Folder…"), QMessageBox::ActionRole);
    box.addButton(tr("Not Now"), QMessageBox::RejectRole);
    box.setDefaultButton(choose);
    box.exec();
    if (box.clickedButton() == read)
        return true;
    if (box.clickedButton() != choose)
        return false;
    const QString picked = QFileDialog::getExistingDirectory(m_window, tr("Choose the Bundle of the Case"), caseFolder);
    if (picked.isEmpty())
        return false;
    for (const QString &root : std::as_const(elsewhere))
        m_data = cases::CaseLocator::relocate(m_data, root, picked);
    markDirty();
    return true;
}

bool CaseController::save()
{
    if (!m_hasCase)
        return false;
    if (m_path.isEmpty()) {
        if (m_interactive)
            return saveAsDialog();
        reportProblem(tr("Could Not Save Case"), tr("The case has no file yet: use Save Case As…"));
        return false;
    }
    return saveTo(m_path, false);
}

bool CaseController::saveAs(const QString &path)
{
    if (!m_hasCase || path.isEmpty())
        return false;
    QString target = path;
    if (!isCaseFile(target))
        target += u".rscase"_s;
    return saveTo(target, false);
}

bool CaseController::saveTo(const QString &path, bool quiet)
{
    cases::CaseData data = caseData();
    // A pasted incident exists only in the data folder: the case carries its text.
    data.pasted = cases::PastedText::collect(data.sources);
    data.modified = QDateTime::currentDateTimeUtc();
    if (!data.created.isValid())
        data.created = data.modified;
    const cases::CaseSaveResult result = cases::CaseFile::save(data, path);
    if (!result.ok) {
        if (quiet) {
            // An autosave that fails every minute must not stack up message boxes.
            if (!m_autosaveFailed)
                reportProblem(tr("Autosave Failed"), result.message);
            m_autosaveFailed = true;
            status(tr("Autosave failed: %1").arg(result.message));
        } else {
            reportProblem(tr("Could Not Save Case"), result.message);
        }
        return false;
    }
    m_autosaveFailed = false;
    m_data.created = data.created;
    m_data.modified = data.modified;
    m_path = QFileInfo(path).absoluteFilePath();
    setDirty(false);
    updateTitle();
    status(quiet ? tr("Case autosaved to %1").arg(native(m_path)) : tr("Case saved to %1").arg(native(m_path)));
    Q_EMIT saved(m_path);
    return true;
}

void CaseController::relocate(const QString &oldRoot, const QString &newRoot)
{
    if (!m_hasCase)
        return;
    m_data = cases::CaseLocator::relocate(m_data, oldRoot, newRoot);
    m_skippedRoots.remove(oldRoot);
    markDirty();
    status(tr("Looking for the case's files in %1…").arg(native(newRoot)));
    startCheck();
}

bool CaseController::maybeClose()
{
    if (m_presenter)
        m_presenter->close();
    if (!m_hasCase || !m_dirty || !m_interactive)
        return true;
    const QString name = m_path.isEmpty() ? (m_data.title.isEmpty() ? tr("Untitled case") : m_data.title)
                                          : QFileInfo(m_path).fileName();
    const auto answer = QMessageBox::question(m_window, tr("Save Case?"),
        tr("The case “%1” has changes that are not saved.").arg(name),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save)
        return save();
    return true;
}

bool CaseController::aboutToOpenIncident()
{
    if (m_openingForCase || !m_hasCase)
        return true;
    // Another bundle: the case describes this one, so it is closed (after asking).
    if (!maybeClose())
        return false;
    closeCase();
    return true;
}

// ---- edits --------------------------------------------------------------------------------

void CaseController::markDirty()
{
    if (!m_hasCase)
        return;
    setDirty(true);
    if (!m_path.isEmpty() && !m_autosave.isActive())
        m_autosave.start();
}

void CaseController::setDirty(bool dirty)
{
    if (!dirty)
        m_autosave.stop();
    if (m_dirty == dirty)
        return;
    m_dirty = dirty;
    updateTitle();
    Q_EMIT dirtyChanged(dirty);
}

void CaseController::setTitle(const QString &title)
{
    if (!m_hasCase || title == m_data.title)
        return;
    m_data.title = title;
    m_casePanel->setCase(m_data.title, m_data.notes, m_data.tags);
    markDirty();
    updateTitle();
}

void CaseController::setNotes(const QString &notes)
{
    if (!m_hasCase || notes == m_data.notes)
        return;
    m_data.notes = notes;
    m_casePanel->setCase(m_data.title, m_data.notes, m_data.tags);
    markDirty();
}

void CaseController::setTags(const QStringList &tags)
{
    if (!m_hasCase || tags == m_data.tags)
        return;
    m_data.tags = tags;
    m_casePanel->setCase(m_data.title, m_data.notes, m_data.tags);
    markDirty();
}

void CaseController::setVerdictOverride(const cases::VerdictOverride &value)
{
    if (!m_hasCase || value == m_data.verdictOverride)
        return;
    m_data.verdictOverride = value;
    markDirty();
    updateViews();
    Q_EMIT verdictOverrideChanged();
}

CaseController::LineDetails CaseController::lineDetails(SourceRef source)
{
    LineDetails d;
    const ingest::IngestResultPtr ingest = m_window->ingestResult();
    const ingest::InputFile *file = ingest ? ingest->file(source.file) : nullptr;
    if (!file)
        return d;
    d.path = file->path;
    // The shown text, when the view is on that line already (an archive member may still be
    // decompressing): it gives the line's own rank, node and time besides the file's.
    LogTextArea *area = m_window->logView()->textArea();
    if (area->currentRow() >= 0 && area->currentOrigin() == source)
        d.text = area->displayText(area->currentRow());
    if (!m_attribution || m_attribution->result() != ingest)
        m_attribution = std::make_shared<const ingest::LineAttribution>(ingest);
    const QByteArray raw = d.text.toUtf8();
    d.rank = m_attribution->rank(raw, source);
    d.node = m_attribution->node(raw, source);
    d.timeMs = m_attribution->time(raw, source);
    return d;
}

bool CaseController::bookmarkCurrentLine()
{
    if (!m_hasCase) {
        status(tr("Start a case first (File → New Case…) to keep bookmarks."));
        return false;
    }
    const SourceRef source = m_window->logView()->currentLine();
    const LineDetails line = lineDetails(source);
    if (line.path.isEmpty()) {
        status(tr("No log line to bookmark: choose a line in the log view first."));
        return false;
    }
    const int before = m_bookmarks->rowCount();
    cases::Bookmark b;
    b.path = line.path;
    b.line = source.line;
    b.rank = line.rank;
    b.node = line.node;
    b.timeMs = line.timeMs;
    b.label = clipped(line.text, 100);
    const int row = m_bookmarks->add(b);
    raiseDock(m_casePanel);
    m_casePanel->selectBookmark(row);
    status(m_bookmarks->rowCount() > before ? tr("Bookmarked %1:%2").arg(b.path).arg(b.line)
                                            : tr("%1:%2 is bookmarked already").arg(b.path).arg(b.line));
    return true;
}

bool CaseController::proposeWalkthrough()
{
    if (!m_hasCase)
        return false;
    const analysis::AnalysisResultPtr result = m_window->analysis();
    if (!result) {
        status(tr("The analysis has not finished yet."));
        return false;
    }
    const QList<cases::WalkthroughStep> steps = cases::Walkthrough::propose(*result);
    if (steps.isEmpty()) {
        status(tr("The verdict has no chain of evidence, so there is nothing to walk through."));
        return false;
    }
    if (m_steps->rowCount() > 0 && m_interactive
        && QMessageBox::question(m_window, tr("Replace Walkthrough?"),
               tr("Replace the %n step(s) of the walkthrough with a new proposal?", "", m_steps->rowCount()))
            != QMessageBox::Yes)
        return false;
    m_steps->setItems(steps);
    markDirty();
    updateActions();
    raiseDock(m_walkthroughPanel);
    m_walkthroughPanel->setCurrentRow(0);
    status(tr("Proposed %n step(s) from the verdict; edit, reorder and present them (F5).", "", int(steps.size())));
    return true;
}

bool CaseController::addCurrentLineAsStep()
{
    if (!m_hasCase)
        return false;
    const SourceRef source = m_window->logView()->currentLine();
    const LineDetails line = lineDetails(source);
    if (line.path.isEmpty()) {
        status(tr("No log line to add: choose a line in the log view first."));
        return false;
    }
    cases::WalkthroughStep s;
    const QString subject = who(line.rank, line.node);
    const QString what = line.text.isEmpty() ? u"%1:%2"_s.arg(line.path).arg(source.line) : line.text;
    s.title = clipped(subject.isEmpty() ? what : subject + u": "_s + what, MaxTitleChars);
    s.path = line.path;
    s.line = source.line;
    s.rank = line.rank;
    s.node = line.node;
    s.timeMs = line.timeMs;
    s.role = u"context"_s;
    const int row = m_steps->insert(m_steps->rowForTime(s.timeMs), s);
    raiseDock(m_walkthroughPanel);
    m_walkthroughPanel->setCurrentRow(row);
    return true;
}

// ---- showing places -----------------------------------------------------------------------

bool CaseController::showPlace(const QString &path, LineNumber line, qint64 timeMs, bool focusTimeline)
{
    const ingest::IngestResultPtr ingest = m_window->ingestResult();
    if (!ingest) {
        status(tr("The case's bundle is not open."));
        return false;
    }
    for (qsizetype i = 0; i < ingest->files.size(); ++i) {
        if (ingest->files.at(i).path == path) {
            m_window->showSource({ FileId(i), std::max<LineNumber>(1, line) });
            if (focusTimeline && timeMs != cases::NoTime)
                m_window->timeline()->focusTime(timeMs, StepSpanMs);
            return true;
        }
    }
    status(tr("%1 is not in the open bundle.").arg(path));
    return false;
}

bool CaseController::showBookmark(int row)
{
    if (row < 0 || row >= m_bookmarks->rowCount())
        return false;
    const cases::Bookmark &b = m_bookmarks->at(row);
    return showPlace(b.path, b.line, b.timeMs, false);
}

bool CaseController::showStep(const cases::WalkthroughStep &step)
{
    return showPlace(step.path, step.line, step.timeMs, true);
}

PresenterWindow *CaseController::presenter() const
{
    return m_presenter.data();
}

PresenterWindow *CaseController::present(int fromRow)
{
    if (!m_hasCase || m_steps->rowCount() == 0) {
        status(tr("The walkthrough has no steps to present."));
        return nullptr;
    }
    if (m_presenter)
        m_presenter->close();
    auto *presenter = new PresenterWindow(m_steps->items(), m_window);
    m_presenter = presenter;
    connect(presenter, &PresenterWindow::stepShown, this, [this](int index, const cases::WalkthroughStep &step) {
        m_walkthroughPanel->setCurrentRow(index);
        showStep(step);
    });
    connect(presenter, &PresenterWindow::closed, m_window, [this] { m_window->activateWindow(); });
    if (m_interactive) {
        // With a second screen (a projector), the audience gets the presenter and the main
        // window stays on the presenter's own screen, following each step.
        const QList<QScreen *> screens = QGuiApplication::screens();
        for (QScreen *screen : screens) {
            if (screen != m_window->screen()) {
                presenter->move(screen->geometry().topLeft());
                break;
            }
        }
        presenter->showFullScreen();
    } else {
        presenter->show();
    }
    presenter->showStep(fromRow);
    presenter->activateWindow();
    presenter->setFocus();
    return presenter;
}

// ---- the case's files ---------------------------------------------------------------------

void CaseController::cancelJobs()
{
    ++m_checkGeneration;
    if (m_checkCancel)
        m_checkCancel->store(true);
}

void CaseController::startDescribe(const QStringList &paths)
{
    if (m_describeCancel)
        m_describeCancel->store(true);
    if (paths.isEmpty())
        return;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_describeCancel = cancel;
    const quint64 generation = ++m_describeGeneration;
    // The destructor waits for the job, so `this` outlives it; a stale answer is dropped.
    m_describeFuture = QtConcurrent::run([this, paths, cancel, generation] {
        const QList<cases::CaseSource> sources
            = cases::CaseSources::describe(paths, [&cancel](qint64, qint64) { return !cancel->load(); });
        if (cancel->load())
            return;
        QMetaObject::invokeMethod(
            this,
            [this, paths, sources, generation] {
                if (generation != m_describeGeneration)
                    return;
                m_described = sources;
                m_describedPaths = paths;
                m_describeDone = true;
                if (m_hasCase && m_sourcesPending && m_caseIncidentPaths == paths) {
                    m_data.sources = sources;
                    m_sourcesPending = false;
                    markDirty();
                    // The files are what makes a case reopenable: a saved case gets them now.
                    if (!m_path.isEmpty())
                        saveTo(m_path, true);
                    updateActions();
                }
                Q_EMIT sourcesDescribed();
            },
            Qt::QueuedConnection);
    });
}

void CaseController::startCheck()
{
    if (m_checkCancel)
        m_checkCancel->store(true);
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_checkCancel = cancel;
    const quint64 generation = ++m_checkGeneration;
    const cases::CaseData data = caseData();
    m_checkFuture = QtConcurrent::run([this, data, cancel, generation] {
        CheckResult result;
        result.statuses = cases::CaseLocator::check(data, [&cancel](qint64, qint64) { return !cancel->load(); });
        if (cancel->load())
            return;
        result.paths = cases::CaseInputs::paths(data);
        QMetaObject::invokeMethod(
            this,
            [this, result, generation] {
                if (generation == m_checkGeneration)
                    onChecked(result);
            },
            Qt::QueuedConnection);
    });
}

void CaseController::onChecked(const CheckResult &result)
{
    m_lastCheck = result.statuses;
    Q_EMIT sourcesChecked(result.statuses);

    // Roots under which not one of the case's files is left: the bundle moved.
    QStringList missingRoots;
    const QStringList roots = cases::CaseLocator::roots(m_data);
    for (const QString &root : roots) {
        const bool found
            = std::any_of(result.statuses.cbegin(), result.statuses.cend(), [&root](const cases::SourceStatus &s) {
                  return s.source.root == root && s.state != cases::SourceStatus::State::Missing;
              });
        if (!found)
            missingRoots.append(root);
    }
    if (!missingRoots.isEmpty()) {
        if (m_interactive) {
            for (const QString &root : std::as_const(missingRoots)) {
                if (m_skippedRoots.contains(root))
                    continue;
                if (askLocate(root))
                    return; // relocated: a new check is on its way
                m_skippedRoots.insert(root);
            }
        } else {
            Q_EMIT rootsMissing(missingRoots);
        }
    }

    // Single files missing or changed under a root that is there.
    QStringList missing, changed;
    for (const cases::SourceStatus &s : result.statuses) {
        if (missingRoots.contains(s.source.root))
            continue;
        if (s.state == cases::SourceStatus::State::Missing)
            missing.append(s.filePath);
        else if (s.state == cases::SourceStatus::State::Changed)
            changed.append(s.filePath);
        else if (s.state == cases::SourceStatus::State::Outside)
            missing.append(tr("%1 (a link out of the bundle: not read)").arg(s.filePath));
    }
    if (!missing.isEmpty() || !changed.isEmpty())
        reportSourceProblems(missing, changed);

    if (result.paths.isEmpty()) {
        status(tr("None of the case's files was found: use Case → Locate Bundle… once you know where the bundle is."));
        updateActions();
        return;
    }
    m_openingForCase = true;
    m_window->openPaths(result.paths, cases::CaseInputs::corrections(m_data));
    m_openingForCase = false;
    updateActions();
}

void CaseController::locateBundle()
{
    if (!m_hasCase)
        return;
    m_skippedRoots.clear();
    status(tr("Checking the case's files…"));
    startCheck();
}

bool CaseController::askLocate(const QString &root)
{
    QMessageBox box(QMessageBox::Warning, tr("Bundle Not Found"),
        tr("The case's files were in %1, and none of them is there now.").arg(native(root)), QMessageBox::NoButton,
        m_window);
    box.setInformativeText(tr("If the bundle was moved or copied, locate its folder. Otherwise the case opens without "
                              "these files."));
    QPushButton *locate = box.addButton(tr("Locate…"), QMessageBox::AcceptRole);
    locate->setToolTip(tr("Pick the folder that holds the bundle now"));
    box.addButton(tr("Open Without Them"), QMessageBox::RejectRole);
    box.setDefaultButton(locate);
    box.exec();
    if (box.clickedButton() != locate)
        return false;
    QString start = QFileInfo(root).absolutePath();
    while (!start.isEmpty() && !QFileInfo(start).isDir() && start != QFileInfo(start).absolutePath())
        start = QFileInfo(start).absolutePath();
    const QString picked = QFileDialog::getExistingDirectory(m_window, tr("Locate the Bundle of the Case"), start);
    if (picked.isEmpty())
        return false;
    const cases::RootSuggestion s = cases::CaseLocator::suggestRoot(caseData(), picked, root);
    if (s.root.isEmpty() || s.found == 0) {
        QMessageBox::warning(m_window, tr("Bundle Not Found"),
            tr("None of the %n file(s) the case expects is in or near %1.", "", s.total).arg(native(picked)));
        return false;
    }
    relocate(root, s.root);
    return true;
}

void CaseController::reportSourceProblems(const QStringList &missing, const QStringList &changed)
{
    QStringList parts;
    if (!missing.isEmpty())
        parts << tr("%n file(s) missing", "", int(missing.size()));
    if (!changed.isEmpty())
        parts << tr("%n file(s) changed since the case was saved", "", int(changed.size()));
    const QString summary = parts.join(tr(", "));
    status(tr("Opening the case's bundle: %1.").arg(summary));
    Q_EMIT problem(summary);
    if (!m_interactive)
        return;
    QStringList lines;
    for (const QString &f : missing)
        lines << tr("missing: %1").arg(native(f));
    for (const QString &f : changed)
        lines << tr("changed: %1").arg(native(f));
    QMessageBox box(QMessageBox::Warning, tr("Some Files Are Missing or Changed"),
        tr("%1. The rest of the bundle opens.").arg(summary), QMessageBox::Ok, m_window);
    QString shown = lines.mid(0, MaxListedFiles).join(u'\n');
    if (lines.size() > MaxListedFiles)
        shown += u'\n' + tr("… and %n more (Show Details)", "", int(lines.size() - MaxListedFiles));
    box.setInformativeText(
        tr("Bookmarks and steps in missing files cannot be shown; in changed files they may point at "
           "other lines.\n\n%1")
            .arg(shown));
    box.setDetailedText(lines.join(u'\n'));
    box.exec();
}

// ---- presentation of the case -------------------------------------------------------------

QString CaseController::overrideHeadline(const cases::VerdictOverride &o) const
{
    if (!o.active)
        return {};
    QString what = o.entry;
    if (const kb::Entry *e = m_kb && !o.entry.isEmpty() ? m_kb->entry(o.entry) : nullptr)
        what = e->title;
    QString subject = who(o.rank, o.node);
    if (!subject.isEmpty())
        subject[0] = subject.at(0).toUpper();
    if (subject.isEmpty())
        return what.isEmpty() ? tr("See the reason") : what;
    return what.isEmpty() ? subject : subject + u": "_s + what;
}

void CaseController::updateTitle()
{
    if (!m_hasCase) {
        m_window->setWindowModified(false);
        const QString incident = m_window->currentIncident();
        m_window->setWindowTitle(
            incident.isEmpty() ? tr("RankScope") : tr("%1 — RankScope").arg(QFileInfo(incident).fileName()));
        return;
    }
    QString name = m_path.isEmpty() ? (m_data.title.isEmpty() ? tr("Untitled case") : m_data.title)
                                    : QFileInfo(m_path).fileName();
    name.replace(u"[*]"_s, u"[*][*]"_s);
    m_window->setWindowTitle(tr("%1[*] — RankScope").arg(name));
    m_window->setWindowModified(m_dirty);
}

void CaseController::updateViews()
{
    m_casePanel->setCaseOpen(m_hasCase);
    m_walkthroughPanel->setCaseOpen(m_hasCase);
    m_casePanel->setCase(m_data.title, m_data.notes, m_data.tags);
    const QString headline = overrideHeadline(m_data.verdictOverride);
    m_casePanel->setOverrideText(
        headline.isEmpty() ? QString() : headline + u"\n"_s + tr("Reason: %1").arg(m_data.verdictOverride.reason));
    // The overview does not exist yet while MainWindow builds its menus.
    if (OverviewPanel *overview = m_window->overview())
        overview->setReviewerVerdict(headline, headline.isEmpty() ? QString() : m_data.verdictOverride.reason);
    updateTitle();
    updateActions();
}

void CaseController::updateActions()
{
    m_newAction->setEnabled(!m_window->currentIncident().isEmpty());
    m_saveAction->setEnabled(m_hasCase);
    m_saveAsAction->setEnabled(m_hasCase);
    m_bookmarkAction->setEnabled(m_hasCase && m_window->ingestResult() != nullptr);
    m_overrideAction->setEnabled(m_hasCase);
    m_clearOverrideAction->setEnabled(m_hasCase && m_data.verdictOverride.active);
    m_locateAction->setEnabled(m_hasCase && !m_data.sources.isEmpty());
}

void CaseController::status(const QString &message)
{
    m_window->statusBar()->showMessage(message, StatusMs);
}

void CaseController::reportProblem(const QString &title, const QString &message)
{
    status(message);
    Q_EMIT problem(message);
    if (m_interactive)
        QMessageBox::warning(m_window, title, message);
}

// ---- dialogs ------------------------------------------------------------------------------

void CaseController::newCaseDialog()
{
    const QString incident = m_window->currentIncident();
    if (incident.isEmpty())
        return;
    bool ok = false;
    const QString title = QInputDialog::getText(
        m_window, tr("New Case"), tr("Title of the case:"), QLineEdit::Normal, QFileInfo(incident).fileName(), &ok);
    if (ok)
        newCase(title);
}

void CaseController::openCaseDialog()
{
    const QString dir = m_path.isEmpty() ? QString() : QFileInfo(m_path).absolutePath();
    const QString file = QFileDialog::getOpenFileName(m_window, tr("Open Case"), dir, caseFilter());
    if (!file.isEmpty())
        m_window->openPaths({ file });
}

bool CaseController::saveAsDialog()
{
    if (!m_hasCase)
        return false;
    QString suggestion = m_path;
    if (suggestion.isEmpty()) {
        const QString incident = m_window->currentIncident();
        const QString dir = incident.isEmpty() ? QDir::homePath() : QFileInfo(incident).absolutePath();
        QString base = m_data.title.isEmpty() ? QFileInfo(incident).completeBaseName() : m_data.title;
        static const QRegularExpression unsafe(u"[^A-Za-z0-9._ -]+"_s);
        base = base.replace(unsafe, u"-"_s).trimmed();
        suggestion = QDir(dir).filePath((base.isEmpty() ? u"incident"_s : base) + u".rscase"_s);
    }
    const QString file = QFileDialog::getSaveFileName(m_window, tr("Save Case As"), suggestion, caseFilter());
    return !file.isEmpty() && saveAs(file);
}

void CaseController::overrideDialog()
{
    if (!m_hasCase)
        return;
    QStringList nodes;
    int maxRank = 0;
    if (const ingest::IngestResultPtr ingest = m_window->ingestResult()) {
        nodes = ingest->job.nodes;
        for (int r : ingest->job.ranks)
            maxRank = std::max(maxRank, r);
    }
    VerdictOverrideDialog dialog(nodes, maxRank, m_kb.get(), m_window);
    cases::VerdictOverride start = m_data.verdictOverride;
    if (!start.active) {
        // Start from the analysis' verdict: most overrides change one thing of it.
        if (const analysis::AnalysisResultPtr result = m_window->analysis()) {
            start.rank = result->verdict.rank;
            start.node = result->verdict.node;
            start.entry = result->verdict.entry;
        }
    }
    dialog.setOverride(start);
    if (dialog.exec() == QDialog::Accepted)
        setVerdictOverride(dialog.result());
}

} // namespace rankscope::ui
