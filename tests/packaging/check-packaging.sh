#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 RankScope authors
# SPDX-License-Identifier: GPL-3.0-or-later
# Validates the desktop file and metainfo, installs into a scratch prefix and checks what landed
# where, then builds the .deb with CPack and checks its declared dependencies.
set -euo pipefail
src=$1; bin=$2
scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT

desktop-file-validate "$src/packaging/org.rankscope.RankScope.desktop"
appstreamcli validate --no-net --pedantic "$src/packaging/org.rankscope.RankScope.metainfo.xml" || \
    appstreamcli validate --no-net "$src/packaging/org.rankscope.RankScope.metainfo.xml"

DESTDIR="$scratch/root" cmake --install "$bin" --prefix /usr >/dev/null
for f in usr/bin/rankscope \
         usr/share/applications/org.rankscope.RankScope.desktop \
         usr/share/metainfo/org.rankscope.RankScope.metainfo.xml \
         usr/share/icons/hicolor/scalable/apps/org.rankscope.RankScope.svg; do
    [ -e "$scratch/root/$f" ] || { echo "not installed: /$f"; exit 1; }
done
extra=$(find "$scratch/root/usr/share/rankscope" -name 'encyclopedia.sqlite' 2>/dev/null | head -1 || true)
if [ -d "$src/resources/encyclopedia" ] && grep -q encyclopedia "$src/resources/CMakeLists.txt" && [ -z "$extra" ]; then
    echo "not installed: /usr/share/rankscope/encyclopedia.sqlite"; exit 1
fi

(cd "$scratch" && cpack --config "$bin/CPackConfig.cmake" -B "$scratch/deb" >/dev/null)
deb=$(ls "$scratch"/deb/*.deb)
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for lib in libqt6core6 libqt6widgets6 libqt6sql6-sqlite libqcustomplot2.1-qt6; do
    case "$depends" in *"$lib"*) ;; *) echo "missing dependency $lib in $deb"; exit 1 ;; esac
done
dpkg-deb -c "$deb" > "$scratch/contents"
grep -q './usr/bin/rankscope$' "$scratch/contents" || { echo "binary missing from .deb"; exit 1; }
echo "packaging OK"
