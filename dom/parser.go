// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/parsing.html),
// the "in text" insertion mode's "An end tag whose tag name is "script"" steps and "The end";
// DOM Standard 2025-09 for the insertion's mutation records. Tags: FIXME(spec), DEPARTURE,
// CHROME (DESIGN.md).

package dom

import (
	"golang.org/x/net/html"
)

// Parser is a document being parsed as a browser parses it: the page runs each classic
// script when the parser reaches its end tag, and the script sees only what the parser has
// inserted by then (the elements above it), while a MutationObserver on the document
// receives the parser's insertions.
//
// How: x/net/html's parser builds the whole tree first (its tree construction is the
// spec's, with the adoption agency, foster parenting and implied tags; it cannot pause).
// Every node is then taken out of the tree and kept in tree order with its parent; the
// tree at the point where the parser reaches a script's end tag is the nodes up to the
// end of that script in tree order (the open elements are the script's ancestors, everything
// before them is complete), so InsertThrough puts them back, one node at a time, each
// appended to its parent as the parser's "insert a node at the appropriate place" would:
// into the parent even if a script moved or removed it, after whatever scripts appended.
// DEPARTURE: foster-parented content (text or elements misplaced in a table) and a
// <body> start tag that merges attributes later in the file become visible at the point
// of their tree position, not of their source position; x/net/html keeps no positions.
type Parser struct {
	doc     *Document
	pending []parsedNode // tree order
	next    int          // pending[next:] are not inserted yet
	scripts []Script     // every HTML <script> element, in tree order
	ends    map[*html.Node]int
}

// parsedNode is a node the parser will insert, the parent it inserts it into, and its DOM
// node when one exists already (an element with an event handler attribute): holding it
// keeps that state while the node waits outside the tree (nodetable.go).
type parsedNode struct {
	h, parent *html.Node
	node      *Node
}

// ParseDocumentIncrementally parses src like ParseDocument, then takes every node out of
// the document: the returned Parser inserts them as parsing reaches each script
// (InsertThrough) and at the end (Finish). Script texts and attributes are read before.
func ParseDocumentIncrementally(src []byte, docURL string) (*Document, *Parser, error) {
	d, err := ParseDocument(src, docURL)
	if err != nil {
		return nil, nil, err
	}
	p := &Parser{doc: d, scripts: d.Scripts(), ends: map[*html.Node]int{}}
	root := d.node.h
	for c := range root.Descendants() {
		p.pending = append(p.pending, parsedNode{h: c, parent: c.Parent, node: d.table.get(c)})
	}
	for i := len(p.pending) - 1; i >= 0; i-- {
		// A script's last node in tree order: its own, or that of its last descendant.
		h := p.pending[i].h
		if h.Type == html.ElementNode && h.Data == "script" && h.Namespace == "" {
			end := i
			for j := i + 1; j < len(p.pending) && isInclusiveAncestorOf(h, p.pending[j].h); j++ {
				end = j
			}
			p.ends[h] = end
		}
	}
	for _, pn := range p.pending {
		pn.h.Parent, pn.h.FirstChild, pn.h.LastChild, pn.h.PrevSibling, pn.h.NextSibling = nil, nil, nil, nil, nil
	}
	root.FirstChild, root.LastChild = nil, nil
	d.changed()
	return d, p, nil
}

// Scripts returns the document's <script> elements in tree order, with their text and
// attributes as parsed.
func (p *Parser) Scripts() []Script { return p.scripts }

// InsertThrough inserts the nodes the parser has inserted when it reaches the end tag of
// script (the script element and its text included) and reports how many it inserted.
// The caller then performs a microtask checkpoint (step "If the JavaScript execution
// context stack is empty, perform a microtask checkpoint" of the script end tag) and runs
// the script.
func (p *Parser) InsertThrough(script *Node) int {
	end, ok := p.ends[script.h]
	if !ok {
		return 0
	}
	return p.insertUpTo(end + 1)
}

// Finish inserts the rest of the document (the parser reached the end of the input: the
// caller then runs "the end").
func (p *Parser) Finish() int { return p.insertUpTo(len(p.pending)) }

// Done reports whether every node has been inserted.
func (p *Parser) Done() bool { return p.next >= len(p.pending) }

// insertUpTo inserts pending[next:end].
func (p *Parser) insertUpTo(end int) int {
	start := p.next
	for ; p.next < end; p.next++ {
		pn := &p.pending[p.next]
		p.insertParsedNode(pn)
		pn.node = nil // inserted: the tree holds it now
	}
	return end - start
}

// insertParsedNode is the parser's "insert a node at the adjusted insertion location"
// (https://html.spec.whatwg.org/multipage/parsing.html#insert-a-foreign-element, step 3:
// "If it is possible to insert element at the adjusted insertion location": append it to
// its parent; the parent is the current node, wherever scripts moved it).
// FIXME(spec): the legacy mutation events do not fire for the parser's insertions
// (browsers fire DOMNodeInserted for them); the mutation-events mode's cases start after load.
func (p *Parser) insertParsedNode(pn *parsedNode) {
	d := p.doc
	if r := d.realm; r != nil && r.ce.defined() && pn.h.Type == html.ElementNode {
		// "insert an element at the adjusted insertion location" steps 4 and 6: "Push a new
		// element queue onto element's relevant agent's custom element reactions stack." ...
		// "Pop the element queue from element's relevant agent's custom element reactions
		// stack, and invoke custom element reactions in that queue."
		r.ceStack.Push()
		defer r.ceStack.Pop()
		p.createAnElementForAToken(r, pn)
	}
	prev := pn.parent.LastChild
	linkBefore(pn.parent, pn.h, nil)
	d.table.promoteSubtree(pn.h)
	d.changedNode(ChangeChildren, pn.parent, "")
	if d.shadowHosts > 0 {
		d.slotsMaybeChanged(d.NodeFor(pn.parent), d.NodeFor(pn.h))
	}
	d.ceInserted(pn.h)
	d.iframesConnected(pn.h)
	// "Queue a tree mutation record for parent with « node », « », previous sibling and
	// null" (DOM insert, step 7.4 via "children changed"): only when someone observes.
	if r := d.realm; r != nil && r.observedNodes > 0 {
		queueTreeMutationRecord(d.NodeFor(pn.parent), []*Node{d.NodeFor(pn.h)}, nil, d.NodeFor(prev), nil)
	}
	// An img the parser creates with a src attribute starts loading it (the attribute's
	// "relevant mutation" of update the image data).
	if pn.h.Type == html.ElementNode && pn.h.Data == "img" && pn.h.Namespace == "" {
		if n := d.NodeFor(pn.h); n.HasAttribute("src") {
			n.updateTheImageData()
		}
	}
}

// createAnElementForAToken is the custom element part of "create an element for a token"
// for a parsed element whose definition exists when the parser inserts it: the element is
// constructed synchronously (before its attributes are appended and before it is inserted),
// then its attributes are appended, each an attributeChangedCallback when observed.
// https://html.spec.whatwg.org/multipage/parsing.html#create-an-element-for-the-token
//
// DEPARTURE: the element x/net/html made is the one constructed, as an upgrade constructs
// it (through the definition's construction stack), where the spec constructs a new one
// (the construction stack empty): the same unless the constructor returns another object,
// which is then refused as an upgrade refuses it.
// FIXME(spec): step 7.2's "If the JavaScript execution context stack is empty, then perform
// a microtask checkpoint" is not performed here; every script the parser ran ended with one.
func (p *Parser) createAnElementForAToken(r *realm, pn *parsedNode) {
	// 6. "Let definition be the result of looking up a custom element definition given
	// document, given namespace, local name, and is." (is: the token's is attribute)
	def := r.definitionOf(p.doc, pn.h, p.doc.table.get(pn.h))
	// 7. "If definition is non-null and the parser was not created as part of the HTML
	// fragment parsing algorithm, then let will execute script be true."
	if def == nil {
		return
	}
	n := p.doc.NodeFor(pn.h)
	if n.customElementState() != ceUndefined {
		return
	}
	n.ceData() // the is value, read from the token
	// 8. "Let element be the result of creating an element given document, localName, given
	// namespace, null, is, and will execute script." (The token's attributes come after.)
	attrs := pn.h.Attr
	pn.h.Attr = nil
	if err := r.upgrade(def, n); err != nil {
		r.reportException(err)
	}
	// 9. "Append each attribute in the given token to element." Each is "handle attribute
	// changes" with oldValue null: an attributeChangedCallback when element is custom.
	pn.h.Attr = attrs
	for _, a := range attrs {
		n.ceAttributeChanged(a.Key, a.Namespace, nullString{}, a.Val, true)
	}
}
