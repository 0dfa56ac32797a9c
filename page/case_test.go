package page

import (
	"testing"

	"loopscope/loop"
)

// TestRunFor: the run a mode and a query select is the one declared for both; a headless run
// with no declared run takes the mode's first, else the case's first.
func TestRunFor(t *testing.T) {
	c := Case{Runs: []Run{
		{Mode: ModeSpec, Query: "", Source: "a"},
		{Mode: ModeSpec, Query: "?span=200", Source: "b"},
		{Mode: loop.ModeLegacyRAF, Query: "", Source: "c"},
	}}
	for _, tc := range []struct {
		mode             Mode
		query            string
		declared, runFor string
	}{
		{ModeSpec, "?span=200", "b", "b"},
		{loop.ModeLegacyRAF, "", "c", "c"},
		{loop.ModeLegacyRAF, "?span=200", "", "c"},
		{loop.ModeMutationEvents, "", "", "a"},
	} {
		d, ok := c.DeclaredRun(tc.mode, tc.query)
		if d.Source != tc.declared || ok != (tc.declared != "") {
			t.Errorf("DeclaredRun(%s, %q) = %q, %v; want %q", tc.mode, tc.query, d.Source, ok, tc.declared)
		}
		if r, ok := c.RunFor(tc.mode, tc.query); !ok || r.Source != tc.runFor {
			t.Errorf("RunFor(%s, %q) = %q; want %q", tc.mode, tc.query, r.Source, tc.runFor)
		}
	}
	if _, ok := (Case{}).RunFor(ModeSpec, ""); ok {
		t.Error("a case without runs has a run")
	}
}
