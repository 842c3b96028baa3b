// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The incident report on hand-made bundles: what a reader checks first (the verdict sentence, the
// outlier node and value, the fix and verification commands) in every rendering, escaping of log
// text, and that a redacted report names no host, address or user of the bundle anywhere.
#include "analyzer.h"
#include "incidentreport.h"
#include "ingestor.h"
#include "knowledgebase.h"
#include "redactor.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace rankscope;
using report::IncidentReport;
using report::Redactor;

namespace {
std::shared_ptr<const kb::KnowledgeBase> knowledgeBase()
{
    static std::shared_ptr<const kb::KnowledgeBase> kb = [] {
        Warnings w;
        return kb::KnowledgeBase::open(
            QStringLiteral(RANKSCOPE_BINARY_DIR "/share/rankscope/encyclopedia.sqlite"), QString(), &w);
    }();
    return kb;
}

analysis::AnalysisResultPtr analyse(const QString &bundle)
{
    ingest::IngestConfig cfg;
    cfg.fingerprints = analysis::Analyzer::fingerprintSpecs(*knowledgeBase());
    const auto in
        = ingest::Ingestor::run({ QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade/") + bundle }, cfg);
    return analysis::Analyzer::run(in, *knowledgeBase());
}

report::ReportAnnotations annotations()
{
    report::ReportAnnotations a;
    a.notes
        = u"Reproduced on gpu-b07 by alice (/home/alice/repro.sh); peer 10.1.0.11 was fine.\n<script>alert(1)</script>"_s;
    a.bookmarks.append({ u"node-b/rank2.log"_s, 6, u"first error on gpu-b07"_s, u"the truncated message"_s });
    a.tags = { u"nccl"_s, u"postmortem"_s };
    return a;
}

QString allCommands(const QList<IncidentReport::Action> &actions)
{
    QString s;
    for (const IncidentReport::Action &a : actions) {
        for (const IncidentReport::Command &c : a.commands)
            s += c.code + u'\n';
    }
    return s;
}

// The analysis ranks nccl-version-conflict among the top three diagnoses of version-conflict;
// its encyclopedia entry pins the wheel and prints torch's NCCL on every node.
const QString FixCommand = u"pip install \"torch==2.5.1\" \"nvidia-nccl-cu12==2.21.5\""_s;
const QString VerifyCommand = u"torch.cuda.nccl.version()"_s;
const QString VerdictStart = u"Rank 2 on node gpu-b07 started the failure"_s;

// The first command of the encyclopedia's fix and verification steps of an entry.
QString firstCode(const QList<kb::Step> &steps)
{
    for (const kb::Step &s : steps) {
        if (!s.code.isEmpty())
            return s.code.first().code.section(u'\n', 0, 0);
    }
    return {};
}
const QStringList Originals = { u"gpu-a01"_s, u"gpu-b07"_s, u"10.1.0.11"_s, u"10.1.0.27"_s, u"alice"_s };
} // namespace

class TestIncidentReport : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY2(knowledgeBase()->entries().size() >= 64, "the built encyclopedia is missing"); }

    void sections()
    {
        const auto r = analyse(u"version-conflict"_s);
        const IncidentReport rep = IncidentReport::build(*r, knowledgeBase().get(), annotations(), Redactor());
        QVERIFY(!rep.redacted);
        QCOMPARE(rep.verdict.summary, r->verdict.summary);
        QVERIFY2(rep.verdict.summary.startsWith(VerdictStart), qPrintable(rep.verdict.summary));
        QCOMPARE(rep.verdict.entryTitle, knowledgeBase()->entry(r->verdict.entry)->title);
        QCOMPARE(rep.verdict.evidence.path, u"node-b/rank2.log"_s);
        QCOMPARE(rep.verdict.evidence.line, qint64(6));
        QCOMPARE(rep.chain.first().role, u"initiating"_s);
        QCOMPARE(rep.diagnoses.size(), qsizetype(3));
        for (qsizetype i = 0; i < rep.diagnoses.size(); ++i) {
            const IncidentReport::Diagnosis &d = rep.diagnoses.at(i);
            QCOMPARE(d.entry, r->diagnoses.at(i).entry);
            const kb::Entry *e = knowledgeBase()->entry(d.entry);
            QVERIFY(allCommands(d.fix).contains(firstCode(e->fix)));
            QVERIFY(allCommands(d.verification)
                        .contains(firstCode(QList<kb::Step>(e->verification.cbegin(), e->verification.cend()))));
            QCOMPARE(d.verification.size(), e->verification.size());
        }
        const auto conflict = std::find_if(rep.diagnoses.cbegin(), rep.diagnoses.cend(),
            [](const IncidentReport::Diagnosis &d) { return d.entry == u"nccl-version-conflict"_s; });
        QVERIFY(conflict != rep.diagnoses.cend());
        QVERIFY(allCommands(conflict->fix).contains(FixCommand));
        QVERIFY(allCommands(conflict->verification).contains(VerifyCommand));
        QVERIFY(!conflict->verification.first().expected.isEmpty());
        bool outlier = false;
        for (const IncidentReport::Outlier &o : rep.matrix.outliers)
            outlier |= o.node == u"gpu-b07"_s && o.component == u"nccl"_s && o.value == u"2.18.1"_s;
        QVERIFY(outlier);
        QCOMPARE(rep.job.nodes, (QStringList { u"gpu-a01"_s, u"gpu-b07"_s }));
        QCOMPARE(rep.job.ranks, qsizetype(4));
        QCOMPARE(rep.annotations.tags, (QStringList { u"nccl"_s, u"postmortem"_s }));

        // Timeline: ranks grouped by node, the initiating event on rank 2's lane.
        QCOMPARE(rep.timeline.lanes.size(), qsizetype(4));
        QVERIFY(rep.timeline.initiating >= 0);
        const auto &lane = rep.timeline.lanes.at(rep.timeline.events.at(rep.timeline.initiating).lane);
        QCOMPARE(lane.rank, 2);
        QCOMPARE(lane.node, u"gpu-b07"_s);
    }

    void markdown()
    {
        const auto r = analyse(u"version-conflict"_s);
        const IncidentReport rep = IncidentReport::build(*r, knowledgeBase().get(), annotations(), Redactor());
        const QString md
            = rep.toMarkdown({ { IncidentReport::timelineImageName(), u"my report_images/timeline.png"_s } });
        QVERIFY(md.contains(u"**"_s + VerdictStart));
        QVERIFY(md.contains(FixCommand));
        QVERIFY(md.contains(VerifyCommand));
        QVERIFY(md.contains(u"- **gpu-b07**: nccl = `2.18.1`"_s));
        QVERIFY(md.contains(u"| gpu-b07 |"_s));
        QVERIFY(md.contains(u"**2.18.1** ⚠"_s));
        QVERIFY(md.contains(u"](my%20report_images/timeline.png)"_s));
        // Log text is code, not Markdown or HTML: "<49122>" stays literal inside a code block.
        QVERIFY(md.contains(
            u"```text\ngpu-b07:7301:7390 [0] transport/net_socket.cc:431 NCCL WARN NET/Socket : peer 10.1.0.11<49122>"_s));
        QVERIFY(md.contains(u"## Notes"_s));
        QVERIFY(md.contains(u"`node-b/rank2.log:6` **first error on gpu-b07** — the truncated message"_s));
        // Every table row has as many cells as its header.
        const QStringList lines = md.split(u'\n');
        for (qsizetype i = 0; i + 1 < lines.size(); ++i) {
            if (!lines.at(i + 1).startsWith(u"|---"_s))
                continue;
            const qsizetype columns = lines.at(i).count(u'|');
            for (qsizetype j = i + 2; j < lines.size() && lines.at(j).startsWith(u'|'); ++j)
                QCOMPARE(lines.at(j).count(u'|') - lines.at(j).count(u"\\|"_s), columns);
        }
    }

    void json()
    {
        const auto r = analyse(u"inventories"_s);
        const IncidentReport rep = IncidentReport::build(*r, knowledgeBase().get(), {}, Redactor());
        const QJsonObject j = QJsonDocument::fromJson(QJsonDocument(rep.toJson()).toJson()).object();
        QCOMPARE(j.value(u"schema"_s).toString(), u"rankscope.report/1"_s);
        for (const QString &k : { u"title"_s, u"generator"_s, u"redacted"_s, u"summary"_s, u"verdict"_s, u"diagnoses"_s,
                 u"version_matrix"_s, u"job"_s, u"annotations"_s, u"warnings"_s, u"inputs"_s })
            QVERIFY2(j.contains(k), qPrintable(k));
        const QJsonObject v = j.value(u"verdict"_s).toObject();
        QCOMPARE(v.value(u"summary"_s).toString(), r->verdict.summary);
        QCOMPARE(v.value(u"evidence"_s).toObject().value(u"path"_s).toString(), u"node-2/collect_env.txt"_s);
        const QJsonArray outliers = j.value(u"version_matrix"_s).toObject().value(u"outliers"_s).toArray();
        bool driver = false;
        for (const QJsonValue &o : outliers) {
            const QJsonObject x = o.toObject();
            driver |= x.value(u"node"_s).toString() == u"node-2"_s && x.value(u"component"_s).toString() == u"driver"_s
                && x.value(u"value"_s).toString() == u"535.104.05"_s
                && x.value(u"majority"_s).toString() == u"550.54.15"_s;
        }
        QVERIFY(driver);
        const QJsonObject node2 = j.value(u"version_matrix"_s).toObject().value(u"nodes"_s).toArray().at(1).toObject();
        QCOMPARE(node2.value(u"node"_s).toString(), u"node-2"_s);
        QCOMPARE(node2.value(u"states"_s).toObject().value(u"driver"_s).toString(), u"outlier"_s);
        const QJsonObject top = j.value(u"diagnoses"_s).toArray().first().toObject();
        QVERIFY(!top.value(u"fix"_s).toArray().isEmpty());
        QVERIFY(!top.value(u"fix"_s).toArray().first().toObject().value(u"commands"_s).toArray().isEmpty());
        QVERIFY(top.value(u"verification"_s).toArray().first().toObject().contains(u"expected"_s));
        QVERIFY(j.value(u"warnings"_s).toObject().value(u"count"_s).toInt() >= 1);
    }

    void htmlIsEscapedAndSelfContained()
    {
        const auto r = analyse(u"version-conflict"_s);
        const IncidentReport rep = IncidentReport::build(*r, knowledgeBase().get(), annotations(), Redactor());
        const QByteArray png = QByteArrayLiteral("\x89PNG\r\n\x1a\nnot really");
        const QString html = rep.toHtml({ { IncidentReport::timelineImageName(), png } });
        QVERIFY(html.contains(r->verdict.summary.toHtmlEscaped()));
        QVERIFY(html.contains(FixCommand.toHtmlEscaped()));
        QVERIFY(html.contains(VerifyCommand));
        QVERIFY(html.contains(u"<td class=\"outlier\">2.18.1</td>"_s));
        QVERIFY(html.contains(u"10.1.0.11&lt;49122&gt;"_s));
        QVERIFY(!html.contains(u"<49122>"_s));
        QVERIFY(!html.contains(u"<script>"_s));
        QVERIFY(html.contains(u"&lt;script&gt;alert(1)&lt;/script&gt;"_s));
        // The only src is the embedded image.
        static const QRegularExpression src(u"\\b(src|href)\\s*=\\s*\"([^\"]*)"_s);
        int images = 0;
        for (auto it = src.globalMatch(html); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            QVERIFY2(m.captured(2).startsWith(u"data:image/png;base64,"_s), qPrintable(m.captured(0).left(80)));
            QCOMPARE(QByteArray::fromBase64(m.captured(2).mid(22).toLatin1()), png);
            ++images;
        }
        QCOMPARE(images, 1);
        // For printing, images are referred to by name.
        QVERIFY(rep.toHtml({ { IncidentReport::timelineImageName(), png } }, IncidentReport::ImageMode::ImageNames, 600)
                    .contains(u"<img src=\"timeline.png\" width=\"600\""_s));
    }

    void copySummary()
    {
        const auto r = analyse(u"version-conflict"_s);
        const IncidentReport rep = IncidentReport::build(*r, knowledgeBase().get(), {}, Redactor());
        const QString s = rep.copySummary();
        const QStringList lines = s.trimmed().split(u'\n');
        QVERIFY2(lines.size() >= 5 && lines.size() <= 8, qPrintable(s));
        QCOMPARE(lines.first(), u"Verdict: "_s + r->verdict.summary);
        QVERIFY(lines.first().startsWith(u"Verdict: "_s + VerdictStart));
        QVERIFY(s.contains(u"Confidence %1%"_s.arg(qRound(r->verdict.confidence * 100))));
        const analysis::Diagnosis &top = r->diagnoses.first();
        QVERIFY(s.contains(u"Diagnosis: "_s + top.title + u" ["_s + top.entry + u']'));
        static const QRegularExpression fix(u"^Fix: .+ → \\S+"_s, QRegularExpression::MultilineOption);
        QVERIFY2(fix.match(s).hasMatch(), qPrintable(s));
        static const QRegularExpression outliers(
            u"^Outliers: .*gpu-b07 nccl=2\\.18\\.1"_s, QRegularExpression::MultilineOption);
        QVERIFY2(outliers.match(s).hasMatch(), qPrintable(s));
        for (const QString &l : lines)
            QVERIFY2(l.size() <= 400, qPrintable(l));
    }

    // A reviewer's verdict is stated first in every rendering, with the automatic one kept below
    // it; a report without one looks as before, and redaction reaches the reviewer's words.
    void verdictOverride()
    {
        const auto r = analyse(u"version-conflict"_s);
        report::ReportAnnotations a;
        a.verdictOverride
            = report::ReportVerdictOverride { 5, u"gpu-a01"_s, u"cuda-oom"_s, {}, u"gpu-a01 ran out first"_s };
        QVERIFY(!a.isEmpty());
        const IncidentReport rep = IncidentReport::build(*r, knowledgeBase().get(), a, Redactor());
        QVERIFY(rep.annotations.verdictOverride);
        QVERIFY(!rep.annotations.verdictOverride->entryTitle.isEmpty()); // from the encyclopedia
        const QString md = rep.toMarkdown();
        const QString stated
            = u"rank 5 on node gpu-a01: "_s + rep.annotations.verdictOverride->entryTitle + u" (cuda-oom)"_s;
        QVERIFY2(md.contains(u"**Verdict overridden by the reviewer:** "_s + stated), qPrintable(md.left(800)));
        QVERIFY(md.indexOf(u"Reason: gpu-a01 ran out first"_s) < md.indexOf(VerdictStart));
        QVERIFY(!md.contains(u"## Notes"_s)); // nothing else was annotated
        QVERIFY(rep.toHtml().contains(u"Verdict overridden by the reviewer: "_s + stated.toHtmlEscaped()));
        const QJsonObject o = rep.toJson().value(u"annotations"_s).toObject().value(u"verdict_override"_s).toObject();
        QCOMPARE(o.value(u"rank"_s).toInt(), 5);
        QCOMPARE(o.value(u"entry"_s).toString(), u"cuda-oom"_s);
        QCOMPARE(o.value(u"reason"_s).toString(), u"gpu-a01 ran out first"_s);
        const QStringList lines = rep.copySummary().trimmed().split(u'\n');
        QVERIFY2(lines.size() <= 8, qPrintable(rep.copySummary()));
        QVERIFY(lines.first().startsWith(u"Reviewer's verdict: "_s + stated));
        QCOMPARE(lines.at(1), u"Automatic verdict: "_s + r->verdict.summary);

        const QJsonValue none = IncidentReport::build(*r, knowledgeBase().get(), {}, Redactor())
                                    .toJson()
                                    .value(u"annotations"_s)
                                    .toObject()
                                    .value(u"verdict_override"_s);
        QVERIFY(none.isNull());

        const IncidentReport redacted
            = IncidentReport::build(*r, knowledgeBase().get(), a, Redactor::fromResult(*r, a.texts()));
        QVERIFY(!redacted.toMarkdown().contains(u"gpu-a01"_s));
        QVERIFY(!redacted.copySummary().contains(u"gpu-a01"_s));
    }

    void redactedEverywhere_data()
    {
        QTest::addColumn<QString>("bundle");
        QTest::addRow("version conflict") << u"version-conflict"_s;
        QTest::addRow("CUDA OOM in Slurm output") << u"cuda-oom-slurm"_s;
        QTest::addRow("inventories") << u"inventories"_s;
    }
    void redactedEverywhere()
    {
        QFETCH(QString, bundle);
        const auto r = analyse(bundle);
        const report::ReportAnnotations a = annotations();
        const Redactor redactor = Redactor::fromResult(*r, a.texts());
        QStringList originals;
        for (const Redactor::Alias &x : redactor.aliases())
            originals.append(x.original);
        QVERIFY(!originals.isEmpty());
        const IncidentReport rep = IncidentReport::build(*r, knowledgeBase().get(), a, redactor);
        QVERIFY(rep.redacted);
        const QStringList renderings
            = { rep.toMarkdown({ { IncidentReport::timelineImageName(), u"x_images/timeline.png"_s } }),
                  QString::fromUtf8(QJsonDocument(rep.toJson()).toJson()), rep.toHtml(), rep.copySummary() };
        for (const QString &text : renderings) {
            for (const QString &o : std::as_const(originals))
                QVERIFY2(!text.contains(o, Qt::CaseInsensitive), qPrintable(o + u" leaks into:\n"_s + text.left(2000)));
            static const QRegularExpression alias(u"\\bnode-0[1-9]\\b"_s);
            QVERIFY2(alias.match(text).hasMatch(), qPrintable(text.left(400)));
        }
        for (const auto &lane : rep.timeline.lanes) {
            for (const QString &o : std::as_const(originals))
                QVERIFY(!lane.node.contains(o, Qt::CaseInsensitive));
        }
        if (bundle == u"version-conflict"_s) {
            QCOMPARE(rep.verdict.summary, QString(r->verdict.summary).replace(u"gpu-b07"_s, u"node-02"_s));
            QVERIFY(rep.toMarkdown().contains(u"peer ip-01<49122>"_s));
            QVERIFY(rep.annotations.notes.startsWith(
                u"Reproduced on node-02 by user-01 (/home/user-01/repro.sh); peer ip-01 was fine."_s));
        }
    }

    void handMadeResultWithAwkwardText()
    {
        // A result made by hand: text that would break tables, code spans and HTML.
        auto in = std::make_shared<ingest::IngestResult>();
        in->files.append(ingest::InputFile {});
        in->files.last().path = u"logs/a|b.log"_s;
        analysis::AnalysisResult r;
        r.ingest = in;
        r.verdict.summary = u"Rank 0 failed: `x` | <b>y</b> & *z*"_s;
        r.verdict.confidence = 0.5;
        r.verdict.evidence.source = { 0, 3 };
        r.verdict.evidence.path = in->files.last().path;
        r.verdict.evidence.text = u"```fence``` | tricky"_s;
        r.verdict.chain.append(
            { analysis::ChainStep::Role::Initiating, u"x"_s, u"why | with pipe"_s, r.verdict.evidence });
        const IncidentReport rep = IncidentReport::build(r, nullptr, {}, Redactor());
        const QString md = rep.toMarkdown();
        QVERIFY(md.contains(u"**Rank 0 failed: \\`x\\` \\| \\<b\\>y\\</b\\> & \\*z\\***"_s));
        QVERIFY(md.contains(u"````text\n```fence``` | tricky\n````"_s));
        QVERIFY(md.contains(u"| `logs/a\\|b.log:3` | why \\| with pipe |"_s));
        const QString html = rep.toHtml();
        QVERIFY(html.contains(u"Rank 0 failed: `x` | &lt;b&gt;y&lt;/b&gt; &amp; *z*"_s));
        QVERIFY(!rep.copySummary().isEmpty());
        QVERIFY(rep.timeline.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestIncidentReport)
#include "tst_incidentreport.moc"
