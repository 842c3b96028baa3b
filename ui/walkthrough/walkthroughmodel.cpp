// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "walkthroughmodel.h"

#include <QDateTime>
#include <QTimeZone>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

WalkthroughModel::WalkthroughModel(QObject *parent)
    : CaseListModel(parent)
{ }

int WalkthroughModel::rowForTime(qint64 timeMs) const
{
    if (timeMs == cases::NoTime)
        return int(m_items.size());
    for (int i = 0; i < m_items.size(); ++i) {
        const qint64 t = m_items.at(i).timeMs;
        if (t != cases::NoTime && t > timeMs)
            return i;
    }
    return int(m_items.size());
}

bool WalkthroughModel::moveStep(int row, int delta)
{
    const int to = row + delta;
    if (row < 0 || row >= m_items.size() || to < 0 || to >= m_items.size() || delta == 0)
        return false;
    // moveRows() names the row the moved one ends up before.
    return moveRows({}, row, 1, {}, delta > 0 ? to + 1 : to);
}

QVariant WalkthroughModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const cases::WalkthroughStep &s = m_items.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        // No step number: a row's data must not change when another row moves (the panel's
        // delegate numbers the rows as it paints them).
        return s.title.isEmpty() ? tr("(untitled step)") : s.title;
    case Qt::EditRole:
    case TitleRole:
        return s.title;
    case Qt::ToolTipRole: {
        QStringList lines { s.line > 0 ? u"%1:%2"_s.arg(s.path).arg(s.line) : s.path };
        if (s.timeMs != cases::NoTime)
            lines << QDateTime::fromMSecsSinceEpoch(s.timeMs, QTimeZone::utc())
                         .toString(u"yyyy-MM-dd hh:mm:ss.zzz 'UTC'"_s);
        if (!s.note.isEmpty())
            lines << s.note;
        lines << tr("Click to show the step's line; F2 renames it.");
        return lines.join(u'\n');
    }
    case Qt::AccessibleTextRole:
        return s.line > 0 ? tr("%1, at %2 line %3").arg(s.title, s.path).arg(s.line) : s.title;
    case NoteRole:
        return s.note;
    case PathRole:
        return s.path;
    case LineRole:
        return s.line;
    case RankRole:
        return s.rank;
    case NodeRole:
        return s.node;
    case TimeRole:
        return s.timeMs;
    case StepRoleRole:
        return s.role;
    default:
        return {};
    }
}

bool WalkthroughModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    cases::WalkthroughStep &s = m_items[index.row()];
    if (role == Qt::EditRole || role == TitleRole)
        return setText(index, &s.title, value, role);
    if (role == NoteRole)
        return setText(index, &s.note, value, role);
    return false;
}

Qt::ItemFlags WalkthroughModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::ItemIsDropEnabled; // dropping between rows reorders
    return CaseListModel::flags(index) | Qt::ItemIsEditable | Qt::ItemIsDragEnabled | Qt::ItemNeverHasChildren;
}

bool WalkthroughModel::moveRows(const QModelIndex &sourceParent, int sourceRow, int count,
    const QModelIndex &destinationParent, int destinationChild)
{
    if (sourceParent.isValid() || destinationParent.isValid() || count != 1 || sourceRow < 0
        || sourceRow >= m_items.size() || destinationChild < 0 || destinationChild > m_items.size()
        || destinationChild == sourceRow || destinationChild == sourceRow + 1)
        return false;
    if (!beginMoveRows({}, sourceRow, sourceRow, {}, destinationChild))
        return false;
    m_items.move(sourceRow, destinationChild > sourceRow ? destinationChild - 1 : destinationChild);
    endMoveRows();
    Q_EMIT edited();
    return true;
}

Qt::DropActions WalkthroughModel::supportedDropActions() const
{
    return Qt::MoveAction;
}

QHash<int, QByteArray> WalkthroughModel::roleNames() const
{
    QHash<int, QByteArray> names = CaseListModel::roleNames();
    names.insert(TitleRole, "title");
    names.insert(NoteRole, "note");
    names.insert(PathRole, "path");
    names.insert(LineRole, "line");
    names.insert(RankRole, "rank");
    names.insert(NodeRole, "node");
    names.insert(TimeRole, "time");
    names.insert(StepRoleRole, "role");
    return names;
}

} // namespace rankscope::ui
