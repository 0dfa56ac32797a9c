package render

import (
	"bytes"
	"fmt"
	"image"
	"math"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// planReadsPage animates the translation and opacity of boxes the compositor's plan
// keeps (shifted and kept contexts, groups, a context painted again for its text (in the
// even seeds), one inside another), overlapping so that hit testing near their edges depends on their
// translations.
const planReadsPage = `<!DOCTYPE html><style>
body { margin: 0; font-size: 10px; line-height: 12px }
@keyframes x { from { transform: translateX(0) } to { transform: translateX(7.3px) } }
@keyframes y { from { transform: translate(-1.5px, 0.25px) } to { transform: translate(2.75px, 6.125px) } }
@keyframes o { from { opacity: 0.2 } to { opacity: 0.9 } }
@keyframes xo { from { opacity: 0.3; transform: translateX(3.2px) } to { opacity: 0.8; transform: translateX(-4.6px) } }
div { position: absolute; width: 20px; height: 12px }
</style><body>
<div id=a style="left: 10px; top: 10px; background: #c33; animation: x 170ms linear infinite"></div>
<div id=b style="left: 25px; top: 14px; background: #3c3; animation: y 230ms linear infinite alternate"></div>
<div id=c style="left: 40px; top: 10px; background: #33c; animation: o 110ms linear infinite"></div>
<div id=d style="left: 50px; top: 18px; background: #0cc; animation: xo 90ms linear infinite"></div>
<div id=e style="left: 70px; top: 10px; width: 30px; background: #cc0; animation: x 130ms linear infinite alternate">text</div>
<div id=f style="left: 90px; top: 14px; background: #c0c; animation: y 150ms linear infinite"><div id=g style="left: 3px; top: 2px; width: 8px; height: 5px; background: #fff; animation: x 70ms linear infinite"></div></div>
<div id=h style="left: 110px; top: 10px; background: #963; border: 1px solid #000; animation: xo 200ms linear infinite alternate"></div>
</body>`

// planReader is one way the main thread reads what an animated element looks like (the
// Go API the page's getComputedStyle, getBoundingClientRect and elementFromPoint use).
type planReader struct {
	name   string
	layout bool // the page lays out before it reads (a forced layout)
	read   func(e *Engine, n *html.Node, at Rect) string
}

var planReaders = []planReader{
	{"getComputedStyle(el).transform", false, func(e *Engine, n *html.Node, _ Rect) string {
		v, ok := e.ComputedValue(n, "transform")
		return fmt.Sprintf("%s %v", v, ok)
	}},
	{"getComputedStyle(el).opacity", false, func(e *Engine, n *html.Node, _ Rect) string {
		v, ok := e.ComputedValue(n, "opacity")
		return fmt.Sprintf("%s %v", v, ok)
	}},
	{"getBoundingClientRect", true, func(e *Engine, n *html.Node, _ Rect) string {
		r, ok := e.BoxOf(n)
		return fmt.Sprint(r, ok)
	}},
	{"GeometryOf", true, func(e *Engine, n *html.Node, _ Rect) string {
		g, ok := e.GeometryOf(n)
		return fmt.Sprint(g, ok)
	}},
	{"elementFromPoint", true, func(e *Engine, _ *html.Node, at Rect) string {
		// Points just inside and outside the element's edges (at: the box a full render
		// gives it): which element is hit depends on its translation's fraction.
		var s string
		hit := func(x, y float64) {
			if n := e.HitTest(x, y); n != nil {
				id, _ := attr(n, "id")
				s += fmt.Sprintf("%g,%g:%s#%s ", x, y, n.Data, id)
			} else {
				s += "nil "
			}
		}
		for d := -1.5; d <= 1.5; d += 0.125 {
			hit(at.X+d, at.Y+at.H/2)
			hit(at.X+at.W+d, at.Y+at.H/2)
			hit(at.X+at.W/2, at.Y+d)
			hit(at.X+at.W/2, at.Y+at.H+d)
		}
		return s
	}},
}

// TestReadsBetweenPlannedFrames: the compositor's plan keeps the values its frames give the
// animated elements out of their used styles until something reads one (flush); what the
// main thread reads between frames from the plan (getComputedStyle's transform and opacity,
// the element's box, hit testing), after a frame or after a forced style or layout at a
// new time, is what it reads from an engine with no plan, every frame taken down the
// general path, and every frame is a full render's bytes and display list. Each reader is
// the first to read after a run of unread planned frames in turn (it fails when that
// reader does not flush).
func TestReadsBetweenPlannedFrames(t *testing.T) {
	ids := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	for seed := int64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			page := planReadsPage
			if seed%2 == 1 { // no context painted again in a frame (the values stay in the plan)
				page = strings.Replace(page, ">text</div>", "></div>", 1)
				page = strings.Replace(page, "animation: x 70ms", "animation: o 70ms", 1)
			}
			doc, _, inc, full := incrementalAndFull(t, page)
			var els []*html.Node
			for _, id := range ids {
				els = append(els, byID(doc, id))
			}
			rng := rand.New(rand.NewSource(seed))
			now, planned, reads, stale := 0.3, 0, 0, 0
			step := func(forced bool, layout bool) {
				// A frame, or (forced) a script's forced style (and layout) at a new time,
				// with the reference down the general path.
				var frames [2]*image.RGBA
				for k, e := range []*Engine{inc, full} {
					if e == full {
						full.lastFrame = nil
						full.plan.valid = false
					}
					if !forced {
						frames[k] = renderFrame(e, now)
						continue
					}
					e.UpdateAnimations(now)
					e.TakeAnimationEvents()
					e.Style()
					if layout {
						e.Layout()
					}
				}
				if inc.Work().Planned {
					planned++
				}
				if inc.plan.stale {
					stale++
				}
				if frames[0] != nil && !bytes.Equal(frames[0].Pix, frames[1].Pix) {
					t.Fatalf("now %v: differs from a full render at %v", now, firstDiff(frames[0], frames[1]))
				}
				if !forced && !slices.EqualFunc(inc.list, full.list, func(a, b displayItem) bool {
					a.face, b.face = nil, nil // (each engine has its faces)
					return a == b
				}) {
					t.Fatalf("now %v: the display list differs from a full render's", now)
				}
			}
			for frame := 0; frame < 80; frame++ {
				now += 3 + 14*rng.Float64()
				if frame%5 != 4 {
					step(false, false) // frames from the plan, nothing read
					continue
				}
				r := planReaders[rng.Intn(len(planReaders))]
				forced := rng.Intn(2) == 0
				step(forced, r.layout)
				if !inc.Work().Planned {
					continue
				}
				reads++
				n := els[rng.Intn(len(els))]
				at := mustBox(t, full, n)
				if got, want := r.read(inc, n, at), r.read(full, n, at); got != want {
					t.Fatalf("frame %d (forced %v): %s of #%s reads %s, with no plan %s", frame, forced, r.name, ids[slices.Index(els, n)], got, want)
				}
				for _, e := range []*Engine{inc, full} { // then everything else, laid out as the page does
					e.Style()
					e.Layout()
				}
				for _, n := range els {
					at := mustBox(t, full, n)
					for _, r := range planReaders {
						if got, want := r.read(inc, n, at), r.read(full, n, at); got != want {
							t.Fatalf("frame %d: %s of #%s reads %s, with no plan %s", frame, r.name, ids[slices.Index(els, n)], got, want)
						}
					}
				}
			}
			t.Logf("%d of 80 frames from the plan, %d left its values in the plan, %d read after one", planned, stale, reads)
			if planned < 50 || reads < 8 {
				t.Errorf("%d of 80 frames from the plan, %d read after one: want most, and reads", planned, reads)
			}
		})
	}
}

// TestPlanLagsAroundPaintedContexts: contexts whose items stay leave their hit areas and
// boxes to be placed when read (lag) while, in some frames, the pass flushes in its middle:
// a text context painted again when its stepped translation moves (with a leaf context
// inside it, painted again with it), and a script animation of three keyframes (not
// simple: applied to the used style). Every frame is a full render's bytes and display
// list, and once read its hit areas and boxes are a full render's.
func TestPlanLagsAroundPaintedContexts(t *testing.T) {
	const page = `<!DOCTYPE html><style>
body { margin: 0; font-size: 10px; line-height: 12px }
@keyframes x { from { transform: translateX(0) } to { transform: translateX(7.3px) } }
@keyframes y { from { transform: translate(-1.5px, 0.25px) } to { transform: translate(2.75px, 6.125px) } }
@keyframes xo { from { opacity: 0.3; transform: translateX(3.2px) } to { opacity: 0.8; transform: translateX(-4.6px) } }
@keyframes w { from { transform: translate(0.2px, -0.3px) } to { transform: translate(1.3px, 0.9px) } }
div { position: absolute; width: 20px; height: 12px }
</style><body>
<div id=a style="left: 10px; top: 10px; background: #c33; animation: x 170ms linear infinite"></div>
<div id=b style="left: 25px; top: 14px; background: #3c3; animation: y 230ms linear infinite alternate"></div>
<div id=t style="left: 45px; top: 30px; width: 40px; background: #cc0; animation: x 400ms steps(3) infinite">text<div id=in style="left: 2px; top: 2px; width: 6px; height: 4px; background: #000; animation: y 110ms linear infinite"></div></div>
<div id=d style="left: 50px; top: 18px; background: #0cc; animation: xo 90ms linear infinite"></div>
<div id=n style="left: 90px; top: 10px; background: #c0c"></div>
<div id=h style="left: 110px; top: 10px; background: #963; border: 1px solid #000; animation: xo 200ms linear infinite alternate"></div>
<div id=o style="left: 130px; top: 20px; background: #369; animation: w 37ms linear infinite alternate"></div>
<div id=p style="left: 150px; top: 20px; background: #693; animation: w 29ms linear infinite alternate"></div>
</body>`
	for seed := int64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			src := page
			if seed == 2 {
				src = strings.Replace(src, "steps(3)", "steps(1)", 1) // (the text stays put: no context painted again)
			}
			doc, _, inc, full := incrementalAndFull(t, src)
			var toggled [2]*Animation // (seed 4: paused and played now and then, each time a frame down the general path)
			if seed == 4 {
				for k, e := range []*Engine{inc, full} {
					a, err := e.Animate(byID(doc, "n"), []KeyframeInput{
						{Props: [][2]string{{"opacity", "0.4"}}}, {Props: [][2]string{{"opacity", "0.7"}}},
					}, TimingInput{Duration: 130, Iterations: math.Inf(1), Easing: "linear"})
					if err != nil {
						t.Fatal(err)
					}
					_ = a.Play()
					toggled[k] = a
				}
			}
			if seed == 2 || seed == 3 {
				for _, e := range []*Engine{inc, full} {
					a, err := e.Animate(byID(doc, "n"), []KeyframeInput{
						{Props: [][2]string{{"transform", "translateX(0.5px)"}}},
						{Props: [][2]string{{"transform", "translateX(3.25px)"}}},
						{Props: [][2]string{{"transform", "translateX(-1.7px)"}}},
					}, TimingInput{Duration: 310, Iterations: math.Inf(1), Easing: "linear"})
					if err != nil {
						t.Fatal(err)
					}
					_ = a.Play()
				}
			}
			var els []*html.Node
			for _, id := range []string{"a", "b", "t", "in", "d", "n", "h", "o", "p"} {
				els = append(els, byID(doc, id))
			}
			rng := rand.New(rand.NewSource(seed))
			now, stale, read, planned := 0.3, 0, 0, 0
			for frame := 0; frame < 120; frame++ {
				now += 2 + 15*rng.Float64()
				if toggled[0] != nil && rng.Intn(3) == 0 {
					for _, a := range toggled {
						if a.PlayState() == "paused" {
							_ = a.Play()
						} else {
							a.Pause()
						}
					}
				}
				got := renderFrame(inc, now)
				if inc.plan.stale {
					stale++
				}
				if inc.Work().Planned {
					planned++
				}
				full.lastFrame = nil
				full.plan.valid = false
				want := renderFrame(full, now)
				if !bytes.Equal(got.Pix, want.Pix) {
					t.Fatalf("frame %d: differs from a full render at %v", frame, firstDiff(got, want))
				}
				if !slices.EqualFunc(inc.list, full.list, func(a, b displayItem) bool {
					a.face, b.face = nil, nil
					return a == b
				}) {
					t.Fatalf("frame %d: the display list differs from a full render's", frame)
				}
				if rng.Intn(4) != 0 {
					continue // (read now and then: the lags of several frames placed at once)
				}
				read++
				inc.HitTest(0, 0) // (a reader: the plan's values and places go where they are read)
				if !slices.Equal(inc.hits, full.hits) {
					t.Fatalf("frame %d: the hit areas differ from a full render's", frame)
				}
				for _, n := range els {
					if a, b := mustBox(t, inc, n), mustBox(t, full, n); a != b {
						t.Fatalf("frame %d: #%s's box is %v, a full render's %v", frame, n.Attr[0].Val, a, b)
					}
				}
			}
			// (With the script animation every frame of the plan flushes at its end, after
			// its contexts were kept.)
			t.Logf("%d of 120 frames from the plan, %d left values in it; %d read", planned, stale, read)
			if planned < 50 || seed == 1 && stale < 80 || read < 15 {
				t.Errorf("want frames from the plan (and leaving values in it, without the script animation), and reads")
			}
		})
	}
}
