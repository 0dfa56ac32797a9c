package dom

import "github.com/dop251/goja"

// renderingObservers is the realm's state for the steps of "update the rendering" that the
// DOM implements: resize and intersection observers, fullscreen.
type renderingObservers struct {
	// document.[[resizeObservers]] (see addResizeObserver).
	resizeObservers []*ResizeObserver
	// observationsChanged: a target was observed since the last rendering update.
	observationsChanged bool
	broadcasts          int  // resize observer broadcasts in this rendering update
	broadcastsWarned    bool // the console was told of maxBroadcastsPerUpdate

	// document.[[intersectionObservers]]: observers with targets, in creation order.
	intersectionObservers []*IntersectionObserver
	// The document's IntersectionObserverTaskQueued flag.
	intersectionObserverTaskQueued bool
	clipMemo                       map[clipKey]clipEntry // accumulatedClip's, for one update
	clipPath                       []*Node               // accumulatedClip's scratch

	// The document's list of pending fullscreen events, the requests (to enter or to exit)
	// the host has not answered yet, the fullscreen element and the host.
	pendingFullscreenEvents []pendingFullscreenEvent
	fullscreenRequests      []fullscreenRequest
	fullscreenElement       *Node
	fullscreenHost          FullscreenHost

	// User activation: the window has had an activation-triggering input event, not
	// consumed since, at lastActivation (ms).
	activated      bool
	lastActivation float64
	// History-action activation (dialog.go): there was an activation, and the last one a
	// close watcher consumed was at lastHistoryActionActivation.
	everActivated               bool
	lastHistoryActionActivation float64

	freeze goja.Callable // Object.freeze, for FrozenArray values
}

// reportingHost is a host that reports a callback's exception before the microtask
// checkpoint that follows it (the loop does).
type reportingHost interface {
	InvokeAndReport(name string, fn goja.Callable, this goja.Value, args ...goja.Value) goja.Value
}

// invokeAndReport is WebIDL's "invoke a callback function" with "report" for an observer's
// callback: an exception is reported before the microtasks the callback queued run, as in
// Chrome (observer_callback_throws). The trace names the call after the function (iface's
// callback when it has no name).
func (r *realm) invokeAndReport(iface string, fn goja.Callable, fnValue goja.Value, this goja.Value, args ...goja.Value) {
	name := iface + " callback"
	if nh, ok := r.host.(namingHost); ok {
		if n := nh.FunctionName(fnValue); n != "" && n != "(anonymous)" {
			name = n
		}
	}
	if rh, ok := r.host.(reportingHost); ok {
		rh.InvokeAndReport(name, fn, this, args...)
		return
	}
	if _, err := r.host.Call(fn, this, args...); err != nil {
		r.reportException(err)
	}
}

// ObserversNeedRendering reports whether a rendering update must run for the observers
// even when nothing else changed: a target was observed since the last update (its first
// notification), observations were skipped by the last one (they are reported in the next,
// as in Chrome), or fullscreen requests or events wait.
func (d *Document) ObserversNeedRendering() bool {
	r := d.realm
	return r != nil && (r.rs.observationsChanged || len(r.rs.pendingFullscreenEvents) > 0 || len(r.rs.fullscreenRequests) > 0 ||
		d.HasSkippedResizeObservations())
}
