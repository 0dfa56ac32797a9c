package dom

import (
	"weak"

	"golang.org/x/net/html"
)

// nodeTable is a document's side table from html.Nodes to their DOM data (*Node).
//
// Nodes in the document tree, and nodes given an entry since the last sweep, are held
// strongly. A sweep (run at a safe point between tasks, once enough has changed: see
// SweepDetachedNodes) moves the entries of detached nodes to a weak table: a detached node
// that neither script nor Go holds any more is then collected with its html.Node, so a
// page that creates and drops nodes every frame does not grow without bound. Nothing
// observable is lost:
//   - a node still held (by a JS wrapper, a MutationRecord, a Go field) stays alive and is
//     found again through the weak entry, which promotes it back;
//   - all the nodes of one detached tree share a detachedGroup that holds the ones with
//     state a fresh *Node would not have (listeners, event handlers, registered observers,
//     form state, JS expando properties), and every node of the tree points at the group:
//     holding any node of a detached tree keeps the state of the whole tree;
//   - inserting a node promotes its whole subtree back to strong entries, so a reattached
//     tree no longer depends on anyone holding it.
//
// A node that was dropped without state is simply made afresh when reached again (its
// wrapper is new, but nothing could have held the old one). A detached node that never
// reached script (no wrapper) and has no state gets no weak entry at all: a weak pointer
// costs more than the node, and only Go code that kept the *Node itself could tell the
// fresh one from it.
//
// A sweep costs what changed since the last one, not the whole table: the table keeps the
// nodes that got a strong entry and the roots of the subtrees that left a parent since
// (changed), and a sweep looks only at the trees those are in now.
type nodeTable struct {
	strong map[*html.Node]*Node
	weak   map[*html.Node]weak.Pointer[Node] // detached at a sweep
	// changed lists, once each (Node.changed), the nodes given a strong entry since the
	// last sweep (new, or promoted from weak) and the removed ones (noteRemoved).
	changed   []*Node
	nextSweep int // sweep when len(changed) reaches this
	// nextPrune: drop the weak entries of collected nodes (each keeps its html.Node, and so
	// its detached tree, alive) at every sweep while the weak table is no bigger than twice
	// the sweep's changes, else when it reaches this size.
	nextPrune int
}

// detachedGroup keeps alive the stateful nodes of one detached tree while any node of the
// tree is alive.
type detachedGroup struct{ nodes []*Node }

// minSweep is the number of changes below which no sweep is worth it.
const minSweep = 1024

func newNodeTable() nodeTable {
	return nodeTable{strong: make(map[*html.Node]*Node, 256), nextSweep: minSweep, nextPrune: minSweep}
}

// get returns the DOM node of h if it has one (a weakly held one is promoted back).
func (t *nodeTable) get(h *html.Node) *Node {
	if n, ok := t.strong[h]; ok {
		return n
	}
	if len(t.weak) == 0 {
		return nil
	}
	wp, ok := t.weak[h]
	if !ok {
		return nil
	}
	delete(t.weak, h)
	n := wp.Value()
	if n != nil {
		t.put(h, n)
	}
	return n
}

// put gives h the strong entry n.
func (t *nodeTable) put(h *html.Node, n *Node) {
	t.strong[h] = n
	t.noteChanged(n)
}

// noteChanged lists n for the next sweep.
func (t *nodeTable) noteChanged(n *Node) {
	if !n.changed {
		n.changed = true
		t.changed = append(t.changed, n)
	}
}

// noteRemoved lists h, which left its parent, for the next sweep. A leaf without an entry
// has nothing in the table to sweep; a subtree's root gets an entry (its descendants may
// have some: the sweep finds them through it).
func (d *Document) noteRemoved(h *html.Node) {
	var n *Node
	if h.FirstChild == nil {
		n = d.table.get(h)
	} else {
		n = d.NodeFor(h)
	}
	if n != nil {
		d.table.noteChanged(n)
	}
}

// take removes h's entry and returns its node (adopt moves it to another document, whose
// table lists it anew).
func (t *nodeTable) take(h *html.Node) *Node {
	n := t.get(h)
	delete(t.strong, h)
	if n != nil {
		n.changed = false
	}
	return n
}

// promoteSubtree makes the entries of h and its descendants strong again (h is being
// inserted: a tree in a tree must not depend on anyone holding one of its nodes).
func (t *nodeTable) promoteSubtree(h *html.Node) {
	if len(t.weak) == 0 {
		return
	}
	t.get(h)
	for c := range h.Descendants() {
		if _, ok := t.strong[c]; !ok {
			t.get(c)
		}
	}
}

// SweepDetachedNodes lets the nodes that left the document be collected once nothing
// holds them (see nodeTable). It does nothing until the changes since the last sweep reach
// the number of strong entries it left (at least minSweep), so its cost, proportional to
// the changes and the detached trees they are in (and to the weak table, when that is at
// most twice the changes or has doubled), is spread over them. Call it only at a safe
// point: between tasks, with no DOM algorithm in progress.
func (d *Document) SweepDetachedNodes() {
	t := &d.table
	changes := len(t.changed)
	if changes < t.nextSweep {
		return
	}
	root := d.node.h
	rootOf := map[*html.Node]*html.Node{}
	grouped := map[*html.Node]bool{} // detached roots already grouped in this sweep
	for _, n := range t.changed {
		if n.doc != d || t.strong[n.h] != n {
			continue // adopted by another document, or swept with its tree already
		}
		n.changed = false
		r := findRoot(n.h, rootOf)
		if r == root {
			n.group = nil // connected: the tree holds it
			continue
		}
		if !grouped[r] {
			grouped[r] = true
			t.sweepDetachedTree(r)
		}
	}
	clear(t.changed)
	t.changed = t.changed[:0]
	if cap(t.changed) > 4*minSweep && cap(t.changed) > 4*len(t.strong) {
		t.changed = nil // a burst of changes: do not keep its array
	}
	if len(t.weak) <= 2*changes || len(t.weak) >= t.nextPrune {
		for h, wp := range t.weak {
			if wp.Value() == nil {
				delete(t.weak, h) // collected: drop the entry, and with it the html.Node
			}
		}
		t.nextPrune = max(2*len(t.weak), minSweep)
	}
	// The next sweep is due when as many changes came as there are strong entries now.
	// Weak entries do not count: right after a sweep they are mostly nodes the GC has not
	// reached yet, and counting them made the interval, and so the garbage held between
	// sweeps, ratchet up whenever a GC came late (the soak's slow heap creep).
	t.nextSweep = max(len(t.strong), minSweep)
}

// findRoot is the root of h's tree. Every node on the way up is remembered in rootOf, so a
// sweep walks each ancestor chain once (walking to the root for every node was quadratic:
// a 40,000-deep detached chain took 30 s).
func findRoot(h *html.Node, rootOf map[*html.Node]*html.Node) *html.Node {
	var path []*html.Node
	r := h
	for {
		if known, ok := rootOf[r]; ok {
			r = known
			break
		}
		if r.Parent == nil {
			break
		}
		path = append(path, r)
		r = r.Parent
	}
	for _, p := range path {
		rootOf[p] = r
	}
	return r
}

// sweepDetachedTree gives every node of the detached tree rooted at r that has a DOM node
// one group, which holds the nodes with state, and moves the strong entries of the tree to
// weak ones (none for a node that never reached script and has no state).
func (t *nodeTable) sweepDetachedTree(r *html.Node) {
	var g *detachedGroup
	visit := func(h *html.Node) {
		n, strong := t.strong[h]
		if !strong {
			if wp, ok := t.weak[h]; ok {
				n = wp.Value()
			}
		}
		if n == nil {
			return
		}
		if g == nil {
			g = &detachedGroup{}
		}
		n.group = g
		if n.hasState() {
			g.nodes = append(g.nodes, n)
		}
		if strong {
			delete(t.strong, h)
			n.changed = false
			if n.obj != nil || n.hasState() {
				if t.weak == nil {
					t.weak = make(map[*html.Node]weak.Pointer[Node])
				}
				t.weak[h] = weak.Make(n)
			}
			// else it never reached script and has nothing a fresh *Node would lack:
			// no weak pointer (making one costs more than the whole node)
		}
	}
	visit(r)
	for c := range r.Descendants() {
		visit(c)
	}
}

// hasState reports whether n carries state that a fresh *Node for its html.Node would
// not have.
func (n *Node) hasState() bool {
	if len(n.target.listeners) > 0 || len(n.target.handlers) > 0 || len(n.observers) > 0 ||
		n.form != (formState{}) || n.clicking || n.ce != nil || n.shadow != nil {
		return true
	}
	if n.obj != nil {
		// Own properties: expandos that script set on the wrapper.
		return len(n.obj.GetOwnPropertyNames()) > 0 || len(n.obj.Symbols()) > 0
	}
	return false
}
