// Spec: CSSOM View Module, Editor's Draft 2025-09 (https://drafts.csswg.org/cssom-view/),
// the scrolling members of Window and Element. Tags: FIXME(spec), DEPARTURE, CHROME.

package dom

import (
	"math"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// Scrolling is implemented by a Layout whose renderer scrolls. n nil is the viewport
// (the root element, the scrolling element, is given as nil too).
type Scrolling interface {
	// ScrollPosition returns the scroll position of the viewport or of scroll container n.
	ScrollPosition(n *Node) (x, y float64)
	// ScrollTo performs a scroll to (x, y), clamped; the renderer queues the scroll
	// events when the position changes.
	ScrollTo(n *Node, x, y float64)
	// SmoothScrollTo starts a smooth scroll to (x, y), clamped: the position moves over
	// the next frames, a scroll event each, then scrollend.
	SmoothScrollTo(n *Node, x, y float64)
	// ScrollSize returns the scroll width and height of the document or of element n.
	ScrollSize(n *Node) (w, h float64)
	// ClientBox returns clientLeft, clientTop, clientWidth, clientHeight of element n.
	ClientBox(n *Node) (left, top, width, height float64)
	// IsScrollContainer reports whether element n's box clips and scrolls its overflow.
	IsScrollContainer(n *Node) bool
}

// scrolling is the layout's Scrolling, or nil.
func (w *Window) scrolling() Scrolling {
	s, _ := w.layout.(Scrolling)
	return s
}

// FireScrollEvent fires scroll (or scrollend) as the scroll steps do: at the document,
// bubbling (to the window), when n is nil; at element n, not bubbling, otherwise.
// https://drafts.csswg.org/cssom-view/#run-the-scroll-steps
func (d *Document) FireScrollEvent(n *Node, typ string) {
	if n == nil {
		d.fireTrusted(d.node, createEvent(typ, kindEvent, EventInit{Bubbles: true}), false)
		return
	}
	if n.doc == d {
		d.fireTrusted(n, createEvent(typ, kindEvent, EventInit{}), false)
	}
}

// FireResize fires resize at the window (the resize steps).
// https://drafts.csswg.org/cssom-view/#run-the-resize-steps
func (w *Window) FireResize() {
	w.doc.fireTrusted(w, createEvent("resize", kindEvent, EventInit{}), false)
}

// normalizeScroll is "normalize non-finite values" for a scroll coordinate. CHROME: the
// value is a float first, so that 1e308 is infinite and scrolls to 0.
func normalizeScroll(v float64) float64 {
	f := float64(float32(v))
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return f
}

// scrollArgs reads the arguments of scroll, scrollTo and scrollBy: (x, y) or a
// ScrollToOptions dictionary (left, top, behavior). hasX, hasY report the members given;
// smooth, the behavior "smooth".
// FIXME(spec): behavior "auto" does not read the CSS scroll-behavior property (instant).
func (r *realm) scrollArgs(call goja.FunctionCall, method, iface string) (x, y float64, hasX, hasY, smooth bool) {
	if len(call.Arguments) >= 2 {
		return normalizeScroll(toDouble(call.Argument(0))), normalizeScroll(toDouble(call.Argument(1))), true, true, false
	}
	opts := call.Argument(0)
	if !isNullish(opts) {
		if _, ok := opts.(*goja.Object); !ok {
			panic(r.idl.TypeError(webidl.Failed(method, iface) + "The provided value is not of type 'ScrollToOptions'."))
		}
	}
	if v := dictGet(opts, "left"); !goja.IsUndefined(v) {
		x, hasX = normalizeScroll(toDouble(v)), true
	}
	if v := dictGet(opts, "top"); !goja.IsUndefined(v) {
		y, hasY = normalizeScroll(toDouble(v)), true
	}
	if b := dictGet(opts, "behavior"); !goja.IsUndefined(b) {
		switch toDOMString(b) {
		case "smooth":
			smooth = true
		case "auto", "instant":
		default:
			panic(r.idl.TypeError(webidl.Failed(method, iface) + "Failed to read the 'behavior' property from 'ScrollOptions': The provided value '" +
				toDOMString(b) + "' is not a valid enum value of type ScrollBehavior."))
		}
	}
	return x, y, hasX, hasY, smooth
}

// scrollMethod performs scroll/scrollTo (by false) or scrollBy (by true) on the viewport
// (n nil) or element n.
func (r *realm) scrollMethod(n *Node, by bool, call goja.FunctionCall, method, iface string) {
	x, y, hasX, hasY, smooth := r.scrollArgs(call, method, iface)
	s := r.win.scrolling()
	if s == nil {
		return
	}
	cx, cy := s.ScrollPosition(n)
	if by {
		x, y = cx+x, cy+y
	} else {
		if !hasX {
			x = cx
		}
		if !hasY {
			y = cy
		}
	}
	if smooth {
		s.SmoothScrollTo(n, x, y)
		return
	}
	s.ScrollTo(n, x, y)
}

// viewportNode maps the root element to the viewport (nil): the scrolling element.
// FIXME(spec): quirks mode's body as the scrolling element.
func viewportNode(n *Node) *Node {
	if n != nil && n == n.doc.DocumentElement() {
		return nil
	}
	return n
}

// installScrolling defines window.scroll/scrollTo/scrollBy, scrollX/scrollY/pageXOffset/
// pageYOffset, and Element's scroll members and client* attributes.
// https://drafts.csswg.org/cssom-view/#extensions-to-the-window-interface
// https://drafts.csswg.org/cssom-view/#extension-to-the-element-interface
func (r *realm) installScrolling() {
	w := r.win
	global := r.rt.GlobalObject()
	pos := func() (float64, float64) {
		if s := w.scrolling(); s != nil {
			return s.ScrollPosition(nil)
		}
		return 0, 0
	}
	for _, name := range []string{"scrollX", "pageXOffset"} {
		r.replaceable(global, name, func(goja.FunctionCall) goja.Value { x, _ := pos(); return r.rt.ToValue(x) })
	}
	for _, name := range []string{"scrollY", "pageYOffset"} {
		r.replaceable(global, name, func(goja.FunctionCall) goja.Value { _, y := pos(); return r.rt.ToValue(y) })
	}
	for _, m := range []struct {
		name string
		by   bool
	}{{"scroll", false}, {"scrollTo", false}, {"scrollBy", true}} {
		m := m
		r.idl.DefineOperation(global, m.name, 0, func(call goja.FunctionCall) goja.Value {
			r.scrollMethod(nil, m.by, call, m.name, "Window")
			return goja.Undefined()
		})
	}
	el := webidl.On(r.iface("Element"), r.thisElement)
	for _, m := range []struct {
		name string
		by   bool
	}{{"scroll", false}, {"scrollTo", false}, {"scrollBy", true}} {
		m := m
		el.LenientMethod(m.name, 0, func(n *Node, call goja.FunctionCall) goja.Value {
			if n.IsConnected() {
				r.scrollMethod(viewportNode(n), m.by, call, m.name, "Element")
			}
			return goja.Undefined()
		})
	}
	scrollPos := func(n *Node) (float64, float64) {
		s := w.scrolling()
		if s == nil || !n.IsConnected() {
			return 0, 0
		}
		return s.ScrollPosition(viewportNode(n))
	}
	setScroll := func(n *Node, v goja.Value, vertical bool) {
		s := w.scrolling()
		if s == nil || !n.IsConnected() {
			return
		}
		x, y := scrollPos(n)
		if vertical {
			y = normalizeScroll(toDouble(v))
		} else {
			x = normalizeScroll(toDouble(v))
		}
		s.ScrollTo(viewportNode(n), x, y)
	}
	el.Accessor("scrollTop", func(n *Node) goja.Value { _, y := scrollPos(n); return r.rt.ToValue(y) },
		func(n *Node, v goja.Value) { setScroll(n, v, true) })
	el.Accessor("scrollLeft", func(n *Node) goja.Value { x, _ := scrollPos(n); return r.rt.ToValue(x) },
		func(n *Node, v goja.Value) { setScroll(n, v, false) })
	size := func(n *Node) (float64, float64) {
		s := w.scrolling()
		if s == nil || !n.IsConnected() {
			_, _, bw, bh := w.borderBox(n) // a layout that does not scroll
			return math.Floor(bw), math.Floor(bh)
		}
		return s.ScrollSize(viewportNode(n))
	}
	el.Getter("scrollWidth", func(n *Node) goja.Value { sw, _ := size(n); return r.rt.ToValue(math.Round(sw)) })
	el.Getter("scrollHeight", func(n *Node) goja.Value { _, sh := size(n); return r.rt.ToValue(math.Round(sh)) })
	client := func(name string, f func(l, t, cw, ch float64) float64) {
		el.Getter(name, func(n *Node) goja.Value {
			s := w.scrolling()
			if s == nil || !n.IsConnected() {
				_, _, bw, bh := w.borderBox(n) // a layout that does not scroll
				return r.rt.ToValue(math.Floor(f(0, 0, bw, bh)))
			}
			return r.rt.ToValue(math.Floor(f(s.ClientBox(n))))
		})
	}
	client("clientLeft", func(l, _, _, _ float64) float64 { return l })
	client("clientTop", func(_, t, _, _ float64) float64 { return t })
	client("clientWidth", func(_, _, cw, _ float64) float64 { return cw })
	client("clientHeight", func(_, _, _, ch float64) float64 { return ch })
	r.installScrollIntoView()
}

// pageOffset is the viewport's scroll position (MouseEvent's pageX/pageY).
func (w *Window) pageOffset() (x, y float64) {
	if s := w.scrolling(); s != nil {
		return s.ScrollPosition(nil)
	}
	return 0, 0
}

// paddingEdge is the viewport position of the padding edge of an element target
// (MouseEvent's offsetX/offsetY); 0, 0 for other targets or without a box.
func (w *Window) paddingEdge(t Target) (x, y float64) {
	n, ok := t.(*Node)
	if !ok || n.kind != ElementNode {
		return 0, 0
	}
	x, y, _, _ = w.borderBox(n)
	if s := w.scrolling(); s != nil {
		l, t, _, _ := s.ClientBox(n)
		x, y = x+l, y+t
	}
	return x, y
}

// scrollIntoView scrolls n's scroll container ancestors, innermost first, then the
// viewport, so that n's border box is aligned in each as block and inline say ("start",
// "center", "end", "nearest").
// https://drafts.csswg.org/cssom-view/#scroll-a-target-into-view
// FIXME(spec): scrollIntoView's behavior smooth is instant; writing modes other than horizontal-tb.
func (w *Window) scrollIntoView(n *Node, block, inline string) {
	s := w.scrolling()
	if s == nil || !n.IsConnected() || n.kind != ElementNode {
		return
	}
	root := n.doc.DocumentElement()
	for a := n.Parent(); ; a = a.Parent() {
		var scroller *Node // nil: the viewport
		if a != nil && a != root && a.kind == ElementNode {
			if !s.IsScrollContainer(a) {
				continue
			}
			scroller = a
		}
		ex, ey, ew, eh := w.borderBox(n)
		var px, py, pw, ph float64 // the scrollport, in viewport coordinates
		if scroller == nil {
			vw, vh := w.layout.Viewport()
			pw, ph = vw, vh
		} else {
			bx, by, _, _ := w.borderBox(scroller)
			l, t, cw, ch := s.ClientBox(scroller)
			px, py, pw, ph = bx+l, by+t, cw, ch
		}
		x, y := s.ScrollPosition(scroller)
		s.ScrollTo(scroller, x+alignDelta(inline, ex, ew, px, pw), y+alignDelta(block, ey, eh, py, ph))
		if scroller == nil {
			return
		}
	}
}

// alignDelta is how far a scrollport at p (size ps) must scroll for a box at e (size es)
// to be aligned as align says, on one axis.
func alignDelta(align string, e, es, p, ps float64) float64 {
	switch align {
	case "start":
		return e - p
	case "end":
		return e + es - (p + ps)
	case "center":
		return e + es/2 - (p + ps/2)
	}
	// nearest: CSSOM View's "scroll an element into view" edge rules.
	outA, outB := e < p, e+es > p+ps
	switch {
	case outA == outB: // inside, or covering the scrollport: no scroll
		return 0
	case outA && es < ps, outB && es > ps:
		return e - p // align the start edges
	}
	return e + es - (p + ps) // align the end edges
}

// installScrollIntoView defines Element.scrollIntoView(arg): true or nothing is
// {block: "start", inline: "nearest"}, false {block: "end"}, or a ScrollIntoViewOptions.
func (r *realm) installScrollIntoView() {
	el := webidl.On(r.iface("Element"), r.thisElement)
	el.LenientMethod("scrollIntoView", 0, func(n *Node, call goja.FunctionCall) goja.Value {
		block, inline := "start", "nearest"
		switch arg := call.Argument(0); {
		case goja.IsUndefined(arg):
		case isBooleanLike(arg):
			if !arg.ToBoolean() {
				block = "end"
			}
		default:
			read := func(key, def string) string {
				v := dictGet(arg, key)
				if goja.IsUndefined(v) {
					return def
				}
				s := toDOMString(v)
				switch s {
				case "start", "center", "end", "nearest":
					return s
				}
				panic(r.idl.TypeError(webidl.Failed("scrollIntoView", "Element") + "Failed to read the '" + key +
					"' property from 'ScrollIntoViewOptions': The provided value '" + s + "' is not a valid enum value of type ScrollLogicalPosition."))
			}
			block, inline = read("block", "start"), read("inline", "nearest")
		}
		r.win.scrollIntoView(n, block, inline)
		return goja.Undefined()
	})
}

// isBooleanLike: an argument that is not an object is the boolean overload.
func isBooleanLike(v goja.Value) bool {
	_, obj := v.(*goja.Object)
	return !obj && !goja.IsNull(v)
}
