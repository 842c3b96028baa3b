// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "syntaxrepository.h"

#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
#include <KSyntaxHighlighting/Repository>

#include <memory>

namespace rankscope::ui {

KSyntaxHighlighting::Repository *syntaxRepository()
{
    static const std::unique_ptr<KSyntaxHighlighting::Repository> repository =
        std::make_unique<KSyntaxHighlighting::Repository>();
    return repository.get();
}

} // namespace rankscope::ui
#endif
