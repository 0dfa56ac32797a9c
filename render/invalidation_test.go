package render

import (
	"bytes"
	"fmt"
	"image"
	"math/rand"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// invalidationPage mixes what incremental rendering must get right: selectors on
// classes, ids and attributes with descendant, child and sibling combinators, inherited
// properties, anonymous blocks, inline boxes, inline-blocks, positioned and stacked boxes
// with opacity and transforms, overflow clips, list markers and transitions.
const invalidationPage = `<!DOCTYPE html><style>
body { margin: 4px; font-size: 12px; line-height: 14px }
.a { background: #fde; padding: 2px }
.b > span { color: #a00 }
.a + .b { border-left: 3px solid #08f }
.hot ~ div { margin-left: 6px }
[data-on] { background: #ff0 }
#p1 .c { font-weight: bold }
.t { transition: background-color 50ms, transform 50ms linear, width 40ms, opacity 30ms }
ul li:nth-child(2) { color: #060 }
.clip { overflow: hidden; height: 30px }
</style><body>
<div id=p1 class=a>one <span class=c>two</span> three<div class=b>block <span>in</span> b</div> tail</div>
<div id=p2 class="b t">text <b>bold</b> <i>it</i> <span style="display:inline-block; width: 30px; height: 10px; background: #0c0"></span></div>
<div id=p3 class=t style="position: relative; left: 5px; width: 120px; height: 20px; background: #ccf">rel</div>
<div id=p4 style="position: absolute; left: 150px; top: 40px; width: 60px; height: 40px; background: rgba(0,0,255,.5); z-index: 2">abs</div>
<div id=p5 class="clip t" style="opacity: .8"><div style="height: 50px; background: #efe">clipped text that runs on</div></div>
<ul id=p6><li>first</li><li>second</li><li id=p7>third <span>x</span></li></ul>
<div id=p8 style="transform: translate(3px, 2px); background: #fcc; width: 50%">moved</div>
<div id=p9><p>para <span id=p10 style="background: #cff; padding: 0 3px">span</span> more words here</p></div>
</body>`

// noteSource is a Source that reports each mutation to an engine, as the DOM does.
type noteSource struct {
	staticSource
	notes []*Engine
}

func (s *noteSource) change(kind ChangeKind, n *html.Node, attr string) {
	s.version++
	for _, e := range s.notes {
		e.NoteChange(kind, n, attr, s.version)
	}
}

var mutationStyles = []string{
	"background-color: #f80", "background-color: rgba(0, 128, 0, 0.5)", "color: #00f", "color: #444",
	"width: 80px", "width: 40%", "height: 25px", "opacity: 0.5", "opacity: 0", "transform: translate(10px, 4px)",
	"display: none", "display: inline-block", "position: absolute; top: 5px; left: 300px", "position: relative; top: 3px",
	"margin: 5px", "padding: 4px", "font-size: 16px", "border: 2px solid #333", "visibility: hidden",
	"z-index: 3; position: relative", "overflow: hidden; height: 12px", "line-height: 20px", "text-align: right",
	"font-weight: bold", "list-style-type: decimal", "background-color: #eee; color: #900",
}

var mutationClasses = []string{"", "a", "b", "t", "hot", "clip", "a t", "c"}

// mutate makes one random change to the document through src.
func mutate(rng *rand.Rand, src *noteSource, els []*html.Node) {
	n := els[rng.Intn(len(els))]
	switch k := rng.Intn(10); {
	case k < 5:
		setAttr(n, "style", mutationStyles[rng.Intn(len(mutationStyles))])
		src.change(ChangeAttribute, n, "style")
	case k < 7:
		setAttr(n, "class", mutationClasses[rng.Intn(len(mutationClasses))])
		src.change(ChangeAttribute, n, "class")
	case k < 8:
		if _, ok := attr(n, "data-on"); ok {
			removeAttr(n, "data-on")
		} else {
			setAttr(n, "data-on", "")
		}
		src.change(ChangeAttribute, n, "data-on")
	case k < 9:
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.TextNode {
				c.Data = strings.Repeat("word ", 1+rng.Intn(4))
				src.change(ChangeText, c, "")
				return
			}
		}
		setAttr(n, "title", "x") // no selector reads it
		src.change(ChangeAttribute, n, "title")
	default:
		mutateChildren(rng, src, els, n)
	}
}

// newSubtrees are inserted by mutateChildren: elements the selectors of invalidationPage
// match (classes, sibling combinators, :nth-child), and a style sheet.
var newSubtrees = []string{
	`<div class=b>new <span>b</span></div>`, `<div class="a hot">a</div>`, `<li>item</li>`,
	`<span class=c>c</span>`, `<div class=t style="width: 30px; height: 8px; background: #c0c"></div>`,
	`<p>para <b>bold</b></p>`, `<style>.c { color: #0a0 }</style>`,
}

// mutateChildren inserts, removes or moves a child of n, or a text node.
func mutateChildren(rng *rand.Rand, src *noteSource, els []*html.Node, n *html.Node) {
	switch k := rng.Intn(8); {
	case k < 2: // text
		if c := n.LastChild; c != nil && rng.Intn(2) == 0 {
			n.RemoveChild(c)
		} else {
			n.AppendChild(&html.Node{Type: html.TextNode, Data: " new"})
		}
	case k < 5: // a new subtree, before a random child
		frag, err := html.ParseFragment(strings.NewReader(newSubtrees[rng.Intn(len(newSubtrees))]), &html.Node{Type: html.ElementNode, Data: "body"})
		if err != nil || len(frag) == 0 {
			return
		}
		n.InsertBefore(frag[0], randomChild(rng, n))
	case k < 7: // an element moves here (not an ancestor of n, nor the document's structure)
		m := els[rng.Intn(len(els))]
		if m.Parent == nil || m.Data == "body" || m.Data == "head" || m.Data == "style" || connectedTo(n, m) {
			return
		}
		old := m.Parent
		old.RemoveChild(m)
		src.change(ChangeChildren, old, "")
		n.InsertBefore(m, randomChild(rng, n))
	default: // an element child is removed
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.Data != "body" && c.Data != "head" {
				n.RemoveChild(c)
				break
			}
		}
	}
	src.change(ChangeChildren, n, "")
}

// randomChild is one of n's children, or nil (the end).
func randomChild(rng *rand.Rand, n *html.Node) *html.Node {
	var kids []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		kids = append(kids, c)
	}
	if i := rng.Intn(len(kids) + 1); i < len(kids) {
		return kids[i]
	}
	return nil
}

func removeAttr(n *html.Node, key string) {
	for i := range n.Attr {
		if n.Attr[i].Key == key {
			n.Attr = append(n.Attr[:i], n.Attr[i+1:]...)
			return
		}
	}
}

// TestIncrementalFramesMatchFullFrames renders seeded random mutation sequences twice:
// with an engine told about each change (incremental restyle, relayout, partial raster)
// and with one that restyles, lays out and rasters everything each frame. Every frame
// must be identical byte for byte.
func TestIncrementalFramesMatchFullFrames(t *testing.T) {
	for seed := int64(1); seed <= 16; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) { compareWithFullFrames(t, seed, mutate) })
	}
}

// TestPatchedFramesMatchFullFrames is the same with background colour changes only (and
// the transitions they start), which patch the display list in place.
func TestPatchedFramesMatchFullFrames(t *testing.T) {
	colours := []string{"#f80", "rgba(0, 0, 255, 0.4)", "#0c0", "#fde", "#123"}
	for seed := int64(1); seed <= 8; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			patched := compareWithFullFrames(t, seed, func(rng *rand.Rand, src *noteSource, els []*html.Node) {
				n := els[rng.Intn(len(els))]
				setAttr(n, "style", "background-color: "+colours[rng.Intn(len(colours))])
				src.change(ChangeAttribute, n, "style")
			})
			if patched == 0 {
				t.Error("no frame patched its display list")
			}
		})
	}
}

// incrementalAndFull parses page and returns two 400×200 engines on it: inc is told of
// every change made through src, full of none (a full cascade and box tree each frame).
func incrementalAndFull(t *testing.T, page string) (*html.Node, *noteSource, *Engine, *Engine) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	src := &noteSource{staticSource: staticSource{doc: doc, version: 1}}
	inc, full := NewEngine(src, 400, 200), NewEngine(src, 400, 200)
	src.notes = []*Engine{inc}
	return doc, src, inc, full
}

// mutableElements are the elements of doc the random mutations change.
func mutableElements(doc *html.Node) []*html.Node {
	var els []*html.Node
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && n.Data != "style" && n.Data != "head" && n.Data != "html" {
			els = append(els, n)
		}
	}
	return els
}

// compareWithFullFrames runs 60 frames of invalidationPage, each after one to three
// mutations, and returns how many patched their display list.
func compareWithFullFrames(t *testing.T, seed int64, mutate func(*rand.Rand, *noteSource, []*html.Node)) int {
	return compareFramesOf(t, invalidationPage, 16, seed, mutate)
}

// compareFramesOf is compareWithFullFrames on page, frames frameMs apart.
func compareFramesOf(t *testing.T, page string, frameMs float64, seed int64, mutate func(*rand.Rand, *noteSource, []*html.Node)) int {
	doc, src, inc, full := incrementalAndFull(t, page)
	els := mutableElements(doc)
	rng := rand.New(rand.NewSource(seed))
	partial, patched := 0, 0
	var prev, before *image.RGBA
	for frame := 0; frame < 60; frame++ {
		for k := rng.Intn(3); k >= 0; k-- {
			mutate(rng, src, els)
		}
		now := float64(frame) * frameMs
		got := renderFrame(inc, now)
		// FrameDamage covers every pixel that changed since the frame before (the window
		// copies only that part).
		if p := outsideDamage(prev, got, inc.FrameDamage()); prev != nil && p != nil {
			t.Fatalf("frame %d: pixel %v changed outside the frame's damage %v", frame, *p, inc.FrameDamage())
		}
		// Frames are handed back as the page does (the one before the last), so that a
		// partial frame starts from a recycled, older frame (frameages.go).
		if before != nil && before != got {
			inc.Recycle(before)
		}
		before, prev = prev, got
		if w := inc.Work(); !w.FullCascade && w.Rastered < 400*200 {
			partial++
			if w.Patched {
				patched++
			}
		}
		full.lastFrame = nil // and a full raster
		want := renderFrame(full, now)
		if !bytes.Equal(got.Pix, want.Pix) {
			savePNG(t, t.TempDir()+"/got.png", got)
			t.Fatalf("frame %d: the incremental frame differs from a full one at %v", frame, firstDiff(got, want))
		}
	}
	t.Logf("%d of 60 frames were partial, %d of them patched the display list", partial, patched)
	return patched
}

// animatedLayoutPage is invalidationPage with CSS animations of geometry: width (in px and
// from px to %), margin-left and padding, with easings and odd durations so that every frame
// has fractional values.
var animatedLayoutPage = strings.Replace(invalidationPage, "</style>", `
@keyframes kw { from { width: 20px } to { width: 173.3px } }
@keyframes kp { from { width: 10.5px } 40% { width: 30% } to { width: 62.25% } }
@keyframes km { from { margin-left: 0 } to { margin-left: 41.7px } }
@keyframes kq { 0% { padding-left: 1px; margin-left: 3.3px } 100% { padding-left: 7.6px; margin-left: -2.1px } }
.aw { animation: kw 170ms linear infinite }
.ap { animation: kp 230ms ease-in-out infinite alternate }
.am { animation: km 310ms ease infinite }
.aq { animation: kq 190ms linear 3 both }
</style>`, 1)

var animationClasses = []string{"aw", "ap", "am", "aq", "aw a", "am b", "ap t", ""}

// TestAnimatedLayoutFramesMatchFullFrames: elements start and stop animations of width,
// margin and padding (a class change) among the other random mutations, and frames come
// at a fractional interval: every frame, laid out only where the animated values changed,
// is the same as a full one, byte for byte.
func TestAnimatedLayoutFramesMatchFullFrames(t *testing.T) {
	for seed := int64(1); seed <= 12; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			compareFramesOf(t, animatedLayoutPage, 16.7, seed, func(rng *rand.Rand, src *noteSource, els []*html.Node) {
				if rng.Intn(3) > 0 {
					mutate(rng, src, els)
					return
				}
				n := els[rng.Intn(len(els))]
				setAttr(n, "class", animationClasses[rng.Intn(len(animationClasses))])
				src.change(ChangeAttribute, n, "class")
			})
		})
	}
}

// TestAnimatedLayoutLaysOutOnlyTheAnimated: a frame that only advances width and margin
// animations lays out the animated boxes and their ancestors, not their siblings.
func TestAnimatedLayoutLaysOutOnlyTheAnimated(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<!DOCTYPE html><style>body { margin: 0 } div { height: 3px; background: teal }
		@keyframes kw { from { width: 10px } to { width: 300px } }
		@keyframes km { from { margin-left: 0 } to { margin-left: 100px } }
		.w { animation: kw 1s linear infinite } .m { animation: km 1s linear infinite }</style><body>`)
	for i := 0; i < 200; i++ {
		class := ""
		switch i % 20 {
		case 3:
			class = "w"
		case 11:
			class = "m"
		}
		fmt.Fprintf(&sb, "<div class=%q>%d</div>", class, i)
	}
	src := parsePage(t, sb.String())
	e := NewEngine(src, 400, 600)
	renderFrame(e, 0)
	renderFrame(e, 16)
	for frame := 2; frame < 6; frame++ {
		renderFrame(e, float64(frame)*16.7)
		// 20 animated divs, body, html (the root box)
		if got := e.Work().LaidOut; got != 22 {
			t.Errorf("frame %d: %d boxes laid out, want 22 (the 20 animated divs and their ancestors)", frame, got)
		}
		// the rows of the 20 animated divs, and the text of the 10 that move (32 px of ink)
		if got, most := e.Work().Rastered, 20*3*400+10*40*32; got > most {
			t.Errorf("frame %d: %d pixels rastered, want at most %d (the animated divs' rows and moved text)", frame, got, most)
		}
	}
}

// outsideDamage is a pixel that differs between a and b outside damage (nil: none).
func outsideDamage(a, b *image.RGBA, damage image.Rectangle) *image.Point {
	if a == nil {
		return nil
	}
	for y := 0; y < b.Rect.Dy(); y++ {
		for x := 0; x < b.Rect.Dx(); x++ {
			if p := image.Pt(x, y); !p.In(damage) && a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				return &p
			}
		}
	}
	return nil
}

func firstDiff(a, b *image.RGBA) image.Point {
	for i := 0; i < len(a.Pix); i += 4 {
		if !bytes.Equal(a.Pix[i:i+4], b.Pix[i:i+4]) {
			return image.Pt((i/4)%a.Rect.Dx(), (i/4)/a.Rect.Dx())
		}
	}
	return image.Point{-1, -1}
}

// TestChildrenChangesMatchFullFrames: insertions, removals and moves of elements, with
// class, sibling and :nth-child selectors in use and no transitions, restyle only the new
// elements (and the siblings the selectors make depend on them): most frames need no full
// cascade, and every frame is the same as a full one, byte for byte.
func TestChildrenChangesMatchFullFrames(t *testing.T) {
	page := strings.Replace(invalidationPage, ".t { transition:", ".t { --no-transition:", 1)
	// Without sibling selectors only new and moved elements are restyled.
	noSiblings := strings.NewReplacer(".a + .b", ".a .b", ".hot ~ div", ".hot div", "li:nth-child(2)", "li").Replace(page)
	for seed := int64(1); seed <= 12; seed++ {
		page := page
		if seed%2 == 0 {
			page = noSiblings
		}
		doc, src, inc, full := incrementalAndFull(t, page)
		els := mutableElements(doc)
		rng := rand.New(rand.NewSource(seed))
		incremental := 0
		for frame := 0; frame < 40; frame++ {
			for k := rng.Intn(3); k >= 0; k-- {
				mutateChildren(rng, src, els, els[rng.Intn(len(els))])
			}
			now := float64(frame) * 16
			got := renderFrame(inc, now)
			if !inc.Work().FullCascade {
				incremental++
			}
			full.lastFrame = nil
			want := renderFrame(full, now)
			if !bytes.Equal(got.Pix, want.Pix) {
				savePNG(t, t.TempDir()+"/got.png", got)
				t.Fatalf("seed %d frame %d: the incremental frame differs from a full one at %v", seed, frame, firstDiff(got, want))
			}
		}
		if incremental < 20 {
			t.Errorf("seed %d: %d of 40 frames restyled without a full cascade, want most", seed, incremental)
		}
	}
}

// TestTwoPatchesBeforeAPaint: two colour changes, each laid out (a forced layout, as
// getBoundingClientRect does) before one paint, both reach the frame: the second patch
// keeps the first one's damage.
func TestTwoPatchesBeforeAPaint(t *testing.T) {
	doc, src, inc, full := incrementalAndFull(t, `<body><div id=a style="background: #f00">a</div><div id=b style="background: #00f">b</div></body>`)
	renderFrame(inc, 0)
	for i, id := range []string{"a", "b"} {
		n := byID(doc, id)
		setAttr(n, "style", "background: #0c0")
		src.change(ChangeAttribute, n, "style")
		inc.Style()
		inc.Layout()
		if !inc.Work().Patched {
			t.Fatalf("change %d did not patch the display list", i)
		}
	}
	got := inc.Paint()
	want := renderFrame(full, 0)
	if !bytes.Equal(got.Pix, want.Pix) {
		t.Fatalf("the frame differs from a full one at %v", firstDiff(got, want))
	}
}

// TestPatchThenNewListBeforeAPaint: a colour change patched by a forced layout, then a
// change that builds the display list again, before one paint: the frame has both (the
// list the last frame came from was patched since: it cannot be compared with).
func TestPatchThenNewListBeforeAPaint(t *testing.T) {
	doc, src, inc, full := incrementalAndFull(t, `<body><div id=a style="background: #f00">a</div><div id=b style="background: #00f">b</div></body>`)
	renderFrame(inc, 0)
	a, b := byID(doc, "a"), byID(doc, "b")
	setAttr(a, "style", "background: #0c0")
	src.change(ChangeAttribute, a, "style")
	inc.Style()
	inc.Layout()
	if !inc.Work().Patched {
		t.Fatal("the colour change did not patch the display list")
	}
	setAttr(b, "style", "background: #00f; width: 50px")
	src.change(ChangeAttribute, b, "style")
	inc.Style()
	inc.Layout()
	got := inc.Paint()
	want := renderFrame(full, 0)
	if !bytes.Equal(got.Pix, want.Pix) {
		t.Fatalf("the frame differs from a full one at %v", firstDiff(got, want))
	}
}

// TestDisplayTogglesMatchFullFrames: elements (with their subtrees, some never styled under
// a display: none ancestor) go to and from display: none by their style attribute or a
// class, three at a time at most: every frame is the same as a full one, byte for byte; and
// an element with children toggled frame after frame is restyled incrementally (styled as
// a new child of its parent), not by a full cascade.
func TestDisplayTogglesMatchFullFrames(t *testing.T) {
	page := strings.Replace(invalidationPage, "</style>", ".gone { display: none }\n</style>", 1)
	for seed := int64(1); seed <= 6; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			doc, src, inc, full := incrementalAndFull(t, page)
			els := mutableElements(doc)
			rng := rand.New(rand.NewSource(seed))
			incremental := 0
			for frame := 0; frame < 40; frame++ {
				for k := rng.Intn(3); k >= 0; k-- {
					n := els[rng.Intn(len(els))]
					if n.Data == "body" {
						continue
					}
					if rng.Intn(2) == 0 {
						if _, ok := attr(n, "style"); ok {
							removeAttr(n, "style")
						} else {
							setAttr(n, "style", "display: none")
						}
						src.change(ChangeAttribute, n, "style")
					} else {
						if c, _ := attr(n, "class"); c == "gone" {
							removeAttr(n, "class")
						} else {
							setAttr(n, "class", "gone")
						}
						src.change(ChangeAttribute, n, "class")
					}
				}
				now := float64(frame) * 16
				got := renderFrame(inc, now)
				if !inc.Work().FullCascade {
					incremental++
				}
				full.lastFrame = nil
				want := renderFrame(full, now)
				if !bytes.Equal(got.Pix, want.Pix) {
					t.Fatalf("frame %d: the incremental frame differs from a full one at %v", frame, firstDiff(got, want))
				}
			}
			t.Logf("%d of 40 frames restyled incrementally", incremental)
		})
	}
	// One element with children toggled every frame: each toggle is an incremental restyle
	// (it was a full cascade), and its frame a full one's.
	t.Run("p2", func(t *testing.T) {
		doc, src, inc, full := incrementalAndFull(t, page)
		p2 := byID(doc, "p2")
		renderFrame(inc, 0)
		for frame := 1; frame <= 20; frame++ {
			if frame%2 == 1 {
				setAttr(p2, "style", "display: none")
			} else {
				removeAttr(p2, "style")
			}
			src.change(ChangeAttribute, p2, "style")
			now := float64(frame) * 16
			got := renderFrame(inc, now)
			if inc.Work().FullCascade {
				t.Fatalf("frame %d: a full cascade for a display toggle", frame)
			}
			full.lastFrame = nil
			if want := renderFrame(full, now); !bytes.Equal(got.Pix, want.Pix) {
				t.Fatalf("frame %d: the incremental frame differs from a full one at %v", frame, firstDiff(got, want))
			}
		}
	})
}
