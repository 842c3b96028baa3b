// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"
#include "knowledgebase.h"
#include "sourceref.h"

#include <QHash>
#include <QSet>
#include <QWidget>
#include <memory>
#include <optional>

class QLabel;
class QScrollArea;
class QVBoxLayout;

namespace KSyntaxHighlighting {
class Repository;
}

namespace rankscope::ui {

// One encyclopedia entry rendered for an engineer in the middle of an incident: what matched,
// where to look upstream, how to confirm, fix and verify (with Copy buttons), then the
// background. Built from widgets rather than one QTextBrowser so that commands are real
// highlighted blocks with real buttons, and evidence and related entries are focusable,
// clickable rows. Colours come from the palette; the page is rebuilt on QEvent::PaletteChange.
class EntryView final : public QWidget
{
    Q_OBJECT
public:
    explicit EntryView(QWidget *parent = nullptr);
    ~EntryView() override;

    // Used for related entries' titles and to turn entry ids in the text into links.
    void setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb);
    // The application's one KSyntaxHighlighting repository for the command blocks (STYLE.md 15);
    // without one, the blocks share syntaxRepository(). Ignored in builds without KF6.
    void setSyntaxRepository(KSyntaxHighlighting::Repository *repository);

    // Shows the entry with this id from the knowledge base; false (and a message) when unknown.
    bool showEntry(const QString &id, const QList<analysis::Evidence> &why = {});
    // Shows an entry that need not be in the knowledge base (a preview, a test).
    void showEntry(const kb::Entry &entry, const QList<analysis::Evidence> &why = {});
    // Replaces the page with a short message (nothing selected, unknown id, no encyclopedia).
    void showMessage(const QString &text);

    QString entryId() const;
    QList<analysis::Evidence> evidence() const { return m_evidence; }
    // Scrolls so that a section's heading is at the top: "why", "upstream", "symptoms",
    // "mechanism", "causes", "affected", "confirm", "fix", "verification", "prevention",
    // "related", "references". False when the entry has no such section.
    bool scrollToSection(const QString &key);
    QStringList sections() const { return m_sectionOrder; }

    // Below this width the symptoms are stacked (what you see, then what it means) instead of a
    // two-column table, whose code column cannot shrink further without clipping.
    static constexpr int NarrowWidth = 560;

Q_SIGNALS:
    void relatedActivated(const QString &entryId);
    void evidenceActivated(rankscope::SourceRef source);

protected:
    void changeEvent(QEvent *event) final;
    void resizeEvent(QResizeEvent *event) final;

private:
    struct Colors;
    void scheduleRender();
    bool isNarrow() const;
    void render();
    void openLink(const QString &href);
    QLabel *textLabel(const QString &html, QWidget *parent);
    void addSection(QVBoxLayout *layout, const QString &key, const QString &title, QWidget *parent);
    void addHeader(QVBoxLayout *layout, QWidget *parent, const Colors &c);
    void addEvidence(QVBoxLayout *layout, QWidget *parent, const Colors &c);
    void addSteps(QVBoxLayout *layout, QWidget *parent, const Colors &c, const QString &key);
    void addChecklist(QVBoxLayout *layout, QWidget *parent, const Colors &c);
    void addRelated(QVBoxLayout *layout, QWidget *parent, const Colors &c);
    QString inlineHtml(const QString &text, const Colors &c, bool plainIds = false) const;
    QString proseHtml(const QString &text, const Colors &c, bool plainIds) const;
    QString listHtml(const QStringList &items, const Colors &c, bool plainIds = false) const;

    std::shared_ptr<const kb::KnowledgeBase> m_kb;
    KSyntaxHighlighting::Repository *m_repository = nullptr;
    QSet<QString> m_ids; // every entry id of m_kb, for linking ids in the text
    std::optional<kb::Entry> m_entry;
    QList<analysis::Evidence> m_evidence;
    QString m_message;
    QSet<int> m_checked; // ticked confirm items, kept across re-renders of the same entry
    QScrollArea *m_scroll = nullptr;
    QHash<QString, QWidget *> m_sections;
    QStringList m_sectionOrder;
    bool m_renderedNarrow = false;
    bool m_renderPending = false;
};

} // namespace rankscope::ui
