package dom

// FullyActive reports whether the window's document is fully active: not a removed
// iframe's. The host's callbacks of a window that is not do not run (agent.ScriptsMayRun:
// HTML "check if we can run script").
// https://html.spec.whatwg.org/multipage/document-sequences.html#fully-active
func (w *Window) FullyActive() bool { return w.doc.fullyActive() }
