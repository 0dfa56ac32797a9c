#!/bin/sh
# Regenerates modal.png, Chromium's screenshot of modal.html at 800x600 (the flags of
# ../objectfit/gen.sh; the page has no text, so no fonts are needed): the page's script
# opens its dialog with showModal().
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
cp "$here/modal.html" "$tmp/"
chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --no-first-run --user-data-dir="$tmp/profile" \
  --hide-scrollbars --window-size=800,600 --virtual-time-budget=2000 \
  --screenshot="$here/modal.png" "file://$tmp/modal.html" >/dev/null 2>&1
rm -rf "$tmp"
