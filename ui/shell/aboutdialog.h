// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>

namespace rankscope::ui {

// Names RankScope's version, licence and the versions of Qt, QCustomPlot, KSyntaxHighlighting
// and SQLite in use: the first thing a bug report needs.
class AboutDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit AboutDialog(QWidget *parent = nullptr);
    QString versionsText() const { return m_versions; }

private:
    QString m_versions;
};

} // namespace rankscope::ui
