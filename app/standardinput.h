// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>
#include <QTemporaryDir>
#include <QTextStream>

namespace rankscope {

// `rankscope analyze -`: a log piped in (`kubectl logs job/x | rankscope analyze -`). The
// ingest reads files by offset (its line index seeks), so standard input is copied, in
// blocks, to "stdin.log" in a private temporary folder that lives as long as `dir`, and the
// "-" in paths names that file. Returns false (with a message naming the command) when there
// is nothing to read or the copy fails.
bool spoolStandardInput(const QString &command, QStringList &paths, QTemporaryDir &dir, QTextStream &err);

} // namespace rankscope
