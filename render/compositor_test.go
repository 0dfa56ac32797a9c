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

// compositorPage animates opacity and transform every way the compositor takes (CSS
// animations with fractional translations, a transition, script animations), inside and
// outside clips and groups, next to static translated and translucent boxes, text and a
// positioned box.
const compositorPage = `<!DOCTYPE html><style>
body { margin: 3px; font-size: 12px; line-height: 14px }
@keyframes fade { from { opacity: 0.1 } to { opacity: 0.9 } }
@keyframes slide { from { transform: translate(0.3px, 0.1px) } to { transform: translate(7.7px, 3.35px) } }
@keyframes both { 0% { opacity: 0.5; transform: translateX(-2.25px) } 100% { opacity: 0.7; transform: translateX(5.5px) } }
@keyframes blink { from { opacity: 0.6 } to { opacity: 1 } }
.f { animation: fade 170ms linear infinite alternate }
.s { animation: slide 230ms ease-in-out infinite }
.b { animation: both 90ms linear 3 }
.t { transition: opacity 70ms, transform 110ms linear }
.clip { overflow: hidden; height: 24px }
div { margin: 1px }
</style><body>
<div id=a class=f style="background: #c33; width: 40px; height: 10px">fade</div>
<div id=b class=s style="background: #3c3; width: 50%">slide <span style="background: #ff0">text</span></div>
<div class=clip><div id=c class=s style="background: #33c; width: 30px; height: 30px">c</div></div>
<div id=d class="b t" style="background: #0cc">both</div>
<div id=e class=t style="transform: translate(1.5px, 0.5px); opacity: 0.6; background: #c0c">trans</div>
<div id=g style="position: absolute; left: 120px; top: 30px; width: 40px; height: 40px; background: rgba(0, 0, 0, 0.3)">abs
  <div id=h class=s style="background: #fa0; width: 20px">in</div></div>
<div id=j style="animation: blink 130ms steps(2, start) infinite; background: #963; width: 25px">blinks to opaque</div>
<p>static text under <span id=i style="display: inline-block; transform: translateY(1.25px); background: #ccc">ib</span></p>
</body>`

// TestAnimatedFramesMatchFullFrames: frames where opacity and transform animate (CSS
// animations, a transition, script animations), with now and then a change of a style
// attribute or class (new translations and opacities, fractional, and changes the
// compositor cannot take), are the same byte for byte as full renders; most of them take
// the compositor's path (no restyle) and patch the display list.
func TestAnimatedFramesMatchFullFrames(t *testing.T) {
	styles := []string{"transform: translate(2.5px, 1.75px)", "transform: translateX(-3.3px)", "opacity: 0.45",
		"opacity: 0.2; transform: translateY(0.6px)", "transform: translate(4.125px, 2.5px); background: #abc",
		"width: 60px", "transform: none", ""}
	classes := []string{"f", "s", "b t", "t", ""}
	for seed := int64(1); seed <= 8; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			doc, src, inc, full := incrementalAndFull(t, compositorPage)
			var scripted [2][]*Animation // inc's and full's
			if seed%2 == 0 {             // script animations too
				for _, id := range []string{"e", "i"} {
					for k, eng := range []*Engine{inc, full} {
						a, err := eng.Animate(byID(doc, id), []KeyframeInput{
							{Props: [][2]string{{"transform", "translate(0.4px, 0)"}, {"opacity", "0.3"}}},
							{Props: [][2]string{{"transform", "translate(6.6px, 1.1px)"}, {"opacity", "0.8"}}},
						}, TimingInput{Duration: 130, Iterations: 4, Direction: "alternate", Fill: "forwards", Easing: "linear"})
						if err != nil {
							t.Fatal(err)
						}
						a.Play()
						scripted[k] = append(scripted[k], a)
					}
				}
			}
			var els []*html.Node
			for _, id := range []string{"a", "b", "c", "d", "e", "h", "i", "j"} {
				els = append(els, byID(doc, id))
			}
			rng := rand.New(rand.NewSource(seed))
			composited, patched, planned := 0, 0, 0
			var prev *image.RGBA
			for frame := 0; frame < 60; frame++ {
				if rng.Intn(5) == 0 {
					n := els[rng.Intn(len(els))]
					if rng.Intn(2) == 0 {
						setAttr(n, "style", styles[rng.Intn(len(styles))]+"; background: #"+strings.Repeat(fmt.Sprint(rng.Intn(10)), 3))
						src.change(ChangeAttribute, n, "style")
					} else {
						setAttr(n, "class", classes[rng.Intn(len(classes))])
						src.change(ChangeAttribute, n, "class")
					}
				}
				if len(scripted[0]) > 0 && frame%6 == 5 {
					// A script pauses or plays an animation, then reads a computed style: the
					// style is brought up to date with the pending task (the compositor's
					// frame, which may make a plan), and the next frame's update of
					// animations completes the task.
					k := rng.Intn(len(scripted[0]))
					for i, eng := range []*Engine{inc, full} {
						if a := scripted[i][k]; a.PlayState() == "paused" || a.Pending() {
							_ = a.Play()
						} else {
							a.Pause()
						}
						eng.Style()
					}
				}
				now := float64(frame)*16.7 + 0.3
				got := renderFrame(inc, now)
				if p := outsideDamage(prev, got, inc.FrameDamage()); prev != nil && p != nil {
					t.Fatalf("frame %d: pixel %v changed outside the frame's damage %v", frame, *p, inc.FrameDamage())
				}
				prev = got
				if w := inc.Work(); w.Composited {
					composited++
					if w.Planned {
						planned++
					}
					if w.Patched {
						patched++
					}
				}
				full.lastFrame = nil
				full.plan.valid = false // the reference takes the general path: every value applied again
				want := renderFrame(full, now)
				for _, n := range els { // what script reads (getComputedStyle) is the reference's
					if a, b := inc.states[n], full.states[n]; a != nil && b != nil && (a.used.opacity != b.used.opacity ||
						a.used.hasTransform != b.used.hasTransform || a.used.tx != b.used.tx || a.used.ty != b.used.ty) {
						t.Fatalf("frame %d: %s's opacity and translation %v %v %v, want %v %v %v", frame, n.Attr,
							a.used.opacity, a.used.tx, a.used.ty, b.used.opacity, b.used.tx, b.used.ty)
					}
				}
				if !bytes.Equal(got.Pix, want.Pix) {
					savePNG(t, t.TempDir()+"/got.png", got)
					t.Fatalf("frame %d: the incremental frame differs from a full one at %v", frame, firstDiff(got, want))
				}
			}
			t.Logf("%d of 60 frames composited, %d of them patched the display list, %d from the plan", composited, patched, planned)
			if composited < 20 || patched < 10 {
				t.Errorf("%d frames composited, %d patched: want most frames on the compositor's path", composited, patched)
			}
		})
	}
}

// TestTransformChangePlacesItsContext: a new fractional translation of a translated div
// (its style attribute, no animation) among 300, moved into the viewport from below, places its stacking context again: the
// display list is patched, not built again, only around the div is rastered, and the frame
// is a full render's byte for byte, also where it moves over other divs' display items
// (rasterchunks.go).
func TestTransformChangePlacesItsContext(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<!DOCTYPE html><style>body { margin: 0 } .d { height: 12px; font-size: 10px; background: #eef }</style><body>`)
	for i := 0; i < 300; i++ {
		if i == 40 { // below the 400×200 viewport, moved into it
			sb.WriteString(`<div class=d id=m style="transform: translate(1.25px, 0.5px)">moved <span style="background: #fc0">text</span></div>`)
			continue
		}
		fmt.Fprintf(&sb, "<div class=d>%d</div>", i)
	}
	doc, src, inc, full := incrementalAndFull(t, sb.String())
	m := byID(doc, "m")
	renderFrame(inc, 0)
	for frame := 1; frame < 30; frame++ {
		setAttr(m, "style", fmt.Sprintf("transform: translate(%.3fpx, %.3fpx)", float64(frame)*1.37, -300.29-float64(frame%7)*13.71))
		src.change(ChangeAttribute, m, "style")
		got := renderFrame(inc, float64(frame)*16)
		if w := inc.Work(); !w.Patched || w.FullCascade || w.Rastered > 400*400 {
			t.Errorf("frame %d: %+v: want the list patched and only around the div rastered", frame, w)
		}
		full.lastFrame = nil
		if want := renderFrame(full, float64(frame)*16); !bytes.Equal(got.Pix, want.Pix) {
			t.Fatalf("frame %d: the patched frame differs from a full one at %v", frame, firstDiff(got, want))
		}
		if r, ok := inc.BoxOf(m); !ok || r != mustBox(t, full, m) || r.X < float64(frame)*1.37-0.02 {
			t.Errorf("frame %d: the div's box is %v, a full layout's %v (x near %.3f)", frame, r, mustBox(t, full, m), float64(frame)*1.37)
		}
	}
}

func mustBox(t *testing.T, e *Engine, n *html.Node) Rect {
	t.Helper()
	r, ok := e.BoxOf(n)
	if !ok {
		t.Fatal("no box")
	}
	return r
}

// TestPlannedFrameThenChanges: a compositor's frame from the plan sets the groups'
// alphas in the display list at its style step; a change made before its paint (a
// restyle that builds the list again, or a colour patch) still gives a full render's
// frame, as does the frame after it.
func TestPlannedFrameThenChanges(t *testing.T) {
	const i = "display: inline-block; transform: translateY(1.25px); background: #0a0"
	for _, change := range []string{i + "; width: 33px", i + "; margin-left: 2px", i} {
		doc, src, inc, full := incrementalAndFull(t, compositorPage)
		now := 0.3
		for frame := 0; ; frame++ { // to a frame that takes the plan and sets alphas
			if frame == 60 {
				t.Fatalf("%q: no frame took the plan and set an alpha", change)
			}
			now += 16.7
			inc.UpdateAnimations(now)
			inc.TakeAnimationEvents()
			inc.Style()
			if inc.Work().Planned && inc.inv.direct {
				break
			}
			inc.Layout()
			inc.Paint()
			renderFrame(full, now) // (its animations keep the same times)
		}
		n := byID(doc, "i")
		setAttr(n, "style", change)
		src.change(ChangeAttribute, n, "style")
		inc.Style()
		inc.Layout()
		got := inc.Paint()
		want := renderFrame(full, now)
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Fatalf("%q: the frame differs from a full one at %v", change, firstDiff(got, want))
		}
		now += 16.7
		got = renderFrame(inc, now)
		full.lastFrame = nil
		if want := renderFrame(full, now); !bytes.Equal(got.Pix, want.Pix) {
			t.Fatalf("%q: the next frame differs from a full one at %v", change, firstDiff(got, want))
		}
	}
}

// TestNestedAnimatedContextsMatchFullFrames: translated contexts animated inside
// translated contexts animated (and translucent ones), placed again from the plan in
// whatever order their elements come, give a full render's frames.
func TestNestedAnimatedContextsMatchFullFrames(t *testing.T) {
	const page = `<!DOCTYPE html><style>
body { margin: 2px } div { margin: 1px }
@keyframes slide { from { transform: translate(0.3px, 0.1px) } to { transform: translate(7.7px, 3.35px) } }
@keyframes back { from { transform: translateX(4.4px) } to { transform: translateX(-1.6px) } }
@keyframes fade { from { opacity: 0.15 } to { opacity: 0.85 } }
.s { animation: slide 230ms linear infinite } .b { animation: back 170ms linear infinite alternate }
.sf { animation: slide 190ms linear infinite, fade 150ms linear infinite }
</style><body>
<div class=s style="background: #33c; width: 60px; padding: 2px">outer
  <div class=b style="background: #c33; width: 30px">inner<div class=sf style="background: #3c3; width: 12px; height: 6px"></div></div>
  <div class=sf style="background: #cc3; width: 20px">inner 2</div>
</div>
<div class=b style="background: #3cc; width: 44px; height: 9px"><div class=sf style="background: #c3c; width: 8px; height: 4px"></div></div>
</body>`
	_, _, inc, full := incrementalAndFull(t, page)
	planned := 0
	for frame := 0; frame < 60; frame++ {
		now := float64(frame)*16.7 + 0.3
		got := renderFrame(inc, now)
		if inc.Work().Planned {
			planned++
		}
		full.lastFrame = nil
		full.plan.valid = false
		if want := renderFrame(full, now); !bytes.Equal(got.Pix, want.Pix) {
			t.Fatalf("frame %d: differs from a full render at %v", frame, firstDiff(got, want))
		}
	}
	if planned < 30 {
		t.Errorf("%d of 60 frames from the plan: want most", planned)
	}
}
