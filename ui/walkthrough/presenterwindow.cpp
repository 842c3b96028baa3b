// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "presenterwindow.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QTimeZone>
#include <QVBoxLayout>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

namespace {
QFont scaled(QFont f, double factor)
{
    if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * factor);
    else if (f.pixelSize() > 0)
        f.setPixelSize(int(f.pixelSize() * factor + 0.5));
    return f;
}

QString whereText(const cases::WalkthroughStep &s)
{
    QStringList parts;
    if (s.rank >= 0 && !s.node.isEmpty())
        parts << PresenterWindow::tr("rank %1 on %2").arg(s.rank).arg(s.node);
    else if (s.rank >= 0)
        parts << PresenterWindow::tr("rank %1").arg(s.rank);
    else if (!s.node.isEmpty())
        parts << s.node;
    if (!s.path.isEmpty())
        parts << (s.line > 0 ? u"%1:%2"_s.arg(s.path).arg(s.line) : s.path);
    if (s.timeMs != cases::NoTime)
        parts << QDateTime::fromMSecsSinceEpoch(s.timeMs, QTimeZone::utc()).toString(u"yyyy-MM-dd hh:mm:ss 'UTC'"_s);
    return parts.join(u"  ·  "_s);
}
} // namespace

PresenterWindow::PresenterWindow(const QList<cases::WalkthroughStep> &steps, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_steps(steps)
{
    setObjectName(u"PresenterWindow"_s);
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowTitle(tr("Walkthrough — RankScope"));
    setAccessibleName(tr("Walkthrough presenter"));
    setFocusPolicy(Qt::StrongFocus);
    setBackgroundRole(QPalette::Base);
    setAutoFillBackground(true);

    m_counter = new QLabel(this);
    m_counter->setObjectName(u"presenterCounter"_s);
    m_counter->setAccessibleName(tr("Step counter"));
    m_role = new QLabel(this);
    m_role->setObjectName(u"presenterRole"_s);
    m_role->setAccessibleName(tr("Step role"));
    m_role->setToolTip(
        tr("What the step is in the chain of evidence: initiating failure, collateral failure or context"));
    m_title = new QLabel(this);
    m_title->setObjectName(u"presenterTitle"_s);
    m_title->setAccessibleName(tr("Step title"));
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::PlainText);
    m_where = new QLabel(this);
    m_where->setObjectName(u"presenterWhere"_s);
    m_where->setAccessibleName(tr("Step location"));
    m_where->setToolTip(
        tr("Rank, node, log file and line, and corrected time of the step; the main window shows the line"));
    m_where->setWordWrap(true);
    m_where->setTextFormat(Qt::PlainText);
    m_where->setForegroundRole(QPalette::PlaceholderText);
    m_note = new QLabel(this);
    m_note->setObjectName(u"presenterNote"_s);
    m_note->setAccessibleName(tr("Step note"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);
    m_note->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_note->setTextInteractionFlags(Qt::NoTextInteraction);
    auto *noteArea = new QScrollArea(this);
    noteArea->setObjectName(u"presenterNoteArea"_s);
    noteArea->setWidget(m_note);
    noteArea->setWidgetResizable(true);
    noteArea->setFrameShape(QFrame::NoFrame);
    noteArea->setFocusPolicy(Qt::NoFocus);
    noteArea->setBackgroundRole(QPalette::Base);

    // The buttons take no focus: every key goes to the window, so Space never "clicks" the
    // button that happens to have focus.
    auto button = [this](const QString &text, const QString &tip, const QString &name) {
        auto *b = new QPushButton(text, this);
        b->setObjectName(name);
        b->setFocusPolicy(Qt::NoFocus);
        b->setToolTip(tip);
        b->setAccessibleName(text);
        return b;
    };
    m_previous = button(tr("Previous"), tr("Previous step (Left, Page Up)"), u"presenterPrevious"_s);
    m_next = button(tr("Next"), tr("Next step (Right, Space, Page Down)"), u"presenterNext"_s);
    m_close = button(tr("Leave"), tr("Leave the presentation (Esc)"), u"presenterClose"_s);
    m_hint = new QLabel(tr("→ Space PgDn: next   ← PgUp: previous   Esc: leave"), this);
    m_hint->setForegroundRole(QPalette::PlaceholderText);
    m_hint->setAccessibleName(tr("Keys"));
    connect(m_previous, &QPushButton::clicked, this, &PresenterWindow::previous);
    connect(m_next, &QPushButton::clicked, this, &PresenterWindow::next);
    connect(m_close, &QPushButton::clicked, this, &QWidget::close);

    auto *top = new QHBoxLayout;
    top->addWidget(m_role);
    top->addStretch(1);
    top->addWidget(m_counter);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_hint);
    bottom->addStretch(1);
    bottom->addWidget(m_previous);
    bottom->addWidget(m_next);
    bottom->addWidget(m_close);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(48, 32, 48, 24);
    layout->setSpacing(18);
    layout->addLayout(top);
    layout->addWidget(m_title);
    layout->addWidget(m_where);
    layout->addWidget(noteArea, 1);
    layout->addLayout(bottom);

    applyFonts();
    resize(1100, 700);
    if (!m_steps.isEmpty())
        m_current = 0;
    updateButtons();
}

void PresenterWindow::applyFonts()
{
    // Setting a widget's font sends it a FontChange; the guard keeps that from recursing.
    m_applyingFonts = true;
    const QFont base = QApplication::font();
    QFont title = scaled(base, FontScale * 1.35);
    title.setBold(true);
    m_title->setFont(title);
    m_note->setFont(scaled(base, FontScale));
    m_counter->setFont(scaled(base, FontScale * 0.8));
    QFont role = scaled(base, FontScale * 0.8);
    role.setCapitalization(QFont::AllUppercase);
    role.setBold(true);
    m_role->setFont(role);
    m_where->setFont(scaled(base, FontScale * 0.75));
    const QFont buttons = scaled(base, 1.3);
    for (QWidget *w :
        { static_cast<QWidget *>(m_previous), static_cast<QWidget *>(m_next), static_cast<QWidget *>(m_close) })
        w->setFont(buttons);
    m_hint->setFont(scaled(base, 1.1));
    m_applyingFonts = false;
}

void PresenterWindow::showStep(int index)
{
    if (m_steps.isEmpty()) {
        m_counter->setText(tr("No steps"));
        m_title->setText(tr("This walkthrough has no steps yet"));
        m_where->clear();
        m_note->clear();
        m_role->clear();
        updateButtons();
        return;
    }
    m_current = std::clamp(index, 0, int(m_steps.size()) - 1);
    const cases::WalkthroughStep &s = m_steps.at(m_current);
    m_counter->setText(tr("Step %1 of %2").arg(m_current + 1).arg(m_steps.size()));
    m_role->setText(s.role);
    m_title->setText(s.title.isEmpty() ? tr("(untitled step)") : s.title);
    m_where->setText(whereText(s));
    m_note->setText(s.note);
    setAccessibleDescription(tr("Step %1 of %2: %3").arg(m_current + 1).arg(m_steps.size()).arg(s.title));
    updateButtons();
    Q_EMIT stepShown(m_current, s);
}

void PresenterWindow::next()
{
    if (m_current + 1 < m_steps.size())
        showStep(m_current + 1);
}

void PresenterWindow::previous()
{
    if (m_current > 0)
        showStep(m_current - 1);
}

QString PresenterWindow::titleText() const
{
    return m_title->text();
}

QString PresenterWindow::noteText() const
{
    return m_note->text();
}

QString PresenterWindow::counterText() const
{
    return m_counter->text();
}

void PresenterWindow::updateButtons()
{
    m_previous->setEnabled(m_current > 0);
    m_next->setEnabled(m_current + 1 < m_steps.size());
}

void PresenterWindow::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Right:
    case Qt::Key_Space:
    case Qt::Key_PageDown:
        next();
        break;
    case Qt::Key_Left:
    case Qt::Key_PageUp:
    case Qt::Key_Backspace:
        previous();
        break;
    case Qt::Key_Home:
        showStep(0);
        break;
    case Qt::Key_End:
        showStep(int(m_steps.size()) - 1);
        break;
    case Qt::Key_Escape:
        close();
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void PresenterWindow::closeEvent(QCloseEvent *event)
{
    Q_EMIT closed();
    QWidget::closeEvent(event);
}

void PresenterWindow::changeEvent(QEvent *event)
{
    // The application font changed (a theme, the settings): keep the scale.
    if (event->type() == QEvent::ApplicationFontChange && !m_applyingFonts)
        applyFonts();
    QWidget::changeEvent(event);
}

} // namespace rankscope::ui
