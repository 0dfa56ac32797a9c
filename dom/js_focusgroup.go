// Spec: the focusgroup attribute as Open UI's scoped focusgroup explainer defines it
// (https://open-ui.org/components/scoped-focusgroup.explainer/, 2025) and Chromium 156
// exposes it: the HTMLOrSVGOrMathMLElement mixin's focusGroup and focusGroupStart.
// Only the IDL: focusgroup's arrow-key navigation is not built (FIXME(spec)).

package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// focusGroupSupportedTokens are the focusgroup attribute's supported tokens.
// CHROME: Chromium 156's list (the explainer's newer tokens, feed, grid, rowwrap, flow
// and the others, are not supported there), compared in ASCII lowercase.
var focusGroupSupportedTokens = []string{
	"toolbar", "tablist", "radiogroup", "listbox", "menu", "menubar",
	"wrap", "nowrap", "inline", "block", "nomemory", "none",
}

// installFocusGroup defines focusGroup ([SameObject, PutForwards=value] DOMTokenList
// reflecting focusgroup) and focusGroupStart (a boolean reflecting focusgroupstart) on an
// interface that includes HTMLOrSVGOrMathMLElement.
func (r *realm) installFocusGroup(c *webidl.Interface) {
	webidl.On(c, r.thisElement).Accessor("focusGroup", func(n *Node) goja.Value {
		return r.focusGroupOf(n)
	}, func(n *Node, v goja.Value) {
		// [PutForwards=value]: the DOMTokenList's value setter, which sets the attribute.
		n.setAttributeValue("focusgroup", toDOMString(v))
	})
	r.reflectBool(c, "focusGroupStart", "focusgroupstart")
}

// focusGroupOf is n's focusGroup DOMTokenList, the same object each time.
func (r *realm) focusGroupOf(n *Node) *goja.Object {
	js := n.jsData()
	if js.focusGroup == nil {
		js.focusGroup = r.rt.NewDynamicObject(&domTokenList{r: r, el: n, attr: "focusgroup", supported: focusGroupSupportedTokens})
		_ = js.focusGroup.SetPrototype(r.iface("DOMTokenList").Proto)
	}
	return js.focusGroup
}
