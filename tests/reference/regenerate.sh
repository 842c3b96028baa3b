#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 RankScope authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Rewrites tests/reference/<set>/<case>.analysis.json from the current analysis. Run it after a
# change of the diagnosis, then read `git diff tests/reference` case by case before committing:
# each changed verdict is a decision to review. Usage: tests/reference/regenerate.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-$here/build/dev}
cmake --build "$build" --target tst_golden
RANKSCOPE_UPDATE_REFERENCE=1 "$build/tests/tst_golden" >/dev/null
git -C "$here" status --short tests/reference
