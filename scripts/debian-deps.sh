#!/usr/bin/env bash
# Installs the Debian packages loopscope needs, if any are missing: ca-certificates (for the
# Go module proxy), Ebiten's build dependencies for the window, and (with "test") Xvfb and the
# tools the window tests use.
set -euo pipefail
pkgs=(ca-certificates gcc libc6-dev libgl-dev libx11-dev libxcursor-dev libxi-dev libxinerama-dev libxrandr-dev libxxf86vm-dev)
if [ "${1:-}" = test ]; then
  pkgs+=(xvfb xauth libgl1-mesa-dri xdotool imagemagick)
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "loopscope: installing Debian packages: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
