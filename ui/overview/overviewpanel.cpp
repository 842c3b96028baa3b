// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "overviewpanel.h"

#include "knowledgebase.h"
#include "placeholders.h"

#include <QClipboard>
#include <QGuiApplication>

#include <QDateTime>
#include <QEvent>
#include <QTextBrowser>
#include <QTimeZone>
#include <QUrl>
#include <QUrlQuery>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

using namespace rankscope::analysis;

namespace {
QString timeText(qint64 ms)
{
    return ms == NoTime ? QObject::tr("time unknown")
                        : QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(u"yyyy-MM-dd hh:mm:ss"_s);
}
QString esc(const QString &s) { return s.toHtmlEscaped(); }
QString sourceLink(const SourceRef &s, const QString &label)
{
    return u"<a href=\"src:%1:%2\">%3</a>"_s.arg(s.file).arg(s.line).arg(esc(label));
}
} // namespace

OverviewPanel::OverviewPanel(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"OverviewPanel"_s);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_view = new QTextBrowser(this);
    m_view->setObjectName(u"overviewText"_s);
    m_view->setOpenLinks(false);
    m_view->setAccessibleName(tr("Incident overview"));
    m_view->setToolTip(tr("The verdict, its chain of evidence and the top diagnoses; click a step to see its log line"));
    layout->addWidget(m_view);
    connect(m_view, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        const QString s = url.toString();
        if (s.startsWith(u"src:"_s)) {
            const QStringList parts = s.mid(4).split(u':');
            if (parts.size() == 2)
                Q_EMIT sourceActivated(SourceRef{FileId(parts.at(0).toUInt()), parts.at(1).toLongLong()});
        } else if (s.startsWith(u"copy:"_s)) {
            const int i = s.mid(5).toInt();
            if (i >= 0 && i < m_commands.size())
                QGuiApplication::clipboard()->setText(m_commands.at(i));
        } else if (s.startsWith(u"history:"_s)) {
            Q_EMIT historyActivated(s.mid(8).toLongLong());
        } else if (s.startsWith(u"entry:"_s) && m_result) {
            const QString id = s.mid(6);
            QList<Evidence> why;
            for (const Diagnosis &d : m_result->diagnoses) {
                if (d.entry == id)
                    why = d.evidence;
            }
            Q_EMIT entryActivated(id, why);
        }
    });
    render();
}

void OverviewPanel::clear()
{
    m_seen.clear();
    m_ingest.reset();
    m_result.reset();
    m_loading.clear();
    render();
}

void OverviewPanel::setLoading(const QString &what)
{
    m_seen.clear();
    m_ingest.reset();
    m_result.reset();
    m_loading = what;
    render();
}

void OverviewPanel::setKnowledgeBase(std::shared_ptr<const kb::KnowledgeBase> kb)
{
    m_kb = std::move(kb);
    render();
}

void OverviewPanel::setIngest(const ingest::IngestResultPtr &ingest)
{
    m_loading.clear();
    m_ingest = ingest;
    m_result.reset();
    render();
}

void OverviewPanel::setResult(const AnalysisResultPtr &result)
{
    m_result = result;
    m_loading.clear();
    if (result)
        m_ingest = result->ingest;
    render();
}

void OverviewPanel::setSeenBefore(const QList<history::SeenBefore> &seen)
{
    m_seen = seen;
    render();
}

void OverviewPanel::setReviewerVerdict(const QString &headline, const QString &reason)
{
    if (headline == m_reviewHeadline && reason == m_reviewReason)
        return;
    m_reviewHeadline = headline;
    m_reviewReason = reason;
    render();
}

QString OverviewPanel::verdictText() const
{
    return m_result ? m_result->verdict.summary : QString();
}

QString OverviewPanel::html() const
{
    return m_view->toHtml();
}

void OverviewPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        render();
    QWidget::changeEvent(event);
}

QString OverviewPanel::whatToDo(const kb::Entry &entry, const QString &accent, const QString &muted)
{
    // The first fix step and the first verification, each with its command to copy: what an
    // on-call engineer does next, without scrolling through the entry.
    auto command = [this, &accent](const kb::Step &step) {
        if (step.code.isEmpty())
            return QString();
        const QString code = analysis::Placeholders::withExamples(step.code.first().code).trimmed();
        m_commands.append(code);
        // <pre> with wrapping: the whole command stays in view at any dock width.
        return u"<pre style=\"white-space:pre-wrap\">%1</pre><p><a href=\"copy:%2\" style=\"color:%3\">%4</a></p>"_s.arg(
            esc(code), QString::number(m_commands.size() - 1), accent, tr("Copy command"));
    };
    QString h = tr("<h3>What to do</h3>");
    if (!entry.fix.isEmpty())
        h += u"<p>%1</p>"_s.arg(esc(entry.fix.first().text)) + command(entry.fix.first());
    if (!entry.verification.isEmpty()) {
        const kb::VerificationStep &verify = entry.verification.first();
        h += tr("<p><b>Verify:</b> %1</p>").arg(esc(verify.text)) + command(verify);
        if (!verify.expected.isEmpty())
            h += tr("<p style=\"color:%1\">Expected: %2</p>").arg(muted, esc(verify.expected));
    }
    h += u"<p><a href=\"entry:%1\" style=\"color:%2\">%3</a></p>"_s.arg(entry.id, accent, tr("The full entry: %1").arg(esc(entry.title)));
    return h;
}

void OverviewPanel::render()
{
    const QPalette pal = palette();
    const QString accent = pal.color(QPalette::Link).name();
    const QString muted = pal.color(QPalette::PlaceholderText).name();
    QString h = u"<html><body style=\"margin:6px\">"_s;
    if (!m_reviewHeadline.isEmpty()) {
        h += tr("<h2 style=\"margin-bottom:2px\">Verdict overridden by the reviewer</h2>");
        h += u"<p style=\"font-size:large\">%1</p>"_s.arg(esc(m_reviewHeadline));
        h += tr("<p><b>Reason:</b> %1</p>").arg(esc(m_reviewReason).replace(u'\n', u"<br>"_s));
        h += tr("<hr><p style=\"color:%1\">Automatic verdict, kept for reference:</p>").arg(muted);
    }
    m_commands.clear();
    if (!m_ingest) {
        h += m_loading.isEmpty() ? tr("<p style=\"color:%1\">No incident open.</p>").arg(muted)
                                 : tr("<p style=\"color:%1\">Reading %2…</p>").arg(muted, esc(m_loading));
        m_view->setHtml(h + u"</body></html>"_s);
        return;
    }
    const ingest::IngestResult &in = *m_ingest;
    if (m_result) {
        const Verdict &v = m_result->verdict;
        const QString head = v.external ? tr("External: the scheduler") : v.rank >= 0 ? tr("Rank %1 on %2").arg(v.rank).arg(esc(v.node))
                                          : !v.node.isEmpty() ? tr("Node %1").arg(esc(v.node)) : tr("Undecided");
        h += u"<h2 style=\"margin-bottom:2px\">%1</h2>"_s.arg(head);
        h += u"<p style=\"font-size:large\">%1</p>"_s.arg(esc(v.summary));
        h += tr("<p>Confidence <b>%1%</b> · decided by %2 · %3</p>").arg(qRound(v.confidence * 100)).arg(esc(v.basis), timeText(v.timeMs));
        if (v.evidence.source.isValid())
            h += u"<p>%1<br><code>%2</code></p>"_s.arg(sourceLink(v.evidence.source, u"%1:%2"_s.arg(v.evidence.path).arg(v.evidence.source.line)),
                                                      esc(v.evidence.text.left(300)));
        if (const kb::Entry *entry = m_kb && !v.entry.isEmpty() ? m_kb->entry(v.entry) : nullptr)
            h += whatToDo(*entry, accent, muted);
        if (!m_seen.isEmpty()) {
            // "Have we seen this before?": the library's earlier incidents that share the
            // failure, the node or GPU, or an outlier value; each opens that incident.
            h += tr("<h3>Seen before</h3><ul>");
            for (const history::SeenBefore &s : m_seen.mid(0, 5)) {
                const history::IncidentRecord &r = s.incident;
                const QString when = QDateTime::fromMSecsSinceEpoch(r.when(), QTimeZone::utc()).toString(u"yyyy-MM-dd"_s);
                h += u"<li><a href=\"history:%1\" style=\"color:%2\">%3</a> %4 — %5</li>"_s.arg(
                    QString::number(r.id), accent, esc(when + u" "_s + (r.entry.isEmpty() ? tr("undecided") : r.entry)),
                    r.node.isEmpty() ? QString() : tr("on %1").arg(esc(r.node)), esc(s.reasons.join(u"; "_s)));
            }
            if (m_seen.size() > 5)
                h += tr("<li>… %1 more in the History panel</li>").arg(m_seen.size() - 5);
            h += u"</ul>"_s;
        }
        if (!v.confidenceNotes.isEmpty())
            h += u"<p style=\"color:%1\">%2</p>"_s.arg(muted, esc(v.confidenceNotes.join(u"; "_s)));
        if (!v.hints.isEmpty()) {
            // What would decide better: the entries' advice for the gaps this bundle has.
            h += tr("<h3>To decide better, collect</h3><ul>");
            for (const QString &hint : v.hints)
                h += u"<li>%1</li>"_s.arg(esc(hint));
            h += u"</ul>"_s;
        }
        if (!v.chain.isEmpty()) {
            h += tr("<h3>Chain of evidence</h3><ol>");
            int n = 0;
            for (const ChainStep &s : v.chain) {
                if (++n > 40) {
                    h += tr("<li>… %1 more</li>").arg(v.chain.size() - 40);
                    break;
                }
                const QString role = s.role == ChainStep::Role::Initiating ? tr("<b style=\"color:#d32f2f\">initiating</b>")
                                     : s.role == ChainStep::Role::Collateral ? tr("<span style=\"color:%1\">collateral</span>").arg(muted)
                                                                             : tr("context");
                const QString who = s.evidence.rank >= 0 ? tr("rank %1").arg(s.evidence.rank) : esc(s.evidence.node);
                h += u"<li>%1 %2 — %3<br>%4</li>"_s.arg(role, who, esc(s.why),
                                                      s.evidence.source.isValid()
                                                          ? sourceLink(s.evidence.source, u"%1:%2"_s.arg(s.evidence.path).arg(s.evidence.source.line))
                                                          : QString());
            }
            h += u"</ol>"_s;
        }
        if (!m_result->diagnoses.isEmpty()) {
            h += tr("<h3>Diagnoses</h3><table cellspacing=\"4\">");
            for (const Diagnosis &d : m_result->diagnoses.mid(0, 6))
                h += u"<tr><td align=\"right\">%1</td><td><a href=\"entry:%2\" style=\"color:%3\">%4</a></td></tr>"_s.arg(
                    QString::number(d.score, 'f', 2), d.entry, accent, esc(d.title));
            h += u"</table>"_s;
        }
    } else {
        h += tr("<p style=\"color:%1\">Analysing…</p>").arg(muted);
    }
    h += tr("<h3>Job</h3><p>%1 files · %2 lines · %3 events<br>%4 nodes · %5 ranks").arg(in.stats.files).arg(in.stats.lines).arg(in.stats.events)
             .arg(in.job.nodes.size()).arg(in.job.ranks.size());
    if (in.job.worldSize > 0)
        h += tr(" of world size %1").arg(in.job.worldSize);
    if (!in.job.missingRanks.isEmpty()) {
        QStringList m;
        for (int r : in.job.missingRanks.mid(0, 32))
            m << QString::number(r);
        h += tr("<br><b>No log from ranks</b> %1%2").arg(m.join(u", "_s), in.job.missingRanks.size() > 32 ? u" …"_s : QString());
    }
    h += u"</p>"_s;
    QStringList offsets;
    for (const ingest::ClockOffset &c : in.clockOffsets) {
        if (c.seconds != 0)
            offsets << tr("%1 %2 s (%3)").arg(esc(c.node)).arg(c.seconds, 0, 'f', 1).arg(esc(c.method));
    }
    if (!offsets.isEmpty())
        h += tr("<p>Clock offsets applied: %1</p>").arg(offsets.join(u"; "_s));
    m_view->setHtml(h + u"</body></html>"_s);
}

} // namespace rankscope::ui
