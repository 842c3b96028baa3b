// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "aboutdialog.h"
#include "themes.h"
#include "welcomewidget.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QSettings>
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

    m_welcome = new WelcomeWidget(this);
    setCentralWidget(m_welcome);
    connect(m_welcome, &WelcomeWidget::openFolderRequested, this, &MainWindow::openFolderDialog);
    connect(m_welcome, &WelcomeWidget::openArchiveRequested, this, &MainWindow::openArchiveDialog);
    connect(m_welcome, &WelcomeWidget::recentRequested, this, [this](const QString &p) { openPaths({p}); });

    m_statusLabel = new QLabel(tr("Ready. Open an incident bundle or drop it on the window."), this);
    m_statusLabel->setAccessibleName(tr("Status"));
    statusBar()->addWidget(m_statusLabel, 1);

    createActions();

    QSettings settings;
    restoreGeometry(settings.value(u"mainWindow/geometry"_s).toByteArray());
    restoreState(settings.value(u"mainWindow/state"_s).toByteArray());
    if (!settings.contains(u"mainWindow/geometry"_s))
        resize(1280, 800);
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
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(u"recentMenu"_s);
    file->addSeparator();
    QAction *quit = file->addAction(QIcon::fromTheme(u"application-exit"_s), tr("&Quit"), this, &QWidget::close);
    quit->setObjectName(u"quitAction"_s);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(u"viewMenu"_s);
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
    view->addSeparator();
    QAction *fullScreen = view->addAction(tr("&Full Screen"));
    fullScreen->setShortcut(QKeySequence::FullScreen);
    fullScreen->setCheckable(true);
    connect(fullScreen, &QAction::toggled, this, [this](bool on) {
        setWindowState(on ? (windowState() | Qt::WindowFullScreen) : (windowState() & ~Qt::WindowFullScreen));
    });

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(u"helpMenu"_s);
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

void MainWindow::openPaths(const QStringList &paths)
{
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
    m_current = existing.size() == 1 ? existing.first() : QFileInfo(existing.first()).absolutePath();
    for (const QString &p : existing)
        addRecent(p);
    setWindowTitle(tr("%1 — RankScope").arg(QFileInfo(m_current).fileName()));
    if (missing.isEmpty())
        m_statusLabel->setText(tr("Opened %1").arg(QDir::toNativeSeparators(m_current)));
    Q_EMIT incidentOpened(existing);
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

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(u"mainWindow/geometry"_s, saveGeometry());
    settings.setValue(u"mainWindow/state"_s, saveState());
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const auto urls = event->mimeData()->urls();
    const bool anyLocal = std::any_of(urls.cbegin(), urls.cend(), [](const QUrl &u) { return u.isLocalFile(); });
    if (anyLocal)
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
    }
}

} // namespace rankscope::ui
