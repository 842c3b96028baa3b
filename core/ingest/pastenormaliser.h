// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QByteArrayView>

namespace rankscope::ingest {

// Log text pasted into a ticket or an issue thread carries the marks of where it was pasted:
// Markdown quote markers ("> "), table pipes ("| line |", "-- | --"), leading line numbers
// ("  42 | " or "42<TAB>"), and HTML entities ("&lt;", "&#39;"). They are removed before the
// line is matched, so a fingerprint sees the line as the program printed it. The file itself is
// not changed: the log view still shows what the user has.
class PasteNormaliser
{
public:
    // Cheap test on every line: could it carry a paste artefact at all?
    static bool needed(QByteArrayView line);
    // The line without its artefacts (out is reused scratch).
    static void normalise(QByteArrayView line, QByteArray &out);
};

} // namespace rankscope::ingest
