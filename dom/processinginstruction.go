// Spec: DOM Living Standard, 2025-09 (https://dom.spec.whatwg.org/#interface-processinginstruction).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"strings"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// A ProcessingInstruction is an html.Node of type RawNode (x/net/html has no such type and
// its parser makes no RawNode): its data is Data, its target the key of its one attribute
// (so cloning and isEqualNode, which compare attributes, see the target). The renderer
// ignores it, as it ignores comments.

// piTarget returns a ProcessingInstruction's target.
func piTarget(h *html.Node) string {
	if len(h.Attr) == 0 {
		return ""
	}
	return h.Attr[0].Key
}

// CreateProcessingInstruction. https://dom.spec.whatwg.org/#dom-document-createprocessinginstruction
func (d *Document) CreateProcessingInstruction(target, data string) (*Node, error) {
	// 1. If target does not match the Name production, throw an "InvalidCharacterError".
	if !isXMLName(target) {
		return nil, domErr("InvalidCharacterError", "The target provided ('"+target+"') is not a valid name.")
	}
	// 2. If data contains the string "?>", throw an "InvalidCharacterError".
	if strings.Contains(data, "?>") {
		return nil, domErr("InvalidCharacterError", "The data provided ('"+data+"') contains '?>'.")
	}
	// 3. Return a new ProcessingInstruction node, with target target and data data.
	h := &html.Node{Type: html.RawNode, Data: data, Attr: []html.Attribute{{Key: target}}}
	return d.newNode(h, ProcessingInstructionNode), nil
}

// isXMLName reports whether s matches XML's Name production (the ASCII part exactly;
// every non-ASCII character is taken as a name character).
// https://www.w3.org/TR/xml/#NT-Name
func isXMLName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		start := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == ':' || c >= 0x80
		if !start && (i == 0 || !(c >= '0' && c <= '9' || c == '-' || c == '.')) {
			return false
		}
	}
	return true
}

// installProcessingInstruction defines ProcessingInstruction and
// document.createProcessingInstruction.
func (r *realm) installProcessingInstruction(cd *webidl.Interface) {
	pi := r.idl.DefineInterface("ProcessingInstruction", cd, 0, nil)
	webidl.On(pi, r.thisKinds(ProcessingInstructionNode)).Getter("target", func(n *Node) goja.Value {
		return r.str(piTarget(n.h))
	})
}

// installCreateProcessingInstruction defines document.createProcessingInstruction.
func (r *realm) installCreateProcessingInstruction(m webidl.Members[*Document]) {
	m.Method("createProcessingInstruction", 2, func(d *Document, call goja.FunctionCall) goja.Value {
		n, err := d.CreateProcessingInstruction(toDOMString(call.Argument(0)), toDOMString(call.Argument(1)))
		r.check("createProcessingInstruction", "Document", err)
		return r.wrapNode(n)
	})
}
