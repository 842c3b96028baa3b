// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "walkthroughmodel.h"

#include <QDateTime>
#include <QTimeZone>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

WalkthroughModel::WalkthroughModel(QObject *parent)
    : QAbstractListModel(parent)
{ }

void WalkthroughModel::setSteps(const QList<cases::WalkthroughStep> &steps)
{
    beginResetModel();
    m_steps = steps;
    endResetModel();
}

int WalkthroughModel::insert(int row, const cases::WalkthroughStep &step)
{
    row = std::clamp(row, 0, int(m_steps.size()));
    beginInsertRows({}, row, row);
    m_steps.insert(row, step);
    endInsertRows();
    Q_EMIT edited();
    return row;
}

int WalkthroughModel::rowForTime(qint64 timeMs) const
{
    if (timeMs == cases::NoTime)
        return int(m_steps.size());
    for (int i = 0; i < m_steps.size(); ++i) {
        const qint64 t = m_steps.at(i).timeMs;
        if (t != cases::NoTime && t > timeMs)
            return i;
    }
    return int(m_steps.size());
}

bool WalkthroughModel::moveStep(int row, int delta)
{
    const int to = row + delta;
    if (row < 0 || row >= m_steps.size() || to < 0 || to >= m_steps.size() || delta == 0)
        return false;
    // moveRows() names the row the moved one ends up before.
    return moveRows({}, row, 1, {}, delta > 0 ? to + 1 : to);
}

int WalkthroughModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_steps.size());
}

QVariant WalkthroughModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const cases::WalkthroughStep &s = m_steps.at(index.row());
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
    cases::WalkthroughStep &s = m_steps[index.row()];
    QString *field = nullptr;
    if (role == Qt::EditRole || role == TitleRole)
        field = &s.title;
    else if (role == NoteRole)
        field = &s.note;
    else
        return false;
    // An inline edit is committed once and tidied; the panel's fields send every keystroke, so
    // their text is stored as typed (tidying it would fight the cursor).
    const QString text = role == Qt::EditRole ? value.toString().simplified() : value.toString();
    if (*field == text)
        return true;
    *field = text;
    Q_EMIT dataChanged(index, index);
    Q_EMIT edited();
    return true;
}

Qt::ItemFlags WalkthroughModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::ItemIsDropEnabled; // dropping between rows reorders
    return QAbstractListModel::flags(index) | Qt::ItemIsEditable | Qt::ItemIsDragEnabled | Qt::ItemNeverHasChildren;
}

bool WalkthroughModel::removeRows(int row, int count, const QModelIndex &parent)
{
    if (parent.isValid() || row < 0 || count <= 0 || row + count > m_steps.size())
        return false;
    beginRemoveRows({}, row, row + count - 1);
    m_steps.remove(row, count);
    endRemoveRows();
    Q_EMIT edited();
    return true;
}

bool WalkthroughModel::moveRows(const QModelIndex &sourceParent, int sourceRow, int count,
    const QModelIndex &destinationParent, int destinationChild)
{
    if (sourceParent.isValid() || destinationParent.isValid() || count != 1 || sourceRow < 0
        || sourceRow >= m_steps.size() || destinationChild < 0 || destinationChild > m_steps.size()
        || destinationChild == sourceRow || destinationChild == sourceRow + 1)
        return false;
    if (!beginMoveRows({}, sourceRow, sourceRow, {}, destinationChild))
        return false;
    m_steps.move(sourceRow, destinationChild > sourceRow ? destinationChild - 1 : destinationChild);
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
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
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
