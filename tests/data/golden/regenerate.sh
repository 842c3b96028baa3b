#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 RankScope authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Rewrites the golden simulator bundles listed in bundles.txt with a built rankscope binary, so a
# change of any generated format shows up as a reviewable diff (tst_simulator compares byte for
# byte). Usage: tests/data/golden/regenerate.sh [path/to/rankscope]   (or RANKSCOPE=...)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bin=${1:-${RANKSCOPE:-$here/../../../build/dev/app/rankscope}}
if [[ ! -x "$bin" ]]; then
    echo "regenerate.sh: no rankscope binary at $bin (build first or pass its path)" >&2
    exit 2
fi
while read -r name args; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    rm -rf "${here:?}/$name" "$here/$name.truth.json"
    # shellcheck disable=SC2086 # the arguments are words on purpose
    "$bin" simulate $args --out "$here/$name" --truth "$here/$name.truth.json" >/dev/null
    size=$(du -sk "$here/$name" | cut -f1)
    echo "$name: $(find "$here/$name" -type f | wc -l) files, ${size} KiB"
    if (( size >= 200 )); then
        echo "regenerate.sh: $name is ${size} KiB; golden bundles must stay under 200 KB" >&2
        exit 1
    fi
done < "$here/bundles.txt"
