package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"loopscope/demos"
	nodedemos "loopscope/demos/node"
	"loopscope/internal/testsupport"
	"loopscope/page"
)

// TestCLICopyDemo: -copy-demo writes a demo's page and metadata as files, and the copied
// page, clicked as the demo's run says, prints Chrome's recorded order; an unknown demo, a
// folder that cannot be made and a file already there are clear errors with exit status 2
// (the learner's edits are never overwritten).
func TestCLICopyDemo(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lessons")
	const name = "bossfight_real_click"
	out, errOut, code := runCLI(t, nil, headlessBin, "-copy-demo", name, dir)
	if code != 0 || !strings.Contains(out, filepath.Join(dir, name+".html")) {
		t.Fatalf("-copy-demo: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	d, err := demos.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	html, _ := os.ReadFile(filepath.Join(dir, name+".html"))
	meta, _ := os.ReadFile(filepath.Join(dir, name+".json"))
	if !bytes.Equal(html, d.HTML) {
		t.Error("the copied page differs from the built-in demo")
	}
	if c, err := page.ParseCase(meta); err != nil || c.Title != d.Title {
		t.Errorf("the copied metadata does not parse as the demo's: %v", err)
	}
	run := d.Runs[0]
	args := []string{"-headless", "-virtual-time", "-mode", string(run.Mode)}
	for _, a := range run.Actions {
		args = append(args, "-click", fmt.Sprintf("%s@%v:%s", a.Click, a.AtMS, a.Kind))
	}
	out, errOut, code = runCLI(t, nil, headlessBin, append(args, filepath.Join(dir, name+".html"))...)
	if code != 0 || !slices.Equal(lines(out), run.Expected) {
		t.Errorf("the copied page printed %q (exit %d, %s), want Chrome's %q", lines(out), code, errOut, run.Expected)
	}

	for _, c := range []struct {
		what string
		args []string
		want string
	}{
		{"unknown demo", []string{"-copy-demo", "no_such_demo", dir}, "no built-in demo called no_such_demo"},
		{"file already there", []string{"-copy-demo", name, dir}, "already there"},
		{"folder under a file", []string{"-copy-demo", name, filepath.Join(dir, name+".html", "x")}, "cannot make the folder"},
		{"no folder", []string{"-copy-demo", name}, "-copy-demo needs a folder"},
	} {
		_, errOut, code := runCLI(t, nil, headlessBin, c.args...)
		if code != 2 || len(lines(errOut)) != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d, stderr %q: want 2 and one line with %q", c.what, code, errOut, c.want)
		}
	}
	if after, _ := os.ReadFile(filepath.Join(dir, name+".html")); !bytes.Equal(after, html) {
		t.Error("a second -copy-demo changed the copied page")
	}
}

// TestCLIRecordedActions: an actions file as the window's -record writes it (the page, the
// mode, a press and a release at page coordinates) replays in the file's mode: the real
// click on bossfight's inner square prints Chrome's order (spec) or old Edge's, as the
// demo's recorded runs say; -mode on the command line wins over the file's.
func TestCLIRecordedActions(t *testing.T) {
	d, err := demos.Get("bossfight_real_click")
	if err != nil {
		t.Fatal(err)
	}
	p, err := page.New(d.HTML, d.URL(), "", page.Options{Console: &testsupport.Console{}})
	if err != nil {
		t.Fatal(err)
	}
	page.RunToCompletion(p, 1, 1) // parsed, loaded (scripts see only what is above them)
	p.PaintNow()
	n, _ := p.Doc.QuerySelector(".inner")
	box, ok := p.Engine.BoxOf(n.HTML())
	if !ok {
		t.Fatal(".inner has no box")
	}
	x, y := box.X+box.W/2, box.Y+box.H/2
	expected := map[page.Mode][]string{}
	for _, r := range d.Runs {
		expected[r.Mode] = r.Expected
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "session.json")
	os.WriteFile(file, []byte(fmt.Sprintf(`{"page": "bossfight_real_click", "mode": "legacy-edge-listeners", "actions": [
		{"at_ms": 120.5, "pointer": "press", "xy": [%v, %v]},
		{"at_ms": 180.25, "pointer": "release", "xy": [%v, %v]}]}`, x, y, x, y)), 0o644)
	out, errOut, code := runCLI(t, nil, headlessBin, "-headless", "-virtual-time", "-actions", file)
	if want := expected["legacy-edge-listeners"]; code != 0 || !slices.Equal(lines(out), want) {
		t.Errorf("replay in the file's mode printed %q (exit %d, %s), want %q", lines(out), code, errOut, want)
	}
	out, _, _ = runCLI(t, nil, headlessBin, "-headless", "-virtual-time", "-mode", "spec", "-actions", file)
	if want := expected["spec"]; !slices.Equal(lines(out), want) {
		t.Errorf("replay with -mode spec printed %q, want Chrome's %q", lines(out), want)
	}

	bad := func(body string) string {
		f := filepath.Join(dir, fmt.Sprintf("bad%d.json", len(body)))
		os.WriteFile(f, []byte(body), 0o644)
		return f
	}
	for _, c := range []struct{ body, want string }{
		{`{"actions": [{"at_ms": 1, "pointer": "press", "xy": [1, 2]}]}`, "names no page"},
		{`{"page": "bossfight_real_click", "actions": [{"at_ms": 1, "pointer": "drag", "xy": [1, 2]}]}`, `pointer "drag": want press or release`},
		{`{"page": "bossfight_real_click", "actions": [{"at_ms": 1, "pointer": "press"}]}`, "want xy"},
		{`{"page": "bossfight_real_click", "actions": [{"at_ms": 1, "pointer": "press", "xy": [1e300, 2]}]}`, "want coordinates within"},
		{`{"page": "bossfight_real_click", "actions": [{"at_ms": 1, "click": ".inner", "pointer": "press", "xy": [1, 2]}]}`, "either click or pointer"},
		{`{"page": "bossfight_real_click", "mode": "netscape", "actions": []}`, `unknown mode "netscape"`},
	} {
		_, errOut, code := runCLI(t, nil, headlessBin, "-headless", "-actions", bad(c.body))
		if code != 2 || len(lines(errOut)) != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d, stderr %q: want 2 and one line with %q", c.body, code, errOut, c.want)
		}
	}
}

// TestCLICopyNodeDemo: -copy-demo copies a Node demo as NAME.js with its metadata, and the
// copied script runs as a Node main module printing one of the outputs node printed.
func TestCLICopyNodeDemo(t *testing.T) {
	dir := t.TempDir()
	const name = "seed002_nexttick_bar"
	out, errOut, code := runCLI(t, nil, headlessBin, "-copy-demo", name, dir)
	script := filepath.Join(dir, name+".js")
	if code != 0 || !strings.Contains(out, script) {
		t.Fatalf("-copy-demo: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	d, err := nodedemos.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(script); !bytes.Equal(b, d.Script) {
		t.Error("the copied script differs from the built-in demo")
	}
	if _, err := os.Stat(filepath.Join(dir, name+".json")); err != nil {
		t.Errorf("no metadata beside the script: %v", err)
	}
	out, errOut, code = runCLI(t, nil, headlessBin, "-headless", script)
	run := d.Runs[0]
	ok := slices.Equal(lines(out), run.Expected)
	for _, alt := range run.Alternatives {
		ok = ok || slices.Equal(lines(out), alt)
	}
	if code != 0 || !ok {
		t.Errorf("the copied script printed %q (exit %d, %s), want node's %q or %q", lines(out), code, errOut, run.Expected, run.Alternatives)
	}
}
