// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "roles.h"

#include <Qt>

namespace rankscope::ui {

// Roles of EncyclopediaListModel, kept free of widgets so that the model, its delegate and the
// tests agree on them (STYLE.md 12). Values are semantic (ids, names, scores), never colours.
// The entry id is the shared models::EntryIdRole of core/models/roles.h, so any view can follow
// an entry the same way; the roles only this list has start well above the shared ones.
// NOTE: they can move into core/models/roles.h as they are, if another model needs them.
namespace EncyclopediaRoles {
enum Role {
    EntryIdRole = models::EntryIdRole, // QString: the entry's stable id ("nccl-version-conflict")
    TitleRole = Qt::UserRole + 100, // QString
    CategoryRole, // QString: one of kb::categories()
    EntryRoleRole, // QString: "initiating", "collateral" or "either"
    SummaryRole, // QString
    SnippetRole, // QString: search excerpt with matched words in [brackets]; empty when listing all
    ScoreRole, // double: search score (larger is better); 0 when listing all
    UserOverrideRole, // bool: a user entry replaced the built-in one
    CategoryHeaderRole, // QString: the category when this row starts a category group, else empty
};
} // namespace EncyclopediaRoles

} // namespace rankscope::ui
