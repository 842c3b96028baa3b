// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "entry.h"
#include "warning.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>

namespace rankscope::kb {

// Reads one encyclopedia entry file (format: resources/encyclopedia/README.md) and checks every
// rule of that format, reporting each problem as a Warning (Kind::Entry) at its exact 1-based
// line. The same parser serves the build-time compiler, `rankscope kb validate` and the user
// overlay, so a user entry is held to the rules of the built-in ones.
//
// A pure function (STYLE.md 6): no file system access except in parseFile(), no settings.
class EntryParser
{
public:
    struct Result
    {
        // Present when the header was readable and carried a valid id, even if other rules were
        // broken (fingerprints whose regex does not compile are left out of it). Use ok() to
        // decide whether to accept the entry.
        std::optional<Entry> entry;
        Warnings warnings;
        bool ok() const { return entry.has_value() && warnings.isEmpty(); }
    };

    // path names the file in warnings and is compared with the id (<id>.md); empty skips that rule.
    static Result parse(const QByteArray &text, const QString &path);
    // Reads path and parses it; an unreadable file yields a Kind::Unreadable warning.
    static Result parseFile(const QString &path);

    // Rules that span entries: unique ids, related ids that exist, anchors contained in every
    // match of any entry's example, and no example line of an initiating entry outranked by
    // another entry under KnowledgeBase::classify()'s ranking (best fingerprint weight, then
    // initiating > either > collateral; the entry must be first or tied-first).
    static Warnings validateSet(const QList<Entry> &entries);
};

} // namespace rankscope::kb
