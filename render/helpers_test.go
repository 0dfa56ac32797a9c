package render

import (
	"image"
	"image/png"
	"os"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// staticSource is a Source over a parsed document; bump() marks a mutation.
type staticSource struct {
	doc     *html.Node
	version uint64
}

func (s *staticSource) Root() *html.Node { return s.doc }
func (s *staticSource) Version() uint64  { return s.version }
func (s *staticSource) bump()            { s.version++ }

func parsePage(t testing.TB, page string) *staticSource {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	return &staticSource{doc: doc, version: 1}
}

// render runs one full frame at time now.
func renderFrame(e *Engine, now float64) *image.RGBA {
	e.UpdateAnimations(now)
	e.TakeAnimationEvents()
	e.Style()
	e.Layout()
	return e.Paint()
}

// byID finds the element with an id.
func byID(n *html.Node, id string) *html.Node {
	if n.Type == html.ElementNode {
		if v, ok := attr(n, "id"); ok && v == id {
			return n
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := byID(c, id); f != nil {
			return f
		}
	}
	return nil
}

func setAttr(n *html.Node, key, val string) {
	for i := range n.Attr {
		if n.Attr[i].Key == key {
			n.Attr[i].Val = val
			return
		}
	}
	n.Attr = append(n.Attr, html.Attribute{Key: key, Val: val})
}

func savePNG(t testing.TB, path string, img image.Image) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

func readFileString(path string) (string, error) {
	b, err := os.ReadFile(path)
	return string(b), err
}

// transitionEnds runs the update of animations at now and returns the transitionend
// events it queued (the other events are dropped).
func transitionEnds(e *Engine, now float64) []AnimationEvent {
	e.UpdateAnimations(now)
	evs, _ := e.TakeAnimationEvents()
	var ends []AnimationEvent
	for _, ev := range evs {
		if ev.Type == "transitionend" {
			ends = append(ends, ev)
		}
	}
	return ends
}
