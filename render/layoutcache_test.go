package render

import (
	"image"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestLayoutCacheKeepsGeometry: a height change lays out the changed box and its
// ancestors only; the boxes after it reuse their layouts but move, and the page
// geometry of everything (an inline element's box included, which is the union of its
// fragments) is what a full layout gives.
func TestLayoutCacheKeepsGeometry(t *testing.T) {
	const page = `<!DOCTYPE html><style>body { margin: 0; font-size: 12px }</style><body>
<div id=a style="height: 10px"></div>
<div id=b>before <span id=s style="padding: 2px">inline text</span> after</div>
<div id=c style="margin: 6px auto; width: 50%">centred <b id=bold>bold</b></div>
</body>`
	doc, src, inc, full := incrementalAndFull(t, page)
	renderFrame(inc, 0)
	for i, h := range []string{"40px", "3px", "25px"} {
		setAttr(byID(doc, "a"), "style", "height: "+h)
		src.change(ChangeAttribute, byID(doc, "a"), "style")
		renderFrame(inc, float64(i+1)*16)
		renderFrame(full, float64(i+1)*16)
		if w := inc.Work(); w.LaidOut != 3 {
			t.Errorf("height %s: %d boxes laid out, want 3 (the div, body, html)", h, w.LaidOut)
		}
		for _, id := range []string{"a", "b", "s", "c", "bold"} {
			got, ok1 := inc.BoxOf(byID(doc, id))
			want, ok2 := full.BoxOf(byID(doc, id))
			if got != want || ok1 != ok2 {
				t.Errorf("height %s: #%s's box is %v (%v), a full layout's %v (%v)", h, id, got, ok1, want, ok2)
			}
		}
	}
}

// TestOpacityChangePatchesTheList: an opacity change of an element that stays translucent
// sets the alpha of its group's items in the kept display list (no new list), and the frame
// is a full render's.
func TestOpacityChangePatchesTheList(t *testing.T) {
	const page = `<!DOCTYPE html><style>body { margin: 0 } div { height: 20px; background: #36c }</style><body>
<div id=a style="opacity: 0.5">translucent <b>text</b></div><div>after</div>`
	doc, src, inc, full := incrementalAndFull(t, page)
	renderFrame(inc, 0)
	for i, o := range []string{"0.3", "0", "0.9"} {
		setAttr(byID(doc, "a"), "style", "opacity: "+o)
		src.change(ChangeAttribute, byID(doc, "a"), "style")
		got := renderFrame(inc, float64(i+1)*16)
		full.lastFrame = nil
		want := renderFrame(full, float64(i+1)*16)
		if w := inc.Work(); !w.Patched || w.Rastered > 400*40 { // the group's bounds, text ink included
			t.Errorf("opacity %s: %+v, want the list patched and only the element rastered", o, w)
		}
		if p := firstDiff(got, want); p.X >= 0 {
			t.Errorf("opacity %s: the patched frame differs from a full render at %v", o, p)
		}
	}
}

// TestRecycledFramesCatchUp: frames handed back are painted into again, starting from the
// older frame they show plus the damage of every frame since (frameages.go): each must be
// a full render's, byte for byte, whatever changed in the frames between.
func TestRecycledFramesCatchUp(t *testing.T) {
	const page = `<!DOCTYPE html><style>body { margin: 0 } div { height: 20px; margin: 4px }</style><body>
<div id=a>one</div><div id=b>two</div><div id=c>three</div><div id=d>four</div>`
	doc, src, inc, full := incrementalAndFull(t, page)
	colours := []string{"#f00", "#0a0", "#00f", "#fa0", "#ccc"}
	var shown []*image.RGBA // what the "window" still holds
	for i := 0; i < 40; i++ {
		id := string(rune('a' + i*7%4))
		setAttr(byID(doc, id), "style", "background-color: "+colours[i*3%5])
		src.change(ChangeAttribute, byID(doc, id), "style")
		got := renderFrame(inc, float64(i)*16)
		full.lastFrame = nil
		want := renderFrame(full, float64(i)*16)
		if p := firstDiff(got, want); p.X >= 0 {
			t.Fatalf("frame %d: differs from a full render at %v", i, p)
		}
		shown = append(shown, got)
		if len(shown) > 1+i%3 { // hand back frames 1 to 3 behind, as a slow window would
			inc.Recycle(shown[0])
			shown = shown[1:]
		}
	}
	if inc.ages.partial == 0 {
		t.Error("no frame was caught up from a recycled one")
	}
}

// TestPatchLimits: more content changes in one frame than the box tree patch remembers
// (maxBoxPatches) build the whole tree again, with the same frame as a full render.
func TestPatchLimits(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<!DOCTYPE html><style>body { margin: 0; font-size: 8px } div { height: 9px }</style><body>`)
	for i := 0; i < maxBoxPatches+200; i++ {
		sb.WriteString(`<div>x</div>`)
	}
	doc, src, inc, full := incrementalAndFull(t, sb.String())
	renderFrame(inc, 0)
	n := 0
	for _, d := range mutableElements(doc) {
		if d.Data == "div" {
			d.AppendChild(&html.Node{Type: html.TextNode, Data: " more"})
			src.change(ChangeChildren, d, "")
			n++
		}
	}
	if n <= maxBoxPatches {
		t.Fatalf("%d changes, want more than %d", n, maxBoxPatches)
	}
	got := renderFrame(inc, 16)
	want := renderFrame(full, 16)
	if p := firstDiff(got, want); p.X >= 0 {
		t.Errorf("the frame differs from a full render at %v", p)
	}
	if !inc.rebuildAll && len(inc.boxPatches) != 0 {
		t.Error("the patches were not dropped after the layout")
	}
}
