// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "reportwriter.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace rankscope::ui {

// File > Export Report…: the file, its format and whether to redact. The file's suffix chooses
// the format (as `rankscope report --out` does) and the format list follows it; choosing a
// format rewrites the suffix. After File → Compare with Good Run… it also offers the report's
// "Compared with" section. "Browse…" opens the platform's save dialog with one filter per
// format; this dialog exists because QFileDialog cannot carry the redaction choice portably.
class ExportReportDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit ExportReportDialog(QWidget *parent = nullptr);

    void setPath(const QString &path);
    QString path() const;
    void setRedact(bool redact);
    bool redact() const;
    // Offers "Include the comparison with GOOD" (checked) when the window holds a comparison with a
    // good run; an empty name hides the choice.
    void setComparison(const QString &goodName);
    bool includeComparison() const;
    std::optional<render::ReportFormat> format() const;

    // "HTML report (*.html *.htm)", … in the order of the format list.
    static QStringList nameFilters();
    // path with its report suffix (if any) replaced by the one of format.
    static QString withSuffix(const QString &path, render::ReportFormat format);

private:
    void browse();
    void pathEdited();
    void formatChosen(int index);

    QLineEdit *m_path;
    QComboBox *m_format;
    QCheckBox *m_redact;
    QCheckBox *m_comparison;
    QLabel *m_problem;
    QPushButton *m_ok;
};

} // namespace rankscope::ui
