// Spec: Intersection Observer, Editor's Draft 2025-06 (https://w3c.github.io/IntersectionObserver/).
// Step numbers below are that draft's. Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"cmp"
	"slices"

	"github.com/dop251/goja"
)

// IntersectionObserver is an IntersectionObserver.
// https://w3c.github.io/IntersectionObserver/#intersection-observer-interface
type IntersectionObserver struct {
	realm         *realm
	callback      goja.Callable
	callbackValue goja.Value // the function, for the trace's name
	obj           *goja.Object
	seq           uint64 // creation order
	root          *Node  // nil: the implicit root, or rootDocument
	rootDocument  *Node  // a Document given as the root (its viewport: the implicit root's rectangle)
	rootMargin    [4]marginValue
	thresholds    []float64 // sorted

	queuedEntries []*intersectionObserverEntry
	// [[ObservationTargets]], each with its IntersectionObserverRegistration (kept here,
	// not on the target: one record per target and observer either way).
	// An unobserved registration stays in registrations, removed, until there are as many
	// removed as not (unobserving 100,000 targets one by one is not quadratic).
	registrations []*intersectionObserverRegistration
	observing     map[*Node]*intersectionObserverRegistration
	removed       int
}

// marginValue is one side of rootMargin: px, or a percentage of the root's size.
type marginValue struct {
	v   float64
	pct bool
}

// intersectionObserverRegistration is an IntersectionObserverRegistration.
// https://w3c.github.io/IntersectionObserver/#intersectionobserverregistration
type intersectionObserverRegistration struct {
	target                 *Node
	previousThresholdIndex int
	previousIsIntersecting bool
	removed                bool // unobserved
}

// rect is a rectangle in viewport CSS pixels.
type rect struct{ x, y, w, h float64 }

// intersectionObserverEntry is an IntersectionObserverEntry.
// https://w3c.github.io/IntersectionObserver/#intersection-observer-entry
type intersectionObserverEntry struct {
	time                                  float64
	rootBounds, boundingClientRect, isect rect
	hasRootBounds                         bool
	isIntersecting                        bool
	intersectionRatio                     float64
	target                                *Node
	objs                                  [3]goja.Value // the rects' objects, made when read
}

// observe is observe(target). https://w3c.github.io/IntersectionObserver/#observe-target-element
func (o *IntersectionObserver) observe(target *Node) {
	// 1. "If target is in observer's internal [[ObservationTargets]] slot, return."
	if o.observing[target] != nil {
		return
	}
	// 2-4. A registration with previousThresholdIndex -1 and previousIsIntersecting false;
	// target added to [[ObservationTargets]].
	reg := &intersectionObserverRegistration{target: target, previousThresholdIndex: -1}
	if o.observing == nil {
		o.observing = make(map[*Node]*intersectionObserverRegistration)
	}
	o.observing[target] = reg
	o.registrations = append(o.registrations, reg)
	r := o.realm
	if i, found := slices.BinarySearchFunc(r.rs.intersectionObservers, o.seq, func(x *IntersectionObserver, seq uint64) int { return cmp.Compare(x.seq, seq) }); !found {
		r.rs.intersectionObservers = slices.Insert(r.rs.intersectionObservers, i, o)
	}
	r.rs.observationsChanged = true // its first notification comes with the next rendering update
}

// unobserve is unobserve(target). https://w3c.github.io/IntersectionObserver/#unobserve-target-element
func (o *IntersectionObserver) unobserve(target *Node) {
	reg := o.observing[target]
	if reg == nil {
		return
	}
	// 1-2. Remove the registration and the target from [[ObservationTargets]].
	delete(o.observing, target)
	reg.removed = true
	o.removed++
	if len(o.observing) == 0 {
		o.disconnect()
		return
	}
	if o.removed > len(o.observing) {
		o.registrations = slices.DeleteFunc(o.registrations, func(x *intersectionObserverRegistration) bool { return x.removed })
		o.removed = 0
	}
}

// disconnect is disconnect(): every target unobserved.
// https://w3c.github.io/IntersectionObserver/#dom-intersectionobserver-disconnect
func (o *IntersectionObserver) disconnect() {
	o.registrations, o.observing, o.removed = nil, nil, 0
	o.forget()
}

// forget takes an observer with no target out of the document's list (DEPARTURE, as for
// resize observers: one the page dropped can be collected). Its queued entries stay
// (takeRecords still returns them) but are no longer delivered.
func (o *IntersectionObserver) forget() {
	o.realm.rs.intersectionObservers = slices.DeleteFunc(o.realm.rs.intersectionObservers, func(x *IntersectionObserver) bool { return x == o })
}

// takeRecords is takeRecords(). https://w3c.github.io/IntersectionObserver/#dom-intersectionobserver-takerecords
func (o *IntersectionObserver) takeRecords() []*intersectionObserverEntry {
	q := o.queuedEntries
	o.queuedEntries = nil
	return q
}

// queueAnIntersectionObserverTask is "queue an intersection observer task".
// https://w3c.github.io/IntersectionObserver/#queue-intersection-observer-task
//
// DEPARTURE: the intersection observer task source is not a queue of its own: the host
// puts its tasks on the DOM manipulation task source's queue (named for the trace).
func (r *realm) queueAnIntersectionObserverTask() {
	// 1-2. "If document's IntersectionObserverTaskQueued flag is set to true, return." Set it.
	if r.rs.intersectionObserverTaskQueued {
		return
	}
	r.rs.intersectionObserverTaskQueued = true
	// 3. "Queue a task on the intersection observer task source associated with the
	// document's event loop to notify intersection observers."
	r.host.QueueTask("intersection-observer", r.notifyIntersectionObservers)
}

// notifyIntersectionObservers is "notify intersection observers".
// https://w3c.github.io/IntersectionObserver/#notify-intersection-observers-algo
func (r *realm) notifyIntersectionObservers() {
	// 1. "Set document's IntersectionObserverTaskQueued flag to false."
	r.rs.intersectionObserverTaskQueued = false
	// 2. "Let notify list be a list of all IntersectionObservers whose root is in the DOM
	// tree of document."
	notify := slices.Clone(r.rs.intersectionObservers)
	// 3. "For each IntersectionObserver object observer in notify list, run these steps:"
	for _, o := range notify {
		// 3.1. "If observer's internal [[QueuedEntries]] slot is empty, continue."
		if len(o.queuedEntries) == 0 {
			continue
		}
		// 3.2-3. "Let queue be a copy of observer's internal [[QueuedEntries]] slot." Clear it.
		queue := o.takeRecords()
		// 3.4-5. "Invoke callback with queue as the first argument, observer as the second
		// argument, and observer as the callback this value. If this throws an exception,
		// report the exception."
		r.invokeAndReport("IntersectionObserver", o.callback, o.callbackValue, o.obj, r.wrapIntersectionEntries(queue), o.obj)
	}
}

// queueAnIntersectionObserverEntry is "queue an IntersectionObserverEntry".
// https://w3c.github.io/IntersectionObserver/#queue-intersection-observer-entry-algo
func (o *IntersectionObserver) queueAnIntersectionObserverEntry(e *intersectionObserverEntry) {
	// 1-2. Construct the entry and append it to observer's [[QueuedEntries]].
	o.queuedEntries = append(o.queuedEntries, e)
	// 3. "Queue an intersection observer task for document."
	o.realm.queueAnIntersectionObserverTask()
}
