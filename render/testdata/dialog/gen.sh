#!/bin/sh
# Regenerates modal.png and modal_backdrop.png, Chromium's screenshots of modal.html and
# modal_backdrop.html at 800x600 (the flags of ../objectfit/gen.sh; the pages have no text,
# so no fonts are needed): each page's script opens its dialog with showModal().
set -eu
here=$(cd "$(dirname "$0")" && pwd)
for page in modal modal_backdrop; do
  tmp=$(mktemp -d)
  cp "$here/$page.html" "$tmp/"
  chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --no-first-run --user-data-dir="$tmp/profile" \
    --hide-scrollbars --window-size=800,600 --virtual-time-budget=2000 \
    --screenshot="$here/$page.png" "file://$tmp/$page.html" >/dev/null 2>&1
  rm -rf "$tmp"
done
