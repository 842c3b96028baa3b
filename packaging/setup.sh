#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 RankScope authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Sets up a Debian 12/13 or Ubuntu 24.04+ machine for RankScope and builds it.
#   packaging/setup.sh deps         install build, run and test dependencies (apt)
#   packaging/setup.sh build        deps + configure + build (incremental when run again)
#   packaging/setup.sh sample       build, then open the bundled sample incident
#                                   (the GUI with a display, otherwise the headless analysis)
#   packaging/setup.sh test         build, then run the whole test suite with CTest
# Environment: RANKSCOPE_PRESET (dev, asan, ci, ci-asan; default dev), RANKSCOPE_BUILD_DIR.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$here"
action=${1:-build}
preset=${RANKSCOPE_PRESET:-dev}

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

install_deps() {
    local pkgs=(build-essential cmake ninja-build pkg-config
        qt6-base-dev qt6-base-dev-tools libqt6sql6-sqlite qt6-svg-dev libqt6svg6 libgl-dev
        libqcustomplot-dev libarchive-dev
        xvfb xauth xz-utils zstd file desktop-file-utils appstream dpkg-dev fakeroot poppler-utils)
    # The CI sanitizer preset builds with clang for its libFuzzer targets (tests/fuzz).
    if [ "$preset" = ci-asan ]; then
        pkgs+=(clang)
    fi
    # KF6 SyntaxHighlighting is optional: Debian 12 does not package it.
    local missing=()
    for p in "${pkgs[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    local want_kf6=0
    if ! dpkg-query -W -f='${Status}' libkf6syntaxhighlighting-dev 2>/dev/null | grep -q 'install ok installed'; then
        want_kf6=1
    fi
    # Hyperscan/Vectorscan (libhs) is optional too: Debian 12 packages Hyperscan for amd64 only,
    # Debian 13 has Vectorscan; without either the ingest uses its built-in bitmap prefilter.
    local want_hs=0
    if ! dpkg-query -W -f='${Status}' libhyperscan-dev 2>/dev/null | grep -q 'install ok installed' \
        && ! dpkg-query -W -f='${Status}' libvectorscan-dev 2>/dev/null | grep -q 'install ok installed'; then
        want_hs=1
    fi
    if [ ${#missing[@]} -eq 0 ] && [ $want_kf6 = 0 ] && [ $want_hs = 0 ]; then
        return 0
    fi
    export DEBIAN_FRONTEND=noninteractive
    as_root apt-get update -qq
    if [ $want_kf6 = 1 ]; then
        if apt-cache show libkf6syntaxhighlighting-dev >/dev/null 2>&1; then
            missing+=(libkf6syntaxhighlighting-dev)
        else
            echo "setup: KF6 SyntaxHighlighting is not packaged here; building with the built-in highlighter."
        fi
    fi
    if [ $want_hs = 1 ]; then
        if apt-cache show libvectorscan-dev >/dev/null 2>&1; then
            missing+=(libvectorscan-dev)
        elif apt-cache show libhyperscan-dev >/dev/null 2>&1; then
            missing+=(libhyperscan-dev)
        else
            echo "setup: neither Vectorscan nor Hyperscan is packaged here; the ingest uses its bitmap prefilter."
        fi
    fi
    if [ ${#missing[@]} -gt 0 ]; then
        as_root apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
}

build() {
    install_deps
    cmake --preset "$preset" >/dev/null
    cmake --build --preset "$preset"
}

builddir() {
    case "$preset" in
        dev) echo "${RANKSCOPE_BUILD_DIR:-build/dev}" ;;
        *) echo "${RANKSCOPE_BUILD_DIR:-build/$preset}" ;;
    esac
}

case "$action" in
    deps) install_deps ;;
    build) build ;;
    sample)
        build
        bin="$(builddir)/app/rankscope"
        sample="$(builddir)/sample-incident"
        # Generated once with a fixed seed (nothing large is committed); regenerated when the
        # simulator is newer than the sample.
        if [ ! -f "$sample.stamp" ] || [ "$bin" -nt "$sample.stamp" ]; then
            rm -rf "$sample"
            "$bin" simulate nccl-version-conflict --out "$sample" --truth "$(builddir)/sample-truth.json" \
                --nodes 4 --gpus-per-node 8 --seed 7 --inventories some >/dev/null
            touch "$sample.stamp"
        fi
        if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
            exec "$bin" "$sample"
        else
            echo "No display: the headless analysis of the sample incident in $sample"
            exec "$bin" analyze "$sample" --format text
        fi
        ;;
    test)
        build
        ctest --preset "$preset"
        ;;
    *) echo "usage: $0 deps|build|sample|test" >&2; exit 2 ;;
esac
