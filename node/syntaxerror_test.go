package node

import (
	"errors"
	"testing"

	"loopscope/agent"
)

// TestSyntaxErrorAtTheEnd (issue 25, item 8): a main module that ends too early is reported
// where node reports it, with node's message, never at the CommonJS wrapper's closing line.
// Each row was recorded from node 20.20.2 (the line of its "file:N" header, the column of its
// caret where it draws one, the SyntaxError's message).
func TestSyntaxErrorAtTheEnd(t *testing.T) {
	cases := []struct {
		src       string
		line, col int // col 0: node draws no caret
		msg       string
	}{
		{"console.log(1\n", 1, 13, "missing ) after argument list"},
		{"console.log(1", 1, 13, "missing ) after argument list"},
		{"function f() {\n  x()\n", 3, 0, "Unexpected end of input"},
		{"var a = [1,2\n", 2, 0, "Unexpected end of input"},
		{"if (x) {\n", 2, 0, "Unexpected end of input"},
		{"f(a, b\n", 1, 6, "missing ) after argument list"},
		{"function g(a\n", 2, 0, "Unexpected end of input"},
		{"obj.m(1, [2, 3]\n", 1, 15, "missing ) after argument list"},
		{"f(g(1)\n", 1, 6, "missing ) after argument list"},
		{"new Foo(1\n", 1, 9, "missing ) after argument list"},
		{"f('a' // c\n", 1, 3, "missing ) after argument list"},
		{"f(1,\n", 2, 0, "Unexpected end of input"},
		{"f(x)(1\n", 1, 6, "missing ) after argument list"},
		{"foo(1,\n 2\n", 2, 2, "missing ) after argument list"},
		{"var s = `a${b}` + (2\n", 2, 0, "Unexpected end of input"},
		{"a = b / c; f(d\n", 1, 14, "missing ) after argument list"},
		{"/* (\n */ f(1\n", 2, 7, "missing ) after argument list"},
		{"setTimeout(() => {\n  console.log('x')\n", 3, 0, "Unexpected end of input"},
	}
	for _, c := range cases {
		err := checkSyntax("/x/app.js", c.src, agent.ModeSpec)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: %v, want a SyntaxError", c.src, err)
			continue
		}
		if se.Line != c.line || c.col != 0 && se.Col != c.col || se.Msg != c.msg {
			t.Errorf("%q: %s, want line %d, column %d, %q", c.src, se, c.line, c.col, c.msg)
		}
	}
}

// TestSyntaxErrorInsideTheFile: an error inside the file keeps goja's place and message.
func TestSyntaxErrorInsideTheFile(t *testing.T) {
	err := checkSyntax("/x/app.js", "var a = 1;\nvar b = ;\nf();\n", agent.ModeSpec)
	if err == nil || err.Error() != "app.js:2:9: SyntaxError: Unexpected token ;" {
		t.Errorf("got %v", err)
	}
}
