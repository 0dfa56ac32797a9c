#!/usr/bin/env bash
# Runs every loopscope test: vet, the core (no display needed), the headless build, and the
# window tests under Xvfb. Installs missing Debian packages first.
set -euo pipefail
cd "$(dirname "$0")"
scripts/debian-deps.sh test
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then echo "not gofmt-formatted: $unformatted" >&2; exit 1; fi
go vet -tags headless ./...
go build -tags headless -o /dev/null .
xvfb-run -a -s "-screen 0 1400x900x24" go test -count=1 -timeout 20m ./...
