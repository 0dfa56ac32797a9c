package dom

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// TestPlainTextInnerHTMLMatchesTheParser: whenever parsesAsText lets innerHTML skip the
// parser, the fragment parsing algorithm (x/net/html) gives the same single Text node.
func TestPlainTextInnerHTMLMatchesTheParser(t *testing.T) {
	contexts := []string{"div", "p", "span", "pre", "textarea", "td", "li", "button", "style", "script", "title", "table", "tr", "select", "head", "html", "template"}
	texts := []string{"", "250000", "task1", " a  b ", "\nline", "line\n", "\t\f", "a>b", "x=\"y\"", "émoji ☃", "a\nb\nc", "  "}
	fast := 0
	for _, c := range contexts {
		ctx := &html.Node{Type: html.ElementNode, Data: c, DataAtom: atom.Lookup([]byte(c))}
		for _, s := range texts {
			if !parsesAsText(&Node{h: ctx, kind: ElementNode}, s) {
				continue
			}
			fast++
			nodes, err := html.ParseFragment(strings.NewReader(s), ctx)
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case s == "" && len(nodes) == 0:
			case len(nodes) == 1 && nodes[0].Type == html.TextNode && nodes[0].Data == s:
			default:
				t.Errorf("<%s>.innerHTML = %q: the parser gives %d nodes, the fast path one Text node", c, s, len(nodes))
			}
		}
	}
	for _, s := range []string{"<b>x</b>", "a &amp; b", "a\r\nb", "a\x00b"} {
		if parsesAsText(&Node{h: &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}, kind: ElementNode}, s) || parsesAsText(nil, s) {
			t.Errorf("%q taken as plain text", s)
		}
	}
	if fast == 0 {
		t.Fatal("no case took the fast path")
	}
}

// TestSweepKeepsNoWeakPointerForUnwrappedNodes: detached nodes that never reached script
// and carry no state leave the table at a sweep with no weak entry; one with a listener
// keeps its entry, and its *Node.
func TestSweepKeepsNoWeakPointerForUnwrappedNodes(t *testing.T) {
	d := NewDocument("")
	var kept *Node
	for i := 0; i < 2*minSweep; i++ {
		n, err := d.CreateElement("div")
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			kept = n
			n.target.listeners = append(n.target.listeners, &listener{})
		}
	}
	d.SweepDetachedNodes()
	if len(d.table.strong) > 1 || len(d.table.weak) != 1 {
		t.Fatalf("after the sweep: %d strong and %d weak entries, want the document's and the listener's", len(d.table.strong), len(d.table.weak))
	}
	if d.NodeFor(kept.h) != kept {
		t.Error("the node with a listener was not found again")
	}
}
