package loop

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// corpusCase is the case format of testdata/ and demos/ (see tools/chrome/README.md).
type corpusCase struct {
	Runs []struct {
		Mode           Mode       `json:"mode"`
		Expected       []string   `json:"expected"`
		Alternatives   [][]string `json:"alternatives"`
		ExpectedErrors []string   `json:"expected_errors"`
		DurationMS     float64    `json:"duration_ms"`
		Source         string     `json:"source"`
	} `json:"runs"`
}

// inlineScripts returns the text of a page's inline classic scripts, in order.
func inlineScripts(t *testing.T, path string) []string {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := html.Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "script" && n.FirstChild != nil {
			out = append(out, n.FirstChild.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}

// TestCorpus runs the DOM-free pages of testdata/loop (outputs recorded from Chrome) on the
// bare loop: each inline script as its own task, in virtual time.
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob("../testdata/loop/*.json")
	if len(files) == 0 {
		t.Fatal("no corpus found in ../testdata/loop")
	}
	for _, jf := range files {
		name := strings.TrimSuffix(filepath.Base(jf), ".json")
		t.Run(name, func(t *testing.T) {
			var c corpusCase
			b, err := os.ReadFile(jf)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &c); err != nil {
				t.Fatal(err)
			}
			scripts := inlineScripts(t, strings.TrimSuffix(jf, ".json")+".html")
			for _, s := range scripts {
				if strings.Contains(s, "document.") || strings.Contains(s, "window") || strings.Contains(s, "MessageChannel") || strings.Contains(s, "addEventListener") || strings.Contains(s, "onerror") {
					t.Skip("needs the DOM: covered by the page tests")
				}
			}
			for _, run := range c.Runs {
				con := &recordingConsole{}
				l := New(Options{Clock: NewVirtualClock(), Console: con, Mode: run.Mode})
				for i, s := range scripts {
					s := s
					l.QueueTask(SourceDOMManipulation, "script", func() { l.RunScript(name+".html#"+string(rune('0'+i)), s) })
				}
				until := 3000.0
				if run.DurationMS > 0 {
					until = run.DurationMS
				}
				l.Run(RunOptions{StopWhenQuiet: true, Until: until})
				ok := strings.Join(con.lines, "\n") == strings.Join(run.Expected, "\n")
				for _, alt := range run.Alternatives {
					ok = ok || strings.Join(con.lines, "\n") == strings.Join(alt, "\n")
				}
				if !ok {
					t.Errorf("mode %s: console differs from %s\n got: %q\nwant: %q", run.Mode, run.Source, con.lines, run.Expected)
				}
				if strings.Join(con.errors, "\n") != strings.Join(run.ExpectedErrors, "\n") {
					t.Errorf("mode %s: errors differ\n got: %q\nwant: %q", run.Mode, con.errors, run.ExpectedErrors)
				}
			}
		})
	}
}
