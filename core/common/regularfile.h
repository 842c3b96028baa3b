// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

class QFile;

namespace rankscope {

// Opens a bundle file for reading the way a bundle may be opened: the check is made on what was
// opened, not on the path before the open, so a file swapped during the run cannot redirect or
// block the read (issue #18). Concretely the last path component is never followed when it is a
// symbolic link (a link the walk accepted is opened through its checked target), a FIFO, socket
// or device never blocks the open and is refused after it, and the handle is close-on-exec.
// On failure `file` stays closed and the result says why in words a user can act on.
struct RegularFile
{
    static bool open(QFile &file, const QString &path, QString *error = nullptr);
};

} // namespace rankscope
