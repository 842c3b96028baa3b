// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "entryview.h"
#include "codeblockview.h"
#include "linkrow.h"
#include "placeholders.h"
#include "themes.h"

#include <QCheckBox>
#include <QDateTime>
#include <QDesktopServices>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimeZone>
#include <QTimer>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;
namespace an = rankscope::analysis;

namespace rankscope::ui {

namespace {

QColor mix(const QColor &a, const QColor &b, qreal t)
{
    return QColor::fromRgbF(a.redF() * (1 - t) + b.redF() * t, a.greenF() * (1 - t) + b.greenF() * t,
                            a.blueF() * (1 - t) + b.blueF() * t);
}

QString hex(const QColor &c)
{
    return c.name(QColor::HexRgb);
}

// Lets the layout break long unbroken runs (paths, log tokens) instead of widening the page.
// Zero-width spaces after punctuation in runs longer than `run` characters, so that paths and
// error strings wrap in a narrow panel instead of widening the page.
QString breakable(const QString &text, int longRun = 24)
{
    QString out;
    out.reserve(text.size() + text.size() / 16);
    int run = 0;
    for (QChar ch : text) {
        out += ch;
        run = ch.isSpace() ? 0 : run + 1;
        if (run > longRun && (ch == u'/' || ch == u',' || ch == u';' || ch == u':' || ch == u'=' || ch == u'_' || ch == u'.')) {
            out += QChar(0x200b);
            run = 0;
        }
    }
    return out;
}

QString plainText(const QString &markdownish)
{
    QString s = markdownish;
    s.remove(u'`');
    s.remove(u"**"_s);
    return s;
}

QString roleDescription(kb::EntryRole role)
{
    switch (role) {
    case kb::EntryRole::Initiating: return EntryView::tr("Usually the first failure of an incident: fix this one.");
    case kb::EntryRole::Collateral:
        return EntryView::tr("Usually a consequence of another failure: look upstream for the cause.");
    case kb::EntryRole::Either: break;
    }
    return EntryView::tr("Can be the cause or a consequence of another failure.");
}

QString timeText(qint64 ms)
{
    if (ms == analysis::NoTime)
        return {};
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(u"yyyy-MM-dd HH:mm:ss.zzz"_s);
}

} // namespace

// Colours and fonts of one rendering, all derived from the palette.
struct EntryView::Colors
{
    explicit Colors(const QPalette &pal)
        : text(pal.color(QPalette::Text))
        , base(pal.color(QPalette::Base))
        , link(pal.color(QPalette::Link))
        , accent(pal.color(QPalette::Highlight))
        , dark(Themes::isDark(pal))
        , muted(mix(text, base, 0.35))
        , codeBackground(mix(base, text, dark ? 0.10 : 0.06))
        , stripe(mix(base, text, dark ? 0.05 : 0.03))
        , headerBackground(mix(base, text, dark ? 0.12 : 0.08))
        , monoFamily(QFontDatabase::systemFont(QFontDatabase::FixedFont).family())
    {
    }
    QColor text, base, link, accent;
    bool dark;
    QColor muted, codeBackground, stripe, headerBackground;
    QString monoFamily;
};

EntryView::EntryView(QWidget *parent)
    : QWidget(parent)
    , m_scroll(new QScrollArea(this))
{
    setAccessibleName(tr("Encyclopedia entry"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_scroll->setAccessibleName(tr("Entry text"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_scroll);
    m_message = tr("Pick an entry from the list, or open an incident to see what it matched.");
    render();
}

EntryView::~EntryView() = default;

void EntryView::setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb)
{
    m_kb = std::move(kb);
    m_ids.clear();
    if (m_kb) {
        for (const kb::Entry &e : m_kb->entries())
            m_ids.insert(e.id);
    }
    if (m_entry)
        render();
}

void EntryView::setSyntaxRepository(KSyntaxHighlighting::Repository *repository)
{
    m_repository = repository;
    if (m_entry)
        render();
}

bool EntryView::showEntry(const QString &id, const QList<analysis::Evidence> &why)
{
    const kb::Entry *e = m_kb ? m_kb->entry(id) : nullptr;
    if (!e) {
        showMessage(m_kb ? tr("The encyclopedia has no entry “%1”.").arg(id) : tr("The encyclopedia is not loaded."));
        return false;
    }
    showEntry(*e, why);
    return true;
}

void EntryView::showEntry(const kb::Entry &entry, const QList<analysis::Evidence> &why)
{
    if (!m_entry || m_entry->id != entry.id)
        m_checked.clear();
    m_entry = entry;
    m_evidence = why;
    m_message.clear();
    render();
    m_scroll->verticalScrollBar()->setValue(0);
}

void EntryView::showMessage(const QString &text)
{
    m_entry.reset();
    m_evidence.clear();
    m_checked.clear();
    m_message = text;
    render();
}

QString EntryView::entryId() const
{
    return m_entry ? m_entry->id : QString();
}

bool EntryView::scrollToSection(const QString &key)
{
    QWidget *heading = m_sections.value(key);
    if (!heading || !m_scroll->widget())
        return false;
    // Lay the page out first: a section of a page built a moment ago has no position yet.
    m_scroll->widget()->adjustSize();
    m_scroll->verticalScrollBar()->setValue(heading->mapTo(m_scroll->widget(), QPoint(0, 0)).y() - 6);
    return true;
}

void EntryView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        scheduleRender();
}

bool EntryView::isNarrow() const
{
    return width() < NarrowWidth;
}

void EntryView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    if (m_entry && isNarrow() != m_renderedNarrow)
        scheduleRender();
}

void EntryView::scheduleRender()
{
    // Coalesces the palette and font changes that arrive together, and never deletes widgets
    // while Qt is still propagating the change to them.
    if (m_renderPending)
        return;
    m_renderPending = true;
    QMetaObject::invokeMethod(
        this,
        [this] {
            if (!m_renderPending)
                return;
            const int scroll = m_scroll->verticalScrollBar()->value();
            render();
            QTimer::singleShot(0, this, [this, scroll] { m_scroll->verticalScrollBar()->setValue(scroll); });
        },
        Qt::QueuedConnection);
}

void EntryView::openLink(const QString &href)
{
    if (href.startsWith(u"entry:"_s))
        Q_EMIT relatedActivated(href.mid(6));
    else if (href.startsWith(u"section:"_s))
        scrollToSection(href.mid(8));
    else if (href.startsWith(u"https://"_s) || href.startsWith(u"http://"_s))
        QDesktopServices::openUrl(QUrl(href));
}

QLabel *EntryView::textLabel(const QString &html, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setTextFormat(Qt::RichText);
    label->setWordWrap(true);
    label->setText(html);
    // Only labels with links take keyboard focus, so Tab walks links, not every paragraph.
    const bool hasLinks = html.contains(u"<a "_s);
    label->setTextInteractionFlags(hasLinks ? Qt::TextBrowserInteraction
                                            : Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
    label->setOpenExternalLinks(false);
    connect(label, &QLabel::linkActivated, this, &EntryView::openLink);
    return label;
}

QString EntryView::proseHtml(const QString &text, const Colors &, bool plainIds) const
{
    // URLs, **bold** and known entry ids; ids without a dash ("preemption") only where the text
    // is a list of entries (look upstream), since such words also occur as plain English.
    static const QRegularExpression token(
        uR"((https?://[^\s<>"]*[^\s<>".,;:!?)\]'])|\*\*([^*]+)\*\*|(?<![\w\-/.])([a-z0-9]+(?:-[a-z0-9]+)*)(?![\w\-/]))"_s);
    QString out;
    qsizetype pos = 0;
    auto it = token.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        QString replacement;
        if (m.hasCaptured(1)) {
            const QString url = m.captured(1);
            replacement = u"<a href=\"%1\">%2</a>"_s.arg(url.toHtmlEscaped(), breakable(url).toHtmlEscaped());
        } else if (m.hasCaptured(2)) {
            replacement = u"<b>"_s + m.captured(2).toHtmlEscaped() + u"</b>"_s;
        } else {
            const QString id = m.captured(3);
            if (!m_ids.contains(id) || (!id.contains(u'-') && !plainIds) || (m_entry && id == m_entry->id))
                continue;
            replacement = u"<a href=\"entry:%1\">%1</a>"_s.arg(id);
        }
        out += text.mid(pos, m.capturedStart() - pos).toHtmlEscaped() + replacement;
        pos = m.capturedEnd();
    }
    out += text.mid(pos).toHtmlEscaped();
    return out;
}

QString EntryView::inlineHtml(const QString &text, const Colors &c, bool plainIds) const
{
    QString out;
    qsizetype i = 0;
    while (i < text.size()) {
        const qsizetype tick = text.indexOf(u'`', i);
        out += proseHtml(text.mid(i, (tick < 0 ? text.size() : tick) - i), c, plainIds);
        if (tick < 0)
            break;
        qsizetype run = tick;
        while (run < text.size() && text.at(run) == u'`')
            ++run;
        const QString fence(run - tick, u'`');
        const qsizetype close = text.indexOf(fence, run);
        if (close < 0) {
            out += text.mid(tick).toHtmlEscaped();
            break;
        }
        QString code = text.mid(run, close - run);
        if (fence.size() > 1)
            code = code.trimmed();
        out += u"<span style=\"font-family:'%1'; background-color:%2;\">%3</span>"_s.arg(
            c.monoFamily, hex(c.codeBackground), breakable(code, 12).toHtmlEscaped());
        i = close + fence.size();
    }
    return out;
}

QString EntryView::listHtml(const QStringList &items, const Colors &c, bool plainIds) const
{
    QString html = u"<ul style=\"margin-top:0px; margin-bottom:0px; margin-left:0px; -qt-list-indent:1;\">"_s;
    for (const QString &item : items)
        html += u"<li style=\"margin-bottom:4px;\">"_s + inlineHtml(item, c, plainIds) + u"</li>"_s;
    return html + u"</ul>"_s;
}

void EntryView::addSection(QVBoxLayout *layout, const QString &key, const QString &title, QWidget *parent)
{
    layout->addSpacing(14);
    auto *heading = new QLabel(title, parent);
    heading->setObjectName(u"section-"_s + key);
    QFont f = heading->font();
    f.setPointSizeF(f.pointSizeF() * 1.2);
    f.setWeight(QFont::Bold);
    heading->setFont(f);
    heading->setAccessibleName(title);
    layout->addWidget(heading);
    m_sections.insert(key, heading);
    m_sectionOrder.append(key);
}

void EntryView::addHeader(QVBoxLayout *layout, QWidget *parent, const Colors &c)
{
    const kb::Entry &e = *m_entry;
    auto *title = new QLabel(e.title, parent);
    title->setObjectName(u"entryTitle"_s);
    title->setWordWrap(true);
    title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont tf = title->font();
    tf.setPointSizeF(tf.pointSizeF() * 1.5);
    tf.setWeight(QFont::Bold);
    title->setFont(tf);
    layout->addWidget(title);

    auto *badges = new QHBoxLayout;
    badges->setSpacing(6);
    const auto badge = [&](const QString &text, const QColor &background, const QColor &border, const QString &tip,
                           const QString &name) {
        auto *b = new QLabel(text, parent);
        b->setObjectName(name);
        b->setStyleSheet(u"QLabel { background-color:%1; color:%2; border:1px solid %3; border-radius:9px; padding:1px 8px; }"_s
                             .arg(hex(background), hex(c.text), hex(border)));
        b->setToolTip(tip);
        b->setAccessibleName(tip);
        badges->addWidget(b);
    };
    badge(e.category, mix(c.base, c.link, 0.14), mix(c.base, c.link, 0.45), tr("Category: %1").arg(e.category),
          u"categoryBadge"_s);
    const QString role = kb::toString(e.role);
    if (e.role == kb::EntryRole::Initiating)
        badge(role, mix(c.base, c.accent, 0.28), c.accent, roleDescription(e.role), u"roleBadge"_s);
    else
        badge(role, mix(c.base, c.text, 0.10), mix(c.base, c.text, 0.35), roleDescription(e.role), u"roleBadge"_s);
    if (e.userOverride) {
        badge(tr("user entry"), c.base, c.link,
              tr("Your own entry from %1; it replaces the built-in entry of the same id.").arg(e.sourcePath),
              u"userEntryBadge"_s);
    }
    badges->addSpacing(6);
    auto *id = new QLabel(e.id, parent);
    id->setObjectName(u"entryId"_s);
    id->setTextInteractionFlags(Qt::TextSelectableByMouse);
    id->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    id->setStyleSheet(u"QLabel { color:%1; }"_s.arg(hex(c.muted)));
    id->setToolTip(tr("Entry id, as `rankscope kb show` takes it"));
    badges->addWidget(id);
    badges->addStretch(1);
    layout->addLayout(badges);

    if (!e.summary.isEmpty()) {
        layout->addSpacing(4);
        auto *summary = textLabel(inlineHtml(e.summary, c), parent);
        summary->setObjectName(u"entrySummary"_s);
        QFont sf = summary->font();
        sf.setPointSizeF(sf.pointSizeF() * 1.08);
        summary->setFont(sf);
        layout->addWidget(summary);
    }
}

void EntryView::addEvidence(QVBoxLayout *layout, QWidget *parent, const Colors &c)
{
    for (int i = 0; i < m_evidence.size(); ++i) {
        const analysis::Evidence &ev = m_evidence.at(i);
        QString where = ev.path.isEmpty() ? (ev.source.isValid() ? tr("file %1").arg(ev.source.file) : tr("unknown file"))
                                          : ev.path;
        if (ev.source.line > 0)
            where += u':' + QString::number(ev.source.line);
        QStringList facts;
        if (ev.rank >= 0)
            facts << tr("rank %1").arg(ev.rank);
        if (!ev.node.isEmpty())
            facts << ev.node;
        if (const QString t = timeText(ev.timeMs); !t.isEmpty())
            facts << t;
        QString html = u"<span style=\"color:%1; text-decoration:underline;\">%2</span>"_s.arg(
            hex(ev.source.isValid() ? c.link : c.muted), breakable(where).toHtmlEscaped());
        if (!facts.isEmpty())
            html += u"&nbsp;&nbsp;<span style=\"color:%1;\">%2</span>"_s.arg(hex(c.muted), facts.join(u" · "_s).toHtmlEscaped());
        if (!ev.text.isEmpty()) {
            QString text = ev.text;
            if (text.size() > 400)
                text = text.left(400) + u'…';
            html += u"<br><span style=\"font-family:'%1';\">%2</span>"_s.arg(c.monoFamily, breakable(text).toHtmlEscaped());
        }
        auto *row = new LinkRow(parent);
        row->setObjectName(u"evidence-%1"_s.arg(i));
        row->setRichText(html);
        row->setEnabled(ev.source.isValid());
        row->setToolTip(ev.source.isValid() ? tr("Show %1 in the log view").arg(where)
                                            : tr("This evidence has no source line"));
        row->setAccessibleName(tr("Evidence %1: %2").arg(where, ev.text.left(200)));
        const SourceRef source = ev.source;
        connect(row, &LinkRow::clicked, this, [this, source] { Q_EMIT evidenceActivated(source); });
        layout->addWidget(row);
    }
}

void EntryView::addChecklist(QVBoxLayout *layout, QWidget *parent, const Colors &c)
{
    const QStringList &items = m_entry->confirm;
    for (int i = 0; i < items.size(); ++i) {
        auto *row = new QHBoxLayout;
        row->setSpacing(6);
        auto *box = new QCheckBox(parent);
        box->setObjectName(u"confirm-%1"_s.arg(i));
        box->setChecked(m_checked.contains(i));
        box->setAccessibleName(plainText(items.at(i)));
        box->setToolTip(tr("Tick off once checked (kept while this entry is open)"));
        connect(box, &QCheckBox::toggled, this, [this, i](bool on) {
            if (on)
                m_checked.insert(i);
            else
                m_checked.remove(i);
        });
        auto *text = textLabel(inlineHtml(items.at(i), c), parent);
        text->setBuddy(box);
        row->addWidget(box, 0, Qt::AlignTop);
        row->addWidget(text, 1);
        layout->addLayout(row);
    }
}

void EntryView::addSteps(QVBoxLayout *layout, QWidget *parent, const Colors &c, const QString &key)
{
    const bool verification = key == u"verification"_s;
    const qsizetype count = verification ? m_entry->verification.size() : m_entry->fix.size();
    for (qsizetype i = 0; i < count; ++i) {
        const kb::Step &step = verification ? static_cast<const kb::Step &>(m_entry->verification.at(i))
                                            : m_entry->fix.at(i);
        auto *row = new QHBoxLayout;
        row->setSpacing(8);
        auto *number = new QLabel(QString::number(i + 1) + u'.', parent);
        QFont nf = number->font();
        nf.setWeight(QFont::Bold);
        number->setFont(nf);
        number->setMinimumWidth(QFontMetrics(nf).horizontalAdvance(u"00."_s));
        number->setAlignment(Qt::AlignRight | Qt::AlignTop);
        row->addWidget(number, 0, Qt::AlignTop);
        auto *body = new QVBoxLayout;
        body->setSpacing(6);
        // Shown without an incident: placeholders ({majority.nccl:2.21.5}) read as their examples.
        body->addWidget(textLabel(inlineHtml(an::Placeholders::withExamples(step.text), c), parent));
        for (qsizetype j = 0; j < step.code.size(); ++j) {
            auto *block = new CodeBlockView(an::Placeholders::withExamples(step.code.at(j).code), step.code.at(j).language,
                                            m_repository, parent);
            block->setObjectName(u"code-%1-%2-%3"_s.arg(key).arg(i + 1).arg(j + 1));
            block->copyButton()->setToolTip(verification ? tr("Copy this verification command to the clipboard")
                                                         : tr("Copy this fix command to the clipboard"));
            body->addWidget(block);
        }
        if (verification && !m_entry->verification.at(i).expected.isEmpty()) {
            auto *expected = textLabel(u"<b>%1</b> %2"_s.arg(tr("Expected:"),
                                                             inlineHtml(an::Placeholders::withExamples(m_entry->verification.at(i).expected), c)),
                                       parent);
            expected->setObjectName(u"expected-%1"_s.arg(i + 1));
            expected->setStyleSheet(u"QLabel { background-color:%1; border-left:3px solid %2; padding:5px 8px; }"_s.arg(
                hex(mix(c.base, c.link, c.dark ? 0.10 : 0.07)), hex(c.link)));
            body->addWidget(expected);
        }
        row->addLayout(body, 1);
        layout->addLayout(row);
        layout->addSpacing(6);
    }
}

void EntryView::addRelated(QVBoxLayout *layout, QWidget *parent, const Colors &c)
{
    for (const QString &id : m_entry->related) {
        const kb::Entry *other = m_kb ? m_kb->entry(id) : nullptr;
        auto *row = new LinkRow(parent);
        row->setObjectName(u"related-"_s + id);
        QString html = u"<span style=\"color:%1; text-decoration:underline;\">%2</span>"_s.arg(
            hex(other ? c.link : c.muted), (other ? other->title : id).toHtmlEscaped());
        if (other)
            html += u"&nbsp;&nbsp;<span style=\"color:%1; font-family:'%2';\">%3</span>"_s.arg(hex(c.muted), c.monoFamily, id);
        row->setRichText(html);
        row->setEnabled(other != nullptr);
        row->setToolTip(other ? other->summary : tr("“%1” is not in this encyclopedia").arg(id));
        row->setAccessibleName(tr("Related entry: %1").arg(other ? other->title : id));
        connect(row, &LinkRow::clicked, this, [this, id] { Q_EMIT relatedActivated(id); });
        layout->addWidget(row);
    }
}

void EntryView::render()
{
    m_renderPending = false;
    m_sections.clear();
    m_sectionOrder.clear();
    // NOTE: the old page may hold the widget whose signal led here (a related link): it goes
    // once control is back in the event loop, never under its own feet.
    if (QWidget *old = m_scroll->takeWidget()) {
        old->hide();
        old->deleteLater();
    }
    const Colors c(palette());
    auto *page = new QWidget;
    page->setObjectName(u"entryPage"_s);
    page->setBackgroundRole(QPalette::Base);
    page->setForegroundRole(QPalette::Text);
    page->setAutoFillBackground(true);
    auto *layout = new QVBoxLayout(page);
    // A docked panel on a small screen has every pixel counted: narrower margins there.
    if (isNarrow())
        layout->setContentsMargins(10, 10, 10, 14);
    else
        layout->setContentsMargins(18, 14, 18, 18);
    layout->setSpacing(6);

    if (!m_entry) {
        auto *message = new QLabel(m_message, page);
        message->setObjectName(u"entryMessage"_s);
        message->setWordWrap(true);
        message->setAlignment(Qt::AlignCenter);
        message->setStyleSheet(u"QLabel { color:%1; }"_s.arg(hex(c.muted)));
        layout->addStretch(1);
        layout->addWidget(message);
        layout->addStretch(2);
        m_scroll->setWidget(page);
        return;
    }

    const kb::Entry &e = *m_entry;
    addHeader(layout, page, c);

    // Where to go first at 3 a.m.: a jump bar to the actionable sections.
    QStringList jumps;
    const auto jump = [&jumps](const QString &key, const QString &title) {
        jumps << u"<a href=\"section:%1\">%2</a>"_s.arg(key, title.toHtmlEscaped());
    };
    if (!m_evidence.isEmpty())
        jump(u"why"_s, tr("Why it matched"));
    if (!e.confirm.isEmpty())
        jump(u"confirm"_s, tr("Confirm"));
    if (!e.fix.isEmpty())
        jump(u"fix"_s, tr("Fix"));
    if (!e.verification.isEmpty())
        jump(u"verification"_s, tr("Verify"));
    if (!e.related.isEmpty())
        jump(u"related"_s, tr("Related"));
    if (!jumps.isEmpty()) {
        auto *bar = textLabel(tr("Jump to:") + u"&nbsp; "_s + jumps.join(u" &nbsp;·&nbsp; "_s), page);
        bar->setObjectName(u"jumpBar"_s);
        bar->setAccessibleName(tr("Jump to a section"));
        layout->addWidget(bar);
    }

    if (!m_evidence.isEmpty()) {
        addSection(layout, u"why"_s, tr("Why it matched"), page);
        addEvidence(layout, page, c);
    }
    if (!e.lookUpstream.isEmpty()) {
        addSection(layout, u"upstream"_s, tr("Look upstream"), page);
        QString html;
        if (e.role == kb::EntryRole::Collateral)
            html = u"<b>%1</b><br>"_s.arg(tr("This is usually a consequence. Find the initiating failure first:").toHtmlEscaped());
        auto *callout = textLabel(html + listHtml(e.lookUpstream, c, true), page);
        callout->setObjectName(u"lookUpstream"_s);
        callout->setStyleSheet(u"QLabel { background-color:%1; border-left:3px solid %2; padding:6px 8px; }"_s.arg(
            hex(mix(c.base, c.accent, c.dark ? 0.12 : 0.09)), hex(c.accent)));
        layout->addWidget(callout);
    }
    if (!e.symptoms.isEmpty()) {
        addSection(layout, u"symptoms"_s, tr("Symptoms"), page);
        m_renderedNarrow = isNarrow();
        QString html = u"<table width=\"100%\" cellspacing=\"0\" cellpadding=\"5\" border=\"0\">"_s;
        if (m_renderedNarrow) {
            for (int i = 0; i < e.symptoms.size(); ++i) {
                const kb::Symptom &s = e.symptoms.at(i);
                html += u"<tr style=\"background-color:%1;\"><td>%2<br><span style=\"color:%3;\">%4</span></td></tr>"_s.arg(
                    hex(i % 2 ? c.stripe : c.base), inlineHtml(s.text, c), hex(c.muted), inlineHtml(s.meaning, c));
            }
        } else {
            html += u"<tr style=\"background-color:%1;\"><th align=\"left\" width=\"46%\">%2</th><th align=\"left\">%3</th></tr>"_s.arg(
                hex(c.headerBackground), tr("What you see").toHtmlEscaped(), tr("What it means").toHtmlEscaped());
            for (int i = 0; i < e.symptoms.size(); ++i) {
                const kb::Symptom &s = e.symptoms.at(i);
                html += u"<tr style=\"background-color:%1;\"><td valign=\"top\">%2</td><td valign=\"top\">%3</td></tr>"_s.arg(
                    hex(i % 2 ? c.stripe : c.base), inlineHtml(s.text, c), inlineHtml(s.meaning, c));
            }
        }
        auto *table = textLabel(html + u"</table>"_s, page);
        table->setObjectName(u"symptomsTable"_s);
        layout->addWidget(table);
    }
    if (!e.mechanism.isEmpty()) {
        addSection(layout, u"mechanism"_s, tr("Mechanism"), page);
        auto *mechanism = new QLabel(page);
        mechanism->setObjectName(u"mechanism"_s);
        mechanism->setTextFormat(Qt::MarkdownText);
        mechanism->setWordWrap(true);
        mechanism->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::LinksAccessibleByMouse);
        mechanism->setOpenExternalLinks(false);
        mechanism->setText(e.mechanism);
        connect(mechanism, &QLabel::linkActivated, this, &EntryView::openLink);
        layout->addWidget(mechanism);
    }
    if (!e.rootCauses.isEmpty()) {
        addSection(layout, u"causes"_s, tr("Root causes"), page);
        layout->addWidget(textLabel(listHtml(e.rootCauses, c), page));
    }
    if (!e.affected.isEmpty()) {
        addSection(layout, u"affected"_s, tr("Affected systems"), page);
        layout->addWidget(textLabel(listHtml(e.affected, c), page));
    }
    if (!e.confirm.isEmpty()) {
        addSection(layout, u"confirm"_s, tr("How to confirm"), page);
        addChecklist(layout, page, c);
    }
    if (!e.fix.isEmpty()) {
        addSection(layout, u"fix"_s, tr("Fix"), page);
        addSteps(layout, page, c, u"fix"_s);
    }
    if (!e.verification.isEmpty()) {
        addSection(layout, u"verification"_s, tr("Verification"), page);
        addSteps(layout, page, c, u"verification"_s);
    }
    if (!e.prevention.isEmpty()) {
        addSection(layout, u"prevention"_s, tr("Prevention"), page);
        layout->addWidget(textLabel(listHtml(e.prevention, c), page));
    }
    if (!e.related.isEmpty()) {
        addSection(layout, u"related"_s, tr("Related entries"), page);
        addRelated(layout, page, c);
    }
    if (!e.references.isEmpty()) {
        addSection(layout, u"references"_s, tr("References"), page);
        layout->addWidget(textLabel(listHtml(e.references, c), page));
    }
    layout->addStretch(1);
    m_scroll->setWidget(page);
}

} // namespace rankscope::ui
