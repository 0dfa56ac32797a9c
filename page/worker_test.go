package page

import (
	"path/filepath"
	"testing"
)

// TestWorkerCorpusVirtualAndReal runs the worker cases of testdata/workers (outputs recorded
// from Chromium, compared thread by thread) in real time too: TestCorpus runs them in
// virtual time.
func TestWorkerCorpusRealTime(t *testing.T) {
	files, _ := filepath.Glob("../testdata/workers/*.json")
	if len(files) < 15 {
		t.Fatalf("%d worker cases, want at least 15", len(files))
	}
	for _, jf := range files {
		jf := jf
		t.Run(filepath.Base(jf), func(t *testing.T) {
			runCaseFileWith(t, jf, false)
		})
	}
}
