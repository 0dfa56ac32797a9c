// Spec: Selection API, W3C Working Draft 2024-09 (https://w3c.github.io/selection-api/),
// §2 (the Selection interface) and §3 (extensions to Window and Document). Tags: FIXME(spec),
// DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"strconv"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// selection is a document's selection: "Each selection can be associated with a single
// range", held by reference (the Range object script added is the one getRangeAt
// returns, and as a live range the mutation algorithms keep it up to date).
// https://w3c.github.io/selection-api/#dfn-selection
//
// FIXME(spec): the selection is script's only: the user cannot select (no drag, no
// Shift+arrows), focus does not move it, and nothing paints it; there is no
// selectionchange event; its direction is always forwards (extend is not built).
type selection struct {
	doc      *Document
	rangeObj *goja.Object // the associated Range's object, nil when empty
	rg       *Range
}

// selectionOf is the document's selection object, the same each time
// (https://w3c.github.io/selection-api/#dom-document-getselection).
func (r *realm) selectionOf(d *Document) goja.Value {
	js := d.node.jsData()
	if js.selection == nil {
		js.selection = r.idl.NewObject(r.iface("Selection").Proto, &selection{doc: d})
	}
	return js.selection
}

// set associates the range (by reference) with the selection, or none.
func (s *selection) set(obj *goja.Object, rg *Range) { s.rangeObj, s.rg = obj, rg }

// installSelection defines Selection, window.getSelection and document.getSelection.
func (r *realm) installSelection(doc webidl.Members[*Document]) {
	si := r.idl.DefineInterface("Selection", nil, 0, nil)
	m := webidl.On(si, func(call goja.FunctionCall) *selection { return webidl.This[*selection](r.idl, call) })
	point := func(s *selection, start bool) goja.Value {
		if s.rg == nil {
			return goja.Null()
		}
		if start {
			return r.wrapNode(canonical(s.rg.start.node))
		}
		return r.wrapNode(canonical(s.rg.end.node))
	}
	offset := func(s *selection, start bool) goja.Value {
		switch {
		case s.rg == nil:
			return r.rt.ToValue(0)
		case start:
			return r.rt.ToValue(s.rg.start.offset)
		}
		return r.rt.ToValue(s.rg.end.offset)
	}
	// The direction is forwards: the anchor is the range's start, the focus its end.
	m.Getter("anchorNode", func(s *selection) goja.Value { return point(s, true) })
	m.Getter("anchorOffset", func(s *selection) goja.Value { return offset(s, true) })
	m.Getter("focusNode", func(s *selection) goja.Value { return point(s, false) })
	m.Getter("focusOffset", func(s *selection) goja.Value { return offset(s, false) })
	m.Getter("isCollapsed", func(s *selection) goja.Value { return r.rt.ToValue(s.rg == nil || s.rg.collapsed()) })
	m.Getter("rangeCount", func(s *selection) goja.Value {
		if s.rg == nil {
			return r.rt.ToValue(0)
		}
		return r.rt.ToValue(1)
	})
	m.Getter("type", func(s *selection) goja.Value {
		switch {
		case s.rg == nil:
			return r.str("None")
		case s.rg.collapsed():
			return r.str("Caret")
		}
		return r.str("Range")
	})
	// "The method must throw an IndexSizeError exception if index is not 0, or if this is
	// empty. Otherwise, it must return a reference to (not a copy of) this's range."
	m.Method("getRangeAt", 1, func(s *selection, call goja.FunctionCall) goja.Value {
		i := toUnsignedLong(call.Argument(0))
		if i != 0 || s.rg == nil {
			r.check("getRangeAt", "Selection", domErr("IndexSizeError", strconv.Itoa(i)+" is not a valid index."))
		}
		return s.rangeObj
	})
	// addRange: "1. If the root of the range's boundary points are not the document
	// associated with this, abort these steps. 2. If rangeCount is not 0, abort these
	// steps. 3. Set this's range to range by a strong reference (not by making a copy)."
	m.Method("addRange", 1, func(s *selection, call goja.FunctionCall) goja.Value {
		obj, _ := call.Argument(0).(*goja.Object)
		rg, ok := r.idl.Unwrap(call.Argument(0)).(*Range)
		if !ok || obj == nil {
			panic(r.idl.TypeError(webidl.Failed("addRange", "Selection") + "parameter 1 is not of type 'Range'."))
		}
		if rg.root() != s.doc.node.h || s.rg != nil {
			return goja.Undefined()
		}
		s.set(obj, rg)
		return goja.Undefined()
	})
	// removeRange: "If range is this's range, set this's range to null. Otherwise, throw a
	// NotFoundError."
	m.Method("removeRange", 1, func(s *selection, call goja.FunctionCall) goja.Value {
		rg, ok := r.idl.Unwrap(call.Argument(0)).(*Range)
		if !ok {
			panic(r.idl.TypeError(webidl.Failed("removeRange", "Selection") + "parameter 1 is not of type 'Range'."))
		}
		if rg != s.rg {
			r.check("removeRange", "Selection", domErr("NotFoundError", "Range not found."))
		}
		s.set(nil, nil)
		return goja.Undefined()
	})
	// removeAllRanges and its alias empty: "set this's range to null if it's not null".
	for _, name := range []string{"removeAllRanges", "empty"} {
		m.LenientMethod(name, 0, func(s *selection, _ goja.FunctionCall) goja.Value {
			s.set(nil, nil)
			return goja.Undefined()
		})
	}
	// collapse and its alias setPosition: "1. If node is null, behave as
	// removeAllRanges(). 2. If node is a DocumentType, throw InvalidNodeTypeError. 3. If
	// offset is longer than node's length, throw IndexSizeError. 4. If document associated
	// with this is not a shadow-including inclusive ancestor of node, abort these steps.
	// 5. Let newRange be a new range. 6. Set the start and the end of newRange to (node,
	// offset). 7. Set this's range to newRange."
	for _, name := range []string{"collapse", "setPosition"} {
		m.Method(name, 1, func(s *selection, call goja.FunctionCall) goja.Value {
			n := r.argNodeOrNull(call, 0, name, "Selection")
			if n == nil {
				s.set(nil, nil)
				return goja.Undefined()
			}
			off := toUnsignedLong(call.Argument(1))
			if n.kind == DocumentTypeNode {
				r.check(name, "Selection", domErr("InvalidNodeTypeError", "The node provided is of type '"+n.NodeName()+"'."))
			}
			if off > n.Length() {
				r.check(name, "Selection", offsetError(n, off))
			}
			if root(n.h) != s.doc.node.h {
				return goja.Undefined()
			}
			rg := r.newRange(s.doc)
			rg.start, rg.end = boundaryPoint{n, off}, boundaryPoint{n, off}
			s.set(r.wrapRange(rg), rg)
			return goja.Undefined()
		})
	}
	// collapseToStart, collapseToEnd: "throw InvalidStateError if this is empty.
	// Otherwise, create a new range, set both its start and end to the start (end) of
	// this's range, and then set this's range to the newly-created range."
	for _, name := range []string{"collapseToStart", "collapseToEnd"} {
		toStart := name == "collapseToStart"
		m.LenientMethod(name, 0, func(s *selection, _ goja.FunctionCall) goja.Value {
			if s.rg == nil {
				r.check(name, "Selection", domErr("InvalidStateError", "there is no selection."))
			}
			bp := s.rg.end
			if toStart {
				bp = s.rg.start
			}
			rg := r.newRange(s.doc)
			rg.start, rg.end = bp, bp
			s.set(r.wrapRange(rg), rg)
			return goja.Undefined()
		})
	}
	// The stringifier: the range's text (FIXME(spec): Chrome gives the rendered text, as
	// innerText does; here it is the range's stringifier).
	m.LenientMethod("toString", 0, func(s *selection, _ goja.FunctionCall) goja.Value {
		if s.rg == nil {
			return r.str("")
		}
		return r.str(s.rg.String())
	})
	doc.LenientMethod("getSelection", 0, func(d *Document, _ goja.FunctionCall) goja.Value { return r.selectionOf(d) })
}

// selectionOnFocus moves the document's selection when the focusing steps give n the
// focus, as Chrome does (FIXME(spec): the specifications say nothing of it):
// CHROME: a text control keeps its own selection (of its value), and the document's
// collapses just before the control, at (parent, index); an editing host gets the caret
// at its start (its first text node's offset 0, else the host's) unless the selection is
// in it already; other elements leave the selection as it is
// (testdata/dom/selection_api, WPT html/interaction/focus/focus-selection.html).
func (d *Document) selectionOnFocus(n *Node) {
	r := d.realm
	if r == nil || n == nil || !n.IsConnected() {
		return
	}
	var at boundaryPoint
	switch {
	case n.IsTextControl():
		p := n.Parent()
		if p == nil {
			return
		}
		at = boundaryPoint{p, indexOf(n.h)}
	case n.isEditingHost():
		s, _ := r.idl.Unwrap(r.selectionOf(d)).(*selection)
		if s != nil && s.rg != nil && isInclusiveAncestorOf(n.h, s.rg.start.node.h) {
			return
		}
		at = boundaryPoint{n, 0}
		for h := range n.h.Descendants() {
			if h.Type == html.TextNode {
				at = boundaryPoint{d.NodeFor(h), 0}
				break
			}
		}
	default:
		return
	}
	s, _ := r.idl.Unwrap(r.selectionOf(d)).(*selection)
	if s == nil {
		return
	}
	rg := r.newRange(d)
	rg.start, rg.end = at, at
	s.set(r.wrapRange(rg), rg)
}
