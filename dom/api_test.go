package dom

import (
	"errors"
	"testing"

	"golang.org/x/net/html"
)

// The Go API the loader and the renderer use.

func TestScriptsInTreeOrder(t *testing.T) {
	d, err := ParseDocument([]byte(`<html><head><script>var a = 1;</script><script src="x.js" type="text/javascript"></script></head>
<body><script type="module">import x from "y";</script><script>var b = '</p>';</script></body></html>`), "file:///p.html")
	if err != nil {
		t.Fatal(err)
	}
	s := d.Scripts()
	if len(s) != 4 {
		t.Fatalf("got %d scripts", len(s))
	}
	type want struct {
		typ, src, text string
		classic        bool
	}
	for i, w := range []want{
		{"", "", "var a = 1;", true},
		{"text/javascript", "x.js", "", true},
		{"module", "", `import x from "y";`, false},
		{"", "", "var b = '</p>';", true},
	} {
		if s[i].Type != w.typ || s[i].Src != w.src || s[i].Text != w.text || s[i].IsClassic() != w.classic || s[i].Node.LocalName() != "script" {
			t.Errorf("script %d = %+v (classic %v), want %+v", i, s[i], s[i].IsClassic(), w)
		}
	}
	if d.ReadyState() != "loading" {
		t.Errorf("readyState after parsing = %q, want loading", d.ReadyState())
	}
}

func TestVersionCountsRenderingChanges(t *testing.T) {
	d, _ := ParseDocument([]byte(`<body><p id="p">a</p></body>`), "")
	p := d.GetElementByID("p")
	v := d.Version()
	_ = p.OuterHTML()
	_, _ = d.QuerySelectorAll("p")
	if d.Version() != v {
		t.Error("reads changed the version")
	}
	steps := []func(){
		func() { _ = p.SetAttribute("class", "x") },
		func() { p.FirstChild().SetData("b") },
		func() { appendNode(mustCreateElement(d, "span"), p) },
		func() { p.RemoveAttribute("class") },
		func() { _ = p.SetInnerHTML("<i>x</i>") },
	}
	for i, f := range steps {
		f()
		if d.Version() <= v {
			t.Errorf("step %d did not increment the version", i)
		}
		v = d.Version()
	}
}

// mustCreateElement is CreateElement for known-valid names in tests.
func mustCreateElement(d *Document, name string) *Node {
	n, err := d.CreateElement(name)
	if err != nil {
		panic(err)
	}
	return n
}

func TestTreeStaysAnHTMLTree(t *testing.T) {
	d, _ := ParseDocument([]byte(`<body><div id="a"></div></body>`), "")
	a := d.GetElementByID("a")
	span := mustCreateElement(d, "SPAN")
	if span.HTML().Data != "span" || span.HTML().DataAtom.String() != "span" || span.HTML().Type != html.ElementNode {
		t.Errorf("created element html.Node = %+v", span.HTML())
	}
	appendNode(span, a)
	if span.HTML().Parent != a.HTML() || a.HTML().FirstChild != span.HTML() || d.NodeFor(span.HTML()) != span {
		t.Error("html.Node links or side table wrong after append")
	}
	a.inlineStyle().setProperty("color", "red", "", func(string) bool { return true })
	if v, _ := a.GetAttribute("style"); v != "color: red;" {
		t.Errorf("style attribute = %q", v)
	}
}

func TestSelectorErrorsAreDOMExceptions(t *testing.T) {
	d, _ := ParseDocument([]byte(`<p class="x">`), "")
	if n, err := d.QuerySelector("p.x"); err != nil || n == nil || n.LocalName() != "p" {
		t.Fatalf("QuerySelector = %v, %v", n, err)
	}
	_, err := d.QuerySelector("p[")
	var de *DOMException
	if !errors.As(err, &de) || de.Name != "SyntaxError" {
		t.Errorf("err = %v, want a SyntaxError DOMException", err)
	}
}

// Valid custom element names: a lowercase ASCII letter first, a hyphen somewhere, the
// PCENChar ranges, and none of the reserved names.
// https://html.spec.whatwg.org/multipage/custom-elements.html#valid-custom-element-name
func TestValidCustomElementName(t *testing.T) {
	for name, want := range map[string]bool{
		"x-a": true, "my-element": true, "a-": true, "x-é": true, "x-1.2_3": true, "math-α": true,
		"nodash": false, "-x": false, "X-a": false, "x-A": false, "1-a": false, "": false,
		"font-face": false, "annotation-xml": false, "missing-glyph": false, "x-a b": false, "x-a$": false,
	} {
		if got := isValidCustomElementName(name); got != want {
			t.Errorf("isValidCustomElementName(%q) = %v, want %v", name, got, want)
		}
	}
}
