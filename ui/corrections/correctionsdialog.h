// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ingestconfig.h"
#include "ingestresult.h"

#include <QDialog>

class QLineEdit;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace rankscope::ui {

class ClockOffsetModel;
class FileAttributionModel;

// Edit → Corrections…: the user's word on node clocks and on who wrote a file, for when the
// estimates are wrong (a node whose clock drifted without any shared event to tell, a console
// log copied without its rank). Accepting hands corrections() to MainWindow::applyCorrections(),
// which reads the bundle again with them; an open case records them.
class CorrectionsDialog final : public QDialog
{
    Q_OBJECT
public:
    CorrectionsDialog(const ingest::IngestResult &ingest, const ingest::ManualCorrections &current, QWidget *parent = nullptr);

    ingest::ManualCorrections corrections() const;
    // Shows the file's row on the Files tab, ready to edit its rank.
    void selectFile(const QString &path);

    ClockOffsetModel *clockModel() const { return m_clocks; }
    FileAttributionModel *fileModel() const { return m_files; }
    QTableView *clockView() const { return m_clockView; }
    QTableView *fileView() const { return m_fileView; }

private:
    QTabWidget *m_tabs = nullptr;
    ClockOffsetModel *m_clocks = nullptr;
    FileAttributionModel *m_files = nullptr;
    QSortFilterProxyModel *m_fileProxy = nullptr;
    QTableView *m_clockView = nullptr;
    QTableView *m_fileView = nullptr;
    QLineEdit *m_filter = nullptr;
};

} // namespace rankscope::ui
