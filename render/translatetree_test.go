package render

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// TestTranslationTreeFramesMatchFullFrames: boxes translated by min(), max() and clamp() of
// a percentage (their trees resolved against each box when it is placed), animated from and
// to such translations (the compositor's plan refuses them: the general path), with now and
// then a new translation, a new width that moves a tree's translation without changing its
// style, and a change back to px, are the same byte for byte as full renders, and the boxes
// are where the full render puts them.
func TestTranslationTreeFramesMatchFullFrames(t *testing.T) {
	const page = `<!DOCTYPE html><style>
body { margin: 2px; font-size: 10px; line-height: 12px }
@keyframes go { from { transform: translateX(0) } to { transform: translateX(min(50%, 30px)) } }
@keyframes back { from { transform: translate(clamp(1px, 10%, 9px), 2px) } to { transform: translate(3px, max(-20%, -2px)) } }
.g { animation: go 170ms linear infinite alternate }
.k { animation: back 110ms linear infinite }
.t { transition: transform 90ms linear }
div { margin: 1px; background: #9cf; height: 10px }
</style><body>
<div id=a class=g style="width: 40px">a</div>
<div id=b class=k style="width: 25%">b <span style="background: #fc0">text</span></div>
<div id=c class=t style="width: 30px; transform: translateX(clamp(2px, 10%, 7px))">c</div>
<div id=d style="width: 44px; transform: rotate(0deg) translate(calc(1px + min(10%, 3px)), min(20%, 3px))">d</div>
<div id=e class=t style="width: 20px; transform: translateY(1.5px)">e</div>
</body>`
	styles := []string{"transform: translateX(max(10%, 3px))", "transform: translate(2.5px, 1px)", "width: 60px",
		"width: 15%; transform: translateX(min(40%, 12px))", "transform: none", "transform: translateX(calc(min(50%, 8px) / 2 + 5%)) translateY(1px)", ""}
	for seed := int64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			doc, src, inc, full := incrementalAndFull(t, page)
			rng := rand.New(rand.NewSource(seed))
			ids := []string{"a", "b", "c", "d", "e"}
			for frame := 0; frame < 40; frame++ {
				if rng.Intn(3) == 0 {
					n := byID(doc, ids[rng.Intn(len(ids))])
					setAttr(n, "style", styles[rng.Intn(len(styles))]+"; background: #"+strings.Repeat(fmt.Sprint(rng.Intn(10)), 3))
					src.change(ChangeAttribute, n, "style")
				}
				now := float64(frame)*16.7 + 0.3
				got := renderFrame(inc, now)
				full.lastFrame = nil
				full.plan.valid = false
				want := renderFrame(full, now)
				if !bytes.Equal(got.Pix, want.Pix) {
					t.Fatalf("frame %d: the incremental frame differs from a full one at %v", frame, firstDiff(got, want))
				}
				for _, id := range ids {
					n := byID(doc, id)
					if r, ok := inc.BoxOf(n); !ok || r != mustBox(t, full, n) {
						t.Fatalf("frame %d: #%s at %v, the full render's %v", frame, id, r, mustBox(t, full, n))
					}
					expectScriptReads(t, frame, inc, full, n)
				}
			}
		})
	}
	// The boxes are translated at all: #a's animation is halfway to 20px (50% of 40px) and
	// #d is 1px + 3px (10% of 44px is more) to the right of its place and 2px (20% of 10px)
	// below it.
	doc, _, inc, _ := incrementalAndFull(t, page)
	renderFrame(inc, 0)
	r0 := mustBox(t, inc, byID(doc, "d"))
	if r0.X != 2+1+4 || r0.Y != 2+11*3+2 {
		t.Errorf("#d at %v: want (7, 37)", r0)
	}
	renderFrame(inc, 16)
	renderFrame(inc, 101)
	v, _ := inc.ComputedValue(byID(doc, "a"), "transform")
	if r := mustBox(t, inc, byID(doc, "a")); r.X != 2+1+10 || v != "matrix(1, 0, 0, 1, 10, 0)" {
		t.Errorf("#a at %v halfway, its transform %s: want x 13", r, v)
	}
}
