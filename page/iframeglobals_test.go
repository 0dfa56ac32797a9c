package page

import (
	"path/filepath"
	"testing"
)

// TestIframeGlobalsCasesRealTime runs the cases of an iframe window's event loop globals
// (testdata/dom/iframe_timers, iframe_animation_frames, iframe_idle), recorded from
// Chromium, in real time; TestCorpus runs them in virtual time.
func TestIframeGlobalsCasesRealTime(t *testing.T) {
	for _, name := range []string{"iframe_timers", "iframe_animation_frames", "iframe_idle"} {
		jf := filepath.Join("..", "testdata", "dom", name+".json")
		t.Run(name, func(t *testing.T) { runCaseFileWith(t, jf, false) })
	}
}
