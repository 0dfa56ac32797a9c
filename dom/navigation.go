package dom

// Spec: HTML Living Standard, 2026-11-01: §7.4.2.2 "Beginning navigation" (navigate an
// iframe's content navigable to a URL or to its srcdoc), §7.5.1 "Shared document creation
// infrastructure" (the new Document and its Window in a new realm), §7.5 "completely
// finish loading", §8.1.7.1 "delay the load event", §4.8.5 the iframe's load event steps.
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#navigate
//
// The DOM decides when an iframe navigates and what a navigation commits; the page
// (Navigator) fetches the document, parses it and runs its loading tasks, as it does for
// the top-level document, in the new window's realm.
//
// FIXME(spec): a navigation replaces the iframe's window and contentWindow with new
// objects (there is no WindowProxy in front of them: Chrome's contentWindow stays the same
// object); the old document gets no pagehide or unload; no session history (history.length
// stays, back() does nothing); fragment navigations and javascript: URLs are not done.

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"

	"github.com/dop251/goja"
)

// Navigator loads the documents that iframes navigate to (the page implements it).
type Navigator interface {
	// Navigate is called, inside the task or script that started it, when an iframe
	// navigates: it fetches n.URL (or takes n.Srcdoc), and then, in a task, commits the
	// document (n.Commit), runs its loading, and calls n.CompletelyFinishLoading after its
	// load event (or n.Fail when the fetch failed). It drops n when n.Current is false.
	Navigate(n *Navigation)
}

// Navigation is an iframe's navigation under way.
type Navigation struct {
	URL      string // the URL navigated to ("about:srcdoc" for a srcdoc)
	Src      string // the src attribute as written ("" for a srcdoc)
	Srcdoc   string // the srcdoc attribute's value, when IsSrcdoc
	IsSrcdoc bool

	nav    *childNavigable
	parent *Document // the iframe's node document
	id     uint64
}

// Current reports whether n is still its navigable's ongoing navigation: a later one, the
// iframe's removal or its parent document's navigation away drop it.
func (n *Navigation) Current() bool {
	return n.nav.ongoing == n.id && n.parent.navigables[n.nav.container.h] == n.nav && n.parent.fullyActive()
}

// Commit makes doc (parsed from the response) the navigable's active document, with a new
// Window in a new realm of the agent, and returns the window and its realm. The document it
// replaces loses its browsing context (its window's parent is null, its own iframes'
// navigables are destroyed).
// https://html.spec.whatwg.org/multipage/document-lifecycle.html#initialise-the-document-object
func (n *Navigation) Commit(doc *Document) (*Window, *goja.Realm, error) {
	if !n.Current() {
		return nil, nil, errors.New("dom: the navigation was replaced or its iframe removed")
	}
	if n.IsSrcdoc {
		// "about:srcdoc": its fallback base URL is its container's document's base URL.
		doc.baseOverride = n.parent.baseURL()
	}
	old := n.nav.doc
	top := n.parent.topDocument()
	for ch, inner := range old.navigables {
		old.destroyAChildNavigable(ch, inner, top)
	}
	old.parentNavigable = nil
	n.nav.doc = doc
	doc.parentNavigable = n.nav
	w, realm, err := n.parent.realm.newChildWindow(doc)
	if err != nil {
		return nil, nil, err
	}
	n.parent.realm.childNavigablesChanged() // window[i] is the new window
	return w, realm, nil
}

// Fail ends a navigation whose fetch failed, with a console error line (loopscope's
// wording of the network error Chrome's console shows). DEPARTURE: Chrome commits an error
// page (a cross-origin document: contentDocument is null); the iframe keeps the document
// it had. Its load event fires, as Chrome's does for an error page.
func (n *Navigation) Fail(err error) {
	if !n.Current() {
		return
	}
	what := fmt.Sprintf("%q", n.Src)
	if n.IsSrcdoc {
		what = "srcdoc"
	}
	n.parent.realm.reportException(fmt.Errorf("Failed to load iframe %s: %w", what, err))
	n.CompletelyFinishLoading()
}

// CompletelyFinishLoading is "completely finish loading" of the navigation's document, the
// page's last step after its load event: "If container is an iframe element, then queue an
// element task on the DOM manipulation task source given container to run the iframe load
// event steps given container." The iframe's load ends the delay of its document's load
// event.
// https://html.spec.whatwg.org/multipage/document-lifecycle.html#completely-finish-loading
func (n *Navigation) CompletelyFinishLoading() {
	if !n.Current() {
		return
	}
	n.parent.realm.host.QueueTask("dom-manipulation", func() {
		if !n.Current() {
			return
		}
		n.parent.iframeLoadEventSteps(n.nav.container)
		if n.nav.ongoing == n.id {
			n.nav.ongoing = 0 // not a later navigation started by a load listener
			n.parent.loadDelayMayHaveEnded()
		}
	})
}

// navigate starts navigating element's content navigable to u, or to its srcdoc: the
// navigation delays the load event of element's document until the iframe's load event.
func (d *Document) navigate(element *Node, u, src, srcdoc string, isSrcdoc bool) {
	nav := d.navigables[element.h]
	if nav == nil || d.realm.opts.Navigator == nil {
		return // FIXME(spec): a DOM without a page (tests of package dom) does not navigate
	}
	nav.navigations++
	nav.ongoing = nav.navigations
	d.realm.opts.Navigator.Navigate(&Navigation{URL: u, Src: src, Srcdoc: srcdoc, IsSrcdoc: isSrcdoc, nav: nav, parent: d,
		id: nav.ongoing})
}

// LoadEventDelayed reports whether something delays d's load event: an iframe whose
// navigation has not reached its load event.
// https://html.spec.whatwg.org/multipage/parsing.html#delay-the-load-event
func (d *Document) LoadEventDelayed() bool {
	for _, nav := range d.navigables {
		if nav.ongoing != 0 {
			return true
		}
	}
	return false
}

// AfterLoadEventDelay calls f once nothing delays d's load event (at once when nothing
// does): "the end" step 7, "Spin the event loop until ... nothing ... delays the load
// event in the Document".
// https://html.spec.whatwg.org/multipage/parsing.html#the-end
func (d *Document) AfterLoadEventDelay(f func()) {
	if !d.LoadEventDelayed() {
		f()
		return
	}
	d.afterLoadDelay = f
}

// loadDelayMayHaveEnded runs the step waiting for the delay, once it has ended.
func (d *Document) loadDelayMayHaveEnded() {
	if f := d.afterLoadDelay; f != nil && !d.LoadEventDelayed() {
		d.afterLoadDelay = nil
		f()
	}
}

// FullyActive reports whether d is a fully active document (see fullyActive): the loading
// tasks of a document whose iframe was removed do not run.
func (d *Document) FullyActive() bool { return d.fullyActive() }

// FullyActive reports whether the window's document is fully active: not a removed
// iframe's. The host's callbacks of a window that is not do not run (agent.ScriptsMayRun:
// HTML "check if we can run script").
// https://html.spec.whatwg.org/multipage/document-sequences.html#fully-active
func (w *Window) FullyActive() bool { return w.doc.fullyActive() }

// baseURL is the document's base URL: its URL, or for a srcdoc document its container
// document's. FIXME(spec): no <base href>.
// https://html.spec.whatwg.org/multipage/urls-and-fetching.html#document-base-url
func (d *Document) baseURL() *url.URL {
	if d.baseOverride != nil {
		return d.baseOverride
	}
	return d.url
}

// newChildWindow installs doc's window in a new realm of r's agent, as a child of r's
// window.
func (r *realm) newChildWindow(doc *Document) (w *Window, realm *goja.Realm, err error) {
	r.rt.NewRealm().Do(func() {
		realm = r.rt.CurrentRealm()
		w, err = installWindowRealm(r.host, doc, Options{MutationEvents: r.opts.MutationEvents, Navigator: r.opts.Navigator,
			WindowGlobals: r.opts.WindowGlobals}, r)
	})
	return w, realm, err
}

// exceptionsAt is a Host that reports an exception at a given global object (the loop's
// agent.ReportExceptionAt).
type exceptionsAt interface {
	ReportExceptionAt(target interface {
		FireError(message, filename string, lineno, colno int, errVal goja.Value) (canceled bool)
	}, err error)
}

// reportException is "report an exception" for a script or callback of r's global: an
// iframe's window's error event is its own, not the top-level window's.
// https://html.spec.whatwg.org/multipage/webappapis.html#report-an-exception
func (r *realm) reportException(err error) {
	if h, ok := r.host.(exceptionsAt); ok && r.parent != nil {
		h.ReportExceptionAt(r.win, err)
		return
	}
	r.host.ReportException(err)
}

// childNavigablesChanged updates the window's indexed properties, window[i] for each
// document-tree child navigable's window: "the WindowProxy's [[GetOwnProperty]]: If P is an
// array index property name, ... return PropertyDescriptor{ [[Value]]: value,
// [[Writable]]: false, [[Enumerable]]: true, [[Configurable]]: true }". DEPARTURE: they are
// own data properties of the global object, redefined when the navigables change, not
// answers of a WindowProxy's internal methods (a script can delete one; Chrome's come
// back).
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#windowproxy-getownproperty
func (r *realm) childNavigablesChanged() {
	if r.global == nil {
		return
	}
	navs := r.doc.documentTreeChildNavigables()
	for i, nav := range navs {
		var v goja.Value = goja.Undefined()
		if nav.doc.realm != nil {
			v = nav.doc.realm.global
		}
		_ = r.global.DefineDataProperty(strconv.Itoa(i), v, goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
	for i := len(navs); i < r.indexedFrames; i++ {
		_ = r.global.Delete(strconv.Itoa(i))
	}
	r.indexedFrames = len(navs)
}

// targetName is the name of r's window: its navigable's target name for an iframe's
// window, else the top-level window's own.
func (r *realm) targetName() *string {
	if nav := r.doc.parentNavigable; nav != nil {
		return &nav.targetName
	}
	return &r.topName
}

// namedChildNavigable is the first document-tree child navigable whose target name is
// name: "the document-tree child navigable target name property set" of named access on
// the window comes before its elements.
// https://html.spec.whatwg.org/multipage/nav-history-apis.html#named-access-on-the-window-object
func (r *realm) namedChildNavigable(name string) *childNavigable {
	if name == "" || len(r.doc.navigables) == 0 {
		return nil
	}
	for _, nav := range r.doc.documentTreeChildNavigables() {
		if nav.targetName == name && nav.doc.realm != nil {
			return nav
		}
	}
	return nil
}
