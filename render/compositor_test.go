package render

import (
	"bytes"
	"fmt"
	"image"
	"math"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// compositorPage animates opacity and transform every way the compositor takes (CSS
// animations with fractional translations, a transition, script animations), inside and
// outside clips and groups, next to static translated and translucent boxes, text and a
// positioned box; #k's context shifts (whole boxes, no text).
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
<div id=k class=s style="background: #69c; width: 14px; height: 6px; border: 1px solid #036"><div style="height: 2px; background: #fff"></div></div>
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
			composited, patched, planned, shifted := 0, 0, 0, 0
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
					shifted += w.Shifted + w.Kept
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
					if frame%3 == 1 {
						break // (not read: the plan's values stay in the plan across frames)
					}
					expectScriptReads(t, frame, inc, full, n)
				}
				if !bytes.Equal(got.Pix, want.Pix) {
					savePNG(t, t.TempDir()+"/got.png", got)
					t.Fatalf("frame %d: the incremental frame differs from a full one at %v", frame, firstDiff(got, want))
				}
			}
			t.Logf("%d of 60 frames composited, %d of them patched the display list, %d from the plan; %d contexts shifted or kept", composited, patched, planned, shifted)
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
	expectPlannedFramesMatchFull(t, inc, full)
}

// shiftPage animates translated contexts that shift (boxes at whole coordinates: slowly,
// so that most new translations round the same, and fast, with borders, children, a
// positioned child, a translucent child, a group of its own, slowly or fast, negative
// offsets) and ones
// that must be painted again (text, a fractional width or position, a context inside a
// translated one or holding one, translucent or not, inside a clip).
const shiftPage = `<!DOCTYPE html><style>
body { margin: 2px; font-size: 12px; line-height: 14px } div { margin: 1px }
@keyframes creep { from { transform: translate(0.2px, -0.3px) } to { transform: translate(2.7px, 1.45px) } }
@keyframes run { from { transform: translate(-6.3px, 0.4px) } to { transform: translate(31.7px, -9.35px) } }
@keyframes fade { from { opacity: 0.2 } to { opacity: 0.9 } }
.c { animation: creep 1000ms linear infinite } .r { animation: run 230ms linear infinite alternate }
.rf { animation: run 190ms linear infinite, fade 150ms linear infinite }
.cf { animation: creep 900ms linear infinite, fade 150ms linear infinite alternate }
</style><body>
<div id=c1 class=c style="width: 10px; height: 6px; background: #c33"></div>
<div id=r1 class=r style="width: 12px; height: 5px; background: #3c3; border: 1px solid #030"></div>
<div id=card class=r style="width: 40px; padding: 2px; border: 2px solid #333; background: #eee; position: relative">
  <div style="height: 4px; background: #36c"></div>
  <div style="width: 10px; height: 3px; position: relative; left: 3px; background: #c63"></div>
  <div style="opacity: 0.5; height: 2px; background: #000"></div>
  <div style="position: absolute; left: 30px; top: 1px; width: 5px; height: 5px; background: #9c3"></div>
</div>
<div id=rf class=rf style="width: 8px; height: 8px; background: #939"></div>
<div id=cf class=cf style="width: 8px; height: 8px; background: #399"></div>
<div id=frac class=r style="width: 10.5px; height: 3px; background: #399"></div>
<div id=nest class=c style="width: 30px; height: 10px; background: #ddd"><div id=nin class=r style="width: 6px; height: 6px; background: #a00"></div></div>
<div id=nestf class=cf style="width: 30px; height: 10px; background: #ddd"><div id=ninf class=r style="width: 6px; height: 6px; background: #a00"></div></div>
<div style="overflow: hidden; height: 12px; width: 60px"><div id=clp class=r style="width: 9px; height: 4px; background: #0a0"></div></div>
<div id=fpos class=c style="position: absolute; left: 100.5px; top: 20px; width: 7px; height: 7px; background: #aa0"></div>
<div id=txt class=r style="width: 30px; background: #fc9">text</div>
</body>`

// TestShiftedContextsMatchFullFrames: translated contexts whose boxes lie at whole
// coordinates are placed again by shifting their items (or keeping them, when the new
// translation rounds the same), the others by painting them again; every frame is a full
// render's byte for byte, and so are its display list, its hit areas and the boxes that
// getBoundingClientRect reads, and nothing changes outside the frame's damage. A
// translated context inside a translucent group shifts too, fast or slowly (the group's
// bounds set again: settleGroups).
func TestShiftedContextsMatchFullFrames(t *testing.T) {
	grouped := strings.Replace(shiftPage, "</body>", `<div style="opacity: 0.6"><div id=ing class=r style="width: 9px; height: 4px; background: #00a"></div></div></body>`, 1)
	slowly := strings.Replace(shiftPage, "</body>", `<div style="opacity: 0.6"><div id=ing class=c style="width: 9px; height: 4px; background: #00a"></div></div></body>`, 1)
	for _, c := range []struct {
		name, page string
		min        int // frames that patched the list, shifted, kept and painted again
	}{{"shifts", shiftPage, 50}, {"grouped", grouped, 50}, {"grouped slowly", slowly, 50}} {
		t.Run(c.name, func(t *testing.T) {
			doc, _, inc, full := incrementalAndFull(t, c.page)
			var els []*html.Node
			for n := range doc.Descendants() {
				if n.Type == html.ElementNode && n.Data == "div" {
					els = append(els, n)
				}
			}
			var patched, shifted, kept, repainted int
			var prev *image.RGBA
			for frame := 0; frame < 90; frame++ {
				now := float64(frame)*16.7 + 0.3
				got := renderFrame(inc, now)
				w := inc.Work()
				if w.Patched {
					patched++
				}
				shifted, kept, repainted = shifted+w.Shifted, kept+w.Kept, repainted+w.Repainted
				if p := outsideDamage(prev, got, inc.FrameDamage()); prev != nil && p != nil {
					t.Fatalf("frame %d: pixel %v changed outside the frame's damage %v", frame, *p, inc.FrameDamage())
				}
				prev = got
				full.lastFrame = nil
				full.plan.valid = false
				want := renderFrame(full, now)
				expectFullFrame(t, frame, inc, full, got, want, els)
			}
			t.Logf("%d frames patched the list; contexts shifted %d, kept %d, painted again %d", patched, shifted, kept, repainted)
			if patched < c.min || shifted < c.min || kept < c.min || repainted < c.min {
				t.Errorf("want at least %d of each", c.min)
			}
		})
	}
}

// TestShiftRoundsAsPaint: for an offset D that roundApart accepts (a fraction not about
// a half, or a number of 64ths), a whole number A plus D rounds, summed in float as paint
// sums them (with a width and a border after), to A + round(D), so a shift's items are
// painting's; an offset a float's error from a half is refused, where the sum rounds the
// other way (1 + 0.4999999999999999 is 1.5 in float).
func TestShiftRoundsAsPaint(t *testing.T) {
	if d := 0.4999999999999999; round(1+d) == 1+round(d) {
		t.Fatalf("round(1 + %v) = %d: want it to round up", d, round(1+d))
	} else if _, ok := roundApart(d); ok {
		t.Errorf("roundApart(%v) accepts it", d)
	}
	rng := rand.New(rand.NewSource(1))
	checked := 0
	for i := 0; i < 200000; i++ {
		d := float64(rng.Intn(4000)-2000) + rng.Float64()
		switch i % 3 {
		case 1: // about a half
			d = float64(rng.Intn(4000)-2000) + 0.5 + (rng.Float64()-0.5)*4/1024
		case 2: // 64ths (a length's), halves among them
			d = float64(rng.Intn(4000*64)-2000*64) / 64
		}
		rd, ok := roundApart(d)
		if rd != round(d) {
			t.Fatalf("roundApart(%v) = %d, round %d", d, rd, round(d))
		}
		if !ok {
			continue
		}
		checked++
		a, w, bw := float64(rng.Intn(1<<20)-1<<19), float64(rng.Intn(1<<12)), float64(rng.Intn(16))
		x := a + d
		for _, v := range []struct {
			got  int
			want float64
		}{{round(x), a}, {round(x + w), a + w}, {round(x + w - bw), a + w - bw}} {
			if v.got != int(v.want)+rd {
				t.Fatalf("A %v, D %v: rounds to %d, want %v + %d", a, d, v.got, v.want, rd)
			}
		}
	}
	if checked < 150000 {
		t.Errorf("%d offsets checked", checked)
	}
}

// TestPlannedOpacityInsideAPlacedContext: an element whose opacity alone animates, inside
// a translated context painted again at the plan's pass (text: not shifted) whose
// animation comes after it in composite order (a script animation after a CSS one): the
// context painted again reads the element's opacity of this frame, so the plan writes it
// at once (it writes it after its pass only when no context is placed again in it).
func TestPlannedOpacityInsideAPlacedContext(t *testing.T) {
	const page = `<!DOCTYPE html><style>
body { margin: 2px; font-size: 12px; line-height: 14px } div { margin: 1px }
@keyframes fade { from { opacity: 0.1 } to { opacity: 0.9 } }
</style><body>
<div id=ctx style="transform: translateX(0.5px); background: #ddd; width: 50px">text
  <div style="animation: fade 130ms linear infinite; background: #36c; width: 20px; height: 8px"></div>
  <div style="animation: fade 170ms linear infinite alternate; background: #c63; width: 10px; height: 6px"></div>
</div>
</body>`
	doc, _, inc, full := incrementalAndFull(t, page)
	for _, eng := range []*Engine{inc, full} {
		a, err := eng.Animate(byID(doc, "ctx"), []KeyframeInput{
			{Props: [][2]string{{"transform", "translate(0.4px, 0.2px)"}}},
			{Props: [][2]string{{"transform", "translate(9.7px, 2.35px)"}}},
		}, TimingInput{Duration: 230, Iterations: 10, Easing: "linear"})
		if err != nil {
			t.Fatal(err)
		}
		a.Play()
	}
	expectPlannedFramesMatchFull(t, inc, full)
}

// TestPlanRandomTimingsMatchFullFrames: opacity animations of random timings (delays and
// end delays, negative ones too, durations, iteration counts and starts, directions,
// fills, easings), played at random playback rates, sought, paused, played and reversed
// now and then between frames at random fractional times, give the frames and the
// opacities of a reference engine that takes the general path every frame, whether a
// frame comes from the plan (its fast sampling, its opacities written after its pass) or
// not.
func TestPlanRandomTimingsMatchFullFrames(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`<!DOCTYPE html><style>body { margin: 2px } div { margin: 1px; height: 5px; background: #369 }
@keyframes f { from { opacity: 0.05 } to { opacity: 0.95 } }</style><body>`)
	for i := 0; i < 12; i++ {
		fmt.Fprintf(&sb, `<div id=d%d style="width: %dpx"></div>`, i, 10+3*i)
	}
	sb.WriteString(`<div style="height: 8px; animation: f 110ms linear -30ms infinite alternate"></div>
<div style="height: 8px; animation: f 90ms linear 20ms 7 reverse both"></div></body>`)
	pick := func(rng *rand.Rand, vs ...float64) float64 { return vs[rng.Intn(len(vs))] }
	directions := []string{"normal", "reverse", "alternate", "alternate-reverse"}
	fills := []string{"none", "forwards", "backwards", "both"}
	easings := []string{"linear", "linear", "linear", "ease-in-out", "steps(3, end)"}
	planned := 0
	for seed := int64(1); seed <= 6; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			doc, _, inc, full := incrementalAndFull(t, sb.String())
			rng := rand.New(rand.NewSource(seed))
			var anims [2][]*Animation
			var els []*html.Node
			for i := 0; i < 12; i++ {
				n := byID(doc, fmt.Sprint("d", i))
				els = append(els, n)
				o0, o1 := fmt.Sprint(0.05+0.4*rng.Float64()), fmt.Sprint(0.5+0.45*rng.Float64())
				tm := TimingInput{Delay: pick(rng, 0, -40, 35, -300*rng.Float64()), EndDelay: pick(rng, 0, 0, 50, -20),
					Duration: pick(rng, 100, 160, 37.3, 300*rng.Float64()+1), Iterations: pick(rng, math.Inf(1), 1, 2.5, 4, 0.7),
					IterationStart: pick(rng, 0, 0, 0.25, 1.5), Direction: directions[rng.Intn(4)], Fill: fills[rng.Intn(4)],
					Easing: easings[rng.Intn(len(easings))]}
				rate := pick(rng, 1, 1, 1, 2, 0.5, -1)
				for k, eng := range []*Engine{inc, full} {
					a, err := eng.Animate(n, []KeyframeInput{{Props: [][2]string{{"opacity", o0}}}, {Props: [][2]string{{"opacity", o1}}}}, tm)
					if err != nil {
						t.Fatal(err)
					}
					a.SetPlaybackRate(rate)
					_ = a.Play()
					anims[k] = append(anims[k], a)
				}
			}
			now := 0.3
			for frame := 0; frame < 120; frame++ {
				if rng.Intn(8) == 0 {
					k, op, v := rng.Intn(len(anims[0])), rng.Intn(5), 400*rng.Float64()-50
					for i, eng := range []*Engine{inc, full} {
						a := anims[i][k]
						switch op {
						case 0:
							a.Pause()
						case 1:
							_ = a.Play()
						case 2:
							a.SetCurrentTime(v)
						case 3:
							a.SetPlaybackRate(pick(rand.New(rand.NewSource(int64(v))), 0.5, 2, -1, 1))
						case 4:
							_ = a.Reverse()
						}
						eng.Style()
					}
				}
				now += 5 + 20*rng.Float64()
				got := renderFrame(inc, now)
				if inc.Work().Planned {
					planned++
				}
				full.lastFrame = nil
				full.plan.valid = false
				want := renderFrame(full, now)
				for _, n := range els {
					if frame%3 == 1 {
						break // (not read: the plan's values stay in the plan across frames)
					}
					expectScriptReads(t, frame, inc, full, n)
				}
				if !bytes.Equal(got.Pix, want.Pix) {
					t.Fatalf("frame %d at %v: differs from a full render at %v", frame, now, firstDiff(got, want))
				}
			}
		})
	}
	t.Logf("%d of 720 frames from the plan", planned)
	if planned < 200 {
		t.Errorf("%d of 720 frames from the plan: want more", planned)
	}
}

// TestRandomShiftsMatchFullFrames: pages of boxes at whole and fractional places and
// sizes, with borders, children, clips and translucent groups around some, animated from
// random translations to random translations (any fraction, 64ths and halves among
// them, negative ones, percentages of the box) and opacities, give a full render's frames, display lists, hit
// areas and boxes, frame after frame, whichever contexts shift.
func TestRandomShiftsMatchFullFrames(t *testing.T) {
	total := 0
	for seed := int64(1); seed <= 12; seed++ {
		rng := rand.New(rand.NewSource(seed))
		px := func(whole bool, lo, n int) string {
			v := float64(lo + rng.Intn(n))
			if !whole {
				switch rng.Intn(3) {
				case 0:
					v += 0.5
				case 1:
					v += float64(rng.Intn(64)) / 64
				default:
					v += rng.Float64()
				}
			}
			return strconv.FormatFloat(v, 'f', -1, 64) + "px"
		}
		shift := func() string {
			if rng.Intn(4) == 0 { // percentages of the box's size: fractions of any kind
				return fmt.Sprintf("translate(%.2f%%, %.2f%%)", rng.Float64()*80-40, rng.Float64()*80-40)
			}
			return "translate(" + px(rng.Intn(4) == 0, -12, 24) + ", " + px(rng.Intn(4) == 0, -6, 12) + ")"
		}
		var sb strings.Builder
		sb.WriteString("<!DOCTYPE html><style>body { margin: " + px(rng.Intn(5) > 0, 0, 4) + " } div { margin: 1px }\n")
		for i := 0; i < 12; i++ {
			fmt.Fprintf(&sb, "@keyframes k%d { from { transform: %s } to { transform: %s } }\n", i, shift(), shift())
		}
		sb.WriteString("@keyframes f { from { opacity: 0.3 } to { opacity: 0.8 } }</style><body>\n")
		for i := 0; i < 12; i++ {
			whole := rng.Intn(4) > 0
			style := fmt.Sprintf("width: %s; height: %s; background: #%x%x%x; animation: k%d %dms linear infinite %s",
				px(whole, 2, 30), px(whole || rng.Intn(2) == 0, 2, 12), rng.Intn(16), rng.Intn(16), rng.Intn(16), i,
				60+rng.Intn(900), []string{"", "alternate"}[rng.Intn(2)])
			if rng.Intn(4) == 0 {
				style += fmt.Sprintf(", f %dms linear infinite", 50+rng.Intn(300))
			}
			if rng.Intn(3) == 0 {
				style += "; border: " + px(whole, 1, 3) + " solid #000"
			}
			if rng.Intn(4) == 0 {
				style += "; position: absolute; left: " + px(whole, 0, 300) + "; top: " + px(whole, 0, 150)
			}
			inner := ""
			if rng.Intn(3) == 0 {
				inner = `<div style="height: ` + px(whole, 1, 4) + `; background: #fff"></div>`
			}
			el := fmt.Sprintf("<div id=d%d style=%q>%s</div>", i, style, inner)
			switch rng.Intn(8) {
			case 0:
				el = `<div style="opacity: 0.7">` + el + `</div>`
			case 1:
				el = `<div style="overflow: hidden; height: 14px">` + el + `</div>`
			}
			sb.WriteString(el + "\n")
		}
		doc, _, inc, full := incrementalAndFull(t, sb.String())
		var els []*html.Node
		for n := range doc.Descendants() {
			if n.Type == html.ElementNode && n.Data == "div" {
				els = append(els, n)
			}
		}
		start := rng.Float64() * 100
		for frame := 0; frame < 40; frame++ {
			now := start + float64(frame)*16.7
			got := renderFrame(inc, now)
			total += inc.Work().Shifted + inc.Work().Kept
			full.lastFrame = nil
			full.plan.valid = false
			want := renderFrame(full, now)
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Fatalf("seed %d, frame %d: differs from a full render at %v", seed, frame, firstDiff(got, want))
			}
			if !slices.EqualFunc(inc.list, full.list, func(a, b displayItem) bool { return a == b }) {
				t.Fatalf("seed %d, frame %d: the display list differs from a full render's", seed, frame)
			}
			if !slices.Equal(inc.hits, full.hits) {
				t.Fatalf("seed %d, frame %d: the hit areas differ from a full render's", seed, frame)
			}
			for _, n := range els {
				if a, b := mustBox(t, inc, n), mustBox(t, full, n); a != b {
					t.Fatalf("seed %d, frame %d: %v's box is %v, a full render's %v", seed, frame, n.Attr, a, b)
				}
			}
		}
	}
	t.Logf("%d contexts shifted or kept", total)
	if total < 1000 {
		t.Errorf("%d contexts shifted or kept: want most placed so", total)
	}
}

// TestPlanKeepsTheGroupsAlpha: the plan keeps each group's alpha as the frame it was made
// in leaves it (the used opacity, which that frame's patch sets in the list after the
// plan is made), not as the list held it then: a stepped opacity that comes back, on the
// frame after the plan is made, to the value the list held before that frame's patch
// is set in the list (with the list's old alpha kept, the plan saw no change and the
// group kept the alpha between).
func TestPlanKeepsTheGroupsAlpha(t *testing.T) {
	const page = `<!DOCTYPE html><style>body { margin: 2px } div { margin: 1px; width: 20px; height: 8px }
@keyframes st { from { opacity: 0.2 } to { opacity: 0.8 } }
</style><body>
<div id=a style="background: #36c; animation: st 100ms steps(2, end) infinite alternate"></div>
<div id=b style="background: #c63"></div>
</body>`
	doc, _, inc, full := incrementalAndFull(t, page)
	var bs [2]*Animation
	for k, eng := range []*Engine{inc, full} {
		a, err := eng.Animate(byID(doc, "b"), []KeyframeInput{{Props: [][2]string{{"opacity", "0.1"}}}, {Props: [][2]string{{"opacity", "0.6"}}}},
			TimingInput{Duration: 300, Iterations: math.Inf(1), Easing: "linear"})
		if err != nil {
			t.Fatal(err)
		}
		_ = a.Play()
		bs[k] = a
	}
	frame := func(now float64) {
		t.Helper()
		got := renderFrame(inc, now)
		full.lastFrame = nil
		full.plan.valid = false
		if want := renderFrame(full, now); !bytes.Equal(got.Pix, want.Pix) {
			t.Fatalf("at %v: differs from a full render at %v", now, firstDiff(got, want))
		}
	}
	frame(0)
	frame(10) // #a starts: 0.2
	for _, a := range bs {
		a.SetPlaybackRate(2) // the next frame takes the general path and makes a plan
	}
	frame(60)  // #a 50 ms in: 0.5
	frame(180) // #a 170 ms in (30 ms back from its end: alternate): 0.2 again, from the plan
	if w := inc.Work(); !w.Planned {
		t.Fatalf("the last frame did not come from the plan: %+v", w)
	}
}

// TestRestyledTranslationsShift: a script's new translation of an element (its style
// attribute, no animation) places its context again as the compositor does, shifted
// when its boxes are whole (inside a translucent group too, and with its opacity changed
// with it), painted again when they hold text or its colours changed too; each frame is
// a full render's bytes, display list, hit areas and boxes.
func TestRestyledTranslationsShift(t *testing.T) {
	const page = `<!DOCTYPE html><style>body { margin: 2px; font-size: 12px; line-height: 14px } div { margin: 1px }</style><body>
<div id=a style="transform: translate(0.5px, 0.25px); width: 20px; height: 6px; background: #c33"></div>
<div id=b style="transform: translateX(1px); width: 30px; padding: 2px; border: 1px solid #000; background: #3c3"><div style="height: 3px; background: #fff"></div></div>
<div style="opacity: 0.6"><div id=c style="transform: translateY(2px); opacity: 0.5; width: 12px; height: 5px; background: #33c"></div></div>
<div id=d style="transform: translate(1.5px, 0); width: 40px; background: #cc3">text</div>
</body>`
	doc, src, inc, full := incrementalAndFull(t, page)
	var els []*html.Node
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && n.Data == "div" {
			els = append(els, n)
		}
	}
	rng := rand.New(rand.NewSource(1))
	base := map[string]string{"a": "width: 20px; height: 6px; background: #c33", "b": "width: 30px; padding: 2px; border: 1px solid #000; background: #3c3",
		"c": "width: 12px; height: 5px; background: #33c", "d": "width: 40px; background: #cc3"}
	renderFrame(inc, 0)
	var moved, repainted int
	for frame := 1; frame < 60; frame++ {
		changed := false
		for _, id := range []string{"a", "b", "c", "d"} {
			if rng.Intn(3) == 0 {
				continue
			}
			changed = true
			style := fmt.Sprintf("%s; transform: translate(%.4gpx, %.4gpx)", base[id], rng.Float64()*20-10, float64(rng.Intn(64*8)-64*4)/64)
			switch {
			case id == "c":
				style += fmt.Sprintf("; opacity: 0.%d", 1+rng.Intn(9))
			case id == "a" && rng.Intn(2) == 0: // a new colour too: painted again
				style += fmt.Sprintf("; background: #%x%x%x", rng.Intn(16), rng.Intn(16), rng.Intn(16))
			}
			n := byID(doc, id)
			setAttr(n, "style", style)
			src.change(ChangeAttribute, n, "style")
		}
		got := renderFrame(inc, float64(frame)*16)
		w := inc.Work()
		if changed && (!w.Patched || w.FullCascade) {
			t.Errorf("frame %d: %+v: want the list patched", frame, w)
		}
		moved, repainted = moved+w.Shifted+w.Kept, repainted+w.Repainted
		full.lastFrame = nil
		want := renderFrame(full, float64(frame)*16)
		expectFullFrame(t, frame, inc, full, got, want, els)
	}
	t.Logf("contexts shifted or kept %d, painted again %d", moved, repainted)
	if moved < 60 || repainted < 20 {
		t.Errorf("shifted or kept %d, painted again %d: want both", moved, repainted)
	}
}

// expectPlannedFramesMatchFull renders 60 frames with inc and with full forced down the
// general path each frame (no kept frame, no plan): they must be the same bytes, and most
// of inc's must come from the compositor's plan.
func expectPlannedFramesMatchFull(t *testing.T, inc, full *Engine) {
	t.Helper()
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

// expectFullFrame checks a frame of inc against the one full rendered: the same bytes, the
// same display list (but its faces) and hit areas, and the same boxes for els.
func expectFullFrame(t *testing.T, frame int, inc, full *Engine, got, want *image.RGBA, els []*html.Node) {
	t.Helper()
	if !bytes.Equal(got.Pix, want.Pix) {
		t.Fatalf("frame %d: differs from a full render at %v", frame, firstDiff(got, want))
	}
	if !slices.EqualFunc(inc.list, full.list, func(a, b displayItem) bool {
		a.face, b.face = nil, nil // (each engine has its faces)
		return a == b
	}) {
		t.Fatalf("frame %d: the display list differs from a full render's", frame)
	}
	if !slices.Equal(inc.hits, full.hits) {
		t.Fatalf("frame %d: the hit areas differ from a full render's", frame)
	}
	for _, n := range els {
		if a, b := mustBox(t, inc, n), mustBox(t, full, n); a != b {
			t.Fatalf("frame %d: %v's box is %v, a full render's %v", frame, n.Attr, a, b)
		}
	}
}

// expectScriptReads checks that what script reads of n's opacity and transform
// (getComputedStyle, through ComputedValue, which brings the used styles up to date with
// the compositor's plan first, as every reader does) is what full reads, and that the used
// styles then hold the same numbers.
func expectScriptReads(t *testing.T, frame int, inc, full *Engine, n *html.Node) {
	t.Helper()
	for _, prop := range []string{"opacity", "transform"} {
		got, ok := inc.ComputedValue(n, prop)
		want, ok2 := full.ComputedValue(n, prop)
		if got != want || ok != ok2 {
			t.Fatalf("frame %d: %v's %s reads %q, a full render's %q", frame, n.Attr, prop, got, want)
		}
	}
	if a, b := inc.states[n], full.states[n]; a != nil && b != nil && (a.used.opacity != b.used.opacity ||
		a.used.hasTransform != b.used.hasTransform || a.used.tx != b.used.tx || a.used.ty != b.used.ty) {
		t.Fatalf("frame %d: %s's opacity and translation %v %v %v, want %v %v %v", frame, n.Attr,
			a.used.opacity, a.used.tx, a.used.ty, b.used.opacity, b.used.tx, b.used.ty)
	}
}
