// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The encyclopedia the build compiled (share/rankscope/encyclopedia.sqlite), with the user
// entries of userDir (empty: none), for core tests that analyse bundles.
#pragma once

#include "knowledgebase.h"

namespace rankscope::test {

inline std::shared_ptr<const kb::KnowledgeBase> builtEncyclopedia(const QString &userDir = {})
{
    Warnings w;
    return kb::KnowledgeBase::open(QStringLiteral(RANKSCOPE_BINARY_DIR "/share/rankscope/encyclopedia.sqlite"), userDir, &w);
}

} // namespace rankscope::test
