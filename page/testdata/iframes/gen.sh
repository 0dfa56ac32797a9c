#!/bin/sh
# Regenerates iframes.png, Chromium's screenshot of iframes.html at 800x600 (the flags of
# render/testdata/objectfit/gen.sh; the page has no text, so no fonts are needed).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
cp "$here/iframes.html" "$here/child.html" "$tmp/"
chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --no-first-run --user-data-dir="$tmp/profile" \
  --hide-scrollbars --window-size=800,600 --virtual-time-budget=2000 \
  --screenshot="$here/iframes.png" "file://$tmp/iframes.html" >/dev/null 2>&1
rm -rf "$tmp"
