// Spec: Intersection Observer, Editor's Draft 2025-06 (https://w3c.github.io/IntersectionObserver/),
// its processing model. Step numbers below are that draft's. Tags: FIXME(spec), DEPARTURE,
// CHROME (DESIGN.md).

package dom

import "math"

// RunTheUpdateIntersectionObservationsSteps is "run the update intersection observations
// steps" for the document at time (ms): it reports whether it queued an entry (whose task
// then runs after this rendering update).
// https://w3c.github.io/IntersectionObserver/#update-intersection-observations-algo
func (d *Document) RunTheUpdateIntersectionObservationsSteps(time float64) (queued bool) {
	r := d.realm
	if r == nil {
		return false
	}
	r.rs.observationsChanged = false
	defer func() { clear(r.rs.clipMemo) }() // valid for this update only (and keeps no node alive)
	// 1. "Let observer list be a list of all IntersectionObservers whose root is in the DOM
	// tree of document." DEPARTURE: those of document's window, whatever their root (an
	// iframe's observer with the implicit root is run with its own document's steps, which
	// come after the page's, against the page's viewport: rootWindow).
	// 2. "For each observer in observer list:"
	for _, o := range r.rs.intersectionObservers {
		if o.root != nil && !o.root.IsConnected() {
			continue
		}
		// 2.1. "Let rootBounds be observer's root intersection rectangle."
		rootBounds := o.rootWindow().rootIntersectionRectangle(o)
		// 2.2. "For each target in observer's internal [[ObservationTargets]] slot,
		// processed in the same order that observe() was called on each target:"
		for _, reg := range o.registrations {
			if !reg.removed && o.updateObservation(reg, rootBounds, time) {
				queued = true
			}
		}
	}
	return queued
}

// updateObservation is step 2.2's steps for one target: it queues an entry when the
// threshold crossed or isIntersecting changed.
func (o *IntersectionObserver) updateObservation(reg *intersectionObserverRegistration, rootBounds rect, time float64) bool {
	w := o.rootWindow()
	target := reg.target
	// 2.2.1-5. "Let thresholdIndex be 0", isIntersecting false, targetRect and
	// intersectionRect empty, intersectionRatio 0.
	thresholdIndex, isIntersecting := 0, false
	var targetRect, intersectionRect rect
	ratio := 0.0
	// A target in an iframe's document (same origin) has the geometry of its own document,
	// relative to its own viewport, as getBoundingClientRect gives it there.
	tw := w
	if target.doc != w.doc {
		tw = target.doc.window
	}
	var g Geometry
	rendered := false
	if tw != nil {
		g, rendered = tw.geometry(target)
	}
	// 2.2.6-7. "If the intersection root is not the implicit root, and target is not in the
	// same document as the intersection root", or "If the intersection root is an Element,
	// and target is not a descendant of the intersection root in the containing block
	// chain, skip to step 11."
	// CHROME: a target that is not rendered is skipped too; a skipped target's entry has an
	// empty rootBounds (and boundingClientRect), as Chrome gives it
	// (testdata/observers/io_containing_block).
	eligible := rendered && (o.root == nil && (tw == w || w.holdsFrameOf(tw)) || o.root != nil && tw == w && w.inContainingBlockChain(target, o.root))
	if !eligible {
		rootBounds = rect{}
	}
	if eligible {
		// 2.2.8. "Set targetRect to the DOMRectReadOnly obtained by getting the bounding box
		// for target."
		targetRect = rect{g.X, g.Y, g.Width, g.Height}
		// 2.2.9. "Let intersectionRect be the result of running the compute the
		// intersection algorithm on target and observer's intersection root."
		var ok bool
		if tw != w {
			intersectionRect, ok = w.computeTheIntersectionAcrossFrames(tw, target, targetRect, rootBounds)
		} else {
			intersectionRect, ok = w.computeTheIntersection(target, o.root, targetRect, rootBounds)
		}
		// 2.2.10-12. targetArea, intersectionArea; "Let isIntersecting be true if targetRect
		// and rootBounds intersect or are edge-adjacent, even if the intersection has zero
		// area".
		isIntersecting = ok
		targetArea := targetRect.w * targetRect.h
		switch {
		case targetArea != 0:
			ratio = intersectionRect.w * intersectionRect.h / targetArea
		case isIntersecting:
			ratio = 1
		}
		// CHROME: the ratio is a float (single precision) in Chrome's entries.
		ratio = float64(float32(ratio))
		// 2.2.13. "Let thresholdIndex be the index of the first entry in
		// observer.thresholds whose value is greater than intersectionRatio, or the length
		// of observer.thresholds if intersectionRatio is greater than or equal to the last
		// entry in observer.thresholds."
		if isIntersecting {
			for thresholdIndex < len(o.thresholds) && o.thresholds[thresholdIndex] <= ratio {
				thresholdIndex++
			}
		}
		// CHROME: a target whose ratio is under the smallest threshold is not intersecting
		// (its entry keeps the ratio and the rectangle it has).
		if thresholdIndex == 0 {
			isIntersecting = false
		}
	}
	// 2.2.14-16. The registration's previous threshold index and isIntersecting.
	// 2.2.17. "If thresholdIndex does not equal previousThresholdIndex or isIntersecting
	// does not equal previousIsIntersecting, queue an IntersectionObserverEntry".
	changed := thresholdIndex != reg.previousThresholdIndex || isIntersecting != reg.previousIsIntersecting
	if changed {
		o.queueAnIntersectionObserverEntry(&intersectionObserverEntry{
			time: time, rootBounds: rootBounds, hasRootBounds: true, boundingClientRect: targetRect,
			isect: intersectionRect, isIntersecting: isIntersecting, intersectionRatio: ratio, target: target,
		})
	}
	// 2.2.18-19. "Assign thresholdIndex to intersectionObserverRegistration's
	// previousThresholdIndex property", isIntersecting to previousIsIntersecting.
	reg.previousThresholdIndex, reg.previousIsIntersecting = thresholdIndex, isIntersecting
	return changed
}

// rootIntersectionRectangle is the observer's root intersection rectangle: the viewport
// for the implicit root, else the root's padding box when it clips its content and its
// border box when it does not; then grown by rootMargin.
// https://w3c.github.io/IntersectionObserver/#intersectionobserver-root-intersection-rectangle
func (w *Window) rootIntersectionRectangle(o *IntersectionObserver) rect {
	var r rect
	if o.root == nil {
		if w.layout != nil {
			r.w, r.h = w.layout.Viewport()
		}
	} else if g, ok := w.geometry(o.root); ok {
		r = rect{g.X, g.Y, g.Width, g.Height}
		if g.Clips {
			r = rect{g.X + g.Borders[3], g.Y + g.Borders[0], g.Width - g.Borders[1] - g.Borders[3], g.Height - g.Borders[0] - g.Borders[2]}
		}
	}
	// The rectangle "is then expanded according to the offsets in the IntersectionObserver's
	// [[rootMargin]] slot in a manner similar to CSS's margin property" (top, right, bottom,
	// left; positive lengths grow it). Percentages: of the width for left and right, of the
	// height for top and bottom, as Chrome resolves them (io_thresholds pins it).
	side := func(i int, size float64) float64 {
		m := o.rootMargin[i]
		if m.pct {
			return m.v * size / 100
		}
		return m.v
	}
	top, right, bottom, left := side(0, r.h), side(1, r.w), side(2, r.h), side(3, r.w)
	return rect{r.x - left, r.y - top, max(0, r.w+left+right), max(0, r.h+top+bottom)}
}

// computeTheIntersection is "compute the intersection" of target (its border box
// targetRect) with the root: the rectangle clipped by every ancestor up to the root that
// clips its content, then by rootBounds. ok is false when they do not intersect (touching
// edges intersect, with a zero area).
// https://w3c.github.io/IntersectionObserver/#compute-the-intersection
//
// DEPARTURE: the walk follows the parent chain, not the containing block chain (an
// absolutely positioned target inside a clipping ancestor that does not contain it is
// clipped by it here). FIXME(spec): clip-path.
func (w *Window) computeTheIntersection(target, root *Node, targetRect, rootBounds rect) (rect, bool) {
	// 1. "Let intersectionRect be the result of getting the bounding box for target."
	isect := targetRect
	// 2-3. "Let container be the containing block of target." "While container is not
	// root:" clip to the scrollport (padding box) of each container that clips.
	if p := target.Parent(); p != nil {
		clip, clipped, ok := w.accumulatedClip(p, root)
		if clipped {
			if !ok {
				return rect{}, false
			}
			if isect, ok = edgeInclusiveIntersection(isect, clip); !ok {
				return rect{}, false
			}
		}
	}
	// 4-6. Map to the root's coordinate space (the same: one viewport), intersect with the
	// root intersection rectangle, map to the viewport's.
	return edgeInclusiveIntersection(isect, rootBounds)
}

// rootWindow is the window of the observer's intersection root's document: the top-level
// document's for the implicit root ("the top-level browsing context's document node"), so
// that an observer of an iframe's window with no root sees its targets in the page's
// viewport, as Chrome's does.
// https://w3c.github.io/IntersectionObserver/#intersectionobserver-implicit-root
func (o *IntersectionObserver) rootWindow() *Window {
	w := o.realm.win
	if o.root == nil && w != nil {
		if top := w.doc.topDocument().window; top != nil {
			return top
		}
	}
	return w
}

// holdsFrameOf reports whether tw's document is in the frame tree below w's: an iframe's
// document, or one of its iframes', and so on.
func (w *Window) holdsFrameOf(tw *Window) bool {
	for d := tw.doc; d != nil; {
		c := d.Container()
		if c == nil {
			return false
		}
		if d = c.doc; d == w.doc {
			return true
		}
	}
	return false
}

// computeTheIntersectionAcrossFrames is "compute the intersection" for a target in tw's
// document, an iframe's below w's, with the implicit root: "If container is the root
// element of a navigable's document, ... update intersectionRect by clipping to the viewport
// of container's node document, and update container to be its container" (mapped into the
// iframe's parent's coordinates at each step: by the iframe's content box), the clips of the
// ancestors in each document, then the root intersection rectangle.
// https://w3c.github.io/IntersectionObserver/#compute-the-intersection
func (w *Window) computeTheIntersectionAcrossFrames(tw *Window, target *Node, targetRect, rootBounds rect) (rect, bool) {
	isect, cur, node := targetRect, tw, target
	var dx, dy float64 // the target's viewport's origin in w's
	clipBy := func(cw *Window, n *Node) bool {
		p := n.Parent()
		if p == nil {
			return true
		}
		clip, clipped, ok := cw.accumulatedClip(p, nil)
		if cw != w {
			clear(cw.doc.realm.rs.clipMemo) // (the memo is for w's update only)
		}
		if clipped {
			if !ok {
				return false
			}
			isect, ok = edgeInclusiveIntersection(isect, clip)
		}
		return ok
	}
	for cur != w {
		if !clipBy(cur, node) || cur.layout == nil {
			return rect{}, false
		}
		vw, vh := cur.layout.Viewport()
		var ok bool
		if isect, ok = edgeInclusiveIntersection(isect, rect{0, 0, vw, vh}); !ok {
			return rect{}, false
		}
		iframe := cur.doc.Container()
		if iframe == nil || iframe.doc.window == nil {
			return rect{}, false
		}
		pw := iframe.doc.window
		g, rendered := pw.geometry(iframe)
		if !rendered {
			return rect{}, false
		}
		ox, oy := g.X+g.Borders[3]+g.Padding[3], g.Y+g.Borders[0]+g.Padding[0]
		isect.x, isect.y, dx, dy = isect.x+ox, isect.y+oy, dx+ox, dy+oy
		cur, node = pw, iframe
	}
	if !clipBy(w, node) {
		return rect{}, false
	}
	isect, ok := edgeInclusiveIntersection(isect, rootBounds)
	if !ok {
		return rect{}, false
	}
	// 6. "Map intersectionRect to the coordinate space of the viewport of the document
	// containing target."
	isect.x, isect.y = isect.x-dx, isect.y-dy
	return isect, ok
}

// clipKey and clipEntry memoise accumulatedClip for one update of the intersection
// observations: a list of 1,000 targets shares its ancestors' clips.
type clipKey struct{ node, root *Node }

type clipEntry struct {
	r           rect
	clipped, ok bool
}

// accumulatedClip is the intersection of the padding boxes of c and its ancestors below
// root that clip their content: clipped is false when none does, ok false when their
// intersection is empty (not even touching).
func (w *Window) accumulatedClip(c, root *Node) (rect, bool, bool) {
	rs := &w.doc.realm.rs
	if rs.clipMemo == nil {
		rs.clipMemo = make(map[clipKey]clipEntry)
	}
	// Up to the root or to an ancestor already known (iterative: the tree may be deep),
	// then down again, each ancestor's clip the one above it intersected with its own.
	path := rs.clipPath[:0]
	acc := clipEntry{ok: true}
	for ; c != nil && c != root && c.kind == ElementNode; c = c.Parent() {
		if e, found := rs.clipMemo[clipKey{c, root}]; found {
			acc = e
			break
		}
		path = append(path, c)
	}
	for i := len(path) - 1; i >= 0; i-- {
		n := path[i]
		if g, rendered := w.geometry(n); rendered && g.Clips && (acc.ok || !acc.clipped) {
			own := rect{g.X + g.Borders[3], g.Y + g.Borders[0], g.Width - g.Borders[1] - g.Borders[3], g.Height - g.Borders[0] - g.Borders[2]}
			if acc.clipped {
				acc.r, acc.ok = edgeInclusiveIntersection(acc.r, own)
			} else {
				acc = clipEntry{own, true, true}
			}
		}
		rs.clipMemo[clipKey{n, root}] = acc
	}
	clear(path)
	rs.clipPath = path
	return acc.r, acc.clipped, acc.ok
}

// edgeInclusiveIntersection is the overlap of a and b; ok is false when they neither
// overlap nor touch.
func edgeInclusiveIntersection(a, b rect) (rect, bool) {
	x0, y0 := math.Max(a.x, b.x), math.Max(a.y, b.y)
	x1, y1 := math.Min(a.x+a.w, b.x+b.w), math.Min(a.y+a.h, b.y+b.h)
	if x1 < x0 || y1 < y0 {
		return rect{}, false
	}
	return rect{x0, y0, x1 - x0, y1 - y0}, true
}

// isAncestor reports whether a is an ancestor of n.
func isAncestor(a, n *Node) bool {
	for h := n.h.Parent; h != nil; h = h.Parent {
		if h == a.h {
			return true
		}
	}
	return false
}
