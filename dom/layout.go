package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// Layout answers the DOM APIs that need style and layout (getBoundingClientRect,
// offsetWidth, getComputedStyle, innerWidth, elementFromPoint). The renderer implements
// it; each call may force a synchronous style and layout update, as in a browser. Without
// a Layout these APIs see no boxes: zero sizes and empty computed values.
type Layout interface {
	// BorderBox returns the border box of element n in viewport CSS pixels; ok is false
	// when n has no box (display: none, not connected).
	BorderBox(n *Node) (x, y, width, height float64, ok bool)
	// ComputedStyle returns the computed value of a CSS property (dashed name) of element n.
	ComputedStyle(n *Node, property string) string
	// Viewport returns the viewport size in CSS pixels.
	Viewport() (width, height float64)
	// ElementAt returns the topmost element at viewport point (x, y), or nil.
	ElementAt(x, y float64) *Node
}

// SetLayout connects the renderer's layout to the layout-dependent DOM APIs.
func (w *Window) SetLayout(l Layout) { w.layout = l }

// borderBox returns n's border box from the layout (zero when there is none).
func (w *Window) borderBox(n *Node) (x, y, width, height float64) {
	if w.layout == nil || n.kind != ElementNode || !n.IsConnected() {
		return 0, 0, 0, 0
	}
	x, y, width, height, ok := w.layout.BorderBox(n)
	if !ok {
		return 0, 0, 0, 0
	}
	return x, y, width, height
}

// computedDecl is the read-only declaration block getComputedStyle returns.
// https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle
type computedDecl struct {
	w     *Window
	el    *Node
	names []string
}

func (c *computedDecl) length() int { return len(c.names) }

func (c *computedDecl) item(i int) string {
	if i < len(c.names) {
		return c.names[i]
	}
	return ""
}

func (c *computedDecl) getPropertyValue(name string) string {
	if c.w.layout == nil || !c.el.IsConnected() {
		return ""
	}
	return c.w.layout.ComputedStyle(c.el, asciiLower(name))
}

func (c *computedDecl) getPropertyPriority(string) string { return "" }

func (c *computedDecl) setProperty(name, _, _ string) error {
	return domErr("NoModificationAllowedError", "These styles are computed, and therefore the '"+name+"' property is read-only.")
}

func (c *computedDecl) removeProperty(name string) (string, error) {
	return "", c.setProperty(name, "", "")
}

func (c *computedDecl) cssText() string { return "" }

func (c *computedDecl) setCSSText(string) error {
	return domErr("NoModificationAllowedError", "These styles are computed, and therefore read-only.")
}

// installLayoutAPIs defines the layout-dependent members.
func (r *realm) installLayoutAPIs() {
	rect := r.idl.DefineInterface("DOMRectReadOnly", nil, 0, nil)
	r.idl.DefineInterface("DOMRect", rect, 0, nil)
	r.installElementBoxes()
	r.installWindowViewport()
	r.installMediaQueries()
	doc := webidl.On(r.iface("Document"), r.thisKinds(DocumentNode))
	doc.Method("elementFromPoint", 2, func(_ *Node, call goja.FunctionCall) goja.Value {
		if r.win.layout == nil {
			return goja.Null()
		}
		return r.wrapNodeOrNull(r.win.layout.ElementAt(toDouble(call.Argument(0)), toDouble(call.Argument(1))))
	})
}

// newRect creates a DOMRect. https://drafts.fxtf.org/geometry/#domrect
func (r *realm) newRect(x, y, width, height float64) goja.Value {
	o := r.rt.CreateObject(r.iface("DOMRect").Proto)
	for _, kv := range []struct {
		k string
		v float64
	}{{"x", x}, {"y", y}, {"width", width}, {"height", height}, {"top", y}, {"right", x + width}, {"bottom", y + height}, {"left", x}} {
		_ = o.Set(kv.k, kv.v)
	}
	return o
}

// installElementBoxes defines getBoundingClientRect, the offset* attributes, and the
// client* and scroll* members (scrolling.go). https://drafts.csswg.org/cssom-view/#extension-to-the-element-interface
func (r *realm) installElementBoxes() {
	w := r.win
	el := webidl.On(r.iface("Element"), r.thisElement)
	el.LenientMethod("getBoundingClientRect", 0, func(n *Node, _ goja.FunctionCall) goja.Value {
		return r.newRect(w.borderBox(n))
	})
	box := func(m webidl.Members[*Node], name string, f func(x, y, width, height float64) float64) {
		m.Getter(name, func(n *Node) goja.Value { return r.rt.ToValue(f(w.borderBox(n))) })
	}
	r.installScrolling() // client*, scroll*
	he := webidl.On(r.iface("HTMLElement"), r.thisHTMLElement)
	box(he, "offsetWidth", func(_, _, width, _ float64) float64 { return float64(int(width + 0.5)) })
	box(he, "offsetHeight", func(_, _, _, height float64) float64 { return float64(int(height + 0.5)) })
	box(he, "offsetLeft", func(x, _, _, _ float64) float64 { return float64(int(x + 0.5)) })
	box(he, "offsetTop", func(_, y, _, _ float64) float64 { return float64(int(y + 0.5)) })
	he.Getter("offsetParent", func(n *Node) goja.Value {
		if !n.IsConnected() || n == n.doc.Body() {
			return goja.Null()
		}
		return r.wrapNodeOrNull(n.doc.Body())
	})
}

// installWindowViewport defines innerWidth, innerHeight, devicePixelRatio and
// getComputedStyle. https://drafts.csswg.org/cssom-view/#extensions-to-the-window-interface
func (r *realm) installWindowViewport() {
	w := r.win
	global := r.rt.GlobalObject()
	viewport := func() (float64, float64) {
		if w.layout == nil {
			return 0, 0
		}
		return w.layout.Viewport()
	}
	r.replaceable(global, "innerWidth", func(goja.FunctionCall) goja.Value { vw, _ := viewport(); return r.rt.ToValue(vw) })
	r.replaceable(global, "innerHeight", func(goja.FunctionCall) goja.Value { _, vh := viewport(); return r.rt.ToValue(vh) })
	_ = global.DefineDataProperty("devicePixelRatio", r.rt.ToValue(1.0), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	r.idl.DefineOperation(global, "getComputedStyle", 1, func(call goja.FunctionCall) goja.Value {
		r.idl.RequireArgs(call, 1, "getComputedStyle", "Window")
		n, ok := r.idl.Unwrap(call.Argument(0)).(*Node)
		if !ok || n.kind != ElementNode {
			panic(r.idl.TypeError(webidl.Failed("getComputedStyle", "Window") + "parameter 1 is not of type 'Element'."))
		}
		return r.newComputedStyle(n)
	})
}
