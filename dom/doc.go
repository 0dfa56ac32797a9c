// Package dom is loopscope's DOM: the node tree, parsing and serialization, selectors,
// events and their dispatch, MutationObserver, legacy mutation events, inline style, and
// the goja bindings that expose it all to page scripts as Chrome does.
//
// The live tree is an x/net/html tree: every Node owns an *html.Node whose links, type,
// name, attributes (the style attribute included) and text are always accurate, so the
// renderer and cascadia read it directly. DOM-only state (listeners, registered
// observers, the JS wrapper) lives in the Node, found through Document.NodeFor.
//
// The package never imports the event loop: it talks to it through Host. Listeners and
// observer callbacks are called with Host.Call (a microtask checkpoint follows a call made
// from an empty JS stack), host microtasks are queued with Host.QueueMicrotask, and
// exceptions go to Host.ReportException.
//
// Typical use by the page loader:
//
//	doc, parser, _ := dom.ParseDocumentIncrementally(src, url)
//	win, _ := dom.Install(loop, doc, dom.Options{MutationEvents: mode == "mutation-events"})
//	for _, s := range parser.Scripts() { parser.InsertThrough(s.Node); checkpoint; run it }
//	parser.Finish()
//	doc.SetReadyState("interactive"); doc.FireDOMContentLoaded()
//	doc.SetReadyState("complete"); doc.FireLoad()
//
// and for a real click (two user-interaction tasks):
//
//	down, up := dom.RealClickEvents(x, y)
//	for _, e := range down { doc.DispatchTrusted(target, e) } // task 1
//	for _, e := range up { doc.DispatchTrusted(target, e) }   // task 2
package dom
