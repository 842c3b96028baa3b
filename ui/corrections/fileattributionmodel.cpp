// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fileattributionmodel.h"

#include <QFont>
#include <QSet>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

FileAttributionModel::FileAttributionModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void FileAttributionModel::setFiles(const QList<ingest::InputFile> &files,
                                    const QHash<QString, ingest::FileAttributionOverride> &manual)
{
    beginResetModel();
    m_rows.clear();
    m_rows.reserve(files.size());
    QSet<QString> listed;
    for (const ingest::InputFile &f : files) {
        Row r;
        r.path = f.path;
        r.kind = ingest::fileKindNames(f.kinds);
        r.node = f.node;
        r.rank = f.rank;
        r.byHand = manual.contains(f.path);
        r.manual = manual.value(f.path);
        m_rows.append(r);
        listed.insert(f.path);
    }
    for (auto it = manual.cbegin(); it != manual.cend(); ++it) {
        if (listed.contains(it.key()))
            continue;
        Row r;
        r.path = it.key();
        r.inBundle = false;
        r.byHand = true;
        r.manual = it.value();
        m_rows.append(r);
    }
    endResetModel();
}

QHash<QString, ingest::FileAttributionOverride> FileAttributionModel::overrides() const
{
    QHash<QString, ingest::FileAttributionOverride> out;
    for (const Row &r : m_rows) {
        if (r.byHand && (r.manual.rank >= 0 || !r.manual.node.isEmpty()))
            out.insert(r.path, r.manual);
    }
    return out;
}

void FileAttributionModel::clearOverrides()
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).byHand) {
            m_rows[i].byHand = false;
            m_rows[i].manual = {};
            Q_EMIT dataChanged(index(i, 0), index(i, ColumnCount - 1));
        }
    }
}

int FileAttributionModel::rowOf(const QString &path) const
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).path == path)
            return i;
    }
    return -1;
}

int FileAttributionModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int FileAttributionModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FileAttributionModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows.at(index.row());
    // The user's word where given, else what the ingest found.
    const QString node = r.byHand && !r.manual.node.isEmpty() ? r.manual.node : r.node;
    const int rank = r.byHand && r.manual.rank >= 0 ? r.manual.rank : r.rank;
    const bool nodeByHand = r.byHand && !r.manual.node.isEmpty();
    const bool rankByHand = r.byHand && r.manual.rank >= 0;
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        switch (index.column()) {
        case PathColumn:
            return r.path;
        case KindColumn:
            return r.inBundle ? r.kind : tr("not in this bundle");
        case NodeColumn:
            return node;
        case RankColumn:
            if (role == Qt::EditRole)
                return rank >= 0 ? QVariant(QString::number(rank)) : QVariant(QString());
            return rank >= 0 ? QVariant(rank) : QVariant();
        }
        return {};
    case Qt::CheckStateRole:
        if (index.column() == ByHandColumn)
            return r.byHand ? Qt::Checked : Qt::Unchecked;
        return {};
    case Qt::FontRole:
        if ((index.column() == NodeColumn && nodeByHand) || (index.column() == RankColumn && rankByHand)) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == NodeColumn || index.column() == RankColumn)
            return tr("Double-click to set who wrote %1; it then holds for every line of the file").arg(r.path);
        if (index.column() == ByHandColumn)
            return tr("Checked: the node and rank shown are set by hand. Uncheck to let the ingest decide again.");
        return r.path;
    default:
        return {};
    }
}

QVariant FileAttributionModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case PathColumn:
        return tr("File");
    case KindColumn:
        return tr("Kind");
    case NodeColumn:
        return tr("Node");
    case RankColumn:
        return tr("Rank");
    case ByHandColumn:
        return tr("By hand");
    }
    return {};
}

Qt::ItemFlags FileAttributionModel::flags(const QModelIndex &index) const
{
    // Views ask for the flags of the invalid (root) index: no warning for that one.
    if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return Qt::NoItemFlags;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (index.column() == NodeColumn || index.column() == RankColumn)
        f |= Qt::ItemIsEditable;
    if (index.column() == ByHandColumn && m_rows.at(index.row()).byHand)
        f |= Qt::ItemIsUserCheckable; // only unchecking: checking needs a node or rank
    return f;
}

bool FileAttributionModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    Row &r = m_rows[index.row()];
    if (role == Qt::CheckStateRole && index.column() == ByHandColumn) {
        if (value.value<Qt::CheckState>() != Qt::Unchecked || !r.byHand)
            return false;
        r.byHand = false;
        r.manual = {};
    } else if (role == Qt::EditRole && index.column() == NodeColumn) {
        const QString node = value.toString().trimmed();
        // A view commits an editor left unchanged: that is not the user's word.
        if (!r.byHand && node == r.node)
            return true;
        if (!r.byHand)
            r.manual = {};
        r.manual.node = node;
    } else if (role == Qt::EditRole && index.column() == RankColumn) {
        const QString text = value.toString().trimmed();
        int rank = -1;
        if (!text.isEmpty()) {
            bool ok = false;
            rank = text.toInt(&ok);
            if (!ok || rank < 0)
                return false;
        }
        if (!r.byHand && rank == r.rank)
            return true;
        if (!r.byHand)
            r.manual = {};
        r.manual.rank = rank;
    } else {
        return false;
    }
    // Clearing both values gives the file back to the ingest.
    r.byHand = r.manual.rank >= 0 || !r.manual.node.isEmpty();
    Q_EMIT dataChanged(this->index(index.row(), 0), this->index(index.row(), ColumnCount - 1));
    return true;
}

} // namespace rankscope::ui
