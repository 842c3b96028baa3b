// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QRegularExpression>
#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;
class QTimer;

namespace rankscope::ui {

// The log view's find bar: text or regular expression, case toggle, next/previous, a status
// ("line 1,234", "no match", progress of a long search). It only collects what to find; the log
// view runs the search as a job. Typing searches incrementally after a short pause.
class FindBar final : public QWidget
{
    Q_OBJECT
public:
    explicit FindBar(QWidget *parent = nullptr);

    QString text() const;
    void setText(const QString &text);
    bool isRegex() const;
    void setRegex(bool on);
    bool isCaseSensitive() const;
    void setCaseSensitive(bool on);
    // Invalid when the regular expression does not compile; empty when there is no text.
    QRegularExpression pattern() const;
    void setStatus(const QString &status, bool problem = false);
    void activate(); // show, focus and select the text

    QLineEdit *edit() const { return m_edit; }

Q_SIGNALS:
    void patternChanged();         // debounced while typing, at once for the toggles
    void findRequested(bool forward);
    void findAllRequested();       // every file of the incident, as a list
    void closed();

protected:
    void keyPressEvent(QKeyEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QLineEdit *m_edit;
    QToolButton *m_regex;
    QToolButton *m_case;
    QToolButton *m_previous;
    QToolButton *m_next;
    QToolButton *m_all;
    QToolButton *m_close;
    QLabel *m_status;
    QTimer *m_debounce;
};

} // namespace rankscope::ui
