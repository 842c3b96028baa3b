# SPDX-FileCopyrightText: 2026 RankScope authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Warning flags live in an INTERFACE target that every RankScope target links, never in
# CMAKE_CXX_FLAGS, so third-party code and generated moc files are judged by their own rules.
add_library(rankscope_warnings INTERFACE)
target_compile_options(rankscope_warnings INTERFACE
    -Wall -Wextra -Wpedantic
    # A local shadowing a local; clang (the fuzz build) spells it differently.
    $<$<CXX_COMPILER_ID:GNU>:-Wshadow=local> $<$<CXX_COMPILER_ID:Clang>:-Wshadow-uncaptured-local>
    -Wnon-virtual-dtor -Wcast-align
    -Woverloaded-virtual -Wformat=2 -Wimplicit-fallthrough -Wno-missing-field-initializers)
if(RANKSCOPE_WARNINGS_AS_ERRORS)
    target_compile_options(rankscope_warnings INTERFACE -Werror)
endif()
