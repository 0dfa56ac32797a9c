package dom

import (
	"runtime"
	"testing"
)

// TestParserInsertsTreeOrderPrefixes: at each script, the document holds exactly the nodes
// up to the script's end (the script and its text included), and after Finish the same
// tree as a whole-document parse, also for tables (foster parenting), misnested formatting
// elements (the adoption agency), templates and foreign content.
func TestParserInsertsTreeOrderPrefixes(t *testing.T) {
	for _, src := range []string{
		`<!doctype html><head><script>1</script></head><body><p id=a>x<script>2</script><p id=b>y</p>`,
		`<table><tr><td>a<script>s</script>b</td></tr>text<p>in table</table><script>t</script><b>c`,
		`<p><b>1<i>2</p>3</i>4</b><script>x</script>5<template><p>t</template>`,
		`<svg><script>not html</script><circle/></svg><script>html</script><math><mi>x</mi></math>`,
		`no scripts <b>at all`, ``, `<script>`,
	} {
		whole, err := ParseDocument([]byte(src), "")
		if err != nil {
			t.Fatal(err)
		}
		d, p, err := ParseDocumentIncrementally([]byte(src), "")
		if err != nil {
			t.Fatal(err)
		}
		if d.Root().FirstChild != nil {
			t.Errorf("%q: nodes inserted before parsing started", src)
		}
		for _, s := range p.Scripts() {
			p.InsertThrough(s.Node)
			checkTree(t, d.Root())
			if !s.Node.IsConnected() {
				t.Errorf("%q: script %q not in the document at its end tag", src, s.Text)
			}
			for c := s.Node.h; c != nil; c = c.Parent {
				if c.NextSibling != nil {
					t.Errorf("%q: a node after script %q is already inserted", src, s.Text)
				}
			}
		}
		p.Finish()
		checkTree(t, d.Root())
		if got, want := d.Node().InnerHTML(), whole.Node().InnerHTML(); got != want {
			t.Errorf("%q: after Finish\n got %q\nwant %q", src, got, want)
		}
		if !p.Done() {
			t.Errorf("%q: not done after Finish", src)
		}
	}
}

// TestParserKeepsHandlersOfWaitingNodes: an element's event handler attribute, set up at
// parse time, still works when the element is inserted after a sweep of detached nodes.
func TestParserKeepsHandlersOfWaitingNodes(t *testing.T) {
	var b []byte
	b = append(b, "<body><script>s</script>"...)
	for i := 0; i < 3000; i++ {
		b = append(b, "<i></i>"...)
	}
	b = append(b, `<button id=x onclick="f()">b</button>`...)
	d, p, err := ParseDocumentIncrementally(b, "")
	if err != nil {
		t.Fatal(err)
	}
	p.InsertThrough(p.Scripts()[0].Node)
	for i := 0; i < 5000; i++ {
		d.CreateElement("p") // grow the table past the sweep threshold
	}
	d.SweepDetachedNodes()
	runtime.GC()
	p.Finish()
	btn := d.GetElementByID("x")
	if btn == nil || btn.target.handlers["onclick"] == nil {
		t.Fatalf("button or its onclick handler lost: %v", btn)
	}
}
