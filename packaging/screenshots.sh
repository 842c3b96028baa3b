#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 RankScope authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Renders screenshots of every view under Xvfb into docs/screenshots (light and dark palette),
# from a simulated 32-rank incident, on a 1920x1080 screen and (docs/screenshots/1366x768) on a
# laptop's. Usage: packaging/screenshots.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$here/build/dev}
bundle=$(mktemp -d)
trap 'rm -rf "$bundle"' EXIT
"$build/app/rankscope" simulate cuda-oom --out "$bundle/incident" --truth "$bundle/truth.json" \
    --nodes 4 --gpus-per-node 8 --seed 3 >/dev/null
# An earlier incident of the same kind, for "Seen before" and the History dock.
"$build/app/rankscope" simulate cuda-oom --out "$bundle/earlier" --truth "$bundle/earlier.json" \
    --nodes 4 --gpus-per-node 8 --seed 5 >/dev/null
export RANKSCOPE_ENCYCLOPEDIA="$build/share/rankscope/encyclopedia.sqlite"
xvfb-run -a -s "-screen 0 1920x1080x24" "$build/tests/rankscope_screenshots" "$bundle/incident" "$here/docs/screenshots" "$bundle/earlier"
xvfb-run -a -s "-screen 0 1366x768x24" "$build/tests/rankscope_screenshots" "$bundle/incident" "$here/docs/screenshots/1366x768" "$bundle/earlier"
