// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "findresultsmodel.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

FindResultsModel::FindResultsModel(QObject *parent)
    : QAbstractListModel(parent)
{
}

void FindResultsModel::setHits(ingest::IngestResultPtr ingest, LineSearch::AllHits hits)
{
    beginResetModel();
    m_ingest = std::move(ingest);
    m_hits = std::move(hits);
    endResetModel();
}

SourceRef FindResultsModel::origin(const QModelIndex &index) const
{
    if (!index.isValid() || index.row() >= m_hits.hits.size())
        return {};
    return m_hits.hits.at(index.row()).origin;
}

QString FindResultsModel::summary() const
{
    const QLocale locale;
    if (m_hits.total == 0)
        return tr("No matching line in any file");
    // Plurals spelled out: no translation catalogue is loaded for English.
    QString s = (m_hits.total == 1 ? tr("1 matching line") : tr("%1 matching lines").arg(locale.toString(m_hits.total))) + u" "_s
                + (m_hits.sources == 1 ? tr("in 1 file") : tr("in %1 files").arg(locale.toString(m_hits.sources)));
    if (m_hits.total > m_hits.hits.size())
        s += u" "_s + tr("(the first %1 listed)").arg(locale.toString(m_hits.hits.size()));
    return s;
}

int FindResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_hits.hits.size());
}

QVariant FindResultsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_hits.hits.size() || index.column() != 0)
        return {};
    const LineSearch::FileHit &h = m_hits.hits.at(index.row());
    const ingest::InputFile *f = m_ingest ? m_ingest->file(h.origin.file) : nullptr;
    const QString where = (f ? f->path : QString::number(h.origin.file)) + u':' + QString::number(h.origin.line);
    switch (role) {
    case Qt::DisplayRole:
        return QString(where + u"  "_s + h.text.simplified().left(200));
    case Qt::ToolTipRole:
        return QString(where + u'\n' + h.text);
    case OriginFileRole:
        return int(h.origin.file);
    case OriginLineRole:
        return qlonglong(h.origin.line);
    default:
        return {};
    }
}

} // namespace rankscope::ui
