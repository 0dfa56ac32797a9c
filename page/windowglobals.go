package page

import (
	"github.com/dop251/goja"

	"loopscope/dom"
)

// installWindowGlobals gives an iframe's window, installed by dom in realm, the event loop's
// globals the top-level window has from loop, agent and idle (timers, animation frames,
// queueMicrotask, console, performance, requestIdleCallback), each of its own (dom.Options'
// WindowGlobals).
func (p *Page) installWindowGlobals(w *dom.Window, realm *goja.Realm) {
	p.Loop.InstallWindowGlobals(realm, w.Document(), w, w.TimeOrigin())
	p.Idle.InstallWindow(realm, w.Document())
	p.newChildFrame(w) // its rendering (iframes.go)
}
