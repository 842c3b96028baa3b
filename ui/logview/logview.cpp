// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "logview.h"

#include "naturalorder.h"
#include "promiseprogress.h"

#include "builtinhighlighter.h"
#include "findbar.h"
#include "findresultsmodel.h"
#include "filteredit.h"
#include "gotolinebar.h"
#include "ksyntaxlinehighlighter.h"
#include "logtextarea.h"
#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
#include "syntaxrepository.h"
#endif

#include <QAction>
#include <QComboBox>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QSettings>
#include <QPromise>
#include <QToolButton>
#include <QListView>
#include <QLocale>
#include <QSplitter>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <set>

using namespace Qt::StringLiterals;
using namespace rankscope::ingest;

namespace rankscope::ui {

namespace {

QString shortName(const InputFile &f)
{
    const qsizetype bang = f.path.lastIndexOf(u'/');
    return bang >= 0 ? f.path.mid(bang + 1) : f.path;
}

} // namespace

LogView::LogView(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"logView"_s);
    setAccessibleName(tr("Log view"));

    m_sourceCombo = new QComboBox(this);
    m_sourceCombo->setObjectName(u"sourceCombo"_s);
    m_sourceCombo->setAccessibleName(tr("Log file"));
    m_sourceCombo->setToolTip(tr("The file shown; each file keeps the line you left it at"));
    m_sourceCombo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_sourceCombo->setMinimumContentsLength(9);

    m_mergeButton = new QToolButton(this);
    m_mergeButton->setObjectName(u"mergeButton"_s);
    m_mergeButton->setText(tr("Merge by time"));
    m_mergeButton->setCheckable(true);
    m_mergeButton->setAutoRaise(true);
    m_mergeButton->setAccessibleName(tr("Merged view"));
    m_mergeButton->setToolTip(tr("Show the rank, NCCL, launcher and kernel logs in one view, ordered by clock-corrected time"));

    // Kate's F10 (dynamic word wrap); remembered, because it is a reading preference.
    m_wrapButton = new QToolButton(this);
    m_wrapButton->setObjectName(u"wrapButton"_s);
    m_wrapButton->setText(tr("Wrap"));
    m_wrapButton->setCheckable(true);
    m_wrapButton->setAutoRaise(true);
    m_wrapButton->setAccessibleName(tr("Wrap long lines"));
    m_wrapButton->setToolTip(tr("Wrap long lines at the window's width instead of scrolling sideways (F10)"));
    m_wrapButton->setChecked(QSettings().value(u"logview/wrap"_s, false).toBool());
    auto *wrapAction = new QAction(tr("Wrap Long Lines"), this);
    wrapAction->setShortcut(Qt::Key_F10);
    wrapAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(wrapAction);
    connect(wrapAction, &QAction::triggered, m_wrapButton, &QToolButton::click);

    m_rankEdit = new FilterEdit(tr("Show only the lines of these ranks (from the line's launcher prefix, else the file's rank): "
                                   "numbers and ranges, e.g. 16-23, 40. Empty: all ranks."), this);
    m_rankEdit->setObjectName(u"rankFilter"_s);
    m_rankEdit->setAccessibleName(tr("Rank filter"));
    m_rankEdit->setPlaceholderText(tr("All ranks"));
    m_nodeEdit = new FilterEdit(tr("Show only the lines written on these nodes: names and host lists, e.g. gpu-0[1-4], gpu-10. "
                                   "Empty: all nodes."), this);
    m_nodeEdit->setObjectName(u"nodeFilter"_s);
    m_nodeEdit->setAccessibleName(tr("Node filter"));
    m_nodeEdit->setPlaceholderText(tr("All nodes"));
    // About eight characters: room for "16-23, 40" without widening the bar past a laptop's screen.
    for (FilterEdit *edit : {m_rankEdit, m_nodeEdit}) {
        edit->setMinimumWidth(edit->fontMetrics().horizontalAdvance(u"000-000, 0"_s));
        edit->setMaximumWidth(edit->fontMetrics().horizontalAdvance(u"gpu-node-0[01-16], gpu-n"_s));
    }
    m_severityCombo = new QComboBox(this);
    m_severityCombo->setObjectName(u"severityFilter"_s);
    m_severityCombo->setAccessibleName(tr("Minimum severity"));
    m_severityCombo->setToolTip(tr("Hide lines below this level (from level words and the encyclopedia's fingerprints)"));
    m_severityCombo->addItem(tr("All levels"), int(LineSeverity::Info));
    m_severityCombo->addItem(tr("Warnings and worse"), int(LineSeverity::Warning));
    m_severityCombo->addItem(tr("Errors and worse"), int(LineSeverity::Error));
    m_severityCombo->addItem(tr("Fatal only"), int(LineSeverity::Fatal));
    // Long host names and 16,000 ranks must not widen the bar past a laptop's screen: the
    // combos show a few characters shut and the whole names in their lists.
    for (QComboBox *combo : {m_severityCombo}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(6);
    }

    m_jobLabel = new QLabel(this);
    m_jobLabel->setObjectName(u"jobStatus"_s);
    m_jobLabel->setAccessibleName(tr("Log view job status"));
    m_jobLabel->setToolTip(tr("What the log view is preparing in the background"));
    m_jobLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the window
    m_jobProgress = new QProgressBar(this);
    m_jobProgress->setObjectName(u"jobProgress"_s);
    m_jobProgress->setAccessibleName(tr("Log view job progress"));
    m_jobProgress->setToolTip(tr("Progress of decompressing, merging or filtering"));
    m_jobProgress->setRange(0, 1000);
    m_jobProgress->setTextVisible(false);
    m_jobProgress->setMaximumWidth(100);
    m_jobProgress->hide();
    m_cancelButton = new QToolButton(this);
    m_cancelButton->setObjectName(u"jobCancel"_s);
    m_cancelButton->setText(tr("Cancel"));
    m_cancelButton->setAutoRaise(true);
    m_cancelButton->setAccessibleName(tr("Cancel log view job"));
    m_cancelButton->setToolTip(tr("Stop decompressing, merging or filtering"));
    m_cancelButton->hide();

    auto *top = new QHBoxLayout;
    top->setContentsMargins(4, 2, 4, 2);
    top->setSpacing(4);
    top->addWidget(m_sourceCombo, 2);
    top->addWidget(m_mergeButton);
    top->addWidget(m_wrapButton);
    top->addSpacing(8);
    top->addWidget(m_rankEdit, 1);
    top->addWidget(m_nodeEdit, 1);
    top->addWidget(m_severityCombo);
    top->addWidget(m_jobLabel, 1);
    m_jobLabel->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    top->addWidget(m_jobProgress);
    top->addWidget(m_cancelButton);

    m_area = new LogTextArea(this);
    m_findBar = new FindBar(this);
    m_findBar->hide();
    m_goToBar = new GoToLineBar(this);
    m_goToBar->hide();

    // Find in all files: the matching lines of every file, under the text, as long as wanted.
    m_results = new FindResultsModel(this);
    m_resultsPanel = new QWidget(this);
    m_resultsPanel->setObjectName(u"findResultsPanel"_s);
    m_resultsLabel = new QLabel(m_resultsPanel);
    m_resultsLabel->setObjectName(u"findResultsSummary"_s);
    m_resultsLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto *closeResults = new QToolButton(m_resultsPanel);
    closeResults->setObjectName(u"findResultsClose"_s);
    closeResults->setAutoRaise(true);
    closeResults->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    closeResults->setToolTip(tr("Close the list of matching lines"));
    closeResults->setAccessibleName(tr("Close find results"));
    m_resultsView = new QListView(m_resultsPanel);
    m_resultsView->setObjectName(u"findResults"_s);
    m_resultsView->setAccessibleName(tr("Matching lines in all files"));
    m_resultsView->setUniformItemSizes(true); // 10,000 rows without measuring each
    m_resultsView->setModel(m_results);
    {
        auto *head = new QHBoxLayout;
        head->setContentsMargins(4, 2, 4, 0);
        head->addWidget(m_resultsLabel, 1);
        head->addWidget(closeResults);
        auto *v = new QVBoxLayout(m_resultsPanel);
        v->setContentsMargins(0, 0, 0, 0);
        v->setSpacing(0);
        v->addLayout(head);
        v->addWidget(m_resultsView, 1);
    }
    m_resultsPanel->hide();
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(u"logResultsSplitter"_s);
    split->setChildrenCollapsible(false);
    split->addWidget(m_area);
    split->addWidget(m_resultsPanel);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    connect(closeResults, &QToolButton::clicked, this, [this] {
        m_findAllFuture.cancel();
        m_resultsPanel->hide();
    });
    connect(m_resultsView, &QListView::activated, this, &LogView::openResult);
    connect(m_resultsView, &QListView::clicked, this, &LogView::openResult);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    layout->addWidget(m_findBar);
    layout->addWidget(m_goToBar);
    setFocusProxy(m_area);

    auto makeAction = [this](const QString &name, const QString &text, const QKeySequence &key) {
        auto *a = new QAction(text, this);
        a->setObjectName(name);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        a->setToolTip(text + u" ("_s + key.toString(QKeySequence::NativeText) + u')');
        addAction(a);
        return a;
    };
    m_findAction = makeAction(u"logFindAction"_s, tr("Find"), QKeySequence::Find);
    m_findNextAction = makeAction(u"logFindNextAction"_s, tr("Find Next"), QKeySequence(Qt::Key_F3));
    m_findPreviousAction = makeAction(u"logFindPreviousAction"_s, tr("Find Previous"), QKeySequence(Qt::SHIFT | Qt::Key_F3));
    m_goToLineAction = makeAction(u"logGoToLineAction"_s, tr("Go to Line"), QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(m_findAction, &QAction::triggered, this, &LogView::openFind);
    connect(m_findNextAction, &QAction::triggered, this, [this] { findNext(true); });
    connect(m_findPreviousAction, &QAction::triggered, this, [this] { findNext(false); });
    connect(m_goToLineAction, &QAction::triggered, this, &LogView::openGoToLine);

    connect(m_findBar, &FindBar::patternChanged, this, [this] { startSearch(true, true); });
    connect(m_findBar, &FindBar::findRequested, this, [this](bool forward) { startSearch(forward, false); });
    connect(m_findBar, &FindBar::findAllRequested, this, &LogView::findInAllFiles);
    connect(m_findBar, &FindBar::closed, this, [this] {
        ++m_searchGeneration;
        m_searchFuture.cancel();
        m_area->setSearchPattern({});
        m_area->setCurrentMatch(-1, 0, 0);
        m_area->setFocus();
    });
    connect(m_goToBar, &GoToLineBar::goRequested, this, [this](LineNumber line) {
        goToLine(line);
        m_area->setFocus();
    });
    connect(m_goToBar, &GoToLineBar::closed, this, [this] { m_area->setFocus(); });

    connect(m_area, &LogTextArea::rowActivated, this, [this](qint64 row) {
        if (m_view)
            Q_EMIT lineActivated(m_view->origin(row));
    });
    connect(m_area, &LogTextArea::currentRowChanged, this, [this](qint64) {
        const SourceRef o = m_area->currentOrigin();
        if (o.isValid() && !isMerged())
            m_lastLine.insert(o.file, o.line);
    });
    connect(m_sourceCombo, &QComboBox::activated, this, [this](int index) {
        const qint64 data = m_sourceCombo->itemData(index).toLongLong();
        if (data < 0)
            return; // the merged entry: already shown
        const FileId file = FileId(data);
        showFile(file, m_lastLine.value(file, 1));
    });
    connect(m_mergeButton, &QToolButton::clicked, this, &LogView::toggleMerged);
    m_area->setWrap(m_wrapButton->isChecked());
    connect(m_wrapButton, &QToolButton::toggled, this, [this](bool on) {
        m_area->setWrap(on);
        QSettings().setValue(u"logview/wrap"_s, on);
    });
    connect(m_rankEdit, &FilterEdit::committed, this, &LogView::filterControlsChanged);
    connect(m_nodeEdit, &FilterEdit::committed, this, &LogView::filterControlsChanged);
    connect(m_severityCombo, &QComboBox::currentIndexChanged, this, &LogView::filterControlsChanged);
    connect(m_cancelButton, &QToolButton::clicked, this, &LogView::cancelJobs);

    m_area->setPlaceholderText(tr("No incident open"));
    rebuildSourceCombo();
    rebuildFilterControls();
#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
    // The process's one repository, shared with the encyclopedia panel.
    m_repository = syntaxRepository();
#endif
    updateHighlighter();
}

LogView::~LogView()
{
    // Jobs hold only shared sources, never this view: cancelling is enough, no wait.
    m_prepareFuture.cancel();
    m_mergeFuture.cancel();
    m_filterFuture.cancel();
    m_searchFuture.cancel();
    m_findAllFuture.cancel();
    // The filter fields commit when they lose focus, which happens while QWidget's destructor
    // deletes them, after this one has run.
    disconnect(m_rankEdit, nullptr, this, nullptr);
    disconnect(m_nodeEdit, nullptr, this, nullptr);
}

#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
void LogView::setSyntaxRepository(KSyntaxHighlighting::Repository *repository)
{
    m_repository = repository;
    updateHighlighter();
}
#endif

void LogView::updateHighlighter()
{
#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
    if (m_repository) {
        auto k = std::make_unique<KSyntaxLineHighlighter>(m_repository, palette());
        if (k->isValid()) {
            m_area->setHighlighter(std::move(k));
            return;
        }
    }
#endif
    m_area->setHighlighter(std::make_unique<BuiltinLineHighlighter>(palette()));
}

void LogView::setIngest(IngestResultPtr result)
{
    cancelJobs();
    m_result = std::move(result);
    m_attribution = std::make_shared<const LineAttribution>(m_result);
    m_fileSources.clear();
    m_lastLine.clear();
    m_base.reset();
    m_baseFiles.clear();
    m_mergedSource.reset();
    m_mergedFiles.clear();
    m_view.reset();
    m_filter = {};
    m_marks.clear();
    m_pending = {};
    m_area->setMarks({});
    m_area->setSource(nullptr, m_attribution);
    m_area->setPlaceholderText(m_result && !m_result->files.isEmpty() ? tr("Choose a file above, or follow evidence from another view")
                                                                      : tr("No incident open"));
    rebuildSourceCombo();
    rebuildFilterControls();
    syncFilterControls();
    // Start on the first plain log so the panel is not empty; an archive member waits to be asked
    // for (decompressing it may take a while).
    if (m_result) {
        for (qsizetype i = 0; i < m_result->files.size(); ++i) {
            const InputFile &f = m_result->files.at(i);
            if (f.lines > 0 && f.member.isEmpty() && !(f.kinds & (KindBinary | KindInventory))) {
                showFile(FileId(i), 1);
                break;
            }
        }
    }
}

std::shared_ptr<FileLineSource> LogView::fileSource(FileId file)
{
    auto it = m_fileSources.constFind(file);
    if (it != m_fileSources.cend())
        return it.value();
    auto src = std::make_shared<FileLineSource>(file, m_result->files.at(file));
    m_fileSources.insert(file, src);
    return src;
}

SourceRef LogView::currentLine() const
{
    return m_pending.isValid() ? m_pending : m_area->currentOrigin();
}

void LogView::setMarks(const QList<LogMark> &marks)
{
    m_marks = marks;
    m_area->setMarks(marks);
}

void LogView::showFile(FileId file, LineNumber line)
{
    const InputFile *f = m_result ? m_result->file(file) : nullptr;
    if (!f)
        return;
    m_pending = {file, std::clamp<LineNumber>(line, 1, std::max<LineNumber>(1, f->lines))};

    // Already in the view (or its unfiltered base)?
    if (m_view && m_base && m_baseFiles.contains(file)) {
        const qint64 row = m_view->rowOf(m_pending);
        if (row >= 0 && m_view->origin(row) == m_pending) {
            applyPending();
            return;
        }
        if (m_view != m_base) {
            // Hidden by the filter: following a link must land, so the filter goes.
            m_filter = {};
            ++m_filterGeneration;
            m_filterFuture.cancel();
            clearJobStatus(Job::Filter);
            syncFilterControls();
            showView(m_base);
            return;
        }
        applyPending();
        return;
    }

    // The file on its own; a filter set for another file does not carry over.
    ++m_mergeGeneration;
    m_mergeFuture.cancel();
    clearJobStatus(Job::Merge);
    m_filter = {};
    ++m_filterGeneration;
    m_filterFuture.cancel();
    clearJobStatus(Job::Filter);
    syncFilterControls();

    auto src = fileSource(file);
    if (src->needsDecoding() && !src->isPrepared() && m_prepareFile == file && m_prepareFuture.isRunning())
        return; // already decompressing it: the job lands on the new m_pending
    const quint64 gen = ++m_prepareGeneration;
    m_prepareFuture.cancel();
    clearJobStatus(Job::Prepare);
    m_prepareFile = file;
    if (src->needsDecoding() && !src->isPrepared()) {
        const QString text = (src->isArchiveMember() ? tr("Decompressing %1…") : tr("Decoding %1…")).arg(shortName(*f));
        setJobStatus(Job::Prepare, text, 0);
        m_prepareFuture = QtConcurrent::run([src](QPromise<bool> &promise) {
            promise.setProgressRange(0, 1000);
            promise.addResult(src->prepare(promiseProgress(promise)));
        });
        auto *watcher = new QFutureWatcher<bool>(this);
        connect(watcher, &QFutureWatcherBase::progressValueChanged, this, [this, gen, text](int v) {
            if (gen == m_prepareGeneration)
                setJobStatus(Job::Prepare, text, v);
        });
        connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, gen, src, file] {
            watcher->deleteLater();
            if (gen != m_prepareGeneration)
                return;
            clearJobStatus(Job::Prepare);
            if (!src->isPrepared()) {
                m_pending = {};
                m_area->setPlaceholderText(tr("Cannot show %1: %2").arg(src->file().path, src->errorString()));
                return;
            }
            installBase(src, {file});
        });
        watcher->setFuture(m_prepareFuture);
        return;
    }
    if (!src->prepare()) {
        m_pending = {};
        m_base.reset();
        m_baseFiles.clear();
        m_area->setPlaceholderText(tr("Cannot show %1: %2").arg(f->path, src->errorString()));
        showView(nullptr);
        return;
    }
    installBase(src, {file});
}

QList<FileId> LogView::defaultMergeFiles() const
{
    if (!m_result)
        return {};
    // Every log of the incident (else any text), in bundle order. Nothing is left out: the
    // sources share a bounded pool of open files, so thousands of files merge like a few.
    const quint32 logKinds = KindRankLog | KindLauncherLog | KindNcclDebug | KindKernelLog | KindSchedulerLog;
    auto pick = [this](auto accept) {
        QList<FileId> out;
        for (qsizetype i = 0; i < m_result->files.size(); ++i) {
            if (accept(m_result->files.at(i)))
                out.append(FileId(i));
        }
        return out;
    };
    // A text file of no known kind is a log too (a rank's stderr with one exception in it).
    QList<FileId> all = pick([logKinds](const InputFile &f) {
        return f.lines > 0 && ((f.kinds & logKinds) || f.kinds == KindUnknown) && !(f.kinds & (KindBinary | KindInventory | KindErrorJson));
    });
    if (all.size() < 2)
        all = pick([](const InputFile &f) { return f.lines > 0 && !(f.kinds & (KindBinary | KindInventory)); });
    return all;
}

void LogView::toggleMerged(bool on)
{
    if (on) {
        showMerged(defaultMergeFiles());
        return;
    }
    const SourceRef cur = currentLine();
    ++m_mergeGeneration;
    m_mergeFuture.cancel();
    clearJobStatus(Job::Merge);
    m_mergedFiles.clear();
    m_mergedSource.reset();
    if (cur.isValid()) {
        m_base.reset();
        m_baseFiles.clear();
        showFile(cur.file, cur.line);
    }
    rebuildSourceCombo();
}

void LogView::showMerged(const QList<FileId> &requested)
{
    if (!m_result)
        return;
    QList<FileId> files;
    for (FileId id : requested) {
        if (m_result->file(id) && !files.contains(id))
            files.append(id);
    }
    if (files.isEmpty())
        return;
    if (files.size() == 1) {
        showFile(files.first(), m_lastLine.value(files.first(), 1));
        return;
    }
    if (isMerged() && files == m_mergedFiles)
        return;
    const SourceRef cur = currentLine();
    m_pending = cur.isValid() && files.contains(cur.file) ? cur : SourceRef{};
    ++m_prepareGeneration;
    m_prepareFuture.cancel();
    clearJobStatus(Job::Prepare);
    m_mergedFiles = files;
    m_mergedSource.reset();

    QList<std::shared_ptr<const FileLineSource>> sources;
    for (FileId id : std::as_const(files))
        sources.append(fileSource(id));
    const quint64 gen = ++m_mergeGeneration;
    m_mergeFuture.cancel();
    const QString text = tr("Merging %n file(s)…", nullptr, int(files.size()));
    setJobStatus(Job::Merge, text, 0);
    m_mergeButton->setChecked(true);
    m_mergeFuture = QtConcurrent::run([result = m_result, sources](QPromise<MergedLineSource::Ptr> &promise) {
        promise.setProgressRange(0, 1000);
        // Archive members first (a third of the bar), then the merge itself.
        for (qsizetype i = 0; i < sources.size(); ++i) {
            if (promise.isCanceled() || !sources.at(i)->prepare([&promise](qint64, qint64) { return !promise.isCanceled(); }))
                return;
            promise.setProgressValue(int(300 * (i + 1) / sources.size()));
        }
        int last = -1;
        auto merged = MergedLineSource::build(result, sources, [&](qint64 done, qint64 total) {
            if (promise.isCanceled())
                return false;
            const int v = 300 + (total > 0 ? int(std::min<qint64>(699, done * 700 / total)) : 0);
            if (v != last) {
                last = v;
                promise.setProgressValue(v);
            }
            return true;
        });
        if (merged)
            promise.addResult(std::move(merged));
    });
    auto *watcher = new QFutureWatcher<MergedLineSource::Ptr>(this);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, [this, gen, text](int v) {
        if (gen == m_mergeGeneration)
            setJobStatus(Job::Merge, text, v);
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, gen, files] {
        watcher->deleteLater();
        if (gen != m_mergeGeneration)
            return;
        clearJobStatus(Job::Merge);
        if (watcher->future().resultCount() == 0) {
            m_mergedFiles.clear();
            m_mergeButton->setChecked(isMerged());
            return;
        }
        m_mergedSource = watcher->future().result();
        installBase(m_mergedSource, files);
    });
    watcher->setFuture(m_mergeFuture);
}

void LogView::installBase(LineSourcePtr base, const QList<FileId> &files)
{
    m_base = std::move(base);
    m_baseFiles = files;
    rebuildSourceCombo();
    rebuildFilterControls();
    syncFilterControls();
    showView(m_base);
    if (!m_filter.isEmpty())
        startFilter();
}

void LogView::showView(LineSourcePtr view)
{
    m_view = std::move(view);
    m_area->setSource(m_view, m_attribution);
    if (m_view && m_view->lineCount() == 0)
        m_area->setPlaceholderText(m_view == m_base ? tr("This file is empty") : tr("No line matches the filter"));
    // The find highlight and position refer to the old rows.
    m_area->setCurrentMatch(-1, 0, 0);
    applyPending();
}

void LogView::applyPending()
{
    if (!m_pending.isValid() || !m_view)
        return;
    const qint64 row = m_view->rowOf(m_pending);
    if (row < 0)
        return;
    m_pending = {};
    m_area->clearSelection();
    m_area->setCurrentRow(row, LogTextArea::Scroll::Center);
}

void LogView::setFilter(const LineFilter &filter)
{
    if (filter == m_filter)
        return;
    m_filter = filter;
    syncFilterControls();
    startFilter();
}

void LogView::startFilter()
{
    const quint64 gen = ++m_filterGeneration;
    m_filterFuture.cancel();
    clearJobStatus(Job::Filter);
    if (!m_base)
        return;
    if (m_filter.isEmpty()) {
        if (m_view != m_base)
            showView(m_base);
        return;
    }
    const QString text = tr("Filtering…");
    setJobStatus(Job::Filter, text, 0);
    const LineSourcePtr base = m_base;
    m_filterFuture = FilteredLineSource::buildAsync(base, m_filter.predicate(m_result));
    auto *watcher = new QFutureWatcher<FilteredLineSource::Ptr>(this);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, [this, gen, text](int v) {
        if (gen == m_filterGeneration)
            setJobStatus(Job::Filter, text, v);
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, gen, base] {
        watcher->deleteLater();
        if (gen != m_filterGeneration || base != m_base)
            return;
        clearJobStatus(Job::Filter);
        if (watcher->future().resultCount() > 0)
            showView(watcher->future().result());
    });
    watcher->setFuture(m_filterFuture);
}

void LogView::rebuildSourceCombo()
{
    m_updatingControls = true;
    m_sourceCombo->clear();
    if (isMerged() || (!m_mergedFiles.isEmpty() && m_mergeFuture.isRunning()))
        m_sourceCombo->addItem(tr("Merged: %n file(s)", nullptr, int(m_mergedFiles.size())), qint64(-1));
    if (m_result) {
        for (qsizetype i = 0; i < m_result->files.size(); ++i) {
            const InputFile &f = m_result->files.at(i);
            if (f.lines == 0 || (f.kinds & KindBinary))
                continue;
            m_sourceCombo->addItem(f.path, qint64(i));
            QString tip = f.path + u"\n"_s + fileKindNames(f.kinds);
            if (f.rank >= 0)
                tip += u"\n"_s + tr("rank %1").arg(f.rank);
            if (!f.node.isEmpty())
                tip += u"\n"_s + tr("node %1").arg(f.node);
            tip += u"\n"_s + tr("%n line(s)", nullptr, int(std::min<qint64>(f.lines, INT_MAX)));
            m_sourceCombo->setItemData(m_sourceCombo->count() - 1, tip, Qt::ToolTipRole);
        }
    }
    const qint64 shown = isMerged() ? -1 : (m_baseFiles.size() == 1 ? qint64(m_baseFiles.first()) : -2);
    const int index = m_sourceCombo->findData(shown);
    m_sourceCombo->setCurrentIndex(index);
    m_sourceCombo->setEnabled(m_sourceCombo->count() > 0);
    m_mergeButton->setEnabled(m_result && m_result->files.size() > 1);
    m_mergeButton->setChecked(isMerged() || m_mergeFuture.isRunning());
    m_updatingControls = false;
}

void LogView::rebuildFilterControls()
{
    m_updatingControls = true;
    std::set<int> ranks;
    std::set<QString, NaturalLess> nodes;
    if (m_result) {
        bool combined = false;
        for (FileId id : std::as_const(m_baseFiles)) {
            const InputFile *f = m_result->file(id);
            if (!f)
                continue;
            if (f->rank >= 0)
                ranks.insert(f->rank);
            for (int r : f->ranks)
                ranks.insert(r);
            if (!f->node.isEmpty())
                nodes.insert(f->node);
            if (f->rank < 0 || (f->kinds & (KindLauncherLog | KindSchedulerLog)))
                combined = true;
        }
        if (combined) {
            // A combined log may hold any rank and node of the job.
            for (int r : m_result->job.ranks)
                ranks.insert(r);
            for (const QString &n : m_result->job.nodes)
                nodes.insert(n);
        }
    }
    QStringList rankValues;
    rankValues.reserve(qsizetype(ranks.size()));
    for (int r : ranks)
        rankValues.append(QString::number(r));
    m_rankEdit->setCompletions(rankValues);
    m_nodeEdit->setCompletions(QStringList(nodes.cbegin(), nodes.cend()));
    m_rankEdit->setEnabled(!ranks.empty() || !m_filter.ranks.isEmpty());
    m_nodeEdit->setEnabled(!nodes.empty() || !m_filter.nodes.isEmpty());
    m_updatingControls = false;
}

void LogView::syncFilterControls()
{
    m_updatingControls = true;
    const QString rankText = LineFilter::rankText(m_filter.ranks);
    const QString nodeText = m_filter.nodes.join(u", "_s);
    if (m_rankEdit->text() != rankText || m_rankEdit->hasError()) {
        m_rankEdit->setText(rankText);
        m_rankEdit->setError({});
    }
    if (m_nodeEdit->text() != nodeText || m_nodeEdit->hasError()) {
        m_nodeEdit->setText(nodeText);
        m_nodeEdit->setError({});
    }
    m_severityCombo->setCurrentIndex(std::max(0, m_severityCombo->findData(int(m_filter.minSeverity))));
    m_updatingControls = false;
}

void LogView::filterControlsChanged()
{
    if (m_updatingControls)
        return;
    LineFilter f;
    QString error;
    const std::optional<QList<int>> ranks = LineFilter::parseRanks(m_rankEdit->text(), &error);
    m_rankEdit->setError(ranks ? QString() : error);
    const std::optional<QStringList> nodes = LineFilter::parseNodes(m_nodeEdit->text(), &error);
    m_nodeEdit->setError(nodes ? QString() : error);
    if (!ranks || !nodes)
        return; // the last good filter stays; the field says what is wrong
    f.ranks = *ranks;
    f.nodes = *nodes;
    f.minSeverity = LineSeverity(m_severityCombo->currentData().toInt());
    setFilter(f);
}

void LogView::setJobStatus(Job job, const QString &text, int permille)
{
    const bool wasBusy = isBusy();
    m_jobText.insert(int(job), text);
    m_jobLabel->setText(text);
    m_jobProgress->setValue(permille);
    m_jobProgress->show();
    m_cancelButton->show();
    if (!wasBusy)
        Q_EMIT busyChanged(true);
}

void LogView::clearJobStatus(Job job)
{
    if (!m_jobText.remove(int(job)))
        return;
    if (m_jobText.isEmpty()) {
        m_jobLabel->clear();
        m_jobProgress->hide();
        m_cancelButton->hide();
        Q_EMIT busyChanged(false);
    } else {
        m_jobLabel->setText(m_jobText.cbegin().value());
    }
}

bool LogView::isBusy() const
{
    return !m_jobText.isEmpty();
}

void LogView::cancelJobs()
{
    ++m_prepareGeneration;
    ++m_mergeGeneration;
    ++m_filterGeneration;
    m_prepareFuture.cancel();
    m_mergeFuture.cancel();
    const bool filtering = m_jobText.contains(int(Job::Filter));
    m_filterFuture.cancel();
    clearJobStatus(Job::Prepare);
    clearJobStatus(Job::Merge);
    clearJobStatus(Job::Filter);
    if (filtering) {
        m_filter = {};
        syncFilterControls();
    }
    if (!isMerged()) {
        m_mergedFiles.clear();
        m_mergeButton->setChecked(false);
    }
}

void LogView::openFind()
{
    const QString selected = m_area->selectedText();
    if (!selected.isEmpty() && !selected.contains(u'\n') && selected.size() < 200)
        m_findBar->edit()->setText(selected);
    m_goToBar->hide();
    m_findBar->activate();
    if (!m_findBar->text().isEmpty())
        m_area->setSearchPattern(m_findBar->pattern());
}

void LogView::findNext(bool forward)
{
    if (m_findBar->text().isEmpty()) {
        openFind();
        return;
    }
    if (m_findBar->isHidden())
        m_findBar->show();
    startSearch(forward, false);
}

void LogView::startSearch(bool forward, bool incremental)
{
    const quint64 gen = ++m_searchGeneration;
    m_searchFuture.cancel();
    const QRegularExpression re = m_findBar->pattern();
    if (re.pattern().isEmpty()) {
        m_area->setSearchPattern({});
        m_area->setCurrentMatch(-1, 0, 0);
        m_findBar->setStatus({});
        return;
    }
    if (!re.isValid()) {
        m_area->setSearchPattern({});
        m_area->setCurrentMatch(-1, 0, 0);
        m_findBar->setStatus(tr("Invalid expression: %1").arg(re.errorString()), true);
        return;
    }
    m_area->setSearchPattern(re);
    if (!m_view || m_view->lineCount() == 0) {
        m_findBar->setStatus(tr("Nothing to search"));
        return;
    }
    // From the current match while it is the current line, else from the current line.
    const bool onMatch = m_area->currentMatchRow() >= 0 && m_area->currentMatchRow() == m_area->currentRow();
    LineSearch::Request req;
    req.source = m_view;
    req.pattern = re;
    req.forward = forward;
    req.row = std::max<qint64>(0, m_area->currentRow());
    if (incremental)
        req.column = onMatch ? m_area->currentMatchColumn() : 0;
    else if (forward)
        req.column = onMatch ? m_area->currentMatchColumn() + 1 : 0;
    else
        req.column = onMatch ? m_area->currentMatchColumn() : 0;
    const LineSourcePtr view = m_view;
    m_searchFuture = LineSearch::findAsync(req);
    auto *watcher = new QFutureWatcher<LineSearch::Hit>(this);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this, [this, gen](int v) {
        if (gen == m_searchGeneration && v > 0)
            m_findBar->setStatus(tr("Searching… %1 %").arg(v / 10));
    });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, gen, view] {
        watcher->deleteLater();
        if (gen != m_searchGeneration || view != m_view || watcher->future().resultCount() == 0)
            return;
        const LineSearch::Hit hit = watcher->future().result();
        if (hit.row < 0) {
            m_area->setCurrentMatch(-1, 0, 0);
            m_findBar->setStatus(tr("No match"), true);
            return;
        }
        m_area->clearSelection();
        m_area->setCurrentMatch(hit.row, hit.start, hit.length);
        const SourceRef o = view->origin(hit.row);
        const QString where = tr("Line %1").arg(QLocale().toString(o.line));
        m_findBar->setStatus(hit.wrapped ? where + u" "_s + tr("(wrapped)") : where);
    });
    watcher->setFuture(m_searchFuture);
}

void LogView::openGoToLine()
{
    if (!m_view || !m_result)
        return;
    const SourceRef cur = currentLine();
    const FileId file = cur.isValid() ? cur.file : m_baseFiles.value(0, InvalidFileId);
    const InputFile *f = m_result->file(file);
    if (!f)
        return;
    m_findBar->hide();
    m_goToBar->activate(cur.line, f->lines, shortName(*f));
}

void LogView::goToLine(LineNumber line)
{
    if (!m_view || !m_result)
        return;
    const SourceRef cur = currentLine();
    const FileId file = cur.isValid() ? cur.file : m_baseFiles.value(0, InvalidFileId);
    const SourceRef target{file, line};
    const qint64 row = m_view->rowOf(target);
    if (row < 0)
        return;
    m_pending = {};
    m_area->clearSelection();
    m_area->setCurrentRow(row, LogTextArea::Scroll::Center);
    if (m_view->origin(row) != target)
        m_goToBar->setStatus(tr("Line %1 is hidden here; showing the nearest line").arg(line));
    else
        m_goToBar->hide();
}

void LogView::findInAllFiles()
{
    const QRegularExpression re = m_findBar->pattern();
    if (!m_result || !re.isValid() || re.pattern().isEmpty()) {
        m_findBar->setStatus(re.isValid() ? tr("Nothing to search") : tr("Invalid expression: %1").arg(re.errorString()), true);
        return;
    }
    m_findAllFuture.cancel();
    const quint64 gen = ++m_findAllGeneration;
    // Every file of the incident, in natural order of their paths, through the views' own
    // sources (archive members decompress once and are cached for the log view too).
    QList<FileId> ids;
    for (FileId id = 0; id < FileId(m_result->files.size()); ++id)
        ids.append(id);
    std::sort(ids.begin(), ids.end(), [this](FileId a, FileId b) { return naturalLess(m_result->files.at(a).path, m_result->files.at(b).path); });
    QList<LineSourcePtr> sources;
    for (FileId id : std::as_const(ids))
        sources.append(fileSource(id));
    m_resultsLabel->setText(tr("Searching all %1 files…").arg(QLocale().toString(qsizetype(sources.size()))));
    m_resultsPanel->show();
    m_findAllFuture = LineSearch::findAllAsync(sources, re);
    auto *watcher = new QFutureWatcher<LineSearch::AllHits>(this);
    connect(watcher, &QFutureWatcher<LineSearch::AllHits>::progressValueChanged, this, [this, gen](int v) {
        if (gen == m_findAllGeneration)
            m_resultsLabel->setText(tr("Searching all files… %1 %").arg(v / 10));
    });
    connect(watcher, &QFutureWatcher<LineSearch::AllHits>::finished, this, [this, watcher, gen] {
        watcher->deleteLater();
        if (gen != m_findAllGeneration || watcher->isCanceled() || watcher->future().resultCount() == 0)
            return;
        m_results->setHits(m_result, watcher->result());
        m_resultsLabel->setText(m_results->summary());
        m_findBar->setStatus(m_results->summary(), m_results->rowCount() == 0);
        if (m_results->rowCount() > 0)
            m_resultsView->setCurrentIndex(m_results->index(0));
    });
    watcher->setFuture(m_findAllFuture);
}

void LogView::openResult(const QModelIndex &index)
{
    const SourceRef o = m_results->origin(index);
    if (o.isValid())
        showFile(o.file, o.line);
}

} // namespace rankscope::ui
