// Package render turns a live x/net/html tree into pixels: a small CSS engine (the
// cascade, computed values, CSS transitions and animations, Web Animations), block and inline layout, painting in
// stacking order into an *image.RGBA with the Go fonts, and hit testing.
//
// It is pure Go and never mutates the tree it reads. The event loop drives it from its
// own goroutine in the order of the HTML "update the rendering" steps:
//
//	settled := e.UpdateAnimations(now) // advance transitions and animations; queue their events
//	events, _ := e.TakeAnimationEvents() // (settle settled's promises first) dispatch, in order
//	e.Style()                            // cascade if the DOM changed; start transitions and
//	                                     // CSS animations; apply the animated values
//	e.Layout()                           // box tree, geometry, display list, hit-test list
//	frame := e.Paint()                   // a frame the engine will not write again
//
// NeedsUpdate reports when all of that can be skipped. Each step returns at once when
// nothing it depends on changed. A forced synchronous layout (getBoundingClientRect in a
// script) is Style, Layout, then BoxOf. The window hands frames it stopped showing back
// with Recycle, so steady-state painting allocates nothing.
//
// Supported: inline style and <style> sheets (selectors through cascadia, specificity,
// !important), inheritance, display block/inline/inline-block/list-item/none, position
// static/relative/absolute/fixed, width/height and min-/max-width/height (px, %, em, vw/vh,
// box-sizing), margins with collapsing, padding, borders (solid; inset/outset drawn as form
// controls), colours, backgrounds (colour only, propagated to the canvas from html/body),
// img (replaced.go), fonts (Go, Go Bold, Go Mono for monospace), line-height, text-align,
// white-space, list markers, opacity, translate transforms, visibility, z-index, overflow
// clipping and scrolling, @media, and CSS transitions, CSS animations (@keyframes) and
// element.animate() of every engine longhand (interpolated by type, or discrete). Not
// supported: floats, flex and grid (laid out as blocks), tables, border-radius, background
// images, scrollbars, relative positioning and opacity on inline (non-atomic) elements,
// pointer-events.
package render
