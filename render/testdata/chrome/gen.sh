#!/bin/sh
# Regenerates the Chrome reference rects (*.json) for the pages in this directory.
# Needs Debian's chromium. Each page is copied to a temporary directory with the Go
# fonts (the same files the engine embeds, so text metrics match) and a script that
# writes getBoundingClientRect() of every element with an id into the DOM; a second
# run takes a screenshot (NAME.png; --screenshot uses the whole window as the viewport).
# --window-size=800,743 gives an 800x600 viewport: new headless keeps 143px for window UI.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
fonts=$(go env GOMODCACHE)/golang.org/x/image@v0.47.0/font/gofont/ttfs
tmp=$(mktemp -d)
cp "$fonts/Go-Regular.ttf" "$fonts/Go-Bold.ttf" "$tmp/"
# The generic family monospace maps to Go Mono through a private fontconfig file (keeping
# Chrome's 13px default size for it); no "Go Mono" may be installed system-wide.
mkdir "$tmp/fonts"
cp "$fonts/Go-Mono.ttf" "$fonts/Go-Mono-Bold.ttf" "$tmp/fonts/"
cat > "$tmp/fonts.conf" <<CONF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>$tmp/fonts</dir>
  <cachedir>$tmp/fccache</cachedir>
  <alias binding="strong"><family>monospace</family><prefer><family>Go Mono</family></prefer></alias>
</fontconfig>
CONF
export FONTCONFIG_FILE="$tmp/fonts.conf"
version=$(chromium --version 2>/dev/null | head -1)
for page in "$here"/*.html; do
  name=$(basename "$page" .html)
  {
    sed 's#<head>#<head><style>@font-face{font-family:GoTest;src:url(Go-Regular.ttf)}@font-face{font-family:GoTest;font-weight:bold;src:url(Go-Bold.ttf)}html,button{font-family:GoTest}</style>#' "$page"
    cat <<'JS'
<script>
document.fonts.ready.then(() => {
  const out = {};
  for (const el of document.querySelectorAll('[id]')) {
    const r = el.getBoundingClientRect();
    out[el.id] = [r.x, r.y, r.width, r.height];
  }
  const pre = document.createElement('pre');
  pre.id = '__rects';
  pre.style.display = 'none';
  pre.textContent = JSON.stringify({viewport: [innerWidth, innerHeight], rects: out});
  document.body.appendChild(pre);
});
</script>
JS
  } > "$tmp/$name.html"
  chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --no-first-run --user-data-dir="$tmp/profile" \
    --hide-scrollbars --window-size=800,743 --virtual-time-budget=2000 \
    --dump-dom "file://$tmp/$name.html" 2>/dev/null > "$tmp/$name.dom"
  json=$(sed -n 's#.*<pre id="__rects" style="display: none;">\(.*\)</pre>.*#\1#p' "$tmp/$name.dom")
  if [ -z "$json" ]; then echo "no rects for $name" >&2; exit 1; fi
  printf '{"chrome": "%s", "page": %s}\n' "$version" "$json" > "$here/$name.json"
  chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --no-first-run --user-data-dir="$tmp/profile" \
    --hide-scrollbars --window-size=800,600 --virtual-time-budget=2000 \
    --screenshot="$here/$name.png" "file://$tmp/$name.html" >/dev/null 2>&1
  echo "$name: ok"
done
rm -rf "$tmp"
