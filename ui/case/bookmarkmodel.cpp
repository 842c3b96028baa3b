// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bookmarkmodel.h"

#include <QDateTime>
#include <QTimeZone>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

namespace {
QString place(const cases::Bookmark &b)
{
    return b.line > 0 ? u"%1:%2"_s.arg(b.path).arg(b.line) : b.path;
}

// The list shows the node and the file's name: bundle paths are long and alike (the whole
// path is in the tooltip).
QString shortPlace(const cases::Bookmark &b)
{
    const QString file = b.path.section(u'/', -1);
    const QString where = b.line > 0 ? u"%1:%2"_s.arg(file).arg(b.line) : file;
    return b.node.isEmpty() ? where : b.node + u" · "_s + where;
}
} // namespace

BookmarkModel::BookmarkModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

void BookmarkModel::setBookmarks(const QList<cases::Bookmark> &bookmarks)
{
    beginResetModel();
    m_bookmarks = bookmarks;
    endResetModel();
}

int BookmarkModel::rowOf(const QString &path, LineNumber line) const
{
    for (int i = 0; i < m_bookmarks.size(); ++i) {
        if (m_bookmarks.at(i).path == path && m_bookmarks.at(i).line == line)
            return i;
    }
    return -1;
}

int BookmarkModel::add(const cases::Bookmark &bookmark)
{
    const int existing = rowOf(bookmark.path, bookmark.line);
    if (existing >= 0)
        return existing;
    const int row = int(m_bookmarks.size());
    beginInsertRows({}, row, row);
    m_bookmarks.append(bookmark);
    endInsertRows();
    Q_EMIT edited();
    return row;
}

int BookmarkModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_bookmarks.size());
}

QVariant BookmarkModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const cases::Bookmark &b = m_bookmarks.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return b.label.isEmpty() ? shortPlace(b) : shortPlace(b) + u" — "_s + b.label;
    case Qt::EditRole:
    case LabelRole:
        return b.label;
    case Qt::ToolTipRole: {
        QStringList lines { place(b) };
        QStringList who;
        if (b.rank >= 0)
            who << tr("rank %1").arg(b.rank);
        if (!b.node.isEmpty())
            who << tr("node %1").arg(b.node);
        if (b.timeMs != cases::NoTime)
            who << QDateTime::fromMSecsSinceEpoch(b.timeMs, QTimeZone::utc())
                       .toString(u"yyyy-MM-dd hh:mm:ss.zzz 'UTC'"_s);
        if (!who.isEmpty())
            lines << who.join(u" · "_s);
        if (!b.note.isEmpty())
            lines << b.note;
        lines << tr("Click to show the line; F2 renames the bookmark.");
        return lines.join(u'\n');
    }
    case Qt::AccessibleTextRole:
        return b.label.isEmpty() ? tr("Bookmark at %1").arg(place(b)) : tr("Bookmark %1 at %2").arg(b.label, place(b));
    case PathRole:
        return b.path;
    case LineRole:
        return b.line;
    case RankRole:
        return b.rank;
    case NodeRole:
        return b.node;
    case TimeRole:
        return b.timeMs;
    case NoteRole:
        return b.note;
    default:
        return {};
    }
}

bool BookmarkModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    cases::Bookmark &b = m_bookmarks[index.row()];
    QString *field = nullptr;
    if (role == Qt::EditRole || role == LabelRole)
        field = &b.label;
    else if (role == NoteRole)
        field = &b.note;
    else
        return false;
    // An inline edit is committed once and tidied; other roles store the text as given.
    const QString text = role == Qt::EditRole ? value.toString().simplified() : value.toString();
    if (*field == text)
        return true;
    *field = text;
    Q_EMIT dataChanged(index, index);
    Q_EMIT edited();
    return true;
}

Qt::ItemFlags BookmarkModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return QAbstractListModel::flags(index) | Qt::ItemIsEditable | Qt::ItemNeverHasChildren;
}

bool BookmarkModel::removeRows(int row, int count, const QModelIndex &parent)
{
    if (parent.isValid() || row < 0 || count <= 0 || row + count > m_bookmarks.size())
        return false;
    beginRemoveRows({}, row, row + count - 1);
    m_bookmarks.remove(row, count);
    endRemoveRows();
    Q_EMIT edited();
    return true;
}

QHash<int, QByteArray> BookmarkModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(PathRole, "path");
    names.insert(LineRole, "line");
    names.insert(RankRole, "rank");
    names.insert(NodeRole, "node");
    names.insert(TimeRole, "time");
    names.insert(LabelRole, "label");
    names.insert(NoteRole, "note");
    return names;
}

} // namespace rankscope::ui
