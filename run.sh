#!/usr/bin/env bash
# Sets up everything loopscope needs on Debian and runs it, from any folder:
#   ./run.sh                 the demo gallery in a window
#   ./run.sh DEMO|PAGE.html  one demo or page (a relative path is read from where you are)
#   ./run.sh -headless ...   any loopscope flags; -headless, -list, -check and -h need no display
# It installs the Debian packages the window needs if missing, brings Go (go.mod's version,
# through Debian's golang-go and the Go module proxy) if the machine has none or an old one,
# and builds two binaries next to this script: loopscope (the window) and loopscope-headless
# (no window), which the first runs itself when there is no display.
set -euo pipefail
loopscope_root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$loopscope_root/scripts/go-toolchain.sh"

"$loopscope_root/scripts/debian-deps.sh"
ensure_go

# build OUT [TAGS]: go build with a progress line per package compiled (a cold build
# compiles about 200 packages; later builds only relink).
build() {
  local out=$1 tags=${2:-} n=0 pkg
  local tty=""
  [ -t 2 ] && tty=1
  (cd "$loopscope_root" && go build -buildvcs=false -v ${tags:+-tags "$tags"} -o "$out" . 2>&1) |
    while IFS= read -r pkg; do
      case $pkg in
      *' '* | *:*) printf '%s\n' "$pkg" >&2 ;; # a compiler message, not a package name
      *)
        n=$((n + 1))
        if [ -n "$tty" ]; then printf '\r\033[K  compiled %d packages: %s' "$n" "$pkg" >&2; else printf '  compiled %s\n' "$pkg" >&2; fi
        ;;
      esac
    done
  local status=${PIPESTATUS[0]}
  [ -n "$tty" ] && printf '\r\033[K' >&2
  return "$status"
}

if [ ! -x "$loopscope_root/loopscope" ]; then
  echo "loopscope: building with $(go env GOVERSION) (the first build compiles Ebiten and goja: about 1–2 minutes; later builds take seconds)" >&2
fi
build loopscope || { echo "loopscope: the build failed (see above)" >&2; exit 1; }
build loopscope-headless headless || { echo "loopscope: the headless build failed (see above)" >&2; exit 1; }
exec "$loopscope_root/loopscope" "$@"
