//go:build !headless

package window

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

// TestWindowReloadOnChange (issue 17): a page opened from a file reloads when the file, or
// an external script it loads, changes on disk, in the mode it was in: legacy-promise-tasks
// runs the promise reaction as a task after the 0 ms timer (spec runs it first). An edit that
// does not compile is not loaded: the last good version runs on, with the error.
func TestWindowReloadOnChange(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	pagePath := filepath.Join(dir, "lesson.html")
	script := filepath.Join(dir, "lesson.js")
	write := func(path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const order = `setTimeout(() => console.log('timeout'), 0); Promise.resolve().then(() => console.log('promise'));`
	write(script, `console.log('script 1');`)
	write(pagePath, `<script src="lesson.js"></script><script>console.log('page 1'); `+order+`</script>`)
	w := startWindow(t, "-mode", "legacy-promise-tasks", pagePath)
	w.expectLines(t, "first load", "script 1", "page 1", "timeout", "promise")

	// A new version of the page (a new size as well as a new time: a file system with
	// coarse timestamps still sees the change).
	time.Sleep(1100 * time.Millisecond)
	write(pagePath, `<script src="lesson.js"></script><script>console.log('page 2, edited'); `+order+`</script>`)
	w.waitErrLine(t, regexp.MustCompile(`reloaded: lesson\.html changed on disk`), time.Minute)
	w.expectLines(t, "after editing the page", "script 1", "page 2, edited", "timeout", "promise")

	time.Sleep(1100 * time.Millisecond)
	write(script, `console.log('script 2, edited');`)
	w.waitErrLine(t, regexp.MustCompile(`reloaded: lesson\.js changed on disk`), time.Minute)
	w.expectLines(t, "after editing its script", "script 2, edited", "page 2, edited", "timeout", "promise")

	// An edit that does not compile keeps the last good version: no reload (a reload would
	// print the inline script's lines), the error on stderr; the next good edit reloads.
	time.Sleep(1100 * time.Millisecond)
	write(script, "console.log('script 3, broken';\n")
	w.waitErrLine(t, regexp.MustCompile(`^loopscope: not reloaded: SyntaxError: .* \(at lesson\.js:1:\d+\) \(the last good version runs on\)$`), time.Minute)
	time.Sleep(1100 * time.Millisecond)
	write(script, `console.log('script 4, fixed');`)
	w.waitErrLine(t, regexp.MustCompile(`reloaded: lesson\.js changed on disk`), time.Minute)
	w.expectLines(t, "after fixing its script", "script 4, fixed", "page 2, edited", "timeout", "promise")
}
