package targets

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"loopscope/demos"
	"loopscope/page"
)

// TestDemoLimits: a demo that blocks the page on purpose (long_microtasks: 250,000 promise
// jobs, seconds in goja and some 800 MB of goja objects) gets the watchdog and heap limit it
// declares, in the window and headless alike, unless the flags asked for other limits.
func TestDemoLimits(t *testing.T) {
	d, err := demos.Get("long_microtasks")
	if err != nil {
		t.Fatal(err)
	}
	if d.MaxHeap() <= page.DefaultMaxHeap || d.ScriptTimeoutMS <= float64(DefaultScriptTimeout/time.Millisecond) {
		t.Fatalf("long_microtasks declares no larger limits: %d bytes, %v ms", d.MaxHeap(), d.ScriptTimeoutMS)
	}
	got := demoLimits(&d, page.Options{ScriptTimeout: DefaultScriptTimeout, MaxHeap: page.DefaultMaxHeap})
	if got.MaxHeap != d.MaxHeap() || got.ScriptTimeout != time.Duration(d.ScriptTimeoutMS)*time.Millisecond {
		t.Errorf("with the default flags: heap %d, timeout %v; want the demo's %d, %v ms", got.MaxHeap, got.ScriptTimeout, d.MaxHeap(), d.ScriptTimeoutMS)
	}
	got = demoLimits(&d, page.Options{ScriptTimeout: time.Second, MaxHeap: 256 << 20})
	if got.MaxHeap != 256<<20 || got.ScriptTimeout != time.Second {
		t.Errorf("with -max-heap 256MiB -script-timeout 1s: heap %d, timeout %v; the flags must win", got.MaxHeap, got.ScriptTimeout)
	}
	plain, err := demos.Get("jake_script_start")
	if err != nil {
		t.Fatal(err)
	}
	if got := demoLimits(&plain, page.Options{ScriptTimeout: DefaultScriptTimeout, MaxHeap: page.DefaultMaxHeap}); got.MaxHeap != page.DefaultMaxHeap || got.ScriptTimeout != DefaultScriptTimeout {
		t.Errorf("a demo that declares nothing got heap %d, timeout %v", got.MaxHeap, got.ScriptTimeout)
	}
}

// TestCopyDemo: a demo copied out is its embedded files; copied again, a file already there
// is kept as the learner left it (the window's D opens it) or is an error (-copy-demo).
func TestCopyDemo(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lessons")
	path, err := CopyDemo("rendering", dir, false)
	if err != nil || path != filepath.Join(dir, "rendering.html") {
		t.Fatalf("CopyDemo: %q, %v", path, err)
	}
	html, meta, _ := demos.Files("rendering")
	if b, _ := os.ReadFile(path); !bytes.Equal(b, html) {
		t.Error("the copied page differs from the demo's")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "rendering.json")); !bytes.Equal(b, meta) {
		t.Error("the copied metadata differs from the demo's")
	}
	edited := []byte("<p>my edit</p>")
	os.WriteFile(path, edited, 0o644)
	if _, err := CopyDemo("rendering", dir, false); err == nil || !strings.Contains(err.Error(), "already there") {
		t.Errorf("copied again without keep: %v, want a file already there", err)
	}
	if p, err := CopyDemo("rendering", dir, true); err != nil || p != path {
		t.Errorf("copied again with keep: %q, %v", p, err)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, edited) {
		t.Error("a copy overwrote the learner's edit")
	}
	if p, err := CopyDemo("seed002_nexttick_bar", dir, false); err != nil || filepath.Ext(p) != ".js" {
		t.Errorf("a Node demo: %q, %v; want its script as NAME.js", p, err)
	}
	if _, err := CopyDemo("no_such_demo", dir, true); err == nil {
		t.Error("an unknown demo was copied")
	}
}

// TestOpen: a demo name opens the demo (a page, or a Node demo as a Node page), a query goes
// with the page's URL, and a name that is neither a file nor a demo says so.
func TestOpen(t *testing.T) {
	var o Opener
	defer o.Close()
	p, d, err := o.Open("rendering?span=20", "", page.Options{})
	if err != nil || d == nil || d.Name != "rendering" || p.IsNode() {
		t.Fatalf("rendering?span=20: demo %v, node %v, %v", d, p != nil && p.IsNode(), err)
	}
	if _, q := Split("rendering?span=20"); q != "?span=20" {
		t.Errorf("Split's query %q", q)
	}
	p, d, err = o.Open("seed002_nexttick_bar", "", page.Options{})
	if err != nil || d == nil || !d.Node || !p.IsNode() {
		t.Fatalf("a Node demo: demo %v, %v", d, err)
	}
	if _, _, err := o.Open("no_such_page", "", page.Options{}); err == nil || !strings.Contains(err.Error(), "no built-in demo by that name") {
		t.Errorf("an unknown name: %v", err)
	}
	if !IsNode("app.js", "") || IsNode("app.js", "browser") || !IsNode("page.html", "node") || IsNode("rendering", "") {
		t.Error("IsNode: .js files and -env node are Node; -env browser and page demos are not")
	}
}
