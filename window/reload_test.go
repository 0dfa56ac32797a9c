//go:build !headless

package window

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestFileWatchWaitsForTheWriteToEnd: a save caught half-way (the file truncated, its text
// not yet written) is not acted on: the watch reports the file once its stamp stayed the
// same for a poll, so the reload checks and loads the version written, not the empty file.
// The times are the watch's own (passed in): nothing here waits.
func TestFileWatchWaitsForTheWriteToEnd(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "lesson.js")
	write := func(text string, mod time.Time) {
		t.Helper()
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(f, mod, mod); err != nil {
			t.Fatal(err)
		}
	}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	write("console.log(1)", t0)
	var w fileWatch
	w.watch([]string{f})
	now := time.Now()
	if got := w.changed(now.Add(watchEvery)); got != "" {
		t.Fatalf("unchanged file reported: %q", got)
	}
	now = now.Add(watchEvery)
	write("", t0.Add(time.Second)) // truncated: the save has begun
	now = now.Add(watchEvery)
	if got := w.changed(now); got != "" {
		t.Fatalf("a file seen changed once was reported at once: %q", got)
	}
	write("console.log('broken';", t0.Add(time.Second)) // the save ends: same time, new size
	now = now.Add(settleFor)
	if got := w.changed(now); got != "" {
		t.Fatalf("a file still changing was reported: %q", got)
	}
	now = now.Add(settleFor)
	if got := w.changed(now); got != f {
		t.Fatalf("a file that stayed as it was for a poll: got %q, want %q", got, f)
	}
	now = now.Add(watchEvery)
	if got := w.changed(now); got != "" {
		t.Fatalf("reported twice: %q", got)
	}
}
