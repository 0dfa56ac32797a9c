package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// installCharacterData defines CharacterData, Text and Comment.
// https://dom.spec.whatwg.org/#interface-characterdata
func (r *realm) installCharacterData(node *webidl.Interface) {
	cd := r.idl.DefineInterface("CharacterData", node, 0, nil)
	m := webidl.On(cd, r.thisKinds(TextNode, CDATASectionNode, CommentNode, ProcessingInstructionNode))
	m.Accessor("data", func(n *Node) goja.Value { return r.str(n.h.Data) },
		func(n *Node, v goja.Value) { n.SetData(toStringNullEmpty(v)) })
	m.Getter("length", func(n *Node) goja.Value { return r.rt.ToValue(n.Length()) })
	r.installCharacterDataEditing(m)
	r.installChildNode(cd)
	r.installText(cd)
	r.installProcessingInstruction(cd)
	r.idl.DefineInterface("Comment", cd, 0, func(call goja.ConstructorCall) *goja.Object {
		return r.adoptWrapper(call.This, r.doc.CreateComment(optionalData(call.Argument(0))))
	})
}

// optionalData converts the optional `data = ""` argument of Text and Comment.
func optionalData(v goja.Value) string {
	if goja.IsUndefined(v) {
		return ""
	}
	return toDOMString(v)
}

// installCharacterDataEditing defines substringData, appendData, insertData, deleteData
// and replaceData.
func (r *realm) installCharacterDataEditing(m webidl.Members[*Node]) {
	op := func(name string, nargs int, f func(n *Node, call goja.FunctionCall) (goja.Value, error)) {
		m.Method(name, nargs, func(n *Node, call goja.FunctionCall) goja.Value {
			v, err := f(n, call)
			r.check(name, "CharacterData", err)
			return v
		})
	}
	op("substringData", 2, func(n *Node, call goja.FunctionCall) (goja.Value, error) {
		s, err := n.SubstringData(toUnsignedLong(call.Argument(0)), toUnsignedLong(call.Argument(1)))
		return r.str(s), err
	})
	op("appendData", 1, func(n *Node, call goja.FunctionCall) (goja.Value, error) {
		return goja.Undefined(), n.ReplaceData(n.Length(), 0, toDOMString(call.Argument(0)))
	})
	op("insertData", 2, func(n *Node, call goja.FunctionCall) (goja.Value, error) {
		return goja.Undefined(), n.ReplaceData(toUnsignedLong(call.Argument(0)), 0, toDOMString(call.Argument(1)))
	})
	op("deleteData", 2, func(n *Node, call goja.FunctionCall) (goja.Value, error) {
		return goja.Undefined(), n.ReplaceData(toUnsignedLong(call.Argument(0)), toUnsignedLong(call.Argument(1)), "")
	})
	op("replaceData", 3, func(n *Node, call goja.FunctionCall) (goja.Value, error) {
		return goja.Undefined(), n.ReplaceData(toUnsignedLong(call.Argument(0)), toUnsignedLong(call.Argument(1)), toDOMString(call.Argument(2)))
	})
}

// installText defines Text. https://dom.spec.whatwg.org/#interface-text
func (r *realm) installText(cd *webidl.Interface) {
	text := r.idl.DefineInterface("Text", cd, 0, func(call goja.ConstructorCall) *goja.Object {
		return r.adoptWrapper(call.This, r.doc.CreateTextNode(optionalData(call.Argument(0))))
	})
	m := webidl.On(text, r.thisKinds(TextNode, CDATASectionNode))
	m.Method("splitText", 1, func(n *Node, call goja.FunctionCall) goja.Value {
		nn, err := n.splitText(toUnsignedLong(call.Argument(0)))
		r.check("splitText", "Text", err)
		return r.wrapNode(nn)
	})
	// https://dom.spec.whatwg.org/#interface-cdatasection
	r.idl.DefineInterface("CDATASection", text, 0, nil)
	m.Getter("wholeText", func(n *Node) goja.Value {
		first := n.h
		for first.PrevSibling != nil && first.PrevSibling.Type == html.TextNode {
			first = first.PrevSibling
		}
		s := ""
		for c := first; c != nil && c.Type == html.TextNode; c = c.NextSibling {
			s += c.Data
		}
		return r.str(s)
	})
}
