// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "codeblockview.h"
#include "builtincodehighlighter.h"
#include "rankscopeconfig.h"
#include "syntaxrepository.h"
#include "themes.h"

#include <QAbstractTextDocumentLayout>
#include <QClipboard>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QPainter>
#include <QScrollBar>
#include <QTextEdit>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <cmath>
#include <cstdlib>

#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>
#endif

using namespace Qt::StringLiterals;

namespace rankscope::ui {

namespace {

// A block is sized to its lines, so vertical wheel turns belong to the page around it: ignoring
// them lets them reach the entry's scroll area instead of stopping here.
class CodeEdit final : public QTextEdit
{
public:
    using QTextEdit::QTextEdit;

protected:
    void wheelEvent(QWheelEvent *event) final
    {
        const QPoint d = event->angleDelta();
        if (std::abs(d.y()) > std::abs(d.x()) && !(event->modifiers() & Qt::ShiftModifier)) {
            event->ignore();
            return;
        }
        QTextEdit::wheelEvent(event);
    }
};

QColor mix(const QColor &a, const QColor &b, qreal t)
{
    return QColor::fromRgbF(a.redF() * (1 - t) + b.redF() * t, a.greenF() * (1 - t) + b.greenF() * t,
                            a.blueF() * (1 - t) + b.blueF() * t);
}

#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
QString definitionName(BuiltinCodeHighlighter::Language language)
{
    switch (language) {
    case BuiltinCodeHighlighter::Language::Bash: return u"Bash"_s;
    case BuiltinCodeHighlighter::Language::Python: return u"Python"_s;
    case BuiltinCodeHighlighter::Language::Yaml: return u"YAML"_s;
    case BuiltinCodeHighlighter::Language::Plain: break;
    }
    return {};
}
#endif

} // namespace

CodeBlockView::CodeBlockView(const QString &code, const QString &language, KSyntaxHighlighting::Repository *repository,
                             QWidget *parent)
    : QFrame(parent)
    , m_code(code)
    , m_language(language)
    , m_edit(new CodeEdit(this))
    , m_copy(new QToolButton(this))
{
#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
    m_repository = repository ? repository : syntaxRepository();
#else
    Q_UNUSED(repository)
#endif
    setFrameShape(QFrame::NoFrame);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);

    m_edit->setReadOnly(true);
    m_edit->setLineWrapMode(QTextEdit::NoWrap);
    m_edit->setFrameShape(QFrame::NoFrame);
    m_edit->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_edit->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_edit->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_edit->setContextMenuPolicy(Qt::DefaultContextMenu);
    m_edit->setFocusPolicy(Qt::ClickFocus);
    // The frame paints the block's background, rounded; the editor stays transparent over it.
    m_edit->viewport()->setAutoFillBackground(false);
    m_edit->setAutoFillBackground(false);
    m_edit->document()->setDocumentMargin(2);
    m_edit->document()->setDefaultFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_edit->setPlainText(code);
    m_edit->setAccessibleName(tr("%1 code").arg(language.isEmpty() ? tr("Plain") : language));
    m_edit->setAccessibleDescription(code);

    m_copy->setObjectName(u"copyButton"_s);
    m_copy->setText(tr("Copy"));
    const QIcon icon = QIcon::fromTheme(u"edit-copy"_s);
    if (!icon.isNull()) {
        m_copy->setIcon(icon);
        m_copy->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    }
    m_copy->setToolTip(tr("Copy this command to the clipboard, exactly as shown"));
    m_copy->setAccessibleName(tr("Copy command"));
    m_copy->setAccessibleDescription(code.section(u'\n', 0, 0));
    m_copy->setFocusPolicy(Qt::StrongFocus);
    connect(m_copy, &QToolButton::clicked, this, &CodeBlockView::copyToClipboard);

    auto *buttons = new QVBoxLayout;
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addWidget(m_copy);
    buttons->addStretch(1);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 5, 5, 5);
    layout->setSpacing(6);
    layout->addWidget(m_edit, 1);
    layout->addLayout(buttons);

    const auto lang = BuiltinCodeHighlighter::languageFromName(language);
#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
    if (const QString name = definitionName(lang); !name.isEmpty()) {
        const KSyntaxHighlighting::Definition definition = m_repository->definitionForName(name);
        if (definition.isValid()) {
            auto *h = new KSyntaxHighlighting::SyntaxHighlighter(m_edit->document());
            h->setDefinition(definition);
            m_highlighter = h;
            m_kf6Highlighter = true;
        }
    }
#endif
    if (!m_highlighter) {
        m_highlighter = new BuiltinCodeHighlighter(m_edit->document(), lang, Themes::isDark(palette()));
        // QSyntaxHighlighter would only start on the next event-loop turn: the first paint
        // (and a grab) should already be coloured.
        m_highlighter->rehighlight();
    }
    applyPalette();
    updateHeight();
}

CodeBlockView::~CodeBlockView() = default;

void CodeBlockView::copyToClipboard()
{
    QGuiApplication::clipboard()->setText(m_code);
    m_copy->setText(tr("Copied"));
    QTimer::singleShot(1500, this, [this] { m_copy->setText(tr("Copy")); });
    Q_EMIT copied(m_code);
}

void CodeBlockView::applyPalette()
{
    const bool dark = Themes::isDark(palette());
#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
    if (m_kf6Highlighter) {
        auto *h = static_cast<KSyntaxHighlighting::SyntaxHighlighter *>(m_highlighter);
        h->setTheme(m_repository->defaultTheme(dark ? KSyntaxHighlighting::Repository::DarkTheme
                                                           : KSyntaxHighlighting::Repository::LightTheme));
        h->rehighlight();
        return;
    }
#endif
    static_cast<BuiltinCodeHighlighter *>(m_highlighter)->setDark(dark);
}

void CodeBlockView::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
        update();
    } else if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        updateHeight();
    }
}

void CodeBlockView::resizeEvent(QResizeEvent *event)
{
    QFrame::resizeEvent(event);
    updateHeight();
}

void CodeBlockView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette &pal = palette();
    const QColor base = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    p.setPen(QPen(mix(base, text, 0.18), 1));
    p.setBrush(mix(base, text, Themes::isDark(pal) ? 0.07 : 0.04));
    p.drawRoundedRect(QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
}

void CodeBlockView::updateHeight()
{
    const QSizeF doc = m_edit->document()->documentLayout()->documentSize();
    const int frame = 2 * m_edit->frameWidth();
    const bool needsScrollBar = doc.width() > m_edit->viewport()->width();
    const int bar = needsScrollBar ? m_edit->horizontalScrollBar()->sizeHint().height() : 0;
    const int h = int(std::ceil(doc.height())) + frame + bar;
    if (m_edit->height() != h || m_edit->minimumHeight() != h)
        m_edit->setFixedHeight(h);
}

} // namespace rankscope::ui
