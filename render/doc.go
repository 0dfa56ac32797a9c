// Package render turns a live x/net/html tree into pixels: a small CSS engine (the
// cascade, computed values, CSS transitions), block and inline layout, painting in
// stacking order into an *image.RGBA with the Go fonts, and hit testing.
//
// It is pure Go and never mutates the tree it reads. The event loop drives it from its
// own goroutine in the order of the HTML "update the rendering" steps:
// UpdateAnimations, Style, Layout, Paint.
package render
