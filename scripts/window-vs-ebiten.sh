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
#   BARE="-boxes 100 -fps 30 -kept" scripts/window-vs-ebiten.sh  # the bare program's flags
#
# PROP is what the 100 boxes' CSS animation changes: transform (default) or left.
# Under Xvfb both sit on llvmpipe's floor: compare ratios, on a machine as quiet as can be.
# The window decides its pacing over its first 30 draws (drawn whole), hence the warm-up:
# what is measured is its steady state.
#
# Neither side presents 60 frames a second on a loaded machine, nor the same number: the
# window presents at most 30 (its pacer, without vsync), the bare program as many as vsync
# and the CPU let it (BARE="-fps 30" caps it as the window's pacer does; "-kept" keeps its
# screen and clears only where the boxes were, as the window draws only the page's damage).
# So each side's presents are counted too, with uprobes on eglSwapBuffers and glXSwapBuffers
# (perf, as root; without them the per-present figures are left out), and the CPU of a
# present is printed beside the CPU of a second.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
secs=${SECS:-10}
warm=${WARM:-12}
rounds=${ROUNDS:-3}
prop=${PROP:-transform}
bare=${BARE:--boxes 100}
tmp=$(mktemp -d)
xpid='' apid=''
probes=() added=()
cleanup() {
	[ -n "$apid" ] && kill "$apid" 2>/dev/null || true
	[ -n "$xpid" ] && kill "$xpid" 2>/dev/null || true
	for p in "${added[@]}"; do perf probe -q -d "$p" 2>/dev/null || true; done
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

# The presents' probes: a uprobe on each swap function (added here unless there already,
# and removed at the end if added here).
if command -v perf >/dev/null && [ "$(id -u)" = 0 ]; then
	for lf in libEGL.so.1:eglSwapBuffers libGLX.so.0:glXSwapBuffers; do
		lib=$(ldconfig -p | awk -v l="${lf%%:*}" '$1 == l { print $NF; exit }')
		fn=${lf##*:} ev="probe_$(echo "${lf%%.*}" | tr -c 'A-Za-z0-9_\n' _):${lf##*:}"
		[ -n "$lib" ] || continue
		if ! perf probe -l 2>/dev/null | grep -q "$ev "; then
			perf probe -q -x "$(readlink -f "$lib")" --add "$fn" >/dev/null 2>&1 || continue
			added+=("$ev")
		fi
		probes+=("$ev")
	done
fi

# ticks PID: the CPU time (user + system) of a process, in clock ticks.
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# measure CMD...: starts Xvfb and CMD on it, waits WARM s, samples SECS s; prints
# "app_ms_per_s x_ms_per_s presents_per_s" (presents 0 when they are not counted).
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
	: >"$tmp/presents"
	if [ ${#probes[@]} -gt 0 ]; then
		perf stat -x, -e "$(IFS=,; echo "${probes[*]}")" -p "$apid" -o "$tmp/presents" -- sleep "$secs" >/dev/null 2>&1
	else
		sleep "$secs"
	fi
	a1=$(ticks $apid) x1=$(ticks $xpid)
	local n
	n=$(awk -F, '/SwapBuffers/ && $1 ~ /^[0-9]+$/ { n += $1 } END { print n + 0 }' "$tmp/presents")
	kill $apid $xpid 2>/dev/null || true
	wait $apid $xpid 2>/dev/null || true
	apid='' xpid=''
	: >"$tmp/display"
	awk -v a=$((a1 - a0)) -v x=$((x1 - x0)) -v hz="$hz" -v s="$secs" -v n="$n" 'BEGIN { printf "%.0f %.0f %.1f\n", 1000*a/hz/s, 1000*x/hz/s, n/s }'
}

echo "page: $page ($prop), bare Ebiten $bare, $rounds rounds of $secs s after $warm s; CPU in ms per second (of one core)"
[ ${#probes[@]} -gt 0 ] || echo "(presents not counted: perf's uprobes need root)"
: >"$tmp/loopscope.txt"
: >"$tmp/bare.txt"
# per L: "ms/s (X ms/s), N presents/s, ms (with X) a present" from a measure line.
per() {
	awk '{ if ($3 > 0) printf "%d (X %d), %.1f presents/s, %.1f ms (%.1f with X) a present", $1, $2, $3, $1/$3, ($1+$2)/$3; else printf "%d (X %d)", $1, $2 }' <<<"$1"
}
for r in $(seq "$rounds"); do
	l=$(measure "$tmp/loopscope" "$page")
	# shellcheck disable=SC2086 # BARE is the bare program's flags
	b=$(measure "$tmp/bareebiten" $bare)
	echo "$l" >>"$tmp/loopscope.txt"
	echo "$b" >>"$tmp/bare.txt"
	echo "round $r: loopscope $(per "$l");   bare Ebiten $(per "$b");   load $(cut -d' ' -f1 /proc/loadavg)"
done
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
lm=$(cut -d' ' -f1 "$tmp/loopscope.txt" | median)
bm=$(cut -d' ' -f1 "$tmp/bare.txt" | median)
lxm=$(awk '{ print $1 + $2 }' "$tmp/loopscope.txt" | median)
bxm=$(awk '{ print $1 + $2 }' "$tmp/bare.txt" | median)
awk -v l="$lm" -v b="$bm" -v lx="$lxm" -v bx="$bxm" 'BEGIN {
	printf "median: loopscope %d ms/s, bare Ebiten %d ms/s: %.2fx (with their X servers: %d and %d ms/s, %.2fx)\n", l, b, (b > 0 ? l / b : 0), lx, bx, (bx > 0 ? lx / bx : 0)
}'
if [ ${#probes[@]} -gt 0 ]; then
	lp=$(awk '$3 > 0 { print $1 / $3 }' "$tmp/loopscope.txt" | median)
	bp=$(awk '$3 > 0 { print $1 / $3 }' "$tmp/bare.txt" | median)
	lxp=$(awk '$3 > 0 { print ($1 + $2) / $3 }' "$tmp/loopscope.txt" | median)
	bxp=$(awk '$3 > 0 { print ($1 + $2) / $3 }' "$tmp/bare.txt" | median)
	awk -v l="$lp" -v b="$bp" -v lx="$lxp" -v bx="$bxp" 'BEGIN {
		printf "median a present: loopscope %.1f ms, bare Ebiten %.1f ms: %.2fx (with their X servers: %.1f and %.1f ms, %.2fx)\n", l, b, (b > 0 ? l / b : 0), lx, bx, (bx > 0 ? lx / bx : 0)
	}'
fi
