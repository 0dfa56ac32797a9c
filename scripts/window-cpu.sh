#!/usr/bin/env bash
# Measures what the loopscope window costs in CPU under Xvfb: the app's and the X server's
# CPU time over a few seconds, sampled from /proc/PID/stat (utime + stime), as a percentage
# of one core. Two cases: the demo gallery left alone (a window at rest), and a page
# animating one 50 px box with requestAnimationFrame.
#
#   scripts/window-cpu.sh            # 10 s per case after 5 s of warm-up
#   SECS=20 WARM=8 scripts/window-cpu.sh
#
# Run it on a quiet machine: other processes share the CPU the window gets.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
secs=${SECS:-10}
warm=${WARM:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/loopscope" .)
cat >"$tmp/box.html" <<'EOF'
<!doctype html>
<style>body { margin: 0 } #box { width: 50px; height: 50px; background: #3a7 }</style>
<div id=box></div>
<script>
const box = document.getElementById('box');
requestAnimationFrame(function step(t) {
  box.style.transform = 'translateX(' + (t / 10 % 600) + 'px)';
  requestAnimationFrame(step);
});
</script>
EOF
hz=$(getconf CLK_TCK)

# ticks PID: the CPU time (user + system) of a process, in clock ticks.
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# measure LABEL ARGS...: starts Xvfb and the window with ARGS, waits, samples.
measure() {
	local label=$1
	shift
	exec 3>"$tmp/display"
	Xvfb -displayfd 3 -screen 0 1400x900x24 -nolisten tcp >/dev/null 2>&1 &
	local xpid=$!
	exec 3>&-
	for _ in $(seq 50); do [ -s "$tmp/display" ] && break; sleep 0.1; done
	DISPLAY=":$(cat "$tmp/display")" "$tmp/loopscope" "$@" >/dev/null 2>&1 &
	local apid=$!
	sleep "$warm"
	local a0 x0 a1 x1
	a0=$(ticks $apid) x0=$(ticks $xpid)
	sleep "$secs"
	a1=$(ticks $apid) x1=$(ticks $xpid)
	kill $apid $xpid 2>/dev/null || true
	wait $apid $xpid 2>/dev/null || true
	: >"$tmp/display"
	awk -v l="$label" -v a=$((a1 - a0)) -v x=$((x1 - x0)) -v hz="$hz" -v s="$secs" \
		'BEGIN { printf "%-28s app %5.1f %%   X server %5.1f %%   (of one core, %d s)\n", l, 100*a/hz/s, 100*x/hz/s, s }'
}

measure "idle on the gallery"
measure "animating a 50 px box" "$tmp/box.html"
