// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "filteredit.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QCompleter>
#include <QKeyEvent>
#include <QStringListModel>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

FilterEdit::FilterEdit(const QString &what, QWidget *parent)
    : QLineEdit(parent)
    , m_completer(new QCompleter(this))
    , m_model(new QStringListModel(this))
{
    setClearButtonEnabled(true);
    m_completer->setModel(m_model);
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->setFilterMode(Qt::MatchStartsWith);
    m_completer->setCompletionMode(QCompleter::PopupCompletion);
    m_completer->setModelSorting(QCompleter::UnsortedModel); // the values come in natural order
    m_completer->setMaxVisibleItems(12);
    // Not setCompleter(): that would replace the whole text with the chosen value.
    m_completer->setWidget(this);
    connect(m_completer, qOverload<const QString &>(&QCompleter::activated), this, &FilterEdit::complete);
    connect(this, &QLineEdit::textEdited, this, [this](const QString &text) {
        const QString token = lastToken(text);
        if (token.isEmpty()) {
            m_completer->popup()->hide();
            return;
        }
        m_completer->setCompletionPrefix(token);
        if (m_completer->completionCount() > 0 && !(m_completer->completionCount() == 1 && m_completer->currentCompletion() == token))
            m_completer->complete();
        else
            m_completer->popup()->hide();
    });
    m_tooltip = what;
    setToolTip(m_tooltip);
}

void FilterEdit::setCompletions(const QStringList &values)
{
    m_model->setStringList(values);
}

QStringList FilterEdit::completions() const
{
    return m_model->stringList();
}

void FilterEdit::setError(const QString &message)
{
    m_error = message;
    // The palette, not a style sheet: it follows the light and dark themes.
    QPalette p = palette();
    p.setColor(QPalette::Text, message.isEmpty() ? QApplication::palette(this).color(QPalette::Text) : QColor(0xc0, 0x20, 0x20));
    setPalette(p);
    setToolTip(message.isEmpty() ? m_tooltip : m_tooltip + u"\n\n"_s + message);
}

QString FilterEdit::lastToken(const QString &text)
{
    int depth = 0;
    qsizetype start = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == u'[')
            ++depth;
        else if (c == u']')
            depth = std::max(0, depth - 1);
        else if (depth == 0 && (c == u',' || c == u';' || c.isSpace()))
            start = i + 1;
    }
    return text.mid(start);
}

void FilterEdit::complete(const QString &value)
{
    const QString t = text();
    const QString token = lastToken(t);
    setText(t.left(t.size() - token.size()) + value);
    commit();
}

void FilterEdit::commit()
{
    if (text() == m_committed && !hasError())
        return;
    m_committed = text();
    Q_EMIT committed();
}

void FilterEdit::keyPressEvent(QKeyEvent *event)
{
    if (m_completer->popup()->isVisible()) {
        switch (event->key()) {
        case Qt::Key_Enter:
        case Qt::Key_Return:
        case Qt::Key_Escape:
        case Qt::Key_Tab:
        case Qt::Key_Backtab:
            event->ignore(); // the completer's popup takes them
            return;
        default:
            break;
        }
    }
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        m_committed.clear(); // Return always applies, also to reapply after an error
        commit();
        return;
    }
    QLineEdit::keyPressEvent(event);
}

void FilterEdit::focusOutEvent(QFocusEvent *event)
{
    QLineEdit::focusOutEvent(event);
    if (!m_completer->popup()->isVisible())
        commit();
}

} // namespace rankscope::ui
