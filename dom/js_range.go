package dom

import (
	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// installRange defines AbstractRange, Range and document.createRange.
// https://dom.spec.whatwg.org/#interface-range
func (r *realm) installRange(doc webidl.Members[*Document]) {
	ar := r.idl.DefineInterface("AbstractRange", nil, 0, nil)
	this := func(call goja.FunctionCall) *Range { return webidl.This[*Range](r.idl, call) }
	// An AbstractRange is a live Range or a StaticRange (whose boundary points mutations do
	// not update).
	thisAbstract := func(call goja.FunctionCall) *Range {
		switch s := r.idl.Unwrap(call.This).(type) {
		case *staticRange:
			return &s.Range
		case *opaqueRange:
			return s.asRange()
		}
		return this(call)
	}
	a := webidl.On(ar, thisAbstract)
	a.Getter("startOffset", func(rg *Range) goja.Value { return r.rt.ToValue(rg.start.offset) })
	a.Getter("endOffset", func(rg *Range) goja.Value { return r.rt.ToValue(rg.end.offset) })
	a.Getter("collapsed", func(rg *Range) goja.Value { return r.rt.ToValue(rg.collapsed()) })
	// CHROME: the containers are NodeRange's, which Range and StaticRange inherit and an
	// OpaqueRange does not (js_opaquerange.go).
	nr := r.idl.DefineInterface("NodeRange", ar, 0, nil)
	nm := webidl.On(nr, thisAbstract)
	nm.Getter("startContainer", func(rg *Range) goja.Value { return r.wrapNode(canonical(rg.start.node)) })
	nm.Getter("endContainer", func(rg *Range) goja.Value { return r.wrapNode(canonical(rg.end.node)) })

	ri := r.idl.DefineInterface("Range", nr, 0, func(call goja.ConstructorCall) *goja.Object {
		rg := r.newRange(r.doc)
		r.idl.SetSlot(call.This, rg)
		return call.This
	})
	ri.Constants(0, "START_TO_START", "START_TO_END", "END_TO_END", "END_TO_START")
	m := webidl.On(ri, this)
	m.Getter("commonAncestorContainer", func(rg *Range) goja.Value {
		return r.wrapNode(canonical(rg.commonAncestorContainer()))
	})
	r.installRangeBoundaries(m)
	r.installRangeComparisons(m)
	r.installRangeContents(m)
	r.installStaticRange(nr)
	doc.LenientMethod("createRange", 0, func(d *Document, _ goja.FunctionCall) goja.Value {
		return r.wrapRange(r.newRange(d))
	})
}

// canonical returns the table's node for n's html.Node (the one script has a wrapper of).
func canonical(n *Node) *Node { return n.doc.NodeFor(n.h) }

func (r *realm) wrapRange(rg *Range) *goja.Object { return r.idl.NewObject(r.iface("Range").Proto, rg) }

// installRangeBoundaries defines setStart, setEnd, the before/after setters, collapse,
// selectNode, selectNodeContents, cloneRange and detach.
func (r *realm) installRangeBoundaries(m webidl.Members[*Range]) {
	for _, name := range []string{"setStart", "setEnd"} {
		start := name == "setStart"
		m.Method(name, 2, func(rg *Range, call goja.FunctionCall) goja.Value {
			n := r.argNode(call, 0, name, "Range")
			r.check(name, "Range", rg.setBoundary(n, toUnsignedLong(call.Argument(1)), start))
			return goja.Undefined()
		})
	}
	for _, s := range []struct {
		name         string
		start, after bool
	}{{"setStartBefore", true, false}, {"setStartAfter", true, true}, {"setEndBefore", false, false}, {"setEndAfter", false, true}} {
		m.Method(s.name, 1, func(rg *Range, call goja.FunctionCall) goja.Value {
			n := r.argNode(call, 0, s.name, "Range")
			r.check(s.name, "Range", rg.setBeforeOrAfter(n, s.start, s.after))
			return goja.Undefined()
		})
	}
	// collapse(optional boolean toStart = false).
	m.LenientMethod("collapse", 0, func(rg *Range, call goja.FunctionCall) goja.Value {
		if toBool(call.Argument(0)) {
			rg.end = rg.start
		} else {
			rg.start = rg.end
		}
		return goja.Undefined()
	})
	m.Method("selectNode", 1, func(rg *Range, call goja.FunctionCall) goja.Value {
		r.check("selectNode", "Range", rg.selectNode(r.argNode(call, 0, "selectNode", "Range")))
		return goja.Undefined()
	})
	m.Method("selectNodeContents", 1, func(rg *Range, call goja.FunctionCall) goja.Value {
		r.check("selectNodeContents", "Range", rg.selectNodeContents(r.argNode(call, 0, "selectNodeContents", "Range")))
		return goja.Undefined()
	})
	m.LenientMethod("cloneRange", 0, func(rg *Range, _ goja.FunctionCall) goja.Value {
		c := r.newRange(rg.start.node.doc)
		c.start, c.end = rg.start, rg.end
		return r.wrapRange(c)
	})
	// detach(): "The detach() method steps are to do nothing."
	m.LenientMethod("detach", 0, func(*Range, goja.FunctionCall) goja.Value { return goja.Undefined() })
}

// installRangeComparisons defines compareBoundaryPoints, comparePoint, isPointInRange and
// intersectsNode.
func (r *realm) installRangeComparisons(m webidl.Members[*Range]) {
	m.Method("compareBoundaryPoints", 2, func(rg *Range, call goja.FunctionCall) goja.Value {
		how := toUnsignedLong(call.Argument(0)) & 0xffff // unsigned short
		src, ok := r.idl.Unwrap(call.Argument(1)).(*Range)
		if !ok {
			panic(r.idl.TypeError(webidl.Failed("compareBoundaryPoints", "Range") + "parameter 2 is not of type 'Range'."))
		}
		v, err := rg.compareBoundaryPoints(how, src)
		r.check("compareBoundaryPoints", "Range", err)
		return r.rt.ToValue(v)
	})
	m.Method("comparePoint", 2, func(rg *Range, call goja.FunctionCall) goja.Value {
		v, err := rg.comparePoint(r.argNode(call, 0, "comparePoint", "Range"), toUnsignedLong(call.Argument(1)))
		r.check("comparePoint", "Range", err)
		return r.rt.ToValue(v)
	})
	m.Method("isPointInRange", 2, func(rg *Range, call goja.FunctionCall) goja.Value {
		v, err := rg.isPointInRange(r.argNode(call, 0, "isPointInRange", "Range"), toUnsignedLong(call.Argument(1)))
		r.check("isPointInRange", "Range", err)
		return r.rt.ToValue(v)
	})
	m.Method("intersectsNode", 1, func(rg *Range, call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(rg.intersectsNode(r.argNode(call, 0, "intersectsNode", "Range")))
	})
}

// installRangeContents defines deleteContents, extractContents, cloneContents,
// insertNode, surroundContents and the stringifier.
func (r *realm) installRangeContents(m webidl.Members[*Range]) {
	m.LenientMethod("deleteContents", 0, func(rg *Range, _ goja.FunctionCall) goja.Value {
		rg.deleteContents()
		return goja.Undefined()
	})
	m.LenientMethod("extractContents", 0, func(rg *Range, _ goja.FunctionCall) goja.Value {
		f, err := rg.extract()
		r.check("extractContents", "Range", err)
		return r.wrapNode(f)
	})
	m.LenientMethod("cloneContents", 0, func(rg *Range, _ goja.FunctionCall) goja.Value {
		f, err := rg.cloneContents()
		r.check("cloneContents", "Range", err)
		return r.wrapNode(f)
	})
	m.Method("insertNode", 1, func(rg *Range, call goja.FunctionCall) goja.Value {
		r.check("insertNode", "Range", rg.insertNode(r.argNode(call, 0, "insertNode", "Range")))
		return goja.Undefined()
	})
	m.Method("surroundContents", 1, func(rg *Range, call goja.FunctionCall) goja.Value {
		r.check("surroundContents", "Range", rg.surroundContents(r.argNode(call, 0, "surroundContents", "Range")))
		return goja.Undefined()
	})
	m.LenientMethod("toString", 0, func(rg *Range, _ goja.FunctionCall) goja.Value { return r.str(rg.String()) })
}

// staticRange is a StaticRange: boundary points the mutation algorithms leave alone.
// https://dom.spec.whatwg.org/#interface-staticrange
type staticRange struct{ Range }

// installStaticRange defines StaticRange and its constructor.
// https://dom.spec.whatwg.org/#dom-staticrange-staticrange
func (r *realm) installStaticRange(ar *webidl.Interface) {
	r.idl.DefineInterface("StaticRange", ar, 1, func(call goja.ConstructorCall) *goja.Object {
		const ctx = "Failed to construct 'StaticRange': "
		if len(call.Arguments) < 1 {
			panic(r.idl.TypeError(ctx + "1 argument required, but only 0 present."))
		}
		init := call.Argument(0)
		if _, ok := init.(*goja.Object); !ok { // a required dictionary: not even undefined
			panic(r.idl.TypeError(ctx + "The provided value is not of type 'StaticRangeInit'."))
		}
		// The dictionary's members, all required, read in alphabetical order.
		member := func(name string) goja.Value {
			v := dictGet(init, name)
			if goja.IsUndefined(v) {
				panic(r.idl.TypeError(ctx + "Failed to read the '" + name + "' property from 'StaticRangeInit': Required member is undefined."))
			}
			return v
		}
		invalidNode := func() {
			panic(r.newDOMException("InvalidNodeTypeError", ctx+"Neither startContainer nor endContainer can be a DocumentType or Attribute node."))
		}
		node := func(name string) *Node {
			v := r.idl.Unwrap(member(name))
			if _, isAttr := v.(*Attr); isAttr {
				invalidNode()
			}
			n, ok := v.(*Node)
			if !ok {
				panic(r.idl.TypeError(ctx + "Failed to read the '" + name + "' property from 'StaticRangeInit': Failed to convert value to 'Node'."))
			}
			return n
		}
		endContainer := node("endContainer")
		endOffset := toUnsignedLong(member("endOffset"))
		startContainer := node("startContainer")
		startOffset := toUnsignedLong(member("startOffset"))
		// 1. "If init["startContainer"] or init["endContainer"] is a DocumentType or Attr
		// node, then throw an "InvalidNodeTypeError" DOMException."
		for _, n := range []*Node{startContainer, endContainer} {
			if n.kind == DocumentTypeNode {
				invalidNode()
			}
		}
		// 2. "Set this's start to (init["startContainer"], init["startOffset"]) and end to
		// (init["endContainer"], init["endOffset"])."
		s := &staticRange{Range{start: boundaryPoint{startContainer, startOffset}, end: boundaryPoint{endContainer, endOffset}}}
		r.idl.SetSlot(call.This, s)
		return call.This
	})
}
