// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reportwriter.h"

#include "knowledgebase.h"
#include "traceexport.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextDocument>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace rankscope::render {

namespace {

constexpr int ImageWidth = 1200; // pixels of the timeline image
constexpr int PrintImageWidth = 600; // its width on an A4 page, in 96-dpi document pixels

bool writeFile(const QString &path, const QByteArray &bytes, QString *error)
{
    // Unbuffered: QSaveFile::commit() missed a write error that happened while its buffer was
    // flushed (a full disk gave exit 0 and a cut file); write() itself reports a short write.
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Unbuffered) || f.write(bytes) != bytes.size() || !f.commit()) {
        if (error)
            *error = u"cannot write %1: %2"_s.arg(QDir::toNativeSeparators(path), f.errorString());
        return false;
    }
    return true;
}

} // namespace

ReportWriter::ReportWriter(ReportInput input)
    : m_input(std::move(input))
{
    if (m_input.result) {
        if (m_input.redact)
            m_redactor = report::Redactor::fromResults({m_input.result.get(), m_input.goodRun.get()},
                m_input.annotations.texts() << m_input.title << m_input.goodName << m_input.badName);
        report::IncidentReport::Options options;
        options.title = m_input.title;
        m_report = report::IncidentReport::build(
            *m_input.result, m_input.kb.get(), m_input.annotations, m_redactor, options);
        if (m_input.goodRun)
            m_report.setComparison(m_input.comparison ? *m_input.comparison
                                                      : analysis::RunComparison::compare(*m_input.goodRun, *m_input.result),
                m_input.goodName, m_input.badName, m_redactor);
    }
}

std::optional<ReportFormat> ReportWriter::formatFromName(const QString &name)
{
    const QString n = name.toLower();
    if (n == u"html"_s || n == u"htm"_s)
        return ReportFormat::Html;
    if (n == u"md"_s || n == u"markdown"_s)
        return ReportFormat::Markdown;
    if (n == u"pdf"_s)
        return ReportFormat::Pdf;
    if (n == u"json"_s)
        return ReportFormat::Json;
    if (n == u"summary"_s || n == u"txt"_s || n == u"text"_s)
        return ReportFormat::Summary;
    if (n == u"trace"_s)
        return ReportFormat::Trace;
    return std::nullopt;
}

std::optional<ReportFormat> ReportWriter::formatFromPath(const QString &path)
{
    const QString name = QFileInfo(path).fileName().toLower();
    if (name.endsWith(u".trace.json"_s))
        return ReportFormat::Trace;
    const qsizetype dot = name.lastIndexOf(u'.');
    if (dot <= 0)
        return std::nullopt;
    return formatFromName(name.mid(dot + 1));
}

QString ReportWriter::formatName(ReportFormat format)
{
    switch (format) {
    case ReportFormat::Html:
        return u"html"_s;
    case ReportFormat::Markdown:
        return u"md"_s;
    case ReportFormat::Pdf:
        return u"pdf"_s;
    case ReportFormat::Json:
        return u"json"_s;
    case ReportFormat::Summary:
        return u"summary"_s;
    case ReportFormat::Trace:
        return u"trace"_s;
    }
    return {};
}

QString ReportWriter::imageDirFor(const QString &markdownPath)
{
    const QFileInfo fi(markdownPath);
    return QDir::cleanPath(fi.path() + u'/' + fi.completeBaseName() + u"_images"_s);
}

const TimelineImage::Rendered &ReportWriter::timeline() const
{
    if (!m_timeline)
        m_timeline = TimelineImage::render(m_report.timeline, QSize(ImageWidth, 0));
    return *m_timeline;
}

QByteArray ReportWriter::timelinePng() const
{
    if (m_timelinePng.isEmpty())
        m_timelinePng = TimelineImage::toPng(timeline().image);
    return m_timelinePng;
}

QString ReportWriter::html() const
{
    QMap<QString, QByteArray> images;
    if (!m_report.timeline.isEmpty())
        images.insert(report::IncidentReport::timelineImageName(), timelinePng());
    return m_report.toHtml(images, report::IncidentReport::ImageMode::DataUris);
}

QString ReportWriter::markdown(const QString &imageLinkDir) const
{
    QMap<QString, QString> links;
    if (!imageLinkDir.isEmpty() && !m_report.timeline.isEmpty())
        links.insert(report::IncidentReport::timelineImageName(),
            imageLinkDir + u'/' + report::IncidentReport::timelineImageName());
    return m_report.toMarkdown(links);
}

QByteArray ReportWriter::json() const
{
    return QJsonDocument(m_report.toJson()).toJson(QJsonDocument::Indented);
}

QString ReportWriter::summary() const
{
    return m_report.copySummary();
}

QByteArray ReportWriter::trace() const
{
    if (!m_input.result)
        return QByteArrayLiteral("{\"traceEvents\":[]}");
    return report::TraceExport::toBytes(*m_input.result, m_redactor, m_input.kb.get());
}

bool ReportWriter::writePdf(const QString &path, QString *error) const
{
    QMap<QString, QByteArray> images;
    QTextDocument doc;
    if (!m_report.timeline.isEmpty()) {
        images.insert(report::IncidentReport::timelineImageName(), timelinePng());
        doc.addResource(
            QTextDocument::ImageResource, QUrl(report::IncidentReport::timelineImageName()), timeline().image);
    }
    QFont font(u"DejaVu Sans"_s);
    font.setPointSizeF(9);
    doc.setDefaultFont(font);
    doc.setHtml(m_report.toHtml(images, report::IncidentReport::ImageMode::ImageNames, PrintImageWidth));

    // Rendered in memory (a report is a few MB at most) and then written like every other format:
    // QPdfWriter ignores a short write, so straight into the file a full disk gave a cut PDF and
    // success, and a kill left half a PDF in place of the old one.
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter pdf(&buffer);
        pdf.setPageSize(QPageSize(QPageSize::A4));
        // QTextDocument::print() adds 2 cm margins of its own to an unpaginated document.
        pdf.setPageMargins(QMarginsF(5, 5, 5, 5), QPageLayout::Millimeter);
        pdf.setTitle(m_report.title);
        pdf.setCreator(m_report.generator);
        pdf.setResolution(300);
        doc.print(&pdf);
    } // the writer finishes the document when it goes
    if (buffer.data().isEmpty()) {
        if (error)
            *error = u"cannot write %1: the PDF could not be produced"_s.arg(QDir::toNativeSeparators(path));
        return false;
    }
    return writeFile(path, buffer.data(), error);
}

bool ReportWriter::write(const QString &path, ReportFormat format, QString *error, QStringList *written) const
{
    bool ok = false;
    switch (format) {
    case ReportFormat::Html:
        ok = writeFile(path, html().toUtf8(), error);
        break;
    case ReportFormat::Markdown: {
        QString link;
        QString image;
        bool madeDir = false;
        QString dir;
        if (!m_report.timeline.isEmpty()) {
            dir = imageDirFor(path);
            image = QDir(dir).filePath(report::IncidentReport::timelineImageName());
            madeDir = !QFileInfo::exists(dir);
            if (!QDir().mkpath(dir)) {
                if (error)
                    *error = u"cannot create %1"_s.arg(QDir::toNativeSeparators(dir));
                return false;
            }
            if (!writeFile(image, timelinePng(), error)) {
                if (madeDir)
                    QDir().rmdir(dir);
                return false;
            }
            link = QFileInfo(dir).fileName();
        }
        ok = writeFile(path, markdown(link).toUtf8(), error);
        if (!ok && !image.isEmpty() && madeDir) {
            // Nothing of a failed report stays behind; an earlier report's folder is left alone.
            QFile::remove(image);
            QDir().rmdir(dir);
        }
        if (ok && written && !image.isEmpty())
            written->append(image);
        break;
    }
    case ReportFormat::Pdf:
        ok = writePdf(path, error);
        break;
    case ReportFormat::Json:
        ok = writeFile(path, json(), error);
        break;
    case ReportFormat::Summary:
        ok = writeFile(path, summary().toUtf8(), error);
        break;
    case ReportFormat::Trace:
        ok = writeFile(path, trace(), error);
        break;
    }
    if (ok && written)
        written->append(path);
    return ok;
}

} // namespace rankscope::render
