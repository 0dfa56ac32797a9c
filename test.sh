#!/usr/bin/env bash
# Runs every loopscope test: vet, the core (no display needed), the headless build, the
# window tests under Xvfb, and the race detector on the packages whose memory goroutines
# share. Installs missing Debian packages first, and brings Go (go.mod's version) if the
# machine has none or an old one, as run.sh does.
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
# -noreset: an X server resets when its last client leaves, and a window that connects during
# the reset is refused ("Failed to open display"); window tests start and stop windows back to back.
# The tests that drive the app's window with real OS input (e2e/window) get an X server of their
# own: with no window manager, keys go to the window under the pointer, and the window package's
# tests open windows of their own (offscreen drawing needs one), which took the e2e tests' keys
# when the two packages ran at the same time. Both still run at once, as go test ./... ran them,
# on display numbers looked for from 90 and from 110 (-a), so that they never race for one.
# The e2e server has no key auto-repeat (-r): the harness holds each key 350 ms so that a slow
# frame sees it, and a loaded machine that kept xdotool from releasing it past the repeat delay
# made the key repeat (a letter typed twice into the gallery's filter).
xvfb="-screen 0 1400x900x24 -noreset"
e2e_log=$(mktemp)
xvfb-run -a -n 90 -s "$xvfb -r" go test -count=1 -timeout 20m ./e2e/window/ > "$e2e_log" 2>&1 &
e2e_pid=$!
status=0
xvfb-run -a -n 110 -s "$xvfb" go test -count=1 -timeout 20m $(go list ./... | grep -v '/e2e/window$') || status=$?
wait "$e2e_pid" || status=$?
cat "$e2e_log"
rm -f "$e2e_log"
[ "$status" -eq 0 ] || exit "$status"
# goja's own unit tests (third_party/goja is its own module, outside ./...): all of them, with
# -short (test262 is scripts/goja-test262.sh's job). About 20 s of CPU, most of it compiling.
(cd third_party/goja && go vet ./... && go test -short -count=1 -timeout 10m ./...)
# The race detector on the code that shares memory across goroutines: the agent's inbox, step
# mode, speed control, watchdog and trace (read by the window while the page runs), the page's
# hostile paths (the watchdog interrupts from its own goroutine), and render's frame hand-back.
# A few demos for step mode and -short keep it to a few minutes on 2 cores. (Not the frame-phase
# tests: under virtual time JS advances page time by its CPU time, which -race multiplies.)
go test -race -count=1 -timeout 20m \
  -run '^(TestStep|TestSpeed|TestInterrupt|TestGoPanic|TestScriptStop|TestTrace)/^(bossfight_real_click|rAF_in_rendering_stage|requestIdleCallback)$' ./loop/ ./agent/
go test -race -short -count=1 -timeout 20m -run '^(TestHostile|TestTrace|TestRecycle|TestPaint|TestWorker)' ./page/ ./render/
