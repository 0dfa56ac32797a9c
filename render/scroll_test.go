package render

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestScrollPaintAndHitTest: a scroll moves what is painted and hit, and the boxes
// getBoundingClientRect reports, by the viewport's and a scroll container's scroll
// positions; a fixed box stays; positions are clamped to the scrollable overflow.
func TestScrollPaintAndHitTest(t *testing.T) {
	page := `<style>
		body { margin: 0 }
		#a, #b { height: 300px }
		#a { background: rgb(255, 0, 0) } #b { background: rgb(0, 0, 255) }
		#box { overflow: auto; width: 100px; height: 100px; border: 5px solid black }
		#in1, #in2 { height: 150px } #in1 { background: rgb(0, 255, 0) } #in2 { background: rgb(255, 255, 0) }
		#fixed { position: fixed; left: 700px; top: 0; width: 50px; height: 50px; background: rgb(0, 0, 0) }
		#abs { position: absolute; left: 600px; top: 500px; width: 20px; height: 20px }
	</style>
	<div id=a></div><div id=b></div><div id=box><div id=in1></div><div id=in2></div></div>
	<div id=fixed></div><div id=abs></div>`
	src := parsePage(t, page)
	e := NewEngine(src, 800, 400)
	renderFrame(e, 0)
	if w, h, _ := e.ScrollSize(nil); w != 800 || h != 710 {
		t.Errorf("document scroll size %vx%v, want 800x710", w, h)
	}
	if !e.ScrollTo(nil, 0, 250) || e.ScrollTo(nil, 0, 250) {
		t.Error("ScrollTo reports a change only when the position changes")
	}
	img := renderFrame(e, 16)
	at := func(x, y int) string {
		c := img.RGBAAt(x, y)
		return fmt.Sprintf("%d,%d,%d", c.R, c.G, c.B)
	}
	if at(10, 10) != "255,0,0" || at(10, 60) != "0,0,255" || at(710, 10) != "0,0,0" {
		t.Errorf("scrolled frame: %s at (10,10), %s at (10,60), %s at the fixed box", at(10, 10), at(10, 60), at(710, 10))
	}
	if got := idOf(e.HitTest(10, 60)); got != "b" {
		t.Errorf("hit at (10,60) = %s, want b", got)
	}
	if got := idOf(e.HitTest(710, 10)); got != "fixed" {
		t.Errorf("hit on the fixed box = %s", got)
	}
	if r, _ := e.BoxOf(byID(src.doc, "b")); r.Y != 50 {
		t.Errorf("#b's box y = %v, want 50", r.Y)
	}
	if r, _ := e.BoxOf(byID(src.doc, "abs")); r.Y != 250 {
		t.Errorf("#abs's box y = %v, want 250", r.Y)
	}
	// The scroll container: #box at y 600-250 = 350 on screen, its content scrolled by 120.
	box := byID(src.doc, "box")
	if !e.ScrollTo(box, 0, 1e9) {
		t.Fatal("the box does not scroll")
	}
	if x, y := e.ScrollPosition(box); x != 0 || y != 200 {
		t.Errorf("box scrolled to %v,%v, want clamped to 0,200", x, y)
	}
	e.ScrollTo(box, 0, 120)
	img = renderFrame(e, 32)
	if r, _ := e.BoxOf(byID(src.doc, "in2")); r.Y != 350+5+150-120 {
		t.Errorf("#in2's box y = %v", r.Y)
	}
	if got := idOf(e.HitTest(20, 360)); got != "in1" {
		t.Errorf("hit in the box's top = %s, want in1", got)
	}
	if got := idOf(e.HitTest(20, 390)); got != "in2" {
		t.Errorf("hit lower in the box = %s, want in2", got)
	}
	if at(20, 360) != "0,255,0" || at(20, 390) != "255,255,0" || at(20, 352) != "0,0,0" {
		t.Errorf("the box's content: %s %s, border %s", at(20, 360), at(20, 390), at(20, 352))
	}
	// A resize that makes the document shorter than the scroll position clamps it.
	e.Resize(800, 700)
	renderFrame(e, 48)
	if _, y := e.ScrollPosition(nil); y != 10 {
		t.Errorf("after a resize the scroll position is %v, want 10", y)
	}
}

// TestScrolledFramesMatchFullFrames mixes scrolls of the viewport and of the overflow
// clips with random mutations: the incremental engine's frames must equal full ones.
func TestScrolledFramesMatchFullFrames(t *testing.T) {
	for seed := int64(1); seed <= 24; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			doc, err := html.Parse(strings.NewReader(invalidationPage + `<div style="height: 600px">tall</div>`))
			if err != nil {
				t.Fatal(err)
			}
			src := &noteSource{staticSource: staticSource{doc: doc, version: 1}}
			inc := NewEngine(src, 400, 200)
			full := NewEngine(src, 400, 200)
			src.notes = []*Engine{inc}
			var els []*html.Node
			for n := range doc.Descendants() {
				if n.Type == html.ElementNode && n.Data != "style" && n.Data != "head" && n.Data != "html" {
					els = append(els, n)
				}
			}
			rng := rand.New(rand.NewSource(seed))
			renderFrame(inc, 0)
			renderFrame(full, 0)
			scrolled := 0
			for frame := 1; frame < 60; frame++ {
				for k := rng.Intn(3); k >= 0; k-- {
					if rng.Intn(2) == 0 {
						mutate(rng, src, els)
						continue
					}
					var n *html.Node // the viewport
					if rng.Intn(2) == 0 {
						n = els[rng.Intn(len(els))]
					}
					x, y := float64(rng.Intn(50)), float64(rng.Intn(400))
					// Both engines lay out first: the range depends on the layout.
					inc.Style()
					inc.Layout()
					full.Style()
					full.Layout()
					if inc.ScrollTo(n, x, y) != full.ScrollTo(n, x, y) {
						t.Fatalf("frame %d: the engines disagree on a scroll", frame)
					}
					scrolled++
				}
				now := float64(frame) * 16
				got := renderFrame(inc, now)
				full.lastFrame = nil
				want := renderFrame(full, now)
				if !bytes.Equal(got.Pix, want.Pix) {
					savePNG(t, t.TempDir()+"/got.png", got)
					t.Fatalf("frame %d: the incremental frame differs from a full one at %v", frame, firstDiff(got, want))
				}
			}
			if scrolled == 0 {
				t.Error("nothing scrolled")
			}
		})
	}
}
