// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "exportreportdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

namespace {

using render::ReportFormat;

struct FormatInfo
{
    ReportFormat format;
    const char *label;
    QString suffix;   // the one written
    QString patterns; // for the file dialog
};

const QList<FormatInfo> &formats()
{
    static const QList<FormatInfo> list = {
        {ReportFormat::Html, QT_TRANSLATE_NOOP("ExportReportDialog", "HTML report"), u".html"_s, u"*.html *.htm"_s},
        {ReportFormat::Markdown, QT_TRANSLATE_NOOP("ExportReportDialog", "Markdown report"), u".md"_s, u"*.md *.markdown"_s},
        {ReportFormat::Pdf, QT_TRANSLATE_NOOP("ExportReportDialog", "PDF report"), u".pdf"_s, u"*.pdf"_s},
        {ReportFormat::Json, QT_TRANSLATE_NOOP("ExportReportDialog", "JSON report"), u".json"_s, u"*.json"_s},
        {ReportFormat::Trace, QT_TRANSLATE_NOOP("ExportReportDialog", "Perfetto trace"), u".trace.json"_s, u"*.trace.json"_s},
    };
    return list;
}

int indexOf(ReportFormat format)
{
    for (qsizetype i = 0; i < formats().size(); ++i) {
        if (formats().at(i).format == format)
            return int(i);
    }
    return 0;
}

} // namespace

ExportReportDialog::ExportReportDialog(QWidget *parent)
    : QDialog(parent)
{
    setObjectName(u"exportReportDialog"_s);
    setWindowTitle(tr("Export Report"));
    auto *form = new QFormLayout;
    m_path = new QLineEdit(this);
    m_path->setObjectName(u"exportPath"_s);
    m_path->setMinimumWidth(420);
    m_path->setAccessibleName(tr("Report file"));
    auto *browse = new QPushButton(tr("&Browse…"), this);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    // A row whose field is a layout gets no buddy: the label is made here, tied to the edit,
    // or it shows its "&" literally.
    auto *fileLabel = new QLabel(tr("&File:"), this);
    fileLabel->setBuddy(m_path);
    form->addRow(fileLabel, pathRow);
    m_format = new QComboBox(this);
    m_format->setObjectName(u"exportFormat"_s);
    for (const FormatInfo &f : formats())
        m_format->addItem(tr(f.label) + u" ("_s + f.suffix + u')');
    form->addRow(tr("F&ormat:"), m_format);
    m_redact = new QCheckBox(tr("&Redact host names, IPs and user names"), this);
    m_redact->setObjectName(u"exportRedact"_s);
    m_redact->setToolTip(tr("Replace them with stable placeholders (node-01, ip-01, user-01) everywhere in the report"));
    form->addRow(QString(), m_redact);
    m_comparison = new QCheckBox(this);
    m_comparison->setObjectName(u"exportComparison"_s);
    m_comparison->setToolTip(tr("Add a \"Compared with\" section: versions, fabric and failures that differ from the good run"));
    m_comparison->setChecked(true);
    m_comparison->hide();
    form->addRow(QString(), m_comparison);
    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    m_problem->hide();
    form->addRow(QString(), m_problem);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("&Export"));
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);

    connect(browse, &QPushButton::clicked, this, &ExportReportDialog::browse);
    connect(m_path, &QLineEdit::textChanged, this, &ExportReportDialog::pathEdited);
    connect(m_format, &QComboBox::activated, this, &ExportReportDialog::formatChosen);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    pathEdited();
}

QStringList ExportReportDialog::nameFilters()
{
    QStringList filters;
    for (const FormatInfo &f : formats())
        filters.append(tr(f.label) + u" ("_s + f.patterns + u')');
    return filters;
}

QString ExportReportDialog::withSuffix(const QString &path, ReportFormat format)
{
    QString base = path;
    if (render::ReportWriter::formatFromPath(path)) {
        const QString lower = path.toLower();
        const qsizetype cut = lower.endsWith(u".trace.json"_s) ? path.size() - 11 : path.lastIndexOf(u'.');
        base = path.left(cut);
    }
    return base + formats().at(indexOf(format)).suffix;
}

void ExportReportDialog::setPath(const QString &path)
{
    m_path->setText(QDir::toNativeSeparators(path));
}

QString ExportReportDialog::path() const
{
    return QDir::fromNativeSeparators(m_path->text().trimmed());
}

void ExportReportDialog::setRedact(bool redact)
{
    m_redact->setChecked(redact);
}

bool ExportReportDialog::redact() const
{
    return m_redact->isChecked();
}

void ExportReportDialog::setComparison(const QString &goodName)
{
    m_comparison->setText(tr("Include the &comparison with %1").arg(goodName));
    m_comparison->setVisible(!goodName.isEmpty());
}

bool ExportReportDialog::includeComparison() const
{
    return !m_comparison->isHidden() && m_comparison->isChecked();
}

std::optional<ReportFormat> ExportReportDialog::format() const
{
    const auto f = render::ReportWriter::formatFromPath(path());
    // A plain-text summary is Edit > Copy Summary's, not a report file.
    if (!f || *f == ReportFormat::Summary)
        return std::nullopt;
    return f;
}

void ExportReportDialog::pathEdited()
{
    const auto f = format();
    if (f) {
        const QSignalBlocker blocker(m_format);
        m_format->setCurrentIndex(indexOf(*f));
    }
    const bool empty = path().isEmpty();
    m_problem->setVisible(!empty && !f);
    m_problem->setText(tr("The file name must end in .html, .md, .pdf, .json or .trace.json: the suffix chooses the format."));
    m_ok->setEnabled(!empty && f.has_value());
}

void ExportReportDialog::formatChosen(int index)
{
    if (index < 0 || index >= formats().size())
        return;
    if (path().isEmpty())
        return;
    setPath(withSuffix(path(), formats().at(index).format));
}

void ExportReportDialog::browse()
{
    const QStringList filters = nameFilters();
    QString selected = filters.value(m_format->currentIndex());
    QString chosen = QFileDialog::getSaveFileName(this, tr("Export Report"), path(), filters.join(u";;"_s), &selected);
    if (chosen.isEmpty())
        return;
    // The platform dialog may leave the suffix off: take the chosen filter's.
    if (!render::ReportWriter::formatFromPath(chosen) || render::ReportWriter::formatFromPath(chosen) == ReportFormat::Summary) {
        const qsizetype i = filters.indexOf(selected);
        chosen = withSuffix(chosen, formats().at(i >= 0 ? i : m_format->currentIndex()).format);
    }
    setPath(chosen);
}

} // namespace rankscope::ui
