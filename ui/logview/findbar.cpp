// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "findbar.h"

#include "linesearch.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

namespace {

QToolButton *toolButton(QWidget *parent, const QString &objectName, const QString &text, const QString &tooltip,
                        const QString &accessible, bool checkable = false)
{
    auto *b = new QToolButton(parent);
    b->setObjectName(objectName);
    b->setText(text);
    b->setToolTip(tooltip);
    b->setAccessibleName(accessible);
    b->setCheckable(checkable);
    b->setAutoRaise(true);
    b->setFocusPolicy(Qt::TabFocus);
    return b;
}

} // namespace

FindBar::FindBar(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"findBar"_s);
    setAccessibleName(tr("Find bar"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(2);

    m_edit = new QLineEdit(this);
    m_edit->setObjectName(u"findEdit"_s);
    m_edit->setPlaceholderText(tr("Find in log"));
    m_edit->setToolTip(tr("Text to find. Enter: next match, Shift+Enter: previous, Escape: close"));
    m_edit->setAccessibleName(tr("Find text"));
    m_edit->setClearButtonEnabled(true);
    m_edit->installEventFilter(this);

    m_regex = toolButton(this, u"findRegex"_s, u".*"_s, tr("Regular expression (Perl syntax)"), tr("Regular expression"), true);
    m_case = toolButton(this, u"findCase"_s, u"Aa"_s, tr("Match case"), tr("Match case"), true);
    m_previous = toolButton(this, u"findPrevious"_s, tr("Previous"), tr("Previous match (Shift+F3)"), tr("Find previous"));
    m_previous->setIcon(style()->standardIcon(QStyle::SP_ArrowUp));
    m_previous->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_next = toolButton(this, u"findNext"_s, tr("Next"), tr("Next match (F3)"), tr("Find next"));
    m_next->setIcon(style()->standardIcon(QStyle::SP_ArrowDown));
    m_next->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_all = toolButton(this, u"findAll"_s, tr("All Files"), tr("List the matching lines of every file of the incident, with their count (Alt+Return)"),
                       tr("Find in all files"));
    m_status = new QLabel(this);
    m_status->setObjectName(u"findStatus"_s);
    m_status->setAccessibleName(tr("Find status"));
    m_status->setToolTip(tr("Where the last search landed"));
    m_status->setMinimumWidth(m_status->fontMetrics().horizontalAdvance(u"Searching… 100 %"_s) + 8);
    m_close = toolButton(this, u"findClose"_s, QString(), tr("Close the find bar (Escape)"), tr("Close find bar"));
    m_close->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));

    layout->addWidget(m_edit, 1);
    layout->addWidget(m_regex);
    layout->addWidget(m_case);
    layout->addWidget(m_previous);
    layout->addWidget(m_next);
    layout->addWidget(m_all);
    layout->addWidget(m_status);
    layout->addWidget(m_close);

    m_debounce = new QTimer(this);
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(250);
    connect(m_debounce, &QTimer::timeout, this, &FindBar::patternChanged);
    connect(m_edit, &QLineEdit::textEdited, m_debounce, qOverload<>(&QTimer::start));
    connect(m_regex, &QToolButton::toggled, this, &FindBar::patternChanged);
    connect(m_case, &QToolButton::toggled, this, &FindBar::patternChanged);
    connect(m_next, &QToolButton::clicked, this, [this] { Q_EMIT findRequested(true); });
    connect(m_previous, &QToolButton::clicked, this, [this] { Q_EMIT findRequested(false); });
    connect(m_all, &QToolButton::clicked, this, &FindBar::findAllRequested);
    connect(m_close, &QToolButton::clicked, this, [this] {
        hide();
        Q_EMIT closed();
    });
}

QString FindBar::text() const
{
    return m_edit->text();
}

void FindBar::setText(const QString &text)
{
    m_edit->setText(text);
    Q_EMIT patternChanged();
}

bool FindBar::isRegex() const
{
    return m_regex->isChecked();
}

void FindBar::setRegex(bool on)
{
    m_regex->setChecked(on);
}

bool FindBar::isCaseSensitive() const
{
    return m_case->isChecked();
}

void FindBar::setCaseSensitive(bool on)
{
    m_case->setChecked(on);
}

QRegularExpression FindBar::pattern() const
{
    if (m_edit->text().isEmpty())
        return {};
    return LineSearch::makePattern(m_edit->text(), isRegex(), isCaseSensitive());
}

void FindBar::setStatus(const QString &status, bool problem)
{
    m_status->setText(status);
    QPalette pal = palette();
    if (problem)
        pal.setColor(QPalette::WindowText, QColor::fromHsl(2, 200, pal.color(QPalette::Base).lightness() < 128 ? 160 : 100));
    m_status->setPalette(pal);
}

void FindBar::activate()
{
    show();
    m_edit->setFocus(Qt::ShortcutFocusReason);
    m_edit->selectAll();
}

void FindBar::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape) {
        hide();
        Q_EMIT closed();
        return;
    }
    QWidget::keyPressEvent(event);
}

bool FindBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            if (m_debounce->isActive()) {
                m_debounce->stop();
                Q_EMIT patternChanged();
            }
            if (key->modifiers() & Qt::AltModifier)
                Q_EMIT findAllRequested();
            else
                Q_EMIT findRequested(!(key->modifiers() & Qt::ShiftModifier));
            return true;
        }
        if (key->key() == Qt::Key_Escape) {
            hide();
            Q_EMIT closed();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace rankscope::ui
