#!/usr/bin/env bash
# Soak test: runs testdata/hostile/soak.html (a rAF animation that creates and drops nodes
# every frame, a setInterval rewriting the DOM, a MutationObserver) headless on the real clock
# for DURATION (default 30m), sampling the Go heap (after a GC) and the RSS every minute.
#   scripts/soak.sh [DURATION] [virtual|real] [instruments]   e.g. scripts/soak.sh 30m
# With "virtual" the page runs in virtual time: the same page minutes in about 1 s each.
# With "instruments" every frame is also encoded as a PNG (as -filmstrip does), the queues
# inspected every frame, and the whole trace exported at every sample (as -trace does).
# Prints one line per sample, then before load / start / 10 min / end; fails if the heap
# grew more than 10 %.
set -euo pipefail
cd "$(dirname "$0")/.."
dur=${1:-30m}
bin=$(mktemp -d)/page.test
go test -tags headless -c -o "$bin" ./page/
cd page
inst=""
if [ "${3:-}" = instruments ]; then inst=1; fi
LOOPSCOPE_SOAK=$dur LOOPSCOPE_SOAK_CLOCK=${2:-real} LOOPSCOPE_SOAK_INSTRUMENTS=$inst "$bin" -test.run '^TestSoak$' -test.v -test.count=1 -test.timeout 0 | tee /tmp/soak-last.log
