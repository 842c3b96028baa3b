// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFrame>

class QSyntaxHighlighter;
class QTextEdit;
class QToolButton;

namespace KSyntaxHighlighting {
class Repository;
}

namespace rankscope::ui {

// One command or code block of an encyclopedia entry: read-only, monospaced, highlighted
// (KSyntaxHighlighting when built with it, BuiltinCodeHighlighter otherwise), never wrapped
// (a wrapped command is easy to mistype), sized to its lines, with a Copy button that puts
// exactly the block's text on the clipboard. The theme follows the palette's lightness and is
// re-chosen on QEvent::PaletteChange (STYLE.md 16).
class CodeBlockView final : public QFrame
{
    Q_OBJECT
public:
    // repository: the application's KSyntaxHighlighting repository; null takes syntaxRepository().
    // Ignored when RankScope is built without KF6.
    CodeBlockView(const QString &code, const QString &language, KSyntaxHighlighting::Repository *repository = nullptr,
                  QWidget *parent = nullptr);
    ~CodeBlockView() override;

    QString code() const { return m_code; }
    QString language() const { return m_language; }
    QToolButton *copyButton() const { return m_copy; }
    // The text as highlighted (for tests: the highlighter's formats live in its layouts).
    QTextEdit *editor() const { return m_edit; }

    void copyToClipboard();

Q_SIGNALS:
    void copied(const QString &code);

protected:
    void changeEvent(QEvent *event) final;
    void resizeEvent(QResizeEvent *event) final;
    void paintEvent(QPaintEvent *event) final;

private:
    void applyPalette();
    void updateHeight();

    QString m_code;
    QString m_language;
    QTextEdit *m_edit = nullptr;
    QToolButton *m_copy = nullptr;
    KSyntaxHighlighting::Repository *m_repository = nullptr;
    QSyntaxHighlighter *m_highlighter = nullptr;
    bool m_kf6Highlighter = false;
};

} // namespace rankscope::ui
