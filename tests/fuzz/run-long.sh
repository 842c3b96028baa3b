#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 RankScope authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Runs every libFuzzer target of a RANKSCOPE_FUZZ build for a long time and prints, per target,
# the executions, the executions per second, the corpus size and whether it found anything.
#   tests/fuzz/run-long.sh BUILD_DIR [SECONDS_PER_TARGET (default 600)] [TARGET…]
# Findings (crash-*, leak-*, timeout-*, oom-*) are left in BUILD_DIR/tests/fuzz/findings/<target>.
set -uo pipefail
build=${1:?usage: run-long.sh BUILD_DIR [SECONDS] [TARGET...]}
secs=${2:-600}
shift $(( $# >= 2 ? 2 : 1 ))
dir="$build/tests/fuzz"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(fuzz_lineprefix fuzz_timestamp fuzz_inventory fuzz_entryparser fuzz_archivewalker fuzz_ingest fuzz_casefile)
fi
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
logs=("$src/tests/data/real" "$src/tests/data/handmade")
printf '%-20s %12s %10s %8s %s\n' target executions exec/s corpus findings
status=0
for t in "${targets[@]}"; do
    case "$t" in
        fuzz_entryparser) seeds=("$src/resources/encyclopedia") ;;
        fuzz_archivewalker) seeds=("$dir/seeds/archive") ;;
        fuzz_ingest) seeds=("$dir/seeds/archive" "${logs[@]}") ;;
        fuzz_casefile) seeds=("$dir/seeds/case") ;;
        *) seeds=("${logs[@]}") ;;
    esac
    corpus="$dir/corpus/$t"
    findings="$dir/findings/$t"
    mkdir -p "$corpus" "$findings"
    log="$findings/run.log"
    ASAN_OPTIONS=detect_leaks=0 QT_QPA_PLATFORM=offscreen "$dir/$t" -max_total_time="$secs" -max_len=65536 \
        -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$findings/" \
        "$corpus" "${seeds[@]}" >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    found=$(find "$findings" -maxdepth 1 -type f ! -name run.log | wc -l)
    printf '%-20s %12s %10s %8s %s\n' "$t" "${runs:-?}" "${speed:-?}" "$(ls "$corpus" | wc -l)" "$found (exit $rc)"
    [ "$rc" -eq 0 ] && [ "$found" -eq 0 ] || status=1
done
exit $status
