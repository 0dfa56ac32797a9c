// Spec: Resize Observer, Editor's Draft 2025-06 (https://drafts.csswg.org/resize-observer/).
// Step numbers below are that draft's. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/dop251/goja"
)

// ObserverLayout is what ResizeObserver and IntersectionObserver need from the layout beyond
// Layout: the renderer's layout implements it too (without it, no element has a box).
type ObserverLayout interface {
	// Geometry returns element n's boxes from the last layout (the rendering update has just
	// laid the page out): ok is false when n has no box.
	Geometry(n *Node) (g Geometry, ok bool)
	// InContainingBlockChain reports whether ancestor is on n's containing block chain in
	// the last layout (false when n has no box).
	InContainingBlockChain(n, ancestor *Node) bool
}

// Geometry is an element's box: its border box in viewport CSS pixels, its border and
// padding widths (top, right, bottom, left), whether it clips its content (overflow other
// than visible) and whether it is a non-atomic inline box.
type Geometry struct {
	X, Y, Width, Height float64
	Borders, Padding    [4]float64
	Clips, Inline       bool
}

// resizeObserverBox is ResizeObserverBoxOptions.
type resizeObserverBox uint8

const (
	contentBox resizeObserverBox = iota
	borderBox
	devicePixelContentBox
)

var resizeObserverBoxNames = []string{"content-box", "border-box", "device-pixel-content-box"}

// resizeObserverSize is a ResizeObserverSize. https://drafts.csswg.org/resize-observer/#resizeobserversize
type resizeObserverSize struct{ inline, block float64 }

// ResizeObserver is a ResizeObserver. https://drafts.csswg.org/resize-observer/#resize-observer-interface
type ResizeObserver struct {
	realm         *realm
	callback      goja.Callable
	callbackValue goja.Value // the function, for the trace's name
	obj           *goja.Object
	seq           uint64 // creation order: document.[[resizeObservers]] is in that order

	observationTargets []*resizeObservation
	// observing maps the targets to their observations (observe and unobserve are O(1));
	// an unobserved observation stays in observationTargets, removed, until there are as
	// many removed as not (removing 100,000 targets one by one is not quadratic).
	observing      map[*Node]*resizeObservation
	removed        int
	activeTargets  []*resizeObservation
	skippedTargets []*resizeObservation
}

// resizeObservation is a ResizeObservation. lastReportedSize is lastReportedSizes[0] (there
// is one fragment per box here).
// https://drafts.csswg.org/resize-observer/#resize-observation-interface
type resizeObservation struct {
	target           *Node
	observedBox      resizeObserverBox
	lastReportedSize resizeObserverSize
	reported         bool // CHROME: see isActive
	removed          bool // unobserved (see ResizeObserver.observing)
}

// resizeObserverEntry is a ResizeObserverEntry, its sizes computed when it was created.
// https://drafts.csswg.org/resize-observer/#resize-observer-entry-interface
type resizeObserverEntry struct {
	target                         *Node
	contentRect                    [4]float64 // x, y, width, height
	border, content, devicePixel   resizeObserverSize
	rectObj, borderObj, contentObj goja.Value
	devicePixelObj                 goja.Value
}

// observe is observe(target, options). https://drafts.csswg.org/resize-observer/#dom-resizeobserver-observe
func (o *ResizeObserver) observe(target *Node, box resizeObserverBox) {
	// CHROME: observing a target again with the same box changes nothing (no new first
	// notification); with another box it is a new observation, as the spec has it.
	if ob := o.observing[target]; ob != nil && ob.observedBox == box {
		return
	}
	// 1. "If target is in [[observationTargets]] slot, call unobserve() with this and target."
	o.unobserve(target)
	// 2-4. A new ResizeObservation for observedBox, added to [[observationTargets]].
	ob := &resizeObservation{target: target, observedBox: box}
	o.observationTargets = append(o.observationTargets, ob)
	if o.observing == nil {
		o.observing = make(map[*Node]*resizeObservation)
	}
	o.observing[target] = ob
	o.realm.addResizeObserver(o)
	o.realm.rs.observationsChanged = true // the next rendering update gathers it
}

// unobserve is unobserve(target). https://drafts.csswg.org/resize-observer/#dom-resizeobserver-unobserve
func (o *ResizeObserver) unobserve(target *Node) {
	// 1-3. Remove the observation whose target is target, if there is one.
	ob := o.observing[target]
	if ob == nil {
		return
	}
	delete(o.observing, target)
	ob.removed = true // the active and skipped lists skip it too
	o.removed++
	if len(o.observing) == 0 {
		o.disconnect()
		return
	}
	if o.removed > len(o.observing) {
		o.observationTargets = slices.DeleteFunc(o.observationTargets, func(ob *resizeObservation) bool { return ob.removed })
		o.removed = 0
	}
}

// disconnect is disconnect(). https://drafts.csswg.org/resize-observer/#dom-resizeobserver-disconnect
func (o *ResizeObserver) disconnect() {
	// 1. "Clear the [[observationTargets]] list." 2. "Clear the [[activeTargets]] list."
	for _, ob := range o.observationTargets {
		ob.removed = true // a broadcast in progress skips them
	}
	o.observationTargets, o.activeTargets, o.skippedTargets, o.observing, o.removed = nil, nil, nil, nil, 0
	o.realm.removeResizeObserver(o)
}

// DEPARTURE: document.[[resizeObservers]] holds only the observers that observe something
// (in creation order, as the spec's list): an observer with no target takes no part in
// the steps, and one the page dropped can be collected.
func (r *realm) addResizeObserver(o *ResizeObserver) {
	i, found := slices.BinarySearchFunc(r.rs.resizeObservers, o.seq, func(x *ResizeObserver, seq uint64) int { return cmp.Compare(x.seq, seq) })
	if !found {
		r.rs.resizeObservers = slices.Insert(r.rs.resizeObservers, i, o)
	}
}

func (r *realm) removeResizeObserver(o *ResizeObserver) {
	r.rs.resizeObservers = slices.DeleteFunc(r.rs.resizeObservers, func(x *ResizeObserver) bool { return x == o })
}

// isActive is ResizeObservation's isActive().
// https://drafts.csswg.org/resize-observer/#dom-resizeobservation-isactive
//
// CHROME: a new observation is active whatever its size (Chrome's last reported size starts
// out invalid), so a hidden or 0×0 target gets a first notification too; the spec's
// lastReportedSizes start at 0×0, which would skip it.
func (ob *resizeObservation) isActive(w *Window) bool {
	// 1. "Set currentSize by calculate box size given target and observedBox."
	current := w.calculateBoxSize(ob.target, ob.observedBox)
	// 2-3. "Return true if currentSize is not equal to the first entry in
	// this.lastReportedSizes."
	return !ob.reported || current != ob.lastReportedSize
}

// geometry is the target's boxes (zero when it has none), from its own document's layout
// (an observer of the page may observe an element of an iframe's document).
func (w *Window) geometry(n *Node) (Geometry, bool) {
	if n.doc != w.doc && n.doc.window != nil {
		w = n.doc.window
	}
	ol, ok := w.layout.(ObserverLayout)
	if !ok || n.kind != ElementNode || !n.IsConnected() {
		return Geometry{}, false
	}
	return ol.Geometry(n)
}

// inContainingBlockChain reports whether root is on target's containing block chain (an
// absolutely positioned target skips the ancestors that are not positioned).
func (w *Window) inContainingBlockChain(target, root *Node) bool {
	ol, ok := w.layout.(ObserverLayout)
	return ok && isAncestor(root, target) && ol.InContainingBlockChain(target, root)
}

// contentBoxOf is the target's content box: its offset in the border box and its size
// (zero for an element that is not rendered or a non-atomic inline one).
// (SVG elements without a CSS box: svgBoundingBox.)
func contentBoxOf(g Geometry, ok bool) (x, y, w, h float64) {
	if !ok || g.Inline {
		return 0, 0, 0, 0
	}
	x, y = g.Borders[3]+g.Padding[3], g.Borders[0]+g.Padding[0]
	w = max(0, g.Width-x-g.Borders[1]-g.Padding[1])
	h = max(0, g.Height-y-g.Borders[2]-g.Padding[2])
	return x, y, w, h
}

// calculateBoxSize is "calculate box size, given target and observed box".
// https://drafts.csswg.org/resize-observer/#calculate-box-size
// FIXME(spec): vertical writing modes (inline size is always the width here).
func (w *Window) calculateBoxSize(n *Node, box resizeObserverBox) resizeObserverSize {
	// "If target is an SVGGraphicsElement that does not have an associated CSS layout box":
	// its bounding box's size, for every observed box (device pixels: times the ratio).
	if bb, ok := svgBoundingBox(n); ok {
		if !n.IsConnected() {
			return resizeObserverSize{}
		}
		if box == devicePixelContentBox {
			return resizeObserverSize{math.Round(bb.w * devicePixelRatio), math.Round(bb.h * devicePixelRatio)}
		}
		return resizeObserverSize{bb.w, bb.h}
	}
	g, ok := w.geometry(n)
	if !ok || g.Inline {
		return resizeObserverSize{}
	}
	switch box {
	case borderBox:
		return resizeObserverSize{g.Width, g.Height}
	case devicePixelContentBox:
		_, _, cw, ch := contentBoxOf(g, ok)
		return resizeObserverSize{math.Round(cw * devicePixelRatio), math.Round(ch * devicePixelRatio)}
	}
	_, _, cw, ch := contentBoxOf(g, ok)
	return resizeObserverSize{cw, ch}
}

// devicePixelRatio is window.devicePixelRatio (the page is drawn at one device pixel per
// CSS pixel).
const devicePixelRatio = 1

// maxBroadcastsPerUpdate bounds the broadcasts of one rendering update (see
// GatherActiveResizeObservationsAtDepth).
const maxBroadcastsPerUpdate = 64

// calculateDepthForNode is "calculate depth for node": the number of nodes on the path from
// node to the root of its (flat) tree, the document excluded (the root element is 1).
// https://drafts.csswg.org/resize-observer/#calculate-depth-for-node
func calculateDepthForNode(n *Node) int {
	d := 0
	for h := n.h; h != nil && h.Type != 2; /* html.DocumentNode */ h = h.Parent {
		d++
	}
	return d
}

// GatherActiveResizeObservationsAtDepth is "gather active resize observations at depth".
// https://drafts.csswg.org/resize-observer/#gather-active-observations-h
func (d *Document) GatherActiveResizeObservationsAtDepth(depth int) {
	r := d.realm
	if r == nil {
		return
	}
	if depth == 0 {
		r.rs.broadcasts = 0 // step 16's first gather: a new rendering update
	}
	// DEPARTURE: a callback that observes a new, deeper element each time would keep the
	// loop going forever within one update (the depth rule bounds only the tree there is):
	// after maxBroadcastsPerUpdate broadcasts every active observation counts as skipped, so
	// the loop error is delivered and the rest waits for the next frame.
	limit := r.rs.broadcasts >= maxBroadcastsPerUpdate
	if limit && !r.rs.broadcastsWarned {
		r.rs.broadcastsWarned = true // once a page: it may do it every frame
		r.consoleMessage("warn", fmt.Sprintf("ResizeObserver: %d broadcasts in one rendering update; the observations left wait for the next frame.", maxBroadcastsPerUpdate))
	}
	// 1. "Let depth be the depth passed in." 2. "For each observer in [[resizeObservers]]
	// run these steps:"
	for _, o := range r.rs.resizeObservers {
		// 2.1. "Clear observer's [[activeTargets]], and [[skippedTargets]]."
		o.activeTargets, o.skippedTargets = o.activeTargets[:0], o.skippedTargets[:0]
		// 2.2. "For each observation in observer.[[observationTargets]] run this step:"
		for _, ob := range o.observationTargets {
			// 2.2.1. "If observation.isActive() is true"
			if ob.removed || !ob.isActive(d.window) {
				continue
			}
			// 2.2.1.1-3. Active when deeper than depth, else skipped.
			if !limit && calculateDepthForNode(ob.target) > depth {
				o.activeTargets = append(o.activeTargets, ob)
			} else {
				o.skippedTargets = append(o.skippedTargets, ob)
			}
		}
	}
}

// HasActiveResizeObservations is "has active resize observations".
// https://drafts.csswg.org/resize-observer/#has-active-observations-h
func (d *Document) HasActiveResizeObservations() bool {
	return d.realm != nil && slices.ContainsFunc(d.realm.rs.resizeObservers, func(o *ResizeObserver) bool { return len(o.activeTargets) > 0 })
}

// HasSkippedResizeObservations is "has skipped resize observations".
// https://drafts.csswg.org/resize-observer/#has-skipped-observations-h
func (d *Document) HasSkippedResizeObservations() bool {
	return d.realm != nil && slices.ContainsFunc(d.realm.rs.resizeObservers, func(o *ResizeObserver) bool { return len(o.skippedTargets) > 0 })
}

// BroadcastActiveResizeObservations is "broadcast active resize observations": it calls
// back every observer with active targets and returns the shallowest depth it reported.
// https://drafts.csswg.org/resize-observer/#broadcast-active-resize-observations
func (d *Document) BroadcastActiveResizeObservations() int {
	r := d.realm
	// 1. "Let shallowestTargetDepth be ∞"
	shallowest := math.MaxInt
	if r == nil {
		return shallowest
	}
	r.rs.broadcasts++
	// 2. "For each observer in document.[[resizeObservers]] run these steps:" (a callback
	// may disconnect or create observers: walk a copy)
	for _, o := range slices.Clone(r.rs.resizeObservers) {
		// 2.1. "If observer.[[activeTargets]] slot is empty, continue."
		if len(o.activeTargets) == 0 {
			continue
		}
		// 2.2. "Let entries be an empty list of ResizeObserverEntryies."
		entries := make([]*resizeObserverEntry, 0, len(o.activeTargets))
		// 2.3. "For each observation in [[activeTargets]] perform these steps:"
		for _, ob := range o.activeTargets {
			if ob.removed {
				continue // unobserved by an earlier callback of this broadcast
			}
			// 2.3.1-2. Create and populate an entry for observation.target; add it.
			e := d.window.createAndPopulateResizeObserverEntry(ob.target)
			entries = append(entries, e)
			// 2.3.3. "Set observation.lastReportedSizes to matching entry sizes."
			switch ob.observedBox {
			case borderBox:
				ob.lastReportedSize = e.border
			case devicePixelContentBox:
				ob.lastReportedSize = e.devicePixel
			default:
				ob.lastReportedSize = e.content
			}
			ob.reported = true
			// 2.3.4-5. The shallowest target depth.
			shallowest = min(shallowest, calculateDepthForNode(ob.target))
		}
		// 2.5. "Clear observer.[[activeTargets]]." (before the callback here: a callback
		// that throws or is interrupted leaves none behind)
		o.activeTargets = o.activeTargets[:0]
		if len(entries) == 0 {
			continue
		}
		// 2.4. "Invoke observer.[[callback]] with entries as the first argument and observer
		// as the second argument and callback this value. If this throws an exception,
		// report the exception."
		r.invokeAndReport("ResizeObserver", o.callback, o.callbackValue, o.obj, r.wrapResizeObserverEntries(entries), o.obj)
	}
	// 3. "Return shallowestTargetDepth."
	return shallowest
}

// createAndPopulateResizeObserverEntry is "create and populate a ResizeObserverEntry".
// https://drafts.csswg.org/resize-observer/#create-and-populate-resizeobserverentry-h
func (w *Window) createAndPopulateResizeObserverEntry(target *Node) *resizeObserverEntry {
	// 1-4. The three sizes, each a list of one fragment's size.
	e := &resizeObserverEntry{
		target:      target,
		border:      w.calculateBoxSize(target, borderBox),
		content:     w.calculateBoxSize(target, contentBox),
		devicePixel: w.calculateBoxSize(target, devicePixelContentBox),
	}
	// 5-7. contentRect: the content box's size; its x and y are the padding's left and top,
	// "If target is not an SVG element or target is an SVG element with an associated CSS
	// layout box" (else 0).
	if _, svg := svgBoundingBox(target); svg {
		e.contentRect = [4]float64{0, 0, e.content.inline, e.content.block}
		return e
	}
	g, ok := w.geometry(target)
	_, _, cw, ch := contentBoxOf(g, ok)
	if ok && !g.Inline {
		e.contentRect = [4]float64{g.Padding[3], g.Padding[0], cw, ch}
	}
	return e
}

// resizeLoopErrorMessage is the message of the resize loop error.
const resizeLoopErrorMessage = "ResizeObserver loop completed with undelivered notifications."

// DeliverResizeLoopError is "deliver resize loop error notification".
// https://drafts.csswg.org/resize-observer/#deliver-resize-error
//
// CHROME: the ErrorEvent names the document's URL with line and column 0, its error is
// null, and nothing is printed to the console (Chrome reports it to the page only).
func (d *Document) DeliverResizeLoopError() {
	if d.realm == nil {
		return
	}
	// 1-4. "Create a new ErrorEvent called event", message "ResizeObserver loop completed
	// with undelivered notifications.", "Report the exception event."
	d.window.FireError(resizeLoopErrorMessage, d.URL(), 0, 0, goja.Null())
}
