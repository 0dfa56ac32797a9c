package page

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"loopscope/loop"
)

// markConsole measures the live heap when the page logs "mark".
type markConsole struct {
	heaps  []uint64
	lines  []string
	errors []string
}

func (c *markConsole) Message(level, text string) {
	if text == "mark" {
		c.heaps = append(c.heaps, liveHeap())
		return
	}
	c.lines = append(c.lines, text)
}
func (c *markConsole) Error(text string) { c.errors = append(c.errors, text) }

// navigatingPage writes a page whose iframe navigates again from each load, n times, and
// logs "mark" after the navigations in marks.
func navigatingPage(t testing.TB, n int, marks string) string {
	dir := t.TempDir()
	page := `<!doctype html><iframe id=f></iframe><script>
		var f = document.getElementById("f"), n = 0, marks = [` + marks + `];
		f.onload = () => {
			n++;
			if (marks.includes(n)) console.log("mark");
			if (n < ` + itoa(n) + `) f.src = "child.html?" + n; else console.log("done " + n + " " + f.contentWindow.big.length);
		};
		f.src = "child.html";
	</script>`
	child := `<!doctype html><p>child</p><script>var big = new Array(10000).fill("x"); addEventListener("load", () => {})</script>`
	for name, src := range map[string]string{"page.html": page, "child.html": child} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "page.html")
}

func itoa(n int) string {
	b := []byte{}
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// An iframe that navigates without end keeps one document, one window and one realm alive,
// not one per navigation: the live heap after 500 navigations is what it was after 300. (Not
// from the first hundred: the page's first frames, which draw the iframe's document, come in
// the first few hundred navigations and keep two 800 × 600 frame buffers of the page, 3.7 MB,
// and the iframe's.)
func TestIframeNavigationsAreBounded(t *testing.T) {
	con := &markConsole{}
	p, err := Open(navigatingPage(t, 500, "100, 300, 500"), Options{VirtualTime: true, Console: con})
	if err != nil {
		t.Fatal(err)
	}
	p.Run(loop.RunOptions{StopWhenQuiet: true})
	if len(con.errors) > 0 || len(con.heaps) != 3 || strings.Join(con.lines, "|") != "done 500 10000" {
		t.Fatalf("lines %q, errors %q, %d marks", con.lines, con.errors, len(con.heaps))
	}
	t.Logf("live heap after 100 navigations %d KB, after 300 %d KB, after 500 %d KB", con.heaps[0]>>10, con.heaps[1]>>10, con.heaps[2]>>10)
	if grew := int64(con.heaps[2]) - int64(con.heaps[1]); grew > 4<<20 {
		t.Errorf("the live heap grew by %d KB over 200 navigations (%d → %d KB): old documents or realms are kept",
			grew>>10, con.heaps[1]>>10, con.heaps[2]>>10)
	}
}

// BenchmarkIframeNavigation is one navigation of an iframe to a small file: the fetch, a
// new window in a new realm, the parse, a script, the load events.
func BenchmarkIframeNavigation(b *testing.B) {
	path := navigatingPage(b, b.N, "")
	con := &markConsole{}
	p, err := Open(path, Options{VirtualTime: true, Console: con})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	p.Run(loop.RunOptions{StopWhenQuiet: true})
	b.StopTimer()
	if len(con.errors) > 0 || !strings.HasPrefix(strings.Join(con.lines, "|"), "done ") {
		b.Fatalf("lines %q, errors %q", con.lines, con.errors)
	}
}

// An iframe's bad document (nested past the parser's limit, an endless script, a
// directory, a srcdoc nested too deep, a path out of the folder) is a console line; the
// iframe's load event fires, and so does the page's.
func TestIframeBadDocuments(t *testing.T) {
	dir := t.TempDir()
	deep := "<!doctype html>" + strings.Repeat("<div>", 600)
	files := map[string]string{
		"deep.html": deep,
		"loop.html": `<!doctype html><script>while (true) {}</script><script>parent.console.log("after the endless script")</script>`,
		"page.html": `<!doctype html>
			<iframe id=a src="deep.html"></iframe><iframe id=b src="loop.html"></iframe>
			<iframe id=c src="adir"></iframe><iframe id=d srcdoc="` + strings.Repeat("<div>", 600) + `"></iframe>
			<iframe id=e src="../outside.html"></iframe>
			<script>
				for (const id of "abcde") document.getElementById(id).onload = () => console.log(id + " load");
				onload = () => console.log("page load");
			</script>`,
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "adir"), 0o755); err != nil {
		t.Fatal(err)
	}
	con := &markConsole{}
	p, err := Open(filepath.Join(dir, "page.html"), Options{VirtualTime: true, Console: con, ScriptTimeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	p.Run(loop.RunOptions{StopWhenQuiet: true})
	got := strings.Join(con.lines, "|")
	for _, want := range []string{"a load", "b load", "c load", "d load", "e load", "after the endless script"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in %q", want, got)
		}
	}
	if !strings.HasSuffix(got, "page load") {
		t.Errorf("the page's load is not last: %q", got)
	}
	errs := strings.Join(con.errors, "\n")
	for _, want := range []string{`Failed to load iframe "deep.html": html: open stack of elements exceeds 512 nodes`,
		`Failed to load iframe "adir": the document is not a regular file (a directory)`,
		`Failed to load iframe srcdoc: html: open stack`, `Failed to load iframe "../outside.html": the path leaves the page's folder`,
		`Script stopped: task "script loop.html"`} {
		if !strings.Contains(errs, want) {
			t.Errorf("no %q in the errors:\n%s", want, errs)
		}
	}
}

// TestNavigationCasesRealTime runs the navigation cases (and the two Chrome alignments found
// with them: the document entered and left by the pointer, the style computed after parsing
// and after load) in real time; TestCorpus runs them in virtual time.
func TestNavigationCasesRealTime(t *testing.T) {
	for _, name := range []string{"dom/iframe_src_load", "dom/iframe_src_errors", "dom/iframe_window_indices",
		"dom/iframe_named_access", "input/enter_leave_capture", "animations/transition_after_parsing"} {
		t.Run(name, func(t *testing.T) {
			runCaseFileWith(t, filepath.Join("..", "testdata", name+".json"), false)
		})
	}
}

// The files the window watches name an iframe's document once, however often it is
// navigated to.
func TestNavigatedFileWatchedOnce(t *testing.T) {
	p, err := Open(navigatingPage(t, 50, ""), Options{VirtualTime: true, Console: &markConsole{}})
	if err != nil {
		t.Fatal(err)
	}
	p.Run(loop.RunOptions{StopWhenQuiet: true})
	var names []string
	for _, f := range p.Files() {
		names = append(names, filepath.Base(f))
	}
	if strings.Join(names, ",") != "page.html,child.html" {
		t.Errorf("watched files %q, want page.html and child.html once each", names)
	}
}
