package page

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorpus runs every page of testdata/ (loop, dom, idle) and of demos/ in every mode it
// declares and compares the whole console output and the uncaught errors with the expected
// ones, which were recorded from Chrome or taken from a seed article's printed answer (see
// each run's source).
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("../testdata/*/*.json")
	demos, _ := filepath.Glob("../demos/*.json")
	if len(files) == 0 || len(demos) == 0 {
		t.Fatal("no corpus in ../testdata or ../demos")
	}
	for _, jf := range append(files, demos...) {
		if jf == filepath.Join("..", "demos", "long_microtasks.json") {
			// 250,000 promise callbacks: a minute or more on a loaded machine, next to the
			// rest of the suite; the root package's TestCLICheck (-check) runs it.
			continue
		}
		dir := filepath.Dir(jf)
		name := filepath.Base(dir) + "/" + strings.TrimSuffix(filepath.Base(jf), ".json")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			runCaseFile(t, jf)
		})
	}
}

// runCaseFile runs every run of the case in jsonPath against its .html page.
func runCaseFile(t *testing.T, jsonPath string) { runCaseFileWith(t, jsonPath, true) }

// runCaseFileWith runs the case in virtual time or, with virtual false, in real time.
func runCaseFileWith(t *testing.T, jsonPath string, virtual bool) {
	meta, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	c, err := ParseCase(meta)
	if err != nil {
		t.Fatalf("%s: %v", jsonPath, err)
	}
	htmlPath := strings.TrimSuffix(jsonPath, ".json") + ".html"
	src, err := os.ReadFile(htmlPath)
	if err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(htmlPath)
	u := (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
	for _, r := range c.Runs {
		res, err := runCase(src, u, filepath.Dir(abs), r, virtual)
		if err != nil {
			t.Errorf("[%s] %v", r.Name(), err)
			continue
		}
		if ok, diff := res.Matches(r); !ok {
			t.Errorf("[%s] %s", r.Name(), diff)
		}
	}
}
