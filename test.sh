#!/usr/bin/env bash
# Runs every loopscope test: vet, the core (no display needed), the headless build, and the
# window tests under Xvfb. Installs missing Debian packages first, and brings Go (go.mod's
# version) if the machine has none or an old one, as run.sh does.
set -euo pipefail
loopscope_root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$loopscope_root"
. scripts/go-toolchain.sh
scripts/debian-deps.sh test
ensure_go
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then echo "not gofmt-formatted: $unformatted" >&2; exit 1; fi
export GOFLAGS="${GOFLAGS:+$GOFLAGS }-buildvcs=false"
go vet -tags headless ./...
go build -tags headless -o /dev/null .
xvfb-run -a -s "-screen 0 1400x900x24" go test -count=1 -timeout 20m ./...
