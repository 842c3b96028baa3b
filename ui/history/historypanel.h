// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace rankscope::models {
class IncidentHistoryModel;
}

namespace rankscope::ui {

class HistoryController;

// The History dock: the recurring culprits of the last months in words, then every recorded
// incident (filter by failure, node or job, and by time; sortable, natural order for nodes). Activating an
// incident opens the bundle it was analysed from; Forget removes it from the library.
class HistoryPanel final : public QWidget
{
    Q_OBJECT
public:
    explicit HistoryPanel(HistoryController *controller, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    models::IncidentHistoryModel *model() const { return m_model; }
    QString culpritsText() const;
    void setFilter(const QString &text);
    // Only incidents of the last days days (by when they happened); 0 shows every incident.
    void setPeriodDays(int days);

Q_SIGNALS:
    // The bundle (or archives) an incident was analysed from.
    void openRequested(const QStringList &paths);

private:
    void reload();
    void activate(const QModelIndex &index);
    void forgetSelected();

    HistoryController *m_controller = nullptr;
    models::IncidentHistoryModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;
    QLabel *m_culprits = nullptr;
    QLineEdit *m_filter = nullptr;
    QComboBox *m_period = nullptr;
    QTableView *m_table = nullptr;
    QPushButton *m_forget = nullptr;
    QCheckBox *m_record = nullptr;
    QLabel *m_where = nullptr;
};

} // namespace rankscope::ui
