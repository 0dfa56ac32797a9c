package render

import (
	"image/color"
	"math"
	"testing"
)

func transitionPage(t *testing.T, style string) (*staticSource, *Engine, *elementState) {
	t.Helper()
	src := parsePage(t, `<body style="margin:0"><div id=box style="`+style+`">x</div></body>`)
	e := NewEngine(src, 800, 600)
	renderFrame(e, 0)
	return src, e, e.states[byID(src.doc, "box")]
}

func setStyle(src *staticSource, style string) {
	setAttr(byID(src.doc, "box"), "style", style)
	src.bump()
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

func TestTransitionValueAndEnd(t *testing.T) {
	src, e, st := transitionPage(t, "transition: opacity 1s linear; opacity: 1")
	setStyle(src, "transition: opacity 1s linear; opacity: 0")
	if ends := transitionEnds(e, 100); len(ends) != 0 {
		t.Fatal("no transition before the style change")
	}
	e.Style() // the style change event at t=100 starts the transition
	if !near(st.used.opacity, 1) {
		t.Errorf("at start opacity = %v, want 1", st.used.opacity)
	}
	transitionEnds(e, 350)
	e.Style()
	if !near(st.used.opacity, 0.75) {
		t.Errorf("at 25%% opacity = %v, want 0.75", st.used.opacity)
	}
	if ends := transitionEnds(e, 1099); len(ends) != 0 {
		t.Errorf("ended early: %v", ends)
	}
	ends := transitionEnds(e, 1100)
	if len(ends) != 1 || ends[0].Target != st.node || ends[0].Name != "opacity" || ends[0].ElapsedTime != 1 {
		t.Fatalf("transitionend = %+v", ends)
	}
	e.Style()
	if st.used.opacity != 0 {
		t.Errorf("after the end opacity = %v, want 0", st.used.opacity)
	}
	if ends := transitionEnds(e, 2000); len(ends) != 0 {
		t.Error("transitionend fired twice")
	}
}

func TestRemovedElementCancelsTransition(t *testing.T) {
	src, e, st := transitionPage(t, "transition: opacity 100ms; opacity: 1")
	setStyle(src, "transition: opacity 100ms; opacity: 0")
	renderFrame(e, 0)
	st.node.Parent.RemoveChild(st.node)
	src.bump()
	if ends := transitionEnds(e, 200); len(ends) != 0 {
		t.Errorf("a removed element gets no transitionend: %+v", ends)
	}
	if len(e.running) != 0 {
		t.Error("transition still running")
	}
}

func TestNoTransitionOnFirstStyle(t *testing.T) {
	_, e, st := transitionPage(t, "transition: opacity 1s; opacity: 0")
	if len(e.running) != 0 || st.used.opacity != 0 {
		t.Error("the first style has no before-change style: no transition")
	}
}

func TestNoTransitionFromDisplayNone(t *testing.T) {
	src, e, st := transitionPage(t, "display: none; transition: opacity 1s; opacity: 0")
	setStyle(src, "display: block; transition: opacity 1s; opacity: 1")
	renderFrame(e, 16)
	if len(e.running) != 0 || st.used.opacity != 1 {
		t.Error("an element leaving display:none has no before-change style")
	}
	// Hiding an element cancels its transitions without an event.
	setStyle(src, "display: block; transition: opacity 1s; opacity: 0")
	renderFrame(e, 32)
	if len(e.running) != 1 {
		t.Fatal("transition expected")
	}
	setStyle(src, "display: none; transition: opacity 1s; opacity: 0")
	renderFrame(e, 48)
	if len(e.running) != 0 {
		t.Error("display:none must cancel the transition")
	}
	if ends := transitionEnds(e, 5000); len(ends) != 0 {
		t.Error("a cancelled transition has no transitionend")
	}
}

func TestTransitionNeedsMatchingProperty(t *testing.T) {
	src, e, _ := transitionPage(t, "transition: transform 1s; opacity: 1")
	setStyle(src, "transition: transform 1s; opacity: 0")
	renderFrame(e, 10)
	if len(e.running) != 0 {
		t.Error("opacity is not in transition-property")
	}
	src2, e2, _ := transitionPage(t, "left: 0; position: relative")
	setStyle(src2, "transition: all 1s linear; left: 10px; position: relative")
	renderFrame(e2, 10)
	if len(e2.running) != 1 {
		t.Error("the after-change style's transition-property decides (set in the same task as the change)")
	}
	src3, e3, _ := transitionPage(t, "transition: left 0s; left: 0; position: relative")
	setStyle(src3, "transition: left 0s; left: 10px; position: relative")
	renderFrame(e3, 10)
	if len(e3.running) != 0 {
		t.Error("combined duration 0: no transition")
	}
}

func TestTransitionRetarget(t *testing.T) {
	src, e, st := transitionPage(t, "position: relative; transition: left 1s linear; left: 0px")
	setStyle(src, "position: relative; transition: left 1s linear; left: 100px")
	renderFrame(e, 0)
	renderFrame(e, 500)
	if !near(st.used.inset[3].v, 50) {
		t.Fatalf("halfway left = %v", st.used.inset[3])
	}
	// A new target mid-way starts from the current value, with the full duration.
	setStyle(src, "position: relative; transition: left 1s linear; left: 200px")
	renderFrame(e, 500)
	if len(e.running) != 1 {
		t.Fatalf("running = %d", len(e.running))
	}
	renderFrame(e, 1000)
	if !near(st.used.inset[3].v, 125) {
		t.Errorf("retargeted left at 1000 = %v, want 125", st.used.inset[3].v)
	}
	ends := transitionEnds(e, 1500)
	if len(ends) != 1 || ends[0].ElapsedTime != 1 {
		t.Errorf("ends = %+v", ends)
	}
	// The layout follows the animated value.
	renderFrame(e, 1500)
	if r, _ := e.BoxOf(st.node); r.X != 200 {
		t.Errorf("box x = %v, want 200", r.X)
	}
}

func TestTransitionReversingShortens(t *testing.T) {
	src, e, st := transitionPage(t, "position: relative; transition: top 1s linear; top: 0px")
	setStyle(src, "position: relative; transition: top 1s linear; top: 100px")
	renderFrame(e, 0)
	renderFrame(e, 250)
	// Going back to the start value after 25%: the reverse takes 25% of the duration.
	// https://drafts.csswg.org/css-transitions/#reversing
	setStyle(src, "position: relative; transition: top 1s linear; top: 0px")
	renderFrame(e, 250)
	renderFrame(e, 375)
	if !near(st.used.inset[0].v, 12.5) {
		t.Errorf("reversed top at 375 = %v, want 12.5", st.used.inset[0].v)
	}
	ends := transitionEnds(e, 500)
	if len(ends) != 1 || !near(ends[0].ElapsedTime, 0.25) || ends[0].Name != "top" {
		t.Errorf("ends = %+v", ends)
	}
}

func TestTransitionDelayAndTransform(t *testing.T) {
	src, e, st := transitionPage(t, "transition: transform 100ms linear 50ms; width: 10px")
	setStyle(src, "transition: transform 100ms linear 50ms; width: 10px; transform: translateX(100px)")
	renderFrame(e, 0)
	renderFrame(e, 40)
	if st.used.tx.v != 0 {
		t.Errorf("during the delay tx = %v, want 0", st.used.tx.v)
	}
	renderFrame(e, 100)
	if !near(st.used.tx.v, 50) || !st.used.hasTransform {
		t.Errorf("tx at 100 = %v", st.used.tx.v)
	}
	if r, _ := e.BoxOf(st.node); !near(r.X, 50) {
		t.Errorf("BoxOf includes the translation: x = %v", r.X)
	}
	if ends := transitionEnds(e, 150); len(ends) != 1 || ends[0].Name != "transform" || !near(ends[0].ElapsedTime, 0.1) {
		t.Errorf("ends = %+v", ends)
	}
}

func TestBackgroundColorInterpolation(t *testing.T) {
	src, e, st := transitionPage(t, "transition: background-color 1s linear; background: red")
	setStyle(src, "transition: background-color 1s linear; background: blue")
	renderFrame(e, 0)
	renderFrame(e, 500)
	if got := st.used.background; got != (color.NRGBA{128, 0, 128, 255}) {
		t.Errorf("red→blue at 50%% = %v", got)
	}
	// From transparent, interpolation is premultiplied: the colour does not darken.
	src2, e2, st2 := transitionPage(t, "transition: background-color 1s linear; background: transparent")
	setStyle(src2, "transition: background-color 1s linear; background: rgb(255, 0, 0)")
	renderFrame(e2, 0)
	renderFrame(e2, 500)
	if got := st2.used.background; got != (color.NRGBA{255, 0, 0, 128}) {
		t.Errorf("transparent→red at 50%% = %v, want rgba(255,0,0,0.5)", got)
	}
}

func TestNeedsUpdate(t *testing.T) {
	src, e, _ := transitionPage(t, "transition: opacity 100ms; opacity: 1")
	if e.NeedsUpdate(16) {
		t.Error("nothing changed since the last paint")
	}
	first := e.Paint()
	if again := e.Paint(); again != first {
		t.Error("an unchanged frame is the same image")
	}
	src.bump()
	if !e.NeedsUpdate(16) {
		t.Error("a DOM mutation needs an update")
	}
	renderFrame(e, 16)
	if e.NeedsUpdate(32) {
		t.Error("a mutation that changed nothing visible still paints once, then stops")
	}
	setStyle(src, "transition: opacity 100ms; opacity: 0")
	renderFrame(e, 32)
	for now := 48.0; now < 132; now += 16 {
		if !e.NeedsUpdate(now) {
			t.Fatalf("a running transition needs frames (t=%v)", now)
		}
		renderFrame(e, now)
	}
	renderFrame(e, 140) // ends, paints the final value
	if e.NeedsUpdate(156) {
		t.Error("after the transition ended no update is needed")
	}
	e.Resize(400, 300)
	if !e.NeedsUpdate(170) {
		t.Error("a resize needs an update")
	}
	if img := renderFrame(e, 170); img.Rect.Dx() != 400 || img.Rect.Dy() != 300 {
		t.Errorf("frame size %v", img.Rect)
	}
}

// TestTransitionFrames paints a linear transform transition frame by frame and checks
// where the box's left edge is in each frame's pixels.
func TestTransitionFrames(t *testing.T) {
	src := parsePage(t, `<style>#box { width: 50px; height: 50px; background: red; transition: transform 300ms linear }</style>
		<body style="margin:0"><div id=box></div></body>`)
	e := NewEngine(src, 400, 60)
	renderFrame(e, 0)
	setAttr(byID(src.doc, "box"), "style", "transform: translateX(300px)")
	src.bump()
	var ended []AnimationEvent
	for _, f := range []struct {
		now  float64
		left int
	}{{0, 0}, {100, 100}, {200, 200}, {300, 300}, {400, 300}} {
		ended = append(ended, transitionEnds(e, f.now)...)
		e.Style()
		e.Layout()
		img := e.Paint()
		red := color.RGBA{255, 0, 0, 255}
		if got := img.RGBAAt(f.left, 25); got != red {
			t.Errorf("t=%v: pixel at x=%d is %v, want the box's left edge", f.now, f.left, got)
		}
		if f.left > 0 {
			if got := img.RGBAAt(f.left-1, 25); got == red {
				t.Errorf("t=%v: pixel left of x=%d is red", f.now, f.left)
			}
		}
	}
	if len(ended) != 1 || ended[0].Name != "transform" {
		t.Errorf("transitionend events: %+v", ended)
	}
}
