package page

import (
	"path/filepath"
	"testing"
)

// TestDialogCasesRealTime runs the dialog element's cases (testdata/dom/dialog_*), recorded
// from Chromium, in real time; TestCorpus runs them in virtual time.
func TestDialogCasesRealTime(t *testing.T) {
	files, _ := filepath.Glob("../testdata/dom/dialog_*.json")
	if len(files) < 2 {
		t.Fatalf("%d cases", len(files))
	}
	for _, jf := range files {
		t.Run(filepath.Base(jf), func(t *testing.T) { runCaseFileWith(t, jf, false) })
	}
}
