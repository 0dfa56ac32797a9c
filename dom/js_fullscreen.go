package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// installFullscreen defines the Fullscreen API's members of Element and Document.
// https://fullscreen.spec.whatwg.org/#api
func (r *realm) installFullscreen() {
	el := webidl.On(r.iface("Element"), r.thisElement)
	el.Method("requestFullscreen", 0, func(n *Node, call goja.FunctionCall) goja.Value {
		r.checkDict(call.Argument(0), webidl.Failed("requestFullscreen", "Element"), "FullscreenOptions")
		return r.requestFullscreen(n) // FIXME(spec): FullscreenOptions.navigationUI (no UI to hide)
	})
	r.handlerAttrs(r.iface("Element").Proto, "onfullscreenchange onfullscreenerror", func(call goja.FunctionCall) Target { return r.thisElement(call) })

	docIface := r.iface("Document")
	thisDoc := r.thisKinds(DocumentNode)
	doc := webidl.On(docIface, thisDoc)
	doc.Method("exitFullscreen", 0, func(*Node, goja.FunctionCall) goja.Value { return r.exitFullscreen() })
	doc.Getter("fullscreenEnabled", func(*Node) goja.Value { return r.rt.ToValue(true) })
	doc.Getter("fullscreenElement", func(*Node) goja.Value { return r.wrapNodeOrNull(r.rs.fullscreenElement) })
	doc.Getter("fullscreen", func(*Node) goja.Value { return r.rt.ToValue(r.rs.fullscreenElement != nil) })
	r.handlerAttrs(docIface.Proto, "onfullscreenchange onfullscreenerror", func(call goja.FunctionCall) Target { return thisDoc(call) })
}
