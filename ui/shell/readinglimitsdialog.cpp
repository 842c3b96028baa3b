// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "readinglimitsdialog.h"

#include "readinglimit.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

namespace {
QString settingsKey(const ingest::ReadingLimit &limit)
{
    return u"limits/"_s + limit.key();
}
} // namespace

void ReadingLimitsDialog::applySaved(ingest::IngestConfig &config)
{
    const QSettings settings;
    for (const ingest::ReadingLimit &limit : ingest::ReadingLimit::all()) {
        const QString stored = settings.value(settingsKey(limit)).toString();
        double v = 0;
        limit.setValue(config, !stored.isEmpty() && limit.parse(stored, &v, nullptr) ? v : limit.defaultValue());
    }
}

ReadingLimitsDialog::ReadingLimitsDialog(QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Reading Limits"));
    setObjectName(u"readingLimitsDialog"_s);
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("These caps keep memory and time bounded when a bundle is hostile or damaged. A bundle "
                                "that passes one is still analysed; what was left out is named in the warnings. "
                                "Sizes take K, M, G and T (binary multiples)."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto *form = new QFormLayout;
    ingest::IngestConfig current;
    applySaved(current);
    for (const ingest::ReadingLimit &limit : ingest::ReadingLimit::all()) {
        auto *field = new QLineEdit(limit.format(limit.value(current)), this);
        field->setObjectName(limit.key());
        field->setPlaceholderText(limit.format(limit.defaultValue()));
        field->setToolTip(limit.description() + u"\n\n"_s + tr("Default: %1. On the command line: --%2.")
                                                              .arg(limit.format(limit.defaultValue()), limit.key()));
        field->setAccessibleName(limit.label());
        form->addRow(limit.label() + u':', field);
        m_fields.append(field);
    }
    layout->addLayout(form);

    m_error = new QLabel(this);
    m_error->setObjectName(u"limitError"_s);
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    QFont bold = m_error->font();
    bold.setBold(true);
    m_error->setFont(bold);
    m_error->hide();
    layout->addWidget(m_error);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &ReadingLimitsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this, &ReadingLimitsDialog::restoreDefaults);
    layout->addWidget(buttons);
}

void ReadingLimitsDialog::restoreDefaults()
{
    const auto &limits = ingest::ReadingLimit::all();
    for (qsizetype i = 0; i < limits.size(); ++i)
        m_fields[i]->setText(limits[i].format(limits[i].defaultValue()));
    m_error->hide();
}

void ReadingLimitsDialog::accept()
{
    // Every field is checked before anything is stored: a dialog that saved half its values
    // and refused the rest would leave the user unsure which took.
    const auto &limits = ingest::ReadingLimit::all();
    QList<double> values;
    for (qsizetype i = 0; i < limits.size(); ++i) {
        double v = 0;
        QString why;
        const QString text = m_fields[i]->text().trimmed();
        if (text.isEmpty()) {
            values.append(limits[i].defaultValue());
            continue;
        }
        if (!limits[i].parse(text, &v, &why)) {
            m_error->setText(tr("%1 %2.").arg(limits[i].label(), why));
            m_error->show();
            m_fields[i]->setFocus();
            m_fields[i]->selectAll();
            return;
        }
        values.append(v);
    }
    QSettings settings;
    for (qsizetype i = 0; i < limits.size(); ++i) {
        if (values[i] == limits[i].defaultValue())
            settings.remove(settingsKey(limits[i]));
        else
            settings.setValue(settingsKey(limits[i]), limits[i].format(values[i]));
    }
    QDialog::accept();
}

} // namespace rankscope::ui
