// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Report files as a reader gets them, on the offscreen platform: the timeline image (labels from
// the redactor, real pixels), one self-contained HTML file, Markdown with its image folder, a PDF
// whose text holds the verdict (read back with pdftotext), JSON and trace; redaction in all of
// them; a write failure that names the file.
#include "analyzer.h"
#include "ingestor.h"
#include "knowledgebase.h"
#include "reportwriter.h"

#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>

using namespace Qt::StringLiterals;
using namespace rankscope;
using render::ReportFormat;
using render::ReportInput;
using render::ReportWriter;
using render::TimelineImage;

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

ReportInput input(const QString &bundle, bool redact)
{
    ingest::IngestConfig cfg;
    cfg.fingerprints = analysis::Analyzer::fingerprintSpecs(*knowledgeBase());
    const auto in
        = ingest::Ingestor::run({ QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade/") + bundle }, cfg);
    ReportInput i;
    i.result = analysis::Analyzer::run(in, *knowledgeBase());
    i.kb = knowledgeBase();
    i.redact = redact;
    i.annotations.notes = u"Seen on gpu-b07 (10.1.0.27) by alice, see /home/alice/repro.sh."_s;
    return i;
}

const QStringList Originals = { u"gpu-a01"_s, u"gpu-b07"_s, u"10.1.0.11"_s, u"10.1.0.27"_s, u"alice"_s };
const QString Verdict = u"Rank 2 on node gpu-b07 started the failure"_s;
const QString RedactedVerdict = u"Rank 2 on node node-02 started the failure"_s;
// From nccl-version-conflict, among the top three diagnoses of version-conflict.
const QString FixCommand = u"nvidia-nccl-cu12==2.21.5"_s;

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Text of a PDF as pdftotext reads it, ligatures unfolded and whitespace collapsed.
QString pdfText(const QString &pdf)
{
    QProcess p;
    p.start(QStandardPaths::findExecutable(u"pdftotext"_s), { pdf, u"-"_s });
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return {};
    return QString::fromUtf8(p.readAllStandardOutput()).normalized(QString::NormalizationForm_KC).simplified();
}

int countColour(const QImage &image, QColor colour, int tolerance)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            n += std::abs(c.red() - colour.red()) <= tolerance && std::abs(c.green() - colour.green()) <= tolerance
                && std::abs(c.blue() - colour.blue()) <= tolerance;
        }
    }
    return n;
}
} // namespace

class TestReportWriter : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY2(knowledgeBase()->entries().size() >= 64, "the built encyclopedia is missing");
    }

    void formats_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("format");
        QTest::addRow("html") << u"/tmp/x/report.html"_s << int(ReportFormat::Html);
        QTest::addRow("HTM upper case") << u"REPORT.HTM"_s << int(ReportFormat::Html);
        QTest::addRow("markdown") << u"a.b/report.md"_s << int(ReportFormat::Markdown);
        QTest::addRow("pdf") << u"report.pdf"_s << int(ReportFormat::Pdf);
        QTest::addRow("trace before json") << u"job.trace.json"_s << int(ReportFormat::Trace);
        QTest::addRow("json") << u"report.json"_s << int(ReportFormat::Json);
        QTest::addRow("txt is the summary") << u"summary.txt"_s << int(ReportFormat::Summary);
        QTest::addRow("no suffix") << u"report"_s << -1;
        QTest::addRow("unknown suffix") << u"report.docx"_s << -1;
    }
    void formats()
    {
        QFETCH(QString, path);
        QFETCH(int, format);
        const auto f = ReportWriter::formatFromPath(path);
        QCOMPARE(f ? int(*f) : -1, format);
        if (f)
            QCOMPARE(ReportWriter::formatFromName(ReportWriter::formatName(*f)), f);
    }

    void timelineLabelsComeFromTheRedactor()
    {
        const ReportWriter plain(input(u"version-conflict"_s, false));
        const TimelineImage::Rendered &p = plain.timeline();
        QVERIFY(!p.image.isNull());
        QCOMPARE(p.image.width(), 1200);
        QVERIFY(p.labels.contains(u"gpu-b07"_s)); // positive control: node labels are drawn
        QVERIFY(p.labels.filter(u"rank 2 on gpu-b07: "_s).size() == 1);

        const ReportWriter redacted(input(u"version-conflict"_s, true));
        const TimelineImage::Rendered &r = redacted.timeline();
        QVERIFY(r.labels.contains(u"node-02"_s));
        QVERIFY(r.labels.filter(u"rank 2 on node-02: "_s).size() == 1);
        for (const QString &label : r.labels) {
            for (const report::Redactor::Alias &a : redacted.redactor().aliases())
                QVERIFY2(!label.contains(a.original, Qt::CaseInsensitive), qPrintable(label));
        }

        // Real pixels: markers, text and the initiating event's red star.
        const QImage &img = r.image;
        const int white = countColour(img, Qt::white, 0);
        QVERIFY2(white < img.width() * img.height() * 0.97, "the image is (nearly) blank");
        QVERIFY2(countColour(img, QColor(0xd3, 0x2f, 0x2f), 12) > 40, "no initiating marker");
        QVERIFY2(countColour(img, QColor(0xef, 0x8f, 0x3a), 12) > 20, "no collateral markers");
        QImage decoded;
        QVERIFY(decoded.loadFromData(redacted.timelinePng(), "PNG"));
        QCOMPARE(decoded.size(), img.size());
    }

    void emptyTimelineStillRenders()
    {
        const TimelineImage::Rendered r = TimelineImage::render(report::IncidentReport::Timeline {}, QSize(400, 200));
        QCOMPARE(r.image.size(), QSize(400, 200));
        QCOMPARE(r.labels, QStringList { u"No timed events"_s });
    }

    void htmlIsOneSelfContainedFile()
    {
        QTemporaryDir dir;
        const ReportWriter w(input(u"version-conflict"_s, false));
        const QString path = dir.filePath(u"report.html"_s);
        QString error;
        QStringList written;
        QVERIFY2(w.write(path, ReportFormat::Html, &error, &written), qPrintable(error));
        QCOMPARE(written, QStringList { path });
        QCOMPARE(QDir(dir.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries), QStringList { u"report.html"_s });
        const QString html = QString::fromUtf8(readAll(path));
        QVERIFY(html.contains(Verdict));
        QVERIFY(html.contains(FixCommand));
        // (No raw string literal here: moc's tokenizer would lose the class after it.)
        static const QRegularExpression ref(
            u"\\b(src|href)\\s*=\\s*[\"']?([^\"' >]*)"_s, QRegularExpression::CaseInsensitiveOption);
        int images = 0;
        for (auto it = ref.globalMatch(html); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            QVERIFY2(m.captured(2).startsWith(u"data:image/png;base64,"_s), qPrintable(m.captured(0).left(80)));
            QImage img;
            QVERIFY(img.loadFromData(QByteArray::fromBase64(m.captured(2).mid(22).toLatin1()), "PNG"));
            ++images;
        }
        QCOMPARE(images, 1);
        QVERIFY(!html.contains(u"url("_s));
        QVERIFY(!html.contains(u"@import"_s));
    }

    void markdownHasAnImageFolder()
    {
        QTemporaryDir dir;
        const ReportWriter w(input(u"version-conflict"_s, false));
        const QString path = dir.filePath(u"incident 42.md"_s);
        QString error;
        QStringList written;
        QVERIFY2(w.write(path, ReportFormat::Markdown, &error, &written), qPrintable(error));
        const QString image = dir.filePath(u"incident 42_images/timeline.png"_s);
        QCOMPARE(written, (QStringList { image, path }));
        QImage img;
        QVERIFY(img.load(image));
        const QString md = QString::fromUtf8(readAll(path));
        QVERIFY(md.contains(u"](incident%2042_images/timeline.png)"_s));
        QVERIFY(md.contains(Verdict));
        QVERIFY(md.contains(FixCommand));
    }

    void pdfHoldsTheVerdict()
    {
        if (QStandardPaths::findExecutable(u"pdftotext"_s).isEmpty())
            QSKIP("pdftotext (poppler-utils) is not installed");
        QTemporaryDir dir;
        for (const bool redact : { false, true }) {
            const ReportWriter w(input(u"version-conflict"_s, redact));
            const QString path = dir.filePath(redact ? u"redacted.pdf"_s : u"report.pdf"_s);
            QString error;
            QVERIFY2(w.write(path, ReportFormat::Pdf, &error), qPrintable(error));
            QVERIFY(readAll(path).startsWith("%PDF-"));
            const QString text = pdfText(path);
            QVERIFY2(text.contains(redact ? RedactedVerdict : Verdict), qPrintable(text.left(600)));
            QVERIFY2(text.contains(w.report().verdict.summary.simplified()), qPrintable(text.left(600)));
            QVERIFY(text.contains(FixCommand));
            if (redact) {
                for (const QString &o : Originals)
                    QVERIFY2(!text.contains(o, Qt::CaseInsensitive), qPrintable(o));
            }
        }
    }

    void redactedFilesNameNobody()
    {
        QTemporaryDir dir;
        const ReportWriter w(input(u"version-conflict"_s, true));
        for (const ReportFormat f : { ReportFormat::Html, ReportFormat::Markdown, ReportFormat::Json,
                 ReportFormat::Summary, ReportFormat::Trace }) {
            const QString path = dir.filePath(u"r."_s + ReportWriter::formatName(f));
            QString error;
            QVERIFY2(w.write(path, f, &error), qPrintable(error));
            const QString text = QString::fromUtf8(readAll(path));
            QVERIFY(!text.isEmpty());
            for (const QString &o : Originals)
                QVERIFY2(!text.contains(o, Qt::CaseInsensitive), qPrintable(ReportWriter::formatName(f) + u": "_s + o));
            QVERIFY2(text.contains(u"node-02"_s), qPrintable(ReportWriter::formatName(f)));
        }
        QJsonParseError e;
        QJsonDocument::fromJson(readAll(dir.filePath(u"r.json"_s)), &e);
        QCOMPARE(e.error, QJsonParseError::NoError);
        QJsonDocument::fromJson(readAll(dir.filePath(u"r.trace"_s)), &e);
        QCOMPARE(e.error, QJsonParseError::NoError);
    }

    // A disk that fills up while a report is written (RLIMIT_FSIZE stands in for it): the
    // write fails naming the file, the earlier report of that name is still whole, and nothing
    // of the failed one is left next to it, Markdown's image folder included.
    void fullDiskKeepsTheOldReport_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("name");
        QTest::addRow("html") << int(ReportFormat::Html) << u"r.html"_s;
        QTest::addRow("markdown") << int(ReportFormat::Markdown) << u"r.md"_s;
        QTest::addRow("pdf") << int(ReportFormat::Pdf) << u"r.pdf"_s;
        QTest::addRow("json") << int(ReportFormat::Json) << u"r.json"_s;
        QTest::addRow("trace") << int(ReportFormat::Trace) << u"r.trace.json"_s;
    }
    void fullDiskKeepsTheOldReport()
    {
        QFETCH(int, format);
        QFETCH(QString, name);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        const QByteArray old = "the report of yesterday\n";
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly) && f.write(old) == old.size());
        }
        const ReportWriter w(input(u"version-conflict"_s, false));
        rlimit saved{};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &saved), 0);
        const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit small = saved;
        small.rlim_cur = 1024;
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        QString error;
        const bool ok = w.write(path, ReportFormat(format), &error);
        setrlimit(RLIMIT_FSIZE, &saved);
        std::signal(SIGXFSZ, oldHandler);
        QVERIFY2(!ok, qPrintable(u"%1 bytes"_s.arg(QFileInfo(path).size())));
        QVERIFY2(error.contains(QDir::toNativeSeparators(dir.path())), qPrintable(error));
        QCOMPARE(readAll(path), old);
        QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), QStringList{name});
    }

    // kill -9 at any moment of `rankscope report --out x.pdf`: x.pdf is the old report or the
    // whole new one, never half of one.
    void killedWriterKeepsTheOldPdf()
    {
        const QString rankscope = QStringLiteral(RANKSCOPE_BINARY_DIR "/app/rankscope");
        if (!QFileInfo::exists(rankscope))
            QSKIP("the rankscope command is not built");
        QTemporaryDir dir;
        const QString path = dir.filePath(u"x.pdf"_s);
        const QByteArray old = "the report of yesterday\n";
        int killedWhileRunning = 0;
        int replaced = 0;
        for (int delay = 0; delay <= 3000 && replaced < 3; delay += 150) {
            {
                QFile f(path);
                QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(old) == old.size());
            }
            QProcess p;
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(u"RANKSCOPE_ENCYCLOPEDIA"_s, QStringLiteral(RANKSCOPE_BINARY_DIR "/share/rankscope/encyclopedia.sqlite"));
            env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
            p.setProcessEnvironment(env);
            p.start(rankscope, {u"report"_s, QStringLiteral(RANKSCOPE_SOURCE_DIR "/tests/data/handmade/version-conflict"), u"--out"_s, path});
            QVERIFY(p.waitForStarted());
            if (!p.waitForFinished(delay)) {
                ++killedWhileRunning;
                p.kill();
                p.waitForFinished();
            }
            const QByteArray now = readAll(path);
            if (now == old)
                continue;
            QVERIFY2(now.startsWith("%PDF-") && now.trimmed().endsWith("%%EOF"), qPrintable(u"after %1 ms: %2 bytes"_s.arg(delay).arg(now.size())));
            ++replaced;
        }
        QVERIFY(killedWhileRunning > 0);
        QVERIFY(replaced > 0);
    }

    void writeFailureNamesTheFile()
    {
        QTemporaryDir dir;
        const ReportWriter w(input(u"version-conflict"_s, false));
        const QString path = dir.filePath(u"missing/dir/report.html"_s);
        for (const ReportFormat f : { ReportFormat::Html, ReportFormat::Pdf, ReportFormat::Json }) {
            QString error;
            QVERIFY(!w.write(path, f, &error));
            QVERIFY2(error.contains(path), qPrintable(error));
        }
    }
};

QTEST_MAIN(TestReportWriter)
#include "tst_reportwriter.moc"
