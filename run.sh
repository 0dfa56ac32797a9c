#!/usr/bin/env bash
# Sets up everything loopscope needs on Debian (installing missing packages) and runs it.
#   ./run.sh                 the demo gallery in a window
#   ./run.sh DEMO|PAGE.html  one demo or page
#   ./run.sh -headless ...   any loopscope flags
set -euo pipefail
cd "$(dirname "$0")"
command -v go >/dev/null || { echo "loopscope needs Go (1.26 or newer): https://go.dev/doc/install" >&2; exit 1; }
scripts/debian-deps.sh
go build -o loopscope .
exec ./loopscope "$@"
