#!/bin/sh
# Regenerates object_fit.png, Chromium's screenshot of object_fit.html at 800x600 (the flags
# of ../chrome/gen.sh; the page has no text, so no fonts are needed). quarters.png is the
# 40x20 image it shows: red over green on the left, blue on the right.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
cp "$here/object_fit.html" "$here/quarters.png" "$tmp/"
chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --no-first-run --user-data-dir="$tmp/profile" \
  --hide-scrollbars --window-size=800,600 --virtual-time-budget=2000 \
  --screenshot="$here/object_fit.png" "file://$tmp/object_fit.html" >/dev/null 2>&1
rm -rf "$tmp"
