package dom

// Spec: HTML Living Standard, 2026-11-01: §4.8.5 "The iframe element" (its insertion and
// removal steps, "process the iframe attributes", "iframe load event steps"), §7.3.1.1
// "create a new child navigable" and "destroy a child navigable", §7.2.2 the Window's
// parent, top, frameElement and length.
// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#the-iframe-element
//
// An iframe connected to a document that has a window gets a child navigable: an initial
// about:blank document and its window, in a JS realm of their own on the parent's agent (one
// event loop, one job queue: a same-origin iframe's similar-origin window agent). Its window
// is the iframe's contentWindow (FIXME(spec): the window itself, not a WindowProxy: there is
// no navigation to swap windows behind one), its document the contentDocument.
//
// An iframe with a src other than about:blank, or a srcdoc, navigates (navigation.go). Its
// window gets the event loop's globals of its own (timers, animation frames, console...)
// from the host (Options.WindowGlobals: package loop's InstallWindowGlobals).
// window[i] is its i-th child window (navigation.go childNavigablesChanged). Its document
// is laid out and drawn by an engine of its own (package page's iframes.go).

import (
	"cmp"
	"errors"
	"net/url"
	"slices"
	"strings"

	"github.com/dop251/goja"
	"golang.org/x/net/html"

	"loopscope/internal/webidl"
)

// maxChildNavigables bounds the child navigables of one top-level document (each is a JS
// realm with every interface of a window installed). DEPARTURE: Chrome allows 1,000 frames
// a page; a page that inserts more than this many iframes gets a console error and iframes
// without a document.
const maxChildNavigables = 64

// childNavigable is an iframe's content navigable as this engine has one.
type childNavigable struct {
	container   *Node     // the iframe
	doc         *Document // its active document
	ongoing     uint64    // its ongoing navigation's id (0: none): it delays the load event
	navigations uint64    // the last navigation's id
	created     uint64    // when it was created, in its top-level document's count
	// Its target name: the iframe's name attribute when it was created ("create a new child
	// navigable" step 4); window.name changes it, a navigation keeps it.
	targetName string
}

// isIframe reports an HTML iframe element.
func isIframe(h *html.Node) bool {
	return h.Type == html.ElementNode && h.Namespace == "" && h.Data == "iframe"
}

// topDocument is the document of the top-level navigable d is in.
func (d *Document) topDocument() *Document {
	for d.parentNavigable != nil && d.parentNavigable.container.doc != d {
		d = d.parentNavigable.container.doc
	}
	return d
}

// fullyActive reports whether d is the document of a top-level window or of a child
// navigable whose ancestors are all still there: a document whose iframe was removed (a
// script may hold its window) has no browsing context, so its own iframes get none.
// https://html.spec.whatwg.org/multipage/document-sequences.html#fully-active
func (d *Document) fullyActive() bool {
	for {
		if d.realm == nil {
			return false
		}
		if d.realm.parent == nil {
			return true // a top-level window's document
		}
		nav := d.parentNavigable
		if nav == nil || nav.container.doc.navigables[nav.container.h] != nav {
			return false
		}
		d = nav.container.doc
	}
}

// iframesConnected runs the iframe insertion steps for the iframes among h and its
// shadow-including descendants that are connected now: "When an iframe element element is
// inserted into a document whose browsing context is non-null, ... 1. Create a new child
// navigable for element. ... 3. Process the iframe attributes for element, with
// initialInsertion set to true." (its post-connection steps, in shadow-including tree
// order).
func (d *Document) iframesConnected(h *html.Node) {
	if d.realm == nil || d.realm.worker != nil || h.Type != html.ElementNode || !d.connectsAnIframe(h) ||
		!d.fullyActive() {
		return
	}
	var found []*Node
	d.shadowIncludingInclusiveDescendants(h, func(c *html.Node) {
		if isIframe(c) {
			found = append(found, d.NodeFor(c))
		}
	})
	for _, n := range found {
		// (An iframe's load listener may have moved the next one away meanwhile.)
		if n.doc == d && n.IsConnected() && d.navigables[n.h] == nil && d.createAChildNavigable(n) {
			d.processTheIframeAttributes(n, true)
		}
	}
}

// connectsAnIframe reports whether h is connected and is or holds an iframe (or a shadow
// host, whose tree may hold one), looking up from h and down into it in turn, a node each
// way at a time: it stops as soon as either way decides, so it costs about twice the
// smaller of h's depth and its subtree's size, and building a deep chain node by node, top
// down (small subtrees, deep places) or bottom up (big subtrees, detached), never walks it
// whole at each step.
func (d *Document) connectsAnIframe(h *html.Node) bool {
	up, down := h, h
	upDone, downDone, holds := false, false, false
	for !upDone || !downDone {
		if !upDone {
			if up.Parent != nil {
				up = up.Parent
			} else if upDone = true; up != d.node.h && (d.shadowHosts == 0 || !d.NodeFor(h).IsConnected()) {
				return false // not connected (or in a shadow tree that is not)
			}
		}
		if !downDone {
			if isIframe(down) || d.shadowHosts > 0 && d.isShadowHost(down) {
				holds, downDone = true, true
			} else if down = nextInSubtree(h, down); down == nil {
				return false // no iframe in it
			}
		}
	}
	return holds
}

// isShadowHost reports an element that hosts a shadow tree.
func (d *Document) isShadowHost(h *html.Node) bool {
	n := d.table.get(h)
	return n != nil && n.shadowRootOf() != nil
}

// nextInSubtree is c's successor in tree order within root's subtree, nil after its last.
func nextInSubtree(root, c *html.Node) *html.Node {
	if c.FirstChild != nil {
		return c.FirstChild
	}
	for c != root {
		if c.NextSibling != nil {
			return c.NextSibling
		}
		c = c.Parent
	}
	return nil
}

// createAChildNavigable gives iframe element a child navigable: an about:blank document and
// its window, installed in a new JS realm of the page's runtime. It reports false when the
// page has as many as it may have.
// https://html.spec.whatwg.org/multipage/document-sequences.html#create-a-new-child-navigable
func (d *Document) createAChildNavigable(element *Node) bool {
	top := d.topDocument()
	if top.navigableCount >= maxChildNavigables {
		d.realm.host.ReportException(errors.New("an iframe got no document: a page has at most 64 iframes with one"))
		return false
	}
	child, err := ParseDocument(nil, "about:blank")
	if err != nil {
		return false
	}
	child.readyState = "complete"
	nav := &childNavigable{container: element, doc: child}
	nav.targetName, _ = element.GetAttribute("name")
	child.parentNavigable = nav
	if _, _, err = d.realm.newChildWindow(child); err != nil {
		return false
	}
	if d.navigables == nil {
		d.navigables = map[*html.Node]*childNavigable{}
	}
	d.navigables[element.h] = nav
	top.navigableCount++
	top.navigablesCreated++
	nav.created = top.navigablesCreated
	d.realm.childNavigablesChanged()
	return true
}

// documentTreeChildNavigables are d's child navigables whose iframe is in d's document
// tree (not in a shadow tree): what window.length counts and window[i] indexes. CHROME: in
// the order they were created (Blink's frame tree: an iframe inserted before another comes
// after it), not the spec's tree order.
// https://html.spec.whatwg.org/multipage/document-sequences.html#document-tree-child-navigables
func (d *Document) documentTreeChildNavigables() []*childNavigable {
	var navs []*childNavigable
	for h, nav := range d.navigables {
		if root(h) == d.node.h {
			navs = append(navs, nav)
		}
	}
	slices.SortFunc(navs, func(a, b *childNavigable) int { return cmp.Compare(a.created, b.created) })
	return navs
}

// iframesDisconnected runs the iframe removing steps for the iframes among h and its
// shadow-including descendants, when h was connected: "destroy a child navigable given
// removedNode", which destroys the navigables inside it too.
// https://html.spec.whatwg.org/multipage/document-sequences.html#destroy-a-child-navigable
func (d *Document) iframesDisconnected(h *html.Node, wasConnected bool) {
	if len(d.navigables) == 0 || !wasConnected {
		return
	}
	top := d.topDocument()
	d.shadowIncludingInclusiveDescendants(h, func(c *html.Node) {
		if nav := d.navigables[c]; nav != nil {
			d.destroyAChildNavigable(c, nav, top)
		}
	})
	d.loadDelayMayHaveEnded() // a removed iframe's navigation no longer delays it
}

// destroyAChildNavigable forgets iframe h's navigable nav and, first, every navigable of
// its document: their windows' parent and top become null, their iframes' contentWindow
// null.
func (d *Document) destroyAChildNavigable(h *html.Node, nav *childNavigable, top *Document) {
	for ch, inner := range nav.doc.navigables {
		nav.doc.destroyAChildNavigable(ch, inner, top)
	}
	delete(d.navigables, h)
	top.navigableCount--
	nav.doc.parentNavigable = nil
	if d.realm != nil {
		d.realm.childNavigablesChanged()
	}
}

// processTheIframeAttributes: "If element's srcdoc attribute is specified, then: ...
// Navigate an iframe or frame given element, about:srcdoc, the empty string, and the value
// of element's srcdoc attribute. Otherwise: Let url be the result of running the shared
// attribute processing steps for iframe and frame elements given element and
// initialInsertion. If url is null, then return. If url matches about:blank and
// initialInsertion is true, then: Run the iframe load event steps given element. Return.
// ... Navigate an iframe or frame given element, url, and referrerPolicy."
// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#process-the-iframe-attributes
func (d *Document) processTheIframeAttributes(element *Node, initialInsertion bool) {
	if srcdoc, ok := element.GetAttribute("srcdoc"); ok {
		d.navigate(element, "about:srcdoc", "", srcdoc, true)
		return
	}
	// The shared attribute processing steps: "Let url be the URL about:blank. If element
	// has a src attribute specified, and its value is not the empty string, then: Let
	// maybeURL be the result of encoding-parsing a URL given that attribute's value,
	// relative to element's node document. If maybeURL is not failure, then set url to
	// maybeURL."
	src, ok := element.GetAttribute("src")
	u := "about:blank"
	if ok && src != "" && !matchesAboutBlank(src) {
		u = d.resolveURL(src)
		// "If the inclusive ancestor navigables of element's node navigable contains a
		// navigable whose active document's URL equals url with exclude fragments set to
		// true, then return null." CHROME: one such navigable is allowed, two are not (a
		// page framing itself shows itself once, framed).
		if d.ancestorsAt(u) >= 2 {
			return
		}
	}
	if u == "about:blank" && initialInsertion {
		// CHROME: the document takes the src as its URL, as written but for the scheme
		// (ABOUT:BLANK is about:BLANK); the spec leaves the initial about:blank's.
		if nav := d.navigables[element.h]; nav != nil && ok && src != "" {
			if pu, err := url.Parse(src); err == nil {
				nav.doc.url, nav.doc.urlStr = pu, pu.String()
			}
		}
		d.iframeLoadEventSteps(element)
		return
	}
	d.navigate(element, u, src, "", false)
}

// ancestorsAt counts d and the documents of the navigables above it that have URL u,
// both without their fragments.
func (d *Document) ancestorsAt(u string) int {
	u, _, _ = strings.Cut(u, "#")
	n := 0
	for a := d; a != nil; {
		if au, _, _ := strings.Cut(a.urlStr, "#"); au == u {
			n++
		}
		if a.parentNavigable == nil {
			break
		}
		a = a.parentNavigable.container.doc
	}
	return n
}

// iframeAttributeChanged: "Whenever an iframe element with a non-null content navigable
// has its srcdoc attribute set, changed, or removed, the user agent must process the iframe
// attributes. Similarly, whenever an iframe element with a non-null content navigable but
// with no srcdoc attribute specified has its src attribute set, changed, or removed, the
// user agent must process the iframe attributes."
func (d *Document) iframeAttributeChanged(element *Node, localName string) {
	if d.navigables[element.h] == nil {
		return
	}
	if _, srcdoc := element.GetAttribute("srcdoc"); localName == "src" && srcdoc {
		return
	}
	d.processTheIframeAttributes(element, false)
}

// matchesAboutBlank: the URL is about:blank (ASCII case-insensitive). FIXME(spec): "matches
// about:blank" allows a query and a fragment too, but Chrome commits such a URL as the
// document's (about:blank?q is its URL) and fires no load event for one with a fragment;
// both navigate, as to any other URL.
func matchesAboutBlank(s string) bool {
	return len(s) == len("about:blank") && asciiLower(s) == "about:blank"
}

// iframeLoadEventSteps: "Let childDocument be element's content navigable's active
// document. ... Fire an event named load at element." (synchronously: for the initial
// about:blank, during the insertion, as in Chrome).
// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#iframe-load-event-steps
func (d *Document) iframeLoadEventSteps(element *Node) {
	nav := d.navigables[element.h]
	if nav == nil || nav.doc.iframeLoadInProgress {
		return
	}
	nav.doc.iframeLoadInProgress = true
	defer func() { nav.doc.iframeLoadInProgress = false }()
	d.DispatchTrusted(element, createEvent("load", kindEvent, EventInit{}))
}

// installIframeElement defines HTMLIFrameElement's contentDocument and contentWindow.
// https://html.spec.whatwg.org/multipage/iframe-embed-object.html#dom-iframe-contentwindow
func (r *realm) installIframeElement(he *webidl.Interface) {
	c := r.defineHTMLElementInterface("HTMLIFrameElement", he)
	m := webidl.On(c, r.thisHTMLElement)
	for _, a := range []string{"srcdoc", "name", "width", "height", "allow"} {
		r.reflect(c, a, a)
	}
	r.reflectURL(c, "src", "src")
	// "The contentDocument getter steps are to return this's content document" (null
	// without one); "The contentWindow getter steps are to return this's content window".
	m.Getter("contentDocument", func(n *Node) goja.Value {
		if nav := n.doc.navigables[n.h]; nav != nil && nav.doc.realm != nil {
			return nav.doc.realm.wrapNode(nav.doc.node)
		}
		return goja.Null()
	})
	m.Getter("contentWindow", func(n *Node) goja.Value {
		if nav := n.doc.navigables[n.h]; nav != nil && nav.doc.realm != nil {
			return nav.doc.realm.global
		}
		return goja.Null()
	})
}

// Container is the iframe whose content navigable's active document d is, nil for a
// top-level document or one whose navigable is gone (its iframe removed, or navigated away).
// https://html.spec.whatwg.org/multipage/document-sequences.html#nav-container
func (d *Document) Container() *Node {
	nav := d.parentNavigable
	if nav == nil || nav.doc != d || nav.container.doc.navigables[nav.container.h] != nav {
		return nil
	}
	return nav.container
}

// ChildDocuments are the active documents of d's child navigables (its iframes', in a
// shadow tree too), in the tree order of their iframes: the order "update the rendering"
// takes the documents of a frame in, after their parent.
// https://html.spec.whatwg.org/multipage/document-sequences.html#child-navigable
func (d *Document) ChildDocuments() []*Document {
	if len(d.navigables) == 0 {
		return nil
	}
	// Each iframe with its shadow-including ancestors, root first, compared where they
	// part: O(depth) a comparison, not a walk of the document as compareDocumentPosition's.
	type placed struct {
		chain []*html.Node
		nav   *childNavigable
	}
	frames := make([]placed, 0, len(d.navigables))
	for h, nav := range d.navigables {
		chain := d.shadowIncludingAncestors(h)
		slices.Reverse(chain)
		frames = append(frames, placed{chain, nav})
	}
	slices.SortFunc(frames, func(a, b placed) int { return shadowIncludingTreeOrder(a.chain, b.chain) })
	docs := make([]*Document, len(frames))
	for i, f := range frames {
		docs[i] = f.nav.doc
	}
	return docs
}

// shadowIncludingAncestors is h and its shadow-including ancestors, h first (a shadow
// root's parent is its host).
func (d *Document) shadowIncludingAncestors(h *html.Node) []*html.Node {
	var chain []*html.Node
	for h != nil {
		chain = append(chain, h)
		if h.Parent != nil {
			h = h.Parent
			continue
		}
		n := d.table.get(h)
		if n == nil || !n.isShadowRoot() {
			break
		}
		h = n.shadow.host.h
	}
	return chain
}

// shadowIncludingTreeOrder compares two distinct nodes of one shadow-including tree, given
// by their inclusive ancestor chains, root first: -1 when the first comes first in
// shadow-including tree order (a host's shadow tree before its children), 1 when after.
// https://dom.spec.whatwg.org/#concept-shadow-including-tree-order
func shadowIncludingTreeOrder(a, b []*html.Node) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	switch {
	case i == len(a):
		return -1 // a is an ancestor of b
	case i == len(b):
		return 1
	case a[i].Parent == nil:
		return -1 // a's side is the common host's shadow root
	case b[i].Parent == nil:
		return 1
	}
	// Siblings: look both ways from a's at once, so that the cost is their distance.
	for next, prev := a[i].NextSibling, a[i].PrevSibling; next != nil || prev != nil; {
		if next == b[i] {
			return -1
		}
		if prev == b[i] {
			return 1
		}
		if next != nil {
			next = next.NextSibling
		}
		if prev != nil {
			prev = prev.PrevSibling
		}
	}
	return 1 // not reached: siblings meet
}

// FramePath is the place of d's navigable in its top-level navigable's tree as Chrome orders
// its frames: the creation counts of the navigables from the top-level document's child
// down to d's (none for a top-level document). Compared element by element, a prefix first
// (slices.Compare), the paths order documents as Blink walks its frame tree: each
// navigable's children in the order they were created, a child right after its parent, and
// a navigated iframe's new document where its old one was. (The spec orders the documents of
// "update the rendering" by their containers' tree order instead.)
func (d *Document) FramePath() []uint64 {
	var path []uint64
	for nav := d.parentNavigable; nav != nil && nav.container.doc != d; nav = nav.container.doc.parentNavigable {
		path = append(path, nav.created)
		d = nav.container.doc
	}
	slices.Reverse(path)
	return path
}
