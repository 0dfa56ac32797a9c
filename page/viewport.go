// Spec: CSSOM View Module, Editor's Draft 2025-09 (https://drafts.csswg.org/cssom-view/),
// for scrolling and the viewport. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package page

import "loopscope/dom"

// The seams between real input (input.go: the window and the actions file) and the
// viewport: scrolling as a default action, and the viewport following the window.

// scrollByWheel is a wheel event's default action (not canceled): scroll the nearest
// scrollable ancestor of target, or the document, by (dx, dy) CSS pixels.
//
// FIXME(spec): nothing scrolls yet.
func (p *Page) scrollByWheel(target *dom.Node, dx, dy float64) {}

// scrollByKey is the default action of a keydown that scrolls (the arrows, PageUp,
// PageDown, Home, End, Space) when nothing focused takes the key: target is the event's
// target.
//
// FIXME(spec): nothing scrolls yet.
func (p *Page) scrollByKey(target *dom.Node, key string) {}

// SetViewportSize resizes the viewport to w×h CSS pixels (the window was resized, or an
// actions file's resize): the page lays out again, and the resize steps of the next
// rendering update fire resize.
//
// FIXME(spec): the viewport keeps its first size.
func (p *Page) SetViewportSize(w, h int) {}
