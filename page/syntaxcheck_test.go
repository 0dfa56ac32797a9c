package page

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestCheckSyntax: the first syntax error of a page's classic scripts (inline, with the
// page's own line numbers, or external) or of a Node module, as the console words it; a page
// that compiles (a non-classic script is not compiled) gives nil.
func TestCheckSyntax(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("good.js", "console.log('ok')\n")
	write("bad.js", "let a = 1;\nlet a = 2;\n")
	for _, c := range []struct {
		name, text, want string
	}{
		{"fine.html", "<p>x</p>\n<script>console.log(1)</script>\n<script type=text/plain>not ) js</script>\n<script src=good.js></script>", ""},
		{"inline.html", "<p>x</p>\n<script>\nconsole.log(1)\nfoo(;\n</script>", "SyntaxError: Unexpected token ; (at inline.html:4:5)"},
		{"external.html", "<script>console.log(1)</script><script src=bad.js></script>", "SyntaxError: Identifier 'a' has already been declared (at bad.js:2:5)"},
		{"missing.html", "<script src=nowhere.js></script>", ""},
		{"node.js", "setTimeout(() => {\n  console.log(1\n}, 0)\n", "SyntaxError: Unexpected token } (at node.js:3:1)"},
	} {
		err := CheckSyntax(write(c.name, c.text) + "?q=1")
		got := ""
		if err != nil {
			got = err.Error()
			if !errors.Is(err, ErrSyntax) {
				t.Errorf("%s: %v does not wrap ErrSyntax", c.name, err)
			}
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
