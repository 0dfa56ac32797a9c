package node

import (
	"strings"
	"testing"

	"loopscope/agent"
)

// The modes reproduce behaviour that node 20 no longer has, so their expected outputs come
// from seed 002's text (the source is cited per case), not from a recording.
func TestNodeModes(t *testing.T) {
	cases := []struct {
		script string
		mode   agent.Mode
		want   string
		source string
	}{
		{"../../demos/node/seed002_timers_promises.js", agent.ModeNode10, "start end promise3 timer1 timer2 promise1 promise2",
			"seed 002, v10 with both timers expired ('如果time2定时器已经在执行队列中了'): the order the seed prints"},
		{"seed_script_start.js", agent.ModeNode10, "script start script end promise1 promise2 setTimeout",
			"seed 002's first example: one timer, the same order in every version"},
		{"node10_immediates.js", agent.ModeNode10, "immediate 1 immediate 2 nextTick 2 promise 1 promise 2",
			"node < 11 ran the check phase's immediates in one batch too (the issue: every immediate of the check phase; then its ticks before its promise jobs, as always"},
		{"../../demos/node/seed002_async1_async2.js", agent.ModeLegacyAwait, "script start async2 end Promise script end promise1 promise2 async1 end setTimeout",
			"seed 002 '在73以下版本，先执行promise1和promise2，再执行async1'"},
	}
	for _, c := range cases {
		t.Run(string(c.mode)+"/"+c.script, func(t *testing.T) {
			got := runScript(t, "../testdata/node/"+c.script, c.mode)
			if g := strings.Join(strings.Fields(strings.ReplaceAll(got.stdout, "\n", " ")), " "); g != c.want {
				t.Errorf("%s -mode %s:\n got: %s\nwant: %s\n(%s)", c.script, c.mode, g, c.want, c.source)
			}
		})
	}
}
