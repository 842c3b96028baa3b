// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"
#include "knowledgebase.h"
#include "sourceref.h"

#include <QWidget>
#include <memory>

class QLabel;
class QLineEdit;
class QListView;
class QModelIndex;
class QSplitter;
class QTimer;
class QToolButton;

namespace KSyntaxHighlighting {
class Repository;
}

namespace rankscope::ui {

class EncyclopediaListModel;
class EntryView;

// The encyclopedia panel: search every entry (full text, debounced), browse them by category,
// read one in an EntryView, follow related entries with back and forward. The main window
// hands it the knowledge base once and calls showEntry() with a diagnosis and its evidence;
// evidence clicks come back out through evidenceActivated().
class EncyclopediaPanel final : public QWidget
{
    Q_OBJECT
public:
    explicit EncyclopediaPanel(QWidget *parent = nullptr);
    ~EncyclopediaPanel() override;

    void setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb);
    std::shared_ptr<const kb::KnowledgeBase> knowledgeBase() const { return m_kb; }
    // The application's one KSyntaxHighlighting repository (the log view's); optional.
    void setSyntaxRepository(KSyntaxHighlighting::Repository *repository);

    // Shows the entry and, under "Why it matched", the evidence lines that led to it. Adds to
    // the history; selects the entry in the list when it is listed.
    void showEntry(const QString &id, const QList<rankscope::analysis::Evidence> &why = {});
    QString currentEntry() const;

    // Puts the text into the search field and searches at once (no debounce).
    void search(const QString &text);
    void focusSearch();

    bool canGoBack() const { return m_historyIndex > 0; }
    bool canGoForward() const { return m_historyIndex + 1 < m_history.size(); }
    void goBack();
    void goForward();

    EntryView *entryView() const { return m_view; }

Q_SIGNALS:
    void evidenceActivated(rankscope::SourceRef source);
    // The shown entry changed (by any route: list, link, history, showEntry).
    void currentEntryChanged(const QString &id);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Visit
    {
        QString id;
        QList<analysis::Evidence> evidence;
    };

    void runSearch();
    void navigate(const QString &id, const QList<analysis::Evidence> &why, bool record);
    void showVisit(int index);
    void selectInList(const QString &id);
    void onCurrentRowChanged(const QModelIndex &current);
    void updateStatus();
    void updateHistoryActions();

    std::shared_ptr<const kb::KnowledgeBase> m_kb;
    EncyclopediaListModel *m_model = nullptr;
    QLineEdit *m_search = nullptr;
    QToolButton *m_back = nullptr;
    QToolButton *m_forward = nullptr;
    QLabel *m_status = nullptr;
    QListView *m_list = nullptr;
    EntryView *m_view = nullptr;
    QSplitter *m_splitter = nullptr;
    QTimer *m_debounce = nullptr;
    QList<Visit> m_history;
    int m_historyIndex = -1;
    bool m_syncingSelection = false;
};

} // namespace rankscope::ui
