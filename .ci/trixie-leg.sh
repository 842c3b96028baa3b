#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 RankScope authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Runs the README's test command inside a Debian 13 (trixie) root with Qt 6.8 and KF6
# SyntaxHighlighting. The root is made with mmdebstrap from the mirror this host already uses
# (read from its apt sources, so no host name lives in the repository), cached outside the
# checkout, and remade when the package list below changes. Mounts are undone on any exit.
set -euo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache=${RANKSCOPE_CI_CACHE:-/var/cache/rankscope-ci}
packages=build-essential,cmake,ninja-build,pkg-config,qt6-base-dev,qt6-base-dev-tools,libqt6sql6-sqlite,qt6-svg-dev,libqt6svg6,libgl-dev,libqcustomplot-dev,libarchive-dev,libkf6syntaxhighlighting-dev,libvectorscan-dev,xvfb,xauth,xz-utils,zstd,file,desktop-file-utils,appstream,dpkg-dev,fakeroot,poppler-utils,ca-certificates
root="$cache/trixie"
stamp=$(printf '%s' "$packages" | sha256sum | cut -c1-16)

mirror() {
    local uri=""
    if compgen -G "/etc/apt/sources.list.d/*.sources" >/dev/null; then
        uri=$(awk '/^Types:/ {deb = ($0 ~ / deb( |$)/)} deb && /^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/*.sources)
    fi
    if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
        uri=$(awk '$1 == "deb" {for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) {print $i; exit}}' /etc/apt/sources.list)
    fi
    # Security and snapshot mirrors do not carry the main suite.
    echo "${uri%-security}"
}

if [ ! -f "$root/.rankscope-stamp" ] || [ "$(cat "$root/.rankscope-stamp")" != "$stamp" ]; then
    command -v mmdebstrap >/dev/null || { apt-get update -qq; DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mmdebstrap; }
    uri=$(mirror)
    [ -n "$uri" ] || { echo "trixie leg: no Debian mirror found in this host's apt sources" >&2; exit 1; }
    echo "trixie leg: making the Debian 13 root in $root"
    rm -rf "$root.new"
    mkdir -p "$cache"
    mmdebstrap --quiet --variant=apt --architectures=amd64 --include="$packages" trixie "$root.new" "$uri"
    echo "$stamp" > "$root.new/.rankscope-stamp"
    rm -rf "$root"
    mv "$root.new" "$root"
fi

mounted=()
cleanup() {
    local i
    for (( i=${#mounted[@]}-1; i>=0; i-- )); do
        umount -R "${mounted[$i]}" 2>/dev/null || umount -l "${mounted[$i]}" 2>/dev/null || true
    done
}
trap cleanup EXIT INT TERM
mnt() { mkdir -p "${@: -1}"; mount "$@"; mounted+=("${@: -1}"); }

mnt -t proc proc "$root/proc"
mnt --rbind /dev "$root/dev"
mount --make-rslave "$root/dev"
mnt --bind "$src" "$root/src"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true

chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 CI=${CI:-} \
    RANKSCOPE_PRESET=ci-trixie bash -c 'cd /src && bash packaging/setup.sh test'
