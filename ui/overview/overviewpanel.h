// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"
#include "seenbefore.h"

#include <QWidget>

#include <memory>

class QTextBrowser;

namespace rankscope::kb {
class KnowledgeBase;
struct Entry;
}

namespace rankscope::ui {

// The verdict in one sentence, the evidence chain as clickable steps, the top diagnoses, the
// job shape and the clock offsets applied. Every step links to its file and line.
class OverviewPanel final : public QWidget
{
    Q_OBJECT
public:
    explicit OverviewPanel(QWidget *parent = nullptr);

    void setIngest(const ingest::IngestResultPtr &ingest);
    void setResult(const analysis::AnalysisResultPtr &result);
    void clear();
    // While a bundle is read: says so (what names it) instead of "No incident open".
    void setLoading(const QString &what);
    // The encyclopedia, for the verdict's "What to do" (first fix step, verification command).
    void setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb);
    // The commands the "What to do" section offers to copy, in order (tests).
    QStringList offeredCommands() const { return m_commands; }
    // A reviewer's verdict (a case's override) shown above the automatic one, which stays below
    // it for reference. An empty headline removes it; clear() keeps it (it belongs to the case).
    void setReviewerVerdict(const QString &headline, const QString &reason);
    QString reviewerVerdict() const { return m_reviewHeadline; }
    // Earlier incidents of the library that share something with this one (HistoryController).
    void setSeenBefore(const QList<history::SeenBefore> &seen);
    QString verdictText() const;
    QString html() const;

Q_SIGNALS:
    void sourceActivated(rankscope::SourceRef source);
    void entryActivated(const QString &entry, const QList<rankscope::analysis::Evidence> &why);
    // A "Seen before" link: the library's incident id.
    void historyActivated(qint64 id);

protected:
    void changeEvent(QEvent *event) override;

private:
    void render();
    QString whatToDo(const kb::Entry &entry, const QString &accent, const QString &muted);

    QTextBrowser *m_view = nullptr;
    ingest::IngestResultPtr m_ingest;
    analysis::AnalysisResultPtr m_result;
    QString m_reviewHeadline;
    QString m_reviewReason;
    QString m_loading;
    std::shared_ptr<const kb::KnowledgeBase> m_kb;
    QStringList m_commands; // copy:N links
    QList<history::SeenBefore> m_seen;
};

} // namespace rankscope::ui
