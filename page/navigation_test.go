package page

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
// not one per navigation: the live heap after 300 navigations is what it was after 100.
func TestIframeNavigationsAreBounded(t *testing.T) {
	con := &markConsole{}
	p, err := Open(navigatingPage(t, 300, "100, 300"), Options{VirtualTime: true, Console: con})
	if err != nil {
		t.Fatal(err)
	}
	p.Run(loop.RunOptions{StopWhenQuiet: true})
	if len(con.errors) > 0 || len(con.heaps) != 2 || strings.Join(con.lines, "|") != "done 300 10000" {
		t.Fatalf("lines %q, errors %q, %d marks", con.lines, con.errors, len(con.heaps))
	}
	t.Logf("live heap after 100 navigations %d KB, after 300 %d KB", con.heaps[0]>>10, con.heaps[1]>>10)
	if grew := int64(con.heaps[1]) - int64(con.heaps[0]); grew > 4<<20 {
		t.Errorf("the live heap grew by %d KB over 200 navigations (%d → %d KB): old documents or realms are kept",
			grew>>10, con.heaps[0]>>10, con.heaps[1]>>10)
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
