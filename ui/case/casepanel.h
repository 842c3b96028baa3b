// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>
#include <QWidget>

class QAction;
class QLabel;
class QLineEdit;
class QListView;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;

namespace rankscope::ui {

class BookmarkModel;

// The Case dock: the case's title, free notes, tags (comma-separated), bookmarks and the
// reviewer's verdict. It shows and edits; CaseController owns the case and decides what an
// edit means (a dirty case, an autosave). Without a case it says how to start one.
class CasePanel final : public QWidget
{
    Q_OBJECT
public:
    CasePanel(BookmarkModel *bookmarks, QWidget *parent = nullptr);

    // Shows a case's fields (no edit signals are emitted for them).
    void setCase(const QString &title, const QString &notes, const QStringList &tags);
    // The reviewer's verdict in one line, or empty when the analysis' verdict stands.
    void setOverrideText(const QString &text);
    // Without a case, a hint replaces the fields.
    void setCaseOpen(bool open);
    // Buttons for the controller's actions (bookmark the current line, override, clear).
    void setActions(QAction *bookmark, QAction *overrideVerdict, QAction *clearOverride);
    void selectBookmark(int row);

    static QStringList parseTags(const QString &text);

    QLineEdit *titleEdit() const { return m_title; }
    QPlainTextEdit *notesEdit() const { return m_notes; }
    QLineEdit *tagsEdit() const { return m_tags; }
    QListView *bookmarkView() const { return m_bookmarkView; }
    QLabel *overrideLabel() const { return m_override; }

Q_SIGNALS:
    void titleEdited(const QString &title);
    void notesEdited(const QString &notes);
    void tagsEdited(const QStringList &tags);
    void bookmarkActivated(int row);

private:
    void removeSelectedBookmark();

    BookmarkModel *m_model;
    QStackedWidget *m_stack;
    QLabel *m_empty;
    QLineEdit *m_title;
    QPlainTextEdit *m_notes;
    QLineEdit *m_tags;
    QListView *m_bookmarkView;
    QPushButton *m_bookmarkButton;
    QPushButton *m_removeButton;
    QLabel *m_override;
    QPushButton *m_overrideButton;
    QPushButton *m_clearOverrideButton;
    bool m_updating = false;
};

} // namespace rankscope::ui
