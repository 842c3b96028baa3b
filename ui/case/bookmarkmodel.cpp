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
    : CaseListModel(parent)
{ }

int BookmarkModel::rowOf(const QString &path, LineNumber line) const
{
    for (int i = 0; i < m_items.size(); ++i) {
        if (m_items.at(i).path == path && m_items.at(i).line == line)
            return i;
    }
    return -1;
}

int BookmarkModel::add(const cases::Bookmark &bookmark)
{
    const int existing = rowOf(bookmark.path, bookmark.line);
    if (existing >= 0)
        return existing;
    return insertItem(int(m_items.size()), bookmark);
}

QVariant BookmarkModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const cases::Bookmark &b = m_items.at(index.row());
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
    cases::Bookmark &b = m_items[index.row()];
    if (role == Qt::EditRole || role == LabelRole)
        return setText(index, &b.label, value, role);
    if (role == NoteRole)
        return setText(index, &b.note, value, role);
    return false;
}

Qt::ItemFlags BookmarkModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return CaseListModel::flags(index) | Qt::ItemIsEditable | Qt::ItemNeverHasChildren;
}

QHash<int, QByteArray> BookmarkModel::roleNames() const
{
    QHash<int, QByteArray> names = CaseListModel::roleNames();
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
