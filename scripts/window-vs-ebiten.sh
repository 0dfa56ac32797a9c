#!/usr/bin/env bash
# Issue 29's window line: the loopscope window animating 100 boxes against a bare Ebiten
# program (window/bareebiten_test.go, this module's Ebiten) presenting a window of the same size
# (1280×776) at 60 Hz. Each runs alone under its own Xvfb for SECS seconds after WARM
# seconds of warm-up, in ROUNDS alternating rounds; the CPU time of each process (and of its
# X server) is read from /proc/PID/stat (utime + stime). Prints each round, the medians and
# the ratio loopscope / bare. Not a test: numbers for a report, taken in one sitting.
#
#   scripts/window-vs-ebiten.sh                       # 3 rounds of 10 s after 12 s
#   ROUNDS=5 SECS=20 PROP=left scripts/window-vs-ebiten.sh
#   PAGE=demos/some.html scripts/window-vs-ebiten.sh  # another page
#
# PROP is what the 100 boxes' CSS animation changes: transform (default) or left.
# Under Xvfb both sit on llvmpipe's floor: compare ratios, on a machine as quiet as can be.
# The bare program says how many frames it drew (on SIGTERM): on a loaded machine it does
# not reach 60 Hz. The window decides its pacing over its first 30 draws (drawn whole),
# hence the warm-up: what is measured is its steady state.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
secs=${SECS:-10}
warm=${WARM:-12}
rounds=${ROUNDS:-3}
prop=${PROP:-transform}
tmp=$(mktemp -d)
xpid='' apid=''
cleanup() {
	[ -n "$apid" ] && kill "$apid" 2>/dev/null || true
	[ -n "$xpid" ] && kill "$xpid" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT
(cd "$root" && go build -o "$tmp/loopscope" . && go test -c -tags barebench -o "$tmp/bareebiten" ./window/)
page=${PAGE:-$tmp/boxes.html}
if [ -z "${PAGE:-}" ]; then
	case $prop in
	transform) from='transform: translateX(0)' to='transform: translateX(300px)' ;;
	left) from='left: 0' to='left: 300px' ;;
	*) echo "PROP is transform or left" >&2; exit 2 ;;
	esac
	{
		echo "<!doctype html><style>body { margin: 0 } @keyframes slide { from { $from } to { $to } }"
		echo ".b { position: absolute; width: 40px; height: 40px; background: #3a7; animation: slide 2s linear infinite alternate }</style>"
		for i in $(seq 0 99); do
			echo "<div class=b style=\"left: $((20 + i % 10 * 44))px; top: $((20 + i / 10 * 56))px; animation-delay: -$((i * 10 % 2000))ms\"></div>"
		done
	} >"$page"
fi
hz=$(getconf CLK_TCK)

# ticks PID: the CPU time (user + system) of a process, in clock ticks.
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# measure CMD...: starts Xvfb and CMD on it, waits WARM s, samples SECS s; prints
# "app_ms_per_s x_ms_per_s".
measure() {
	exec 3>"$tmp/display"
	Xvfb -displayfd 3 -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 &
	xpid=$!
	exec 3>&-
	for _ in $(seq 50); do [ -s "$tmp/display" ] && break; sleep 0.1; done
	DISPLAY=":$(cat "$tmp/display")" "$@" >/dev/null 2>"$tmp/stderr" &
	apid=$!
	sleep "$warm"
	local a0 x0 a1 x1
	a0=$(ticks $apid) x0=$(ticks $xpid)
	sleep "$secs"
	a1=$(ticks $apid) x1=$(ticks $xpid)
	kill $apid $xpid 2>/dev/null || true
	wait $apid $xpid 2>/dev/null || true
	apid='' xpid=''
	: >"$tmp/display"
	awk -v a=$((a1 - a0)) -v x=$((x1 - x0)) -v hz="$hz" -v s="$secs" 'BEGIN { printf "%.0f %.0f\n", 1000*a/hz/s, 1000*x/hz/s }'
}

echo "page: $page ($prop), $rounds rounds of $secs s after $warm s; CPU in ms per second (of one core)"
: >"$tmp/loopscope.txt"
: >"$tmp/bare.txt"
for r in $(seq "$rounds"); do
	l=$(measure "$tmp/loopscope" "$page")
	b=$(measure "$tmp/bareebiten" -boxes 100)
	fps=$(awk '/frames in/ { printf "%.0f", $2 / $5 }' "$tmp/stderr")
	echo "$l" >>"$tmp/loopscope.txt"
	echo "$b" >>"$tmp/bare.txt"
	set -- $l
	la=$1 lx=$2
	set -- $b
	echo "round $r: loopscope $la (X $lx)   bare Ebiten $1 (X $2, ${fps:-?} frames/s over its run)   load $(cut -d' ' -f1 /proc/loadavg)"
done
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
lm=$(cut -d' ' -f1 "$tmp/loopscope.txt" | median)
bm=$(cut -d' ' -f1 "$tmp/bare.txt" | median)
lxm=$(awk '{ print $1 + $2 }' "$tmp/loopscope.txt" | median)
bxm=$(awk '{ print $1 + $2 }' "$tmp/bare.txt" | median)
awk -v l="$lm" -v b="$bm" -v lx="$lxm" -v bx="$bxm" 'BEGIN {
	printf "median: loopscope %d ms/s, bare Ebiten %d ms/s: %.2fx (with their X servers: %d and %d ms/s, %.2fx)\n", l, b, (b > 0 ? l / b : 0), lx, bx, (bx > 0 ? lx / bx : 0)
}'
