package page

// Spec: HTML Living Standard, 2026-11-01: §7.4.2.2 "navigate" (the fetch of an iframe's
// document, in a task of the networking task source), §7.5.1 "load a document" for HTML
// (the parser and "the end", as for the top-level document: page.go's queueLoading),
// §7.5 "completely finish loading".
// https://html.spec.whatwg.org/multipage/browsing-the-web.html#navigate

import (
	"loopscope/dom"
	"loopscope/loop"
)

// navigator loads the documents the page's iframes navigate to: a file inside the page's
// folder (as its external scripts), about:blank, or a srcdoc.
type navigator struct{ p *Page }

// Navigate fetches the document in a task (Chrome commits a file: iframe's document after
// the task that set its src has ended, never inside it), parses it, commits it in a new
// window and queues its loading as the top-level document's; the iframe's load event
// follows the document's own.
func (nv navigator) Navigate(n *dom.Navigation) {
	p := nv.p
	p.Loop.QueueTask(loop.SourceNetworking, "navigate "+shorten(n.URL), func() {
		if !n.Current() {
			return
		}
		src, err := nv.fetch(n)
		if err != nil {
			n.Fail(err)
			return
		}
		doc, parser, err := dom.ParseDocumentIncrementally(src, n.URL)
		if err != nil {
			n.Fail(err)
			return
		}
		win, realm, err := n.Commit(doc)
		if err != nil {
			n.Fail(err)
			return
		}
		doc.SetResourceLoader(p.readImage)
		ld := &documentLoad{doc: doc, parser: parser, win: win, realm: realm}
		ld.loaded = func() { p.fireChildLoad(ld, n) }
		p.queueLoading(src, ld)
	})
}

// fetch reads the navigation's response body.
func (nv navigator) fetch(n *dom.Navigation) ([]byte, error) {
	switch {
	case n.IsSrcdoc:
		return []byte(n.Srcdoc), nil
	case n.URL == "about:blank":
		return nil, nil
	}
	return nv.p.readLocal(n.URL, "documents", "document", MaxPageBytes, true)
}

// fireChildLoad is an iframe document's load task: readyState complete, load at its
// window, then "completely finish loading" (the iframe's load event, in a task).
func (p *Page) fireChildLoad(ld *documentLoad, n *dom.Navigation) {
	ld.doc.SetReadyState("complete")
	ld.doc.FireLoad()
	p.updateStyleOf(ld.doc)
	n.CompletelyFinishLoading()
}
