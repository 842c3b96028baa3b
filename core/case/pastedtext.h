// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "casedata.h"

#include <QString>

namespace rankscope::cases {

// Log text pasted or dropped into the window becomes an incident like any other: it is kept as
// a file "pasted-<time>.log" in the application's data folder (the ingest reads files by
// offset), opened from there, and — being the only copy — carried inside a case saved from it.
class PastedText
{
public:
    // Where pasted logs are kept: <AppDataLocation>/pasted.
    static QString defaultFolder();
    // Whether path is a pasted log (in folder), whose text a case must carry.
    static bool isPasted(const QString &path, const QString &folder = defaultFolder());
    // Writes text to a new file in folder; returns its path, or an empty string and *error.
    static QString store(const QString &text, const QString &folder, QString *error);
    // The pasted inputs among a case's sources, with their text, for saving into the case.
    static QList<PastedInput> collect(const QList<CaseSource> &sources, const QString &folder = defaultFolder());
    // Writes a case's pasted texts back into folder where they are missing (another machine, a
    // cleaned data folder) and points the case's sources at them. Returns false, with *error,
    // when a text cannot be written.
    static bool restore(CaseData &data, const QString &folder, QString *error);
    // Largest text taken from the clipboard or a drop (a paste, not a bundle).
    static constexpr qsizetype MaxBytes = 256ll << 20;
};

} // namespace rankscope::cases
