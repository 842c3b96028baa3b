// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "warning.h"

using namespace Qt::StringLiterals;

namespace rankscope {

QString Warning::toString() const
{
    QString where = path.isEmpty() ? u"<input>"_s : path;
    if (line > 0)
        where += u':' + QString::number(line);
    return where + u": "_s + message;
}

QString Warning::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Unreadable: return u"unreadable"_s;
    case Kind::Binary: return u"binary"_s;
    case Kind::Archive: return u"archive"_s;
    case Kind::Unsafe: return u"unsafe"_s;
    case Kind::Encoding: return u"encoding"_s;
    case Kind::Attribution: return u"attribution"_s;
    case Kind::Timestamp: return u"timestamp"_s;
    case Kind::Inventory: return u"inventory"_s;
    case Kind::Entry: return u"entry"_s;
    case Kind::Case: return u"case"_s;
    case Kind::Other: break;
    }
    return u"other"_s;
}

} // namespace rankscope
