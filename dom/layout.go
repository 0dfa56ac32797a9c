package dom

import "github.com/dop251/goja"

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
	w := r.win
	rect := r.newClass("DOMRectReadOnly", nil, 0, nil)
	r.newClass("DOMRect", rect, 0, nil)
	newRect := func(x, y, width, height float64) goja.Value {
		o := r.rt.CreateObject(r.classes["DOMRect"].proto)
		for _, kv := range []struct {
			k string
			v float64
		}{{"x", x}, {"y", y}, {"width", width}, {"height", height}, {"top", y}, {"right", x + width}, {"bottom", y + height}, {"left", x}} {
			_ = o.Set(kv.k, kv.v)
		}
		return o
	}
	el := r.classes["Element"]
	el.method("getBoundingClientRect", 0, func(call goja.FunctionCall) goja.Value {
		return newRect(w.borderBox(r.thisElement(call)))
	})
	num := func(f float64) goja.Value { return r.rt.ToValue(f) }
	box := func(name string, f func(x, y, width, height float64) float64) {
		el.attr(name, func(call goja.FunctionCall) goja.Value { return num(f(w.borderBox(r.thisElement(call)))) }, nil)
	}
	box("clientWidth", func(_, _, width, _ float64) float64 { return float64(int(width)) })
	box("clientHeight", func(_, _, _, height float64) float64 { return float64(int(height)) })
	box("clientTop", func(_, _, _, _ float64) float64 { return 0 })
	box("clientLeft", func(_, _, _, _ float64) float64 { return 0 })
	box("scrollWidth", func(_, _, width, _ float64) float64 { return float64(int(width)) })
	box("scrollHeight", func(_, _, _, height float64) float64 { return float64(int(height)) })
	for _, name := range []string{"scrollTop", "scrollLeft"} {
		el.attr(name, func(call goja.FunctionCall) goja.Value { r.thisElement(call); return num(0) },
			func(call goja.FunctionCall) goja.Value { r.thisElement(call); return goja.Undefined() })
	}
	he := r.classes["HTMLElement"]
	hbox := func(name string, f func(x, y, width, height float64) float64) {
		he.attr(name, func(call goja.FunctionCall) goja.Value { return num(f(w.borderBox(r.thisHTMLElement(call)))) }, nil)
	}
	hbox("offsetWidth", func(_, _, width, _ float64) float64 { return float64(int(width + 0.5)) })
	hbox("offsetHeight", func(_, _, _, height float64) float64 { return float64(int(height + 0.5)) })
	hbox("offsetLeft", func(x, _, _, _ float64) float64 { return float64(int(x + 0.5)) })
	hbox("offsetTop", func(_, y, _, _ float64) float64 { return float64(int(y + 0.5)) })
	he.attr("offsetParent", func(call goja.FunctionCall) goja.Value {
		n := r.thisHTMLElement(call)
		if !n.IsConnected() || n == n.doc.Body() {
			return goja.Null()
		}
		return r.wrapNodeOrNull(n.doc.Body())
	}, nil)

	global := r.rt.GlobalObject()
	viewport := func() (float64, float64) {
		if w.layout == nil {
			return 0, 0
		}
		return w.layout.Viewport()
	}
	r.replaceable(global, "innerWidth", func(goja.FunctionCall) goja.Value { vw, _ := viewport(); return num(vw) })
	r.replaceable(global, "innerHeight", func(goja.FunctionCall) goja.Value { _, vh := viewport(); return num(vh) })
	_ = global.DefineDataProperty("devicePixelRatio", num(1), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	_ = global.DefineDataProperty("getComputedStyle", r.newFunc("getComputedStyle", 1, func(call goja.FunctionCall) goja.Value {
		r.requireArgs(call, 1, "getComputedStyle", "Window")
		n, ok := r.unwrap(call.Argument(0)).(*Node)
		if !ok || n.kind != ElementNode {
			panic(r.typeError(failed("getComputedStyle", "Window") + "parameter 1 is not of type 'Element'."))
		}
		return r.newComputedStyle(n)
	}), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	doc := r.classes["Document"]
	doc.method("elementFromPoint", 2, func(call goja.FunctionCall) goja.Value {
		r.thisKind(call, DocumentNode)
		r.requireArgs(call, 2, "elementFromPoint", "Document")
		if w.layout == nil {
			return goja.Null()
		}
		return r.wrapNodeOrNull(w.layout.ElementAt(toDouble(call.Argument(0)), toDouble(call.Argument(1))))
	})
}
