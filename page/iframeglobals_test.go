package page

import (
	"path/filepath"
	"testing"
)

// TestIframeGlobalsCasesRealTime runs the cases of an iframe window's event loop globals
// (testdata/dom/iframe_timers, iframe_animation_frames, iframe_idle), recorded from
// Chromium, in real time; TestCorpus runs them in virtual time.
func TestIframeGlobalsCasesRealTime(t *testing.T) {
	files, _ := filepath.Glob("../testdata/dom/iframe_[tai][id]*.json")
	if len(files) < 3 {
		t.Fatalf("%d cases", len(files))
	}
	for _, jf := range files {
		t.Run(filepath.Base(jf), func(t *testing.T) { runCaseFileWith(t, jf, false) })
	}
}
