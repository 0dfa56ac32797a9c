package dom

import (
	"testing"

	"golang.org/x/net/html"
)

// checkTree verifies the html.Node links of the subtree under h.
func checkTree(t *testing.T, h *html.Node) {
	t.Helper()
	var prev *html.Node
	for c := h.FirstChild; c != nil; c = c.NextSibling {
		if c.Parent != h {
			t.Fatalf("child %q has the wrong parent", c.Data)
		}
		if c.PrevSibling != prev {
			t.Fatalf("child %q has the wrong previous sibling", c.Data)
		}
		checkTree(t, c)
		prev = c
	}
	if h.LastChild != prev {
		t.Fatalf("node %q has the wrong last child", h.Data)
	}
}

func FuzzParseDocument(f *testing.F) {
	for _, s := range []string{
		"", "<!DOCTYPE html><html><head><title>t</title></head><body><p>x</p></body></html>",
		"<table><tr><td>a<p>b</table>", "<svg><circle/><foreignObject><p>x</svg>",
		"<div onclick='x()'>a</div><script>var a = '</scr' + 'ipt>';</script>", "\x00<\xff>&amp;&#0;",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		d, err := ParseDocument(src, "file:///fuzz.html")
		if err != nil {
			t.Fatalf("ParseDocument: %v", err)
		}
		checkTree(t, d.Root())
		out := d.Node().InnerHTML()
		d2, err := ParseDocument([]byte(out), "file:///fuzz.html")
		if err != nil {
			t.Fatalf("re-parsing the serialization: %v", err)
		}
		checkTree(t, d2.Root())
		_ = d.Scripts()
		_ = d.Title()
	})
}

func FuzzInnerHTML(f *testing.F) {
	for _, s := range []string{
		"", "<p>a<b>c</p>d", "<td>cell</td>", "<tr><td>x", "<script>a<b</script>", "<!-- c -->", "&lt;&amp;",
		"<select><option>a<option>b</select>", "<template><p>t</p></template>", "<math><mi>x</mi></math>",
	} {
		f.Add(s, "div")
	}
	f.Add("<td>x</td>", "tr")
	f.Add("<li>x", "ul")
	f.Fuzz(func(t *testing.T, markup, context string) {
		d, _ := ParseDocument([]byte("<!DOCTYPE html><html><body></body></html>"), "")
		ctx, err := d.CreateElement(context)
		if err != nil {
			ctx, _ = d.CreateElement("div")
		}
		appendNode(ctx, d.Body())
		if err := ctx.SetInnerHTML(markup); err != nil {
			return // a DOMException is a valid outcome; a panic is not
		}
		checkTree(t, d.Root())
		s1 := ctx.InnerHTML()
		if err := ctx.SetInnerHTML(s1); err != nil {
			t.Fatalf("re-parsing the serialization %q: %v", s1, err)
		}
		checkTree(t, d.Root())
		_ = ctx.OuterHTML()
		_, _ = ctx.TextContent()
	})
}
