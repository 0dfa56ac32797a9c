package dom

import (
	"cmp"
	"slices"

	"github.com/dop251/goja"
)

// MutationObserver is a MutationObserver. https://dom.spec.whatwg.org/#interface-mutationobserver
type MutationObserver struct {
	realm    *realm
	callback goja.Callable
	nodes    []*Node // the node list: nodes this observer is registered on
	queue    []*MutationRecord
	seq      uint64 // creation order; observers are notified in this order, as in Chrome
	obj      *goja.Object
}

// observerOptions is a MutationObserverInit after validation.
type observerOptions struct {
	childList, attributes, characterData, subtree bool
	attributeOldValue, characterDataOldValue      bool
	attributeFilter                               []string
	hasAttributeFilter                            bool
}

// registeredObserver is a registered observer; source is set for transient ones.
// https://dom.spec.whatwg.org/#registered-observer
type registeredObserver struct {
	observer *MutationObserver
	options  observerOptions
	source   *registeredObserver
}

// MutationRecord is a MutationRecord. https://dom.spec.whatwg.org/#interface-mutationrecord
type MutationRecord struct {
	typ                  string
	target               *Node
	added, removed       []*Node
	prev, next           *Node
	attrName, attrNS     nullString
	oldValue             nullString
	obj                  *goja.Object
	addedObj, removedObj *goja.Object
}

// observe registers o on target with options (already validated), replacing the options of
// an existing registration and dropping its transient observers.
// https://dom.spec.whatwg.org/#dom-mutationobserver-observe (steps 7-8)
func (o *MutationObserver) observe(target *Node, opts observerOptions) {
	for _, r := range target.observers {
		if r.observer != o || r.source != nil {
			continue
		}
		for _, n := range o.nodes {
			before := len(n.observers)
			n.observers = slices.DeleteFunc(n.observers, func(t *registeredObserver) bool { return t.source == r })
			o.realm.observedNodes -= before - len(n.observers)
		}
		r.options = opts
		return
	}
	target.observers = append(target.observers, &registeredObserver{observer: o, options: opts})
	if !slices.Contains(o.nodes, target) {
		o.nodes = append(o.nodes, target)
	}
	o.realm.observedNodes++
}

// disconnect removes all registrations of o and empties its record queue.
// https://dom.spec.whatwg.org/#dom-mutationobserver-disconnect
func (o *MutationObserver) disconnect() {
	for _, n := range o.nodes {
		before := len(n.observers)
		n.observers = slices.DeleteFunc(n.observers, func(r *registeredObserver) bool { return r.observer == o })
		o.realm.observedNodes -= before - len(n.observers)
	}
	o.nodes = o.nodes[:0]
	o.queue = nil
}

// takeRecords returns and empties the record queue.
// https://dom.spec.whatwg.org/#dom-mutationobserver-takerecords
func (o *MutationObserver) takeRecords() []*MutationRecord {
	q := o.queue
	o.queue = nil
	return q
}

// addTransientObserver appends a transient registered observer for source to node.
// https://dom.spec.whatwg.org/#transient-registered-observer (remove, step 13)
func addTransientObserver(node *Node, source *registeredObserver) {
	o := source.observer
	node.observers = append(node.observers, &registeredObserver{observer: o, options: source.options, source: source})
	if !slices.Contains(o.nodes, node) {
		o.nodes = append(o.nodes, node)
	}
	o.realm.observedNodes++
}

// queueTreeMutationRecord queues a childList record.
// https://dom.spec.whatwg.org/#queue-a-tree-mutation-record
func queueTreeMutationRecord(target *Node, added, removed []*Node, prev, next *Node) {
	queueMutationRecord("childList", target, "", "", nullString{}, added, removed, prev, next)
}

// queueAttributeMutationRecord queues an attributes record.
func queueAttributeMutationRecord(target *Node, name, ns string, old nullString) {
	queueMutationRecord("attributes", target, name, ns, old, nil, nil, nil, nil)
}

// queueMutationRecord queues a record for every interested observer of target.
// https://dom.spec.whatwg.org/#queueing-a-mutation-record
func queueMutationRecord(typ string, target *Node, name, ns string, oldValue nullString, added, removed []*Node, prev, next *Node) {
	r := target.doc.realm
	if r == nil || r.observedNodes == 0 {
		return
	}
	type interest struct {
		o   *MutationObserver
		old nullString
	}
	var interested []interest
	for h := target.h; h != nil; h = h.Parent {
		node := target.doc.table.get(h)
		if node == nil {
			continue
		}
		for _, reg := range node.observers {
			opts := &reg.options
			if node != target && !opts.subtree {
				continue
			}
			switch typ {
			case "attributes":
				if !opts.attributes || (opts.hasAttributeFilter && (ns != "" || !slices.Contains(opts.attributeFilter, name))) {
					continue
				}
			case "characterData":
				if !opts.characterData {
					continue
				}
			case "childList":
				if !opts.childList {
					continue
				}
			}
			i := slices.IndexFunc(interested, func(x interest) bool { return x.o == reg.observer })
			if i < 0 {
				interested = append(interested, interest{o: reg.observer})
				i = len(interested) - 1
			}
			if (typ == "attributes" && opts.attributeOldValue) || (typ == "characterData" && opts.characterDataOldValue) {
				interested[i].old = oldValue
			}
		}
	}
	for _, in := range interested {
		rec := &MutationRecord{typ: typ, target: target, added: added, removed: removed, prev: prev, next: next, oldValue: in.old}
		if typ == "attributes" {
			rec.attrName = nullable(name)
			if ns != "" {
				rec.attrNS = nullable(namespaceURL(ns))
			}
		}
		in.o.queue = append(in.o.queue, rec)
		if !slices.Contains(r.pendingObservers, in.o) {
			r.pendingObservers = append(r.pendingObservers, in.o)
		}
	}
	if len(interested) > 0 {
		r.queueMutationObserverMicrotask()
	}
}

// queueMutationObserverMicrotask queues one notify microtask per batch of records.
// https://dom.spec.whatwg.org/#queue-a-mutation-observer-compound-microtask
func (r *realm) queueMutationObserverMicrotask() {
	if r.moMicrotaskQueued {
		return
	}
	r.moMicrotaskQueued = true
	r.host.QueueMicrotask(r.notifyMutationObservers)
}

// notifyMutationObservers delivers the queued records, observers in creation order.
// https://dom.spec.whatwg.org/#notify-mutation-observers
func (r *realm) notifyMutationObservers() {
	r.moMicrotaskQueued = false
	// 3-4. "Let signalSet be a clone of the surrounding agent's signal slots. Empty the
	// surrounding agent's signal slots."
	signalSet := r.signalSlots
	r.signalSlots = nil
	notifySet := slices.Clone(r.pendingObservers)
	r.pendingObservers = r.pendingObservers[:0]
	slices.SortFunc(notifySet, func(a, b *MutationObserver) int { return cmp.Compare(a.seq, b.seq) })
	for _, mo := range notifySet {
		records := mo.queue
		mo.queue = nil
		mo.nodes = slices.DeleteFunc(mo.nodes, func(n *Node) bool {
			before := len(n.observers)
			n.observers = slices.DeleteFunc(n.observers, func(t *registeredObserver) bool { return t.observer == mo && t.source != nil })
			r.observedNodes -= before - len(n.observers)
			return !slices.ContainsFunc(n.observers, func(t *registeredObserver) bool { return t.observer == mo })
		})
		if len(records) == 0 {
			continue
		}
		moObj := r.wrapMutationObserver(mo)
		if _, err := r.host.Call(mo.callback, moObj, r.wrapRecords(records), moObj); err != nil {
			r.reportException(err)
			if isInterrupt(err) {
				return
			}
		}
	}
	// 6. "For each slot of signalSet, fire an event named slotchange, with its bubbles
	// attribute set to true, at slot."
	for _, s := range signalSet {
		s.fireSimple("slotchange", EventInit{Bubbles: true})
	}
}

// namespaceURL expands x/net/html's short namespace names.
func namespaceURL(ns string) string {
	switch ns {
	case "svg":
		return "http://www.w3.org/2000/svg"
	case "math":
		return "http://www.w3.org/1998/Math/MathML"
	case "xlink":
		return "http://www.w3.org/1999/xlink"
	case "xml":
		return "http://www.w3.org/XML/1998/namespace"
	case "xmlns":
		return "http://www.w3.org/2000/xmlns/"
	}
	return ns
}
