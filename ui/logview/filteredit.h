// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLineEdit>

class QCompleter;
class QStringListModel;

namespace rankscope::ui {

// The log view's rank and node filters: several values and ranges in one line ("16-23, 40",
// "gpu-0[1-4], gpu-10"), completed value by value from what the incident holds — completion
// works on the part after the last comma, so it neither replaces what was typed before nor picks
// "324" when "3248" is meant. Return (or leaving the field) commits; a text the owner cannot
// read is marked and explained in the tooltip, and the last good filter stays.
class FilterEdit final : public QLineEdit
{
    Q_OBJECT
public:
    explicit FilterEdit(const QString &what, QWidget *parent = nullptr);

    void setCompletions(const QStringList &values);
    QStringList completions() const;
    QCompleter *completer() const { return m_completer; }
    // An empty message clears the mark.
    void setError(const QString &message);
    bool hasError() const { return !m_error.isEmpty(); }

    // The value being typed: the text after the last separator outside brackets.
    static QString lastToken(const QString &text);

Q_SIGNALS:
    void committed();

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    void complete(const QString &value);
    void commit();

    QCompleter *m_completer;
    QStringListModel *m_model;
    QString m_tooltip;
    QString m_error;
    QString m_committed;
};

} // namespace rankscope::ui
