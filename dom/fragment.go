// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/links.html#following-hyperlinks,
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#navigate-fragid,
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#scroll-to-the-fragment-identifier).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"net/url"
	"strings"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// isHyperlink reports whether n is an <a> element with an href attribute (whose
// activation behaviour follows the hyperlink).
func (n *Node) isHyperlink() bool {
	return n.kind == ElementNode && n.h.Namespace == "" && n.h.Data == "a" && n.HasAttribute("href")
}

// followTheHyperlink is the <a> element's activation behaviour, for the one navigation
// loopscope does: to a fragment of the same document.
// FIXME(spec): a link to another document does nothing (loopscope does not navigate).
func (n *Node) followTheHyperlink() {
	// "If element has no href attribute, then return" (hasActivationBehavior checked it);
	// "If subject cannot navigate, then return": it is not connected.
	if !n.IsConnected() {
		return
	}
	href, _ := n.GetAttribute("href")
	ref, err := url.Parse(strings.TrimSpace(href))
	d := n.doc
	if err != nil || d.url == nil {
		return
	}
	target := d.url.ResolveReference(ref)
	// Navigate: "If url equals navigable's active document's URL with exclude fragments
	// set to true, and url's fragment is non-null": navigate to a fragment.
	here, there := *d.url, *target
	here.Fragment, here.RawFragment, there.Fragment, there.RawFragment = "", "", "", ""
	if here.String() != there.String() || !strings.Contains(href, "#") {
		return
	}
	d.navigateToFragment(target)
}

// navigateToFragment is "navigate to a fragment": the document's URL changes, the
// fragment is scrolled to, and hashchange is queued.
func (d *Document) navigateToFragment(u *url.URL) {
	old := d.urlStr
	// "Update document for history step application": the document's URL is url.
	d.url, d.urlStr = u, u.String()
	r := d.realm
	if r == nil {
		return
	}
	// CHROME: popstate fires at once, before the scroll (its listener reads the old scroll
	// position) and before click() returns (anchor_fragment_activation).
	pop := createEvent("popstate", kindPopStateEvent, EventInit{})
	pop.other().state = goja.Null()
	d.fireTrusted(d.window, pop, false)
	// "Scroll to the fragment given document."
	d.scrollToTheFragment()
	// "If the old URL's fragment differs: queue a global task on the DOM manipulation task
	// source given window to fire an event named hashchange at window, using
	// HashChangeEvent, with oldURL and newURL."
	if old == d.urlStr {
		return
	}
	newURL := d.urlStr
	r.host.QueueTask("dom-manipulation", func() {
		e := createEvent("hashchange", kindHashChangeEvent, EventInit{Bubbles: true})
		e.other().oldURL, e.other().newURL = old, newURL
		d.fireTrusted(d.window, e, false)
	})
}

// scrollToTheFragment scrolls the indicated part of the document into view: the element
// whose id is the fragment, else the <a> whose name is, else the top of the document for
// an empty fragment or "top". https://html.spec.whatwg.org/multipage/browsing-the-web.html#the-indicated-part-of-the-document
// FIXME(spec): the scroll is of the viewport only (not of the element's scroll containers)
// and keeps the horizontal position (inline "nearest" is not computed).
func (d *Document) scrollToTheFragment() {
	w := d.window
	if w == nil {
		return
	}
	s := w.scrolling()
	if s == nil {
		return
	}
	frag, err := url.PathUnescape(d.url.EscapedFragment())
	if err != nil {
		frag = d.url.Fragment
	}
	x, _ := s.ScrollPosition(nil)
	target := d.indicatedPart(frag)
	if target == nil {
		if frag == "" || strings.EqualFold(frag, "top") {
			s.ScrollTo(nil, x, 0)
		}
		return
	}
	// "Scroll target into view, with behavior "auto", block "start", and inline "nearest"."
	_, top, _, _ := w.borderBox(target)
	_, y := s.ScrollPosition(nil)
	s.ScrollTo(nil, x, y+top)
}

// indicatedPart returns the element the fragment indicates, or nil.
func (d *Document) indicatedPart(frag string) *Node {
	if frag == "" {
		return nil
	}
	if n := d.GetElementByID(frag); n != nil {
		return n
	}
	for c := range d.node.h.Descendants() {
		if c.Type == html.ElementNode && c.Data == "a" && c.Namespace == "" {
			for _, a := range c.Attr {
				if a.Key == "name" && a.Namespace == "" && a.Val == frag {
					return d.NodeFor(c)
				}
			}
		}
	}
	return nil
}

// installHistoryEvents defines HashChangeEvent and PopStateEvent.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#the-hashchangeevent-interface
func (r *realm) installHistoryEvents(ev *webidl.Interface) {
	hc := r.idl.DefineInterface("HashChangeEvent", ev, 1, r.eventCtor("HashChangeEvent", kindHashChangeEvent, func(e *Event, dict goja.Value, _ string) {
		e.other().oldURL, e.other().newURL = dictString(dict, "oldURL", ""), dictString(dict, "newURL", "")
	}))
	m := webidl.On(hc, r.thisEvent)
	m.Getter("oldURL", func(e *Event) goja.Value { return r.str(e.other().oldURL) })
	m.Getter("newURL", func(e *Event) goja.Value { return r.str(e.other().newURL) })
	ps := r.idl.DefineInterface("PopStateEvent", ev, 1, r.eventCtor("PopStateEvent", kindPopStateEvent, func(e *Event, dict goja.Value, _ string) {
		e.other().state = dictGet(dict, "state")
	}))
	webidl.On(ps, r.thisEvent).Getter("state", func(e *Event) goja.Value {
		if e.other().state == nil || goja.IsUndefined(e.other().state) {
			return goja.Null()
		}
		return e.other().state
	})
}
