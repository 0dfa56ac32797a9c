// Spec: OpaqueRange, the explainer and HTML pull request as Chromium 156 ships them
// (https://github.com/MicrosoftEdge/MSEdgeExplainers/blob/main/OpaqueRange/explainer.md):
// an AbstractRange over the value of an input or textarea, made by createValueRange; and
// the NodeRange interface that Range and StaticRange now inherit their containers from
// (an OpaqueRange exposes none). Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// opaqueRange is an OpaqueRange: offsets into a text control's value.
// FIXME(spec): the offsets do not follow edits of the value (Chrome collapses them to 0
// when script sets the value, and moves them as the user types), and the geometry
// methods give empty rectangles (the control's text is not laid out as a run here).
type opaqueRange struct {
	el         *Node
	start, end int
}

// asRange is the range the AbstractRange members read (its offsets and collapsedness).
func (o *opaqueRange) asRange() *Range {
	return &Range{start: boundaryPoint{o.el, o.start}, end: boundaryPoint{o.el, o.end}}
}

// installOpaqueRange defines OpaqueRange and createValueRange on the interfaces given
// (HTMLInputElement and HTMLTextAreaElement).
func (r *realm) installOpaqueRange(ar *webidl.Interface, controls ...*webidl.Interface) {
	oi := r.idl.DefineInterface("OpaqueRange", ar, 0, nil)
	m := webidl.On(oi, func(call goja.FunctionCall) *opaqueRange { return webidl.This[*opaqueRange](r.idl, call) })
	// disconnect: the range stops following its element; CHROME: its offsets become 0.
	m.LenientMethod("disconnect", 0, func(o *opaqueRange, _ goja.FunctionCall) goja.Value {
		o.start, o.end = 0, 0
		return goja.Undefined()
	})
	// FIXME(spec): getClientRects (no DOMRectList here).
	m.LenientMethod("getBoundingClientRect", 0, func(o *opaqueRange, _ goja.FunctionCall) goja.Value {
		return r.newRect(0, 0, 0, 0)
	})
	for _, c := range controls {
		iface := c.Name
		webidl.On(c, r.thisHTMLElement).Method("createValueRange", 2, func(n *Node, call goja.FunctionCall) goja.Value {
			ctx := webidl.Failed("createValueRange", iface)
			// CHROME: an input whose type the selection APIs do not apply to is
			// NotSupportedError (email and number included).
			if n.h.Data == "input" {
				switch n.inputType() {
				case "text", "search", "url", "tel", "password":
				default:
					panic(r.newDOMException("NotSupportedError", ctx+"<input> element must be of a text field type: text, search, url, tel, or password."))
				}
			}
			start, end := toUnsignedLong(call.Argument(0)), toUnsignedLong(call.Argument(1))
			if l := n.TextLength(); start > l || end > l {
				panic(r.newDOMException("IndexSizeError", ctx+"Start or end offset exceeds value length."))
			}
			// CHROME: an end before the start is the start (a collapsed range).
			end = max(start, end)
			return r.idl.NewObject(oi.Proto, &opaqueRange{el: n, start: start, end: end})
		})
	}
}
