// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/interactive-elements.html#htmldialogelement).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// installHTMLDialogElement defines HTMLDialogElement: open, returnValue, closedBy, close(),
// requestClose(), show(), showModal() (dialog.go has their steps).
func (r *realm) installHTMLDialogElement(he *webidl.Interface) {
	dialog := r.defineHTMLElementInterface("HTMLDialogElement", he)
	r.reflectBool(dialog, "open", "open")
	m := webidl.On(dialog, r.thisHTMLElement)
	m.Accessor("returnValue", func(n *Node) goja.Value { return r.str(n.dialog().returnValue) },
		func(n *Node, v goja.Value) { n.dialog().returnValue = toDOMString(v) })
	// closedBy reflects closedby, limited to known values; the Auto state (missing or
	// invalid) reads as the computed closed-by state: closerequest for a modal dialog, none
	// for the others.
	m.Accessor("closedBy", func(n *Node) goja.Value { return r.str(n.computedClosedBy()) },
		func(n *Node, v goja.Value) { n.setAttributeValue("closedby", toDOMString(v)) })
	// An optional DOMString: missing (undefined) is null.
	optional := func(call goja.FunctionCall) nullString {
		if v := call.Argument(0); !goja.IsUndefined(v) {
			return nullable(toDOMString(v))
		}
		return nullString{}
	}
	m.Method("close", 0, func(n *Node, call goja.FunctionCall) goja.Value {
		n.closeMethod(optional(call))
		return goja.Undefined()
	})
	m.Method("requestClose", 0, func(n *Node, call goja.FunctionCall) goja.Value {
		n.requestClose(optional(call))
		return goja.Undefined()
	})
	m.Method("show", 0, func(n *Node, _ goja.FunctionCall) goja.Value {
		r.show(n)
		return goja.Undefined()
	})
	m.Method("showModal", 0, func(n *Node, _ goja.FunctionCall) goja.Value {
		r.showModal(n)
		return goja.Undefined()
	})
}
