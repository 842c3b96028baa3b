// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "aboutdialog.h"
#include "casecontroller.h"
#include "casepanel.h"
#include "correctionsdialog.h"
#include "encyclopediapanel.h"
#include "comparisonreport.h"
#include "exportreportdialog.h"
#include "historycontroller.h"
#include "historypanel.h"
#include "incidentpipeline.h"
#include "jobtracker.h"
#include "runcomparison.h"
#include "incidentloader.h"
#include "logview.h"
#include "matrixview.h"
#include "overviewpanel.h"
#include "pastedtext.h"
#include "readinglimitsdialog.h"
#include "reportexporter.h"
#include "themes.h"
#include "timelineplot.h"
#include "walkthroughpanel.h"
#include "warningsmodel.h"
#include "welcomewidget.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QStatusBar>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QVBoxLayout>
#include <QSettings>
#include <QDockWidget>
#include <QListView>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QScreen>
#include <QStyle>
#include <QTimer>
#include <QShowEvent>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTextBrowser>
#include <QHeaderView>
#include <QDialog>
#include <QDialogButtonBox>
#include <QStatusBar>

using namespace Qt::StringLiterals;

// Resources live in a static library, whose registration object the linker may drop.
static void initResources()
{
    Q_INIT_RESOURCE(rankscope);
}

namespace rankscope::ui {

namespace {
constexpr int MaxRecent = 10;
const auto RecentKey = u"recentIncidents"_s;
const auto ThemeKey = u"theme"_s;

// The reading limits of Settings ▸ Reading Limits, read on the GUI thread when a load starts,
// and the member cache the log view reads archive members from (filled by the load's own pass).
ingest::IngestConfig savedLimits()
{
    ingest::IngestConfig config;
    ReadingLimitsDialog::applySaved(config);
    config.memberCache = ingest::MemberCache();
    return config;
}
const auto SplitterKey = u"mainWindow/centralSplitter"_s;
const auto ExportPathKey = u"export/lastPath"_s;
const auto ExportRedactKey = u"export/redact"_s;

QString archiveFilter()
{
    return QObject::tr("Incident archives (*.tar *.tar.gz *.tgz *.tar.zst *.tar.xz *.zip *.gz *.zst *.xz);;"
                       "Log files (*.log *.out *.err *.txt);;All files (*)");
}
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    initResources();
    setObjectName(u"MainWindow"_s);
    setWindowTitle(tr("RankScope"));
    setWindowIcon(QIcon(u":/icons/rankscope.svg"_s));
    setAcceptDrops(true);

    m_stack = new QStackedWidget(this);
    m_welcome = new WelcomeWidget(m_stack);
    m_stack->addWidget(m_welcome);
    setCentralWidget(m_stack);
    connect(m_welcome, &WelcomeWidget::openFolderRequested, this, &MainWindow::openFolderDialog);
    connect(m_welcome, &WelcomeWidget::openArchiveRequested, this, &MainWindow::openArchiveDialog);
    connect(m_welcome, &WelcomeWidget::recentRequested, this, [this](const QString &p) { openPaths({p}); });

    m_statusLabel = new QLabel(tr("Ready. Open an incident bundle or drop it on the window."), this);
    m_statusLabel->setAccessibleName(tr("Status"));
    // The verdict's sentence lands here: a long one must not widen the window.
    m_statusLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    statusBar()->addWidget(m_statusLabel, 1);
    m_progress = new QProgressBar(this);
    m_progress->setAccessibleName(tr("Loading progress"));
    m_progress->setMaximumWidth(260);
    m_progress->setRange(0, 1000);
    m_progress->hide();
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setToolTip(tr("Stop loading; what was read so far stays usable"));
    m_cancel->hide();
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    connect(m_cancel, &QPushButton::clicked, this, &MainWindow::cancelLoading);

    // Before the menus, which list its actions, and the docks, which hold its panels; and before
    // the loader, so that it is destroyed first and stops its jobs before the loader waits for
    // the thread pool.
    m_case = new CaseController(this);
    // Export Report and Copy Summary carry the open case's notes, bookmarks, tags and override.
    setReportAnnotationsProvider([c = m_case] { return c->reportAnnotations(); });
    m_loader = new IncidentLoader(this);
    m_history = new HistoryController(this);
    m_compareJob = std::make_unique<JobTracker>();
    connect(m_loader, &IncidentLoader::progress, this, [this](qint64 done, qint64 total, int left) {
        m_progress->setValue(total > 0 ? int(done * 1000 / total) : 0);
        const QString mb = tr("%1 of %2 MB").arg(done / 1'000'000).arg(total / 1'000'000);
        m_statusLabel->setText(left >= 0 ? tr("Reading %1 — about %2 s left").arg(mb).arg(left) : tr("Reading %1").arg(mb));
    });
    connect(m_loader, &IncidentLoader::ingested, this, &MainWindow::onIngested);
    connect(m_loader, &IncidentLoader::analysed, this, &MainWindow::onAnalysed);
    connect(m_loader, &IncidentLoader::finished, this, [this](bool cancelled) {
        m_progress->hide();
        m_cancel->hide();
        if (cancelled)
            m_statusLabel->setText(tr("Loading cancelled: showing what was read"));
        Q_EMIT loadingFinished(cancelled);
    });

    createActions();
    createWorkbench();

    m_defaultState = saveState();
    QSettings settings;
    const bool geometryRestored = restoreGeometry(settings.value(u"mainWindow/geometry"_s).toByteArray());
    m_layoutRestored = restoreState(settings.value(u"mainWindow/state"_s).toByteArray());
    m_layoutRestored = m_centralSplitter->restoreState(settings.value(SplitterKey).toByteArray()) && m_layoutRestored;
    m_placeOnShow = !geometryRestored; // placed in showEvent(): the screen is known there
    rebuildRecentMenu();
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(u"fileMenu"_s);
    QAction *openFolder = file->addAction(QIcon::fromTheme(u"folder-open"_s), tr("Open &Folder…"), this,
                                          &MainWindow::openFolderDialog);
    openFolder->setObjectName(u"openFolderAction"_s);
    openFolder->setShortcut(QKeySequence::Open);
    openFolder->setStatusTip(tr("Open an incident bundle stored as a folder"));
    QAction *openArchive = file->addAction(QIcon::fromTheme(u"archive-extract"_s), tr("Open &Archive or Files…"), this,
                                           &MainWindow::openArchiveDialog);
    openArchive->setObjectName(u"openArchiveAction"_s);
    openArchive->setShortcut(QKeySequence(u"Ctrl+Shift+O"_s));
    openArchive->setStatusTip(tr("Open an incident bundle packed as an archive, or single log files"));
    QAction *pasteLog = file->addAction(QIcon::fromTheme(u"edit-paste"_s), tr("&Paste Log"), this, &MainWindow::pasteLog);
    pasteLog->setObjectName(u"pasteLogAction"_s);
    pasteLog->setShortcut(QKeySequence(u"Ctrl+Shift+V"_s));
    pasteLog->setStatusTip(tr("Open the log text on the clipboard as an incident (an excerpt from a ticket, a terminal)"));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(u"recentMenu"_s);
    file->addSeparator();
    m_case->addFileActions(file);
    file->addSeparator();
    m_exportAction = file->addAction(QIcon::fromTheme(u"document-export"_s), tr("&Export Report…"), this,
                                     &MainWindow::exportReportDialog);
    m_exportAction->setObjectName(u"exportReportAction"_s);
    m_exportAction->setStatusTip(tr("Write the incident report as HTML, Markdown, PDF, JSON or a Perfetto trace"));
    m_exportAction->setEnabled(false);
    // The good run comes as the failed one does: a folder, or an archive or log files.
    QMenu *compare = file->addMenu(QIcon::fromTheme(u"document-compare"_s), tr("Compare with &Good Run"));
    compare->setObjectName(u"compareMenu"_s);
    QAction *compareFolder = compare->addAction(QIcon::fromTheme(u"folder-open"_s), tr("&Folder…"), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("A Run of the Same Job That Worked"), QFileInfo(m_current).absolutePath());
        if (!dir.isEmpty())
            compareWithGoodRun({dir});
    });
    compareFolder->setObjectName(u"compareFolderAction"_s);
    QAction *compareFiles = compare->addAction(QIcon::fromTheme(u"archive-extract"_s), tr("&Archive or Files…"), this, [this] {
        const QStringList files = QFileDialog::getOpenFileNames(this, tr("A Run of the Same Job That Worked"),
                                                                QFileInfo(m_current).absolutePath(), archiveFilter());
        if (!files.isEmpty())
            compareWithGoodRun(files);
    });
    compareFiles->setObjectName(u"compareFilesAction"_s);
    m_compareAction = compare->menuAction();
    m_compareAction->setObjectName(u"compareAction"_s);
    m_compareAction->setStatusTip(tr("What changed since a run that worked: versions per node, fabric, new failures, step time"));
    m_compareAction->setEnabled(false);
    file->addSeparator();
    QAction *quit = file->addAction(QIcon::fromTheme(u"application-exit"_s), tr("&Quit"), this, &QWidget::close);
    quit->setObjectName(u"quitAction"_s);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    // Edit: the copy summary, then the log view's find actions (added with the log view).
    m_editMenu = menuBar()->addMenu(tr("&Edit"));
    m_editMenu->setObjectName(u"editMenu"_s);
    m_copySummaryAction = m_editMenu->addAction(QIcon::fromTheme(u"edit-copy"_s), tr("Copy &Summary"), this,
                                                &MainWindow::copySummary);
    m_copySummaryAction->setObjectName(u"copySummaryAction"_s);
    m_copySummaryAction->setShortcut(QKeySequence(u"Ctrl+Shift+C"_s));
    m_copySummaryAction->setStatusTip(tr("Copy the verdict, the fix and the outliers as plain text"));
    m_copySummaryAction->setEnabled(false);
    m_correctionsAction = m_editMenu->addAction(tr("C&orrections…"), this, [this] {
        const ingest::InputFile *f = m_ingest ? m_ingest->file(m_logView->currentLine().file) : nullptr;
        showCorrectionsDialog(f ? f->path : QString());
    });
    m_correctionsAction->setObjectName(u"correctionsAction"_s);
    m_correctionsAction->setStatusTip(tr("Set node clock offsets and who wrote a file by hand, then read the bundle again"));
    m_correctionsAction->setEnabled(false);
    m_editMenu->addSeparator();

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(u"viewMenu"_s);
    m_panelsMenu = view->addMenu(tr("&Panels"));
    QMenu *themeMenu = view->addMenu(tr("&Theme"));
    auto *themeGroup = new QActionGroup(this);
    const Themes::Theme current = Themes::fromString(QSettings().value(ThemeKey).toString());
    const QList<QPair<Themes::Theme, QString>> themes = {
        {Themes::Theme::System, tr("&System")}, {Themes::Theme::Light, tr("&Light")}, {Themes::Theme::Dark, tr("&Dark")}};
    for (const auto &[theme, label] : themes) {
        QAction *a = themeMenu->addAction(label);
        a->setCheckable(true);
        a->setChecked(theme == current);
        themeGroup->addAction(a);
        connect(a, &QAction::triggered, this, [t = theme] {
            QSettings().setValue(ThemeKey, Themes::toString(t));
            Themes::apply(*qApp, t);
        });
    }
    QAction *resetLayoutAction = view->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
    resetLayoutAction->setObjectName(u"resetLayoutAction"_s);
    resetLayoutAction->setStatusTip(tr("Put every panel back where it starts, sized for this screen"));
    view->addSeparator();
    QAction *fullScreen = view->addAction(tr("&Full Screen"));
    fullScreen->setObjectName(u"fullScreenAction"_s);
    // NOTE: QKeySequence::FullScreen is empty under X11 without a desktop's platform theme
    // (and Ctrl+Shift+F under KDE): F11 always, plus whatever the platform adds.
    QList<QKeySequence> fullScreenKeys = QKeySequence::keyBindings(QKeySequence::FullScreen);
    fullScreenKeys.removeAll(QKeySequence(Qt::Key_F11));
    fullScreenKeys.prepend(QKeySequence(Qt::Key_F11));
    fullScreen->setShortcuts(fullScreenKeys);
    fullScreen->setCheckable(true);
    connect(fullScreen, &QAction::toggled, this, [this](bool on) {
        setWindowState(on ? (windowState() | Qt::WindowFullScreen) : (windowState() & ~Qt::WindowFullScreen));
    });

    QMenu *caseMenu = menuBar()->addMenu(tr("&Case"));
    caseMenu->setObjectName(u"caseMenu"_s);
    m_case->fillCaseMenu(caseMenu);

    QMenu *settingsMenu = menuBar()->addMenu(tr("&Settings"));
    settingsMenu->setObjectName(u"settingsMenu"_s);
    QAction *limits = settingsMenu->addAction(tr("Reading &Limits…"), this, [this] {
        ReadingLimitsDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted && !m_paths.isEmpty())
            statusBar()->showMessage(tr("The new limits apply the next time a bundle is read (File ▸ Open Recent, or Edit ▸ Corrections…)"), 10000);
    });
    limits->setObjectName(u"readingLimitsAction"_s);
    limits->setStatusTip(tr("The caps that keep memory and time bounded on hostile bundles: files per bundle, size of an archive member, …"));
    limits->setMenuRole(QAction::PreferencesRole);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(u"helpMenu"_s);
    QAction *shortcuts = help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts);
    shortcuts->setObjectName(u"shortcutsAction"_s);
    shortcuts->setShortcut(QKeySequence(u"Ctrl+/"_s));
    addAction(shortcuts);
    QAction *about = help->addAction(tr("&About RankScope"), this, &MainWindow::showAbout);
    about->setObjectName(u"aboutAction"_s);
    about->setMenuRole(QAction::AboutRole);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::openFolderDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Incident Folder"));
    if (!dir.isEmpty())
        openPaths({dir});
}

void MainWindow::openArchiveDialog()
{
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Open Incident Archive or Files"), QString(),
                                                            archiveFilter());
    if (!files.isEmpty())
        openPaths(files);
}

void MainWindow::pasteLog()
{
    openText(QGuiApplication::clipboard()->text(), tr("the clipboard"));
}

void MainWindow::openText(const QString &text, const QString &from)
{
    QString error;
    const QString path = cases::PastedText::store(text, cases::PastedText::defaultFolder(), &error);
    if (path.isEmpty()) {
        statusBar()->showMessage(tr("Cannot open the text from %1: %2").arg(from, error), 8000);
        return;
    }
    openPaths({path});
}

void MainWindow::openPaths(const QStringList &paths, const ingest::ManualCorrections &corrections)
{
    const auto casePath = std::find_if(paths.cbegin(), paths.cend(), &CaseController::isCaseFile);
    if (casePath != paths.cend()) {
        if (m_case->openCase(*casePath))
            addRecent(QFileInfo(*casePath).absoluteFilePath());
        return;
    }
    QStringList existing;
    QStringList missing;
    for (const QString &p : paths) {
        const QFileInfo fi(p);
        (fi.exists() ? existing : missing).append(fi.exists() ? fi.absoluteFilePath() : p);
    }
    if (!missing.isEmpty())
        m_statusLabel->setText(tr("Not found: %1").arg(missing.join(u", "_s)));
    if (existing.isEmpty())
        return;
    // Another incident closes the open case (after asking to save it).
    if (!m_case->aboutToOpenIncident())
        return;
    m_current = existing.size() == 1 ? existing.first() : QFileInfo(existing.first()).absolutePath();
    // A case's bundle is reopened through the case, which is in the list already.
    for (const QString &p : existing) {
        if (!m_case->isOpeningCaseBundle())
            addRecent(p);
    }
    setWindowTitle(tr("%1 — RankScope").arg(QFileInfo(m_current).fileName()));
    if (missing.isEmpty())
        m_statusLabel->setText(tr("Opening %1…").arg(QDir::toNativeSeparators(m_current)));
    m_paths = existing;
    m_corrections = corrections;
    startLoading();
    Q_EMIT incidentOpened(existing);
}

void MainWindow::applyCorrections(const ingest::ManualCorrections &corrections)
{
    if (m_paths.isEmpty() || corrections == m_corrections)
        return;
    m_corrections = corrections;
    Q_EMIT correctionsChanged(corrections);
    m_statusLabel->setText(tr("Reading %1 again with %n correction(s)…", nullptr,
                              int(corrections.clockOffsets.size() + corrections.attribution.size()))
                               .arg(QDir::toNativeSeparators(m_current)));
    startLoading();
}

CorrectionsDialog *MainWindow::showCorrectionsDialog(const QString &file)
{
    if (!m_ingest)
        return nullptr;
    auto *dialog = new CorrectionsDialog(*m_ingest, m_corrections, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (!file.isEmpty())
        dialog->selectFile(file);
    connect(dialog, &QDialog::accepted, this, [this, dialog] { applyCorrections(dialog->corrections()); });
    dialog->open();
    return dialog;
}

void MainWindow::startLoading()
{
    m_ingest.reset();
    m_analysis.reset();
    m_exportAction->setEnabled(false);
    m_copySummaryAction->setEnabled(false);
    m_compareAction->setEnabled(false);
    m_compareJob->cancel();
    m_goodRun.reset();
    m_goodComparison.reset();
    m_goodRunName.clear();
    m_overview->setLoading(QDir::toNativeSeparators(QFileInfo(m_current).fileName()));
    m_timeline->setLoading(true);
    m_matrix->setResult(nullptr);
    m_warningsModel->setWarnings({});
    m_stack->setCurrentWidget(m_workbench);
    m_progress->setValue(0);
    m_progress->show();
    m_cancel->show();
    m_correctionsAction->setEnabled(false);
    ingest::IngestConfig config = savedLimits();
    config.manual = m_corrections;
    m_loader->load(m_paths, config);
}

void MainWindow::cancelLoading()
{
    m_loader->cancel();
}

bool MainWindow::isLoading() const
{
    return m_loader->isRunning();
}

bool MainWindow::compareWithGoodRun(const QStringList &paths)
{
    if (!m_analysis || !m_kb || paths.isEmpty())
        return false;
    const QString goodName = paths.size() == 1 ? QFileInfo(paths.first()).fileName()
                                               : tr("%1 and %n more", "", int(paths.size() - 1)).arg(QFileInfo(paths.first()).fileName());
    const QString badName = QFileInfo(m_current).fileName();
    statusBar()->showMessage(tr("Reading the good run %1…").arg(goodName));
    struct Outcome
    {
        analysis::AnalysisResultPtr good; // null: nothing readable
        std::shared_ptr<const analysis::RunComparison> comparison;
        QString text; // the comparison as Markdown, or why there is none
    };
    m_compareJob->startJob(
        [paths, kb = m_kb, bad = m_analysis, goodName, badName, limits = savedLimits()] {
            const auto good = analysis::IncidentPipeline::run(paths, limits, kb.get());
            if (good.ingested->files.isEmpty())
                return Outcome{nullptr, nullptr, tr("Nothing readable in %1").arg(paths.join(u", "_s))};
            auto c = std::make_shared<const analysis::RunComparison>(analysis::RunComparison::compare(*good.result, *bad));
            return Outcome{good.result, c, report::ComparisonReport::toMarkdown(*c, goodName, badName)};
        },
        [this, goodName](Outcome outcome) {
            if (!outcome.good) {
                statusBar()->showMessage(outcome.text, 10000);
                return;
            }
            m_goodRun = outcome.good;
            m_goodComparison = outcome.comparison;
            m_goodRunName = goodName;
            statusBar()->showMessage(tr("Compared with %1").arg(goodName), 5000);
            auto *dialog = new QDialog(this);
            dialog->setObjectName(u"comparisonDialog"_s);
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            dialog->setWindowTitle(tr("Compared with %1 — RankScope").arg(goodName));
            auto *layout = new QVBoxLayout(dialog);
            auto *text = new QTextBrowser(dialog);
            text->setObjectName(u"comparisonText"_s);
            text->setMarkdown(outcome.text);
            layout->addWidget(text);
            auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
            QPushButton *copy = buttons->addButton(tr("Copy as Markdown"), QDialogButtonBox::ActionRole);
            connect(copy, &QPushButton::clicked, dialog, [markdown = outcome.text] { QGuiApplication::clipboard()->setText(markdown); });
            connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
            layout->addWidget(buttons);
            dialog->resize(std::min(width() * 8 / 10, 1000), std::min(height() * 8 / 10, 760));
            dialog->show();
            Q_EMIT comparisonReady(outcome.text);
        });
    return true;
}

void MainWindow::setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb)
{
    m_loader->setKnowledgeBase(kb);
    m_encyclopedia->setKnowledgeBase(kb);
    m_overview->setKnowledgeBase(kb);
    m_timeline->setKnowledgeBase(kb);
    m_kb = kb;
    m_case->setKnowledgeBase(kb);
}

void MainWindow::createWorkbench()
{
    m_workbench = new QWidget(m_stack);
    auto *layout = new QVBoxLayout(m_workbench);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *split = new QSplitter(Qt::Vertical, m_workbench);
    split->setObjectName(u"centralSplitter"_s);
    m_timeline = new TimelinePlot(split);
    m_logView = new LogView(split);
    m_centralSplitter = split;
    // Ctrl+F, F3, Shift+F3 and Ctrl+L reach the log view wherever the focus is in the window.
    const QList<QAction *> findActions = m_logView->findActions();
    for (QAction *a : findActions) {
        a->setShortcutContext(Qt::WindowShortcut);
        addAction(a); // on the window too: they work with the menu bar hidden
        m_editMenu->addAction(a);
    }
    split->addWidget(m_timeline);
    split->addWidget(m_logView);
    // The timeline is the main view; neither view can be dragged away to nothing.
    split->setChildrenCollapsible(false);
    m_timeline->setMinimumHeight(140);
    m_logView->setMinimumHeight(120);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split);
    m_stack->addWidget(m_workbench);

    auto dock = [this](QWidget *w, const QString &title, const QString &name, Qt::DockWidgetArea area) {
        auto *d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(w);
        addDockWidget(area, d);
        m_panelsMenu->addAction(d->toggleViewAction());
        return d;
    };
    m_overview = new OverviewPanel(this);
    m_matrix = new MatrixView(this);
    m_encyclopedia = new EncyclopediaPanel(this);
    m_warningsModel = new models::WarningsModel(this);
    m_warnings = new QListView(this);
    m_warnings->setObjectName(u"warningsList"_s);
    m_warnings->setAccessibleName(tr("Warnings"));
    m_warnings->setToolTip(tr("Problems found while reading the bundle; click one to open its file and line"));
    m_warnings->setModel(m_warningsModel);
    m_overviewDock = dock(m_overview, tr("Overview"), u"overviewDock"_s, Qt::LeftDockWidgetArea);
    QDockWidget *matrixDock = dock(m_matrix, tr("Version Matrix"), u"matrixDock"_s, Qt::BottomDockWidgetArea);
    m_matrixDock = matrixDock;
    QDockWidget *warningsDock = dock(m_warnings, tr("Warnings"), u"warningsDock"_s, Qt::BottomDockWidgetArea);
    tabifyDockWidget(matrixDock, warningsDock);
    matrixDock->raise();
    QDockWidget *encyclopediaDock = dock(m_encyclopedia, tr("Encyclopedia"), u"encyclopediaDock"_s, Qt::RightDockWidgetArea);
    QDockWidget *caseDock = dock(m_case->casePanel(), tr("Case"), u"caseDock"_s, Qt::RightDockWidgetArea);
    QDockWidget *walkthroughDock = dock(m_case->walkthroughPanel(), tr("Walkthrough"), u"walkthroughDock"_s, Qt::RightDockWidgetArea);
    tabifyDockWidget(encyclopediaDock, caseDock);
    tabifyDockWidget(caseDock, walkthroughDock);
    m_historyPanel = new HistoryPanel(m_history, this);
    QDockWidget *historyDock = dock(m_historyPanel, tr("History"), u"historyDock"_s, Qt::RightDockWidgetArea);
    tabifyDockWidget(walkthroughDock, historyDock);
    encyclopediaDock->raise();
    m_encyclopediaDock = encyclopediaDock;
    // Bottom docks take the width under the central views only: the side docks keep their
    // full height, so the verdict and the entry are never squeezed by the matrix.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);

    connect(m_overview, &OverviewPanel::sourceActivated, this, &MainWindow::showSource);
    connect(m_history, &HistoryController::seenBeforeChanged, this, [this] { m_overview->setSeenBefore(m_history->seenBefore()); });
    connect(m_history, &HistoryController::problem, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Incident history: %1").arg(message), 10000);
    });
    connect(m_historyPanel, &HistoryPanel::openRequested, this, [this](const QStringList &paths) { openPaths(paths); });
    connect(m_overview, &OverviewPanel::historyActivated, this, [this](qint64 id) {
        if (const history::IncidentRecord *r = m_history->incident(id))
            openPaths(r->origin.split(u'\n'));
    });
    m_history->refresh();
    // A reviewer's verdict set or withdrawn in the open case is what the library keeps.
    const auto recordOverride = [this] {
        if (!m_analysis || !m_case->hasCase() || m_case->caseData().verdictOverride == m_recordedOverride)
            return;
        m_recordedOverride = m_case->caseData().verdictOverride;
        m_history->record(m_analysis, m_paths, m_recordedOverride);
    };
    connect(m_case, &CaseController::caseChanged, this, recordOverride);
    connect(m_case, &CaseController::verdictOverrideChanged, this, recordOverride);
    connect(m_timeline, &TimelinePlot::eventActivated, this, &MainWindow::showSource);
    connect(m_matrix, &MatrixView::sourceActivated, this, &MainWindow::showSource);
    connect(m_encyclopedia, &EncyclopediaPanel::evidenceActivated, this, &MainWindow::showSource);
    connect(m_overview, &OverviewPanel::entryActivated, this, [this](const QString &id, const QList<analysis::Evidence> &why) {
        m_encyclopedia->showEntry(id, why);
    });
    connect(m_warnings, &QListView::activated, this, [this](const QModelIndex &index) {
        if (!m_ingest)
            return;
        const QString path = index.data(models::WarningsModel::PathRole).toString();
        for (int i = 0; i < m_ingest->files.size(); ++i) {
            if (m_ingest->files.at(i).path == path) {
                showSource({FileId(i), std::max<qint64>(1, index.data(models::WarningsModel::LineRole).toLongLong())});
                return;
            }
        }
    });
}

void MainWindow::showSource(SourceRef source)
{
    if (source.isValid())
        m_logView->showFile(source.file, source.line);
}

void MainWindow::onIngested(const ingest::IngestResultPtr &result)
{
    m_ingest = result;
    m_overview->setIngest(result);
    m_timeline->setIngest(result);
    m_logView->setIngest(result);
    m_warningsModel->setWarnings(result->warnings);
    m_statusLabel->setText(tr("Read %1 files, %2 events; analysing…").arg(result->stats.files).arg(result->stats.events));
    m_correctionsAction->setEnabled(true);
    Q_EMIT ingestReady();
}

void MainWindow::onAnalysed(const analysis::AnalysisResultPtr &result)
{
    m_analysis = result;
    m_overview->setResult(result);
    m_timeline->setResult(result);
    m_matrix->setResult(result);
    Warnings all = result->ingest->warnings;
    all += result->warnings;
    m_warningsModel->setWarnings(all);
    QList<LogMark> marks;
    for (int i = 0; i < result->eventRoles.size(); ++i) {
        const auto role = result->eventRoles.at(i);
        if (role == analysis::ChainStep::Role::Context)
            continue;
        const ingest::Event &e = result->ingest->events.at(i);
        marks.append({e.source, role,
                      e.fingerprint >= 0 ? result->ingest->fingerprints.at(e.fingerprint).entryId : QString()});
    }
    m_logView->setMarks(marks);
    const analysis::Verdict &v = result->verdict;
    if (!v.entry.isEmpty()) {
        QList<analysis::Evidence> why;
        for (const analysis::Diagnosis &d : result->diagnoses) {
            if (d.entry == v.entry)
                why = d.evidence;
        }
        if (why.isEmpty() && v.evidence.source.isValid())
            why.append(v.evidence);
        m_encyclopedia->showEntry(v.entry, why);
    }
    if (v.evidence.source.isValid())
        showSource(v.evidence.source);
    m_statusLabel->setText(v.summary);
    if (!m_layoutRestored && !m_matrixSized) {
        // The matrix dock as tall as its rows (two groups need no 150 px), the first time only:
        // afterwards the user's sizes stand.
        m_matrixSized = true;
        const int title = m_matrixDock->style()->pixelMetric(QStyle::PM_TitleBarHeight) + 8;
        resizeDocks({m_matrixDock}, {std::clamp(m_matrix->preferredHeight() + title, 90, height() * 30 / 100)}, Qt::Vertical);
    }
    m_exportAction->setEnabled(!m_exporter || !m_exporter->isRunning());
    m_copySummaryAction->setEnabled(true);
    m_compareAction->setEnabled(true);
    // A cancelled load is part of a bundle: not the incident to remember.
    if (!result->ingest->cancelled) {
        m_recordedOverride = m_case->hasCase() ? m_case->caseData().verdictOverride : cases::VerdictOverride();
        m_history->record(result, m_paths, m_recordedOverride);
    }
    Q_EMIT analysisReady();
}

QStringList MainWindow::recentPaths() const
{
    return QSettings().value(RecentKey).toStringList();
}

void MainWindow::addRecent(const QString &path)
{
    QStringList recent = recentPaths();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > MaxRecent)
        recent.removeLast();
    QSettings().setValue(RecentKey, recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList recent = recentPaths();
    for (const QString &p : recent) {
        QAction *a = m_recentMenu->addAction(QDir::toNativeSeparators(p));
        connect(a, &QAction::triggered, this, [this, p] { openPaths({p}); });
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
    m_welcome->setRecent(recent);
}

void MainWindow::showAbout()
{
    AboutDialog dialog(this);
    dialog.exec();
}

void MainWindow::setReportAnnotationsProvider(AnnotationsProvider provider)
{
    m_annotations = std::move(provider);
}

void MainWindow::exportReportDialog()
{
    if (!m_analysis)
        return;
    QSettings settings;
    const QString last = settings.value(ExportPathKey).toString();
    // The folder of the last report, else Documents, else home: a default that does not exist
    // (no ~/Documents on a fresh server account) makes the first export fail.
    QString dir = last.isEmpty() ? QString() : QFileInfo(last).absolutePath();
    for (const QString &candidate : {dir, QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation), QDir::homePath()}) {
        if (!candidate.isEmpty() && QFileInfo(candidate).isDir() && QFileInfo(candidate).isWritable()) {
            dir = candidate;
            break;
        }
    }
    const auto format = render::ReportWriter::formatFromPath(last).value_or(render::ReportFormat::Html);
    ExportReportDialog dialog(this);
    dialog.setPath(ExportReportDialog::withSuffix(QDir(dir).filePath(QFileInfo(m_current).baseName() + u"-report"_s), format));
    dialog.setRedact(settings.value(ExportRedactKey, false).toBool());
    dialog.setComparison(m_goodRun ? m_goodRunName : QString());
    if (dialog.exec() != QDialog::Accepted)
        return;
    settings.setValue(ExportPathKey, dialog.path());
    settings.setValue(ExportRedactKey, dialog.redact());
    exportReport(dialog.path(), dialog.redact(), dialog.includeComparison());
}

void MainWindow::exportReport(const QString &path, bool redact, bool withComparison)
{
    const auto format = render::ReportWriter::formatFromPath(path);
    if (!m_analysis) {
        reportExportFailed(path, tr("No analysis is open."));
        return;
    }
    if (!format || *format == render::ReportFormat::Summary) {
        reportExportFailed(path, tr("The file name must end in .html, .md, .pdf, .json or .trace.json."));
        return;
    }
    if (!m_exporter) {
        m_exporter = new ReportExporter(this);
        connect(m_exporter, &ReportExporter::finished, this,
                [this](const QString &written, bool ok, const QString &error, const QStringList &files) {
                    m_exportAction->setEnabled(m_analysis != nullptr);
                    if (!ok) {
                        reportExportFailed(written, error);
                        return;
                    }
                    const QString native = QDir::toNativeSeparators(written);
                    statusBar()->showMessage(files.size() > 1 ? tr("Report written to %1 (and %n file(s) beside it)", "", int(files.size() - 1)).arg(native)
                                                              : tr("Report written to %1").arg(native),
                                             15000);
                    Q_EMIT reportExported(written, true);
                });
    }
    render::ReportInput input;
    input.result = m_analysis;
    input.kb = m_kb;
    input.annotations = m_annotations ? m_annotations() : report::ReportAnnotations();
    input.redact = redact;
    if (withComparison && m_goodRun) {
        input.goodRun = m_goodRun;
        input.comparison = m_goodComparison;
        input.goodName = m_goodRunName;
        input.badName = QFileInfo(m_current).fileName();
    }
    if (!m_exporter->start(std::move(input), path, *format)) {
        statusBar()->showMessage(tr("A report is still being written; try again when it is done"), 5000);
        Q_EMIT reportExported(path, false);
        return;
    }
    m_exportAction->setEnabled(false);
    statusBar()->showMessage(tr("Writing the report to %1…").arg(QDir::toNativeSeparators(path)));
}

void MainWindow::reportExportFailed(const QString &path, const QString &message)
{
    // Window-modal but not blocking: the export slot returns at once, in tests too.
    auto *box = new QMessageBox(QMessageBox::Critical, tr("Export Report"),
                                tr("The report could not be written to %1.").arg(QDir::toNativeSeparators(path)),
                                QMessageBox::Ok, this);
    box->setObjectName(u"exportErrorBox"_s);
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    statusBar()->clearMessage();
    Q_EMIT reportExported(path, false);
}

void MainWindow::copySummary()
{
    if (!m_analysis)
        return;
    render::ReportInput input;
    input.result = m_analysis;
    input.kb = m_kb;
    input.annotations = m_annotations ? m_annotations() : report::ReportAnnotations();
    input.goodRun = m_goodRun;
    input.comparison = m_goodComparison;
    input.goodName = m_goodRunName;
    QGuiApplication::clipboard()->setText(render::ReportWriter(std::move(input)).summary());
    statusBar()->showMessage(tr("Summary copied to the clipboard"), 5000);
}

std::pair<QRect, bool> MainWindow::initialGeometry(const QRect &available)
{
    const QSize size(available.width() * 9 / 10, available.height() * 9 / 10);
    QRect r(QPoint(0, 0), size);
    r.moveCenter(available.center());
    return {r, available.width() < 1400};
}

void MainWindow::applyDefaultSizes()
{
    const int w = width();
    const int h = height();
    // Side docks wide enough for a verdict sentence and a host name on one line; the matrix a
    // fifth of the height (it scrolls); the timeline two thirds of what is left.
    resizeDocks({m_overviewDock}, {std::max(320, w * 22 / 100)}, Qt::Horizontal);
    resizeDocks({m_encyclopediaDock}, {std::max(300, w * 25 / 100)}, Qt::Horizontal);
    resizeDocks({m_matrixDock}, {std::max(120, h * 20 / 100)}, Qt::Vertical);
    const int central = std::max(300, m_centralSplitter->height());
    m_centralSplitter->setSizes({central * 66 / 100, central * 34 / 100});
}

void MainWindow::resetLayout()
{
    restoreState(m_defaultState);
    for (QDockWidget *d : findChildren<QDockWidget *>())
        d->setFloating(false);
    m_encyclopediaDock->raise();
    m_matrixDock->raise();
    applyDefaultSizes();
}

void MainWindow::showEvent(QShowEvent *event)
{
    if (!m_shown && m_placeOnShow) {
        // Placed here, not in the constructor: before the first layout pass the docks' minimum
        // sizes are their contents' full sizes, and a geometry set then is clamped to them.
        const QScreen *s = screen() ? screen() : QGuiApplication::primaryScreen();
        const auto [rect, maximise] = initialGeometry(s ? s->availableGeometry() : QRect(0, 0, 1280, 800));
        setGeometry(rect);
        if (maximise)
            setWindowState(windowState() | Qt::WindowMaximized);
    }
    QMainWindow::showEvent(event);
    if (m_shown)
        return;
    m_shown = true;
    // Sizes need the window's real geometry (maximised, or placed by the window manager).
    if (!m_layoutRestored)
        QTimer::singleShot(0, this, &MainWindow::applyDefaultSizes);
}

QList<std::pair<QString, QString>> MainWindow::shortcutList() const
{
    QList<std::pair<QString, QString>> rows;
    QSet<QString> seen;
    for (QAction *a : findChildren<QAction *>()) {
        if (a->shortcuts().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence &k : a->shortcuts())
            keys.append(k.toString(QKeySequence::NativeText));
        const QString what = a->text().remove(u'&').remove(u"…"_s);
        const QString key = keys.join(u", "_s);
        if (seen.contains(key + u'\n' + what))
            continue;
        seen.insert(key + u'\n' + what);
        rows.append({key, what});
    }
    std::sort(rows.begin(), rows.end(), [](const auto &a, const auto &b) { return a.second < b.second; });
    rows += TimelinePlot::keyboardHelp();
    return rows;
}

QDialog *MainWindow::showShortcuts()
{
    auto *dialog = new QDialog(this);
    dialog->setObjectName(u"shortcutsDialog"_s);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Keyboard Shortcuts"));
    auto *layout = new QVBoxLayout(dialog);
    auto *table = new QTableWidget(dialog);
    table->setObjectName(u"shortcutsTable"_s);
    table->setColumnCount(2);
    table->setHorizontalHeaderLabels({tr("Keys"), tr("Action")});
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    const auto rows = shortcutList();
    table->setRowCount(int(rows.size()));
    for (int i = 0; i < rows.size(); ++i) {
        table->setItem(i, 0, new QTableWidgetItem(rows.at(i).first));
        table->setItem(i, 1, new QTableWidgetItem(rows.at(i).second));
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(table);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog->resize(560, 520);
    dialog->open();
    return dialog;
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_case->maybeClose()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue(u"mainWindow/geometry"_s, saveGeometry());
    settings.setValue(u"mainWindow/state"_s, saveState());
    settings.setValue(SplitterKey, m_centralSplitter->saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const auto urls = event->mimeData()->urls();
    const bool anyLocal = std::any_of(urls.cbegin(), urls.cend(), [](const QUrl &u) { return u.isLocalFile(); });
    // Files and folders open as a bundle; text dragged from a browser or an editor as a paste.
    if (anyLocal || (urls.isEmpty() && event->mimeData()->hasText()))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QStringList paths;
    const auto urls = event->mimeData()->urls();
    for (const QUrl &u : urls) {
        if (u.isLocalFile())
            paths.append(u.toLocalFile());
    }
    if (!paths.isEmpty()) {
        event->acceptProposedAction();
        openPaths(paths);
    } else if (urls.isEmpty() && event->mimeData()->hasText()) {
        event->acceptProposedAction();
        openText(event->mimeData()->text(), tr("the dropped text"));
    }
}

} // namespace rankscope::ui
