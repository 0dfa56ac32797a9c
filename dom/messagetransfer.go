// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/structured-data.html#structuredserializewithtransfer,
// https://html.spec.whatwg.org/multipage/web-messaging.html#message-ports).
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"strconv"

	"github.com/dop251/goja"
)

// transfer is a message's transfer list once checked: the ports that move, by the JS
// object the message may refer to them with.
type transfer struct {
	raw   goja.Value // the transfer list as given (a cross-agent post serializes it again)
	ports []*MessagePort
	moved map[*goja.Object]*MessagePort // old port's object → the new port
}

// transferList converts postMessage's transfer argument (sequence<object>) and runs the
// checks of StructuredSerializeWithTransfer's step 2. source is the posting port (nil for
// window.postMessage). FIXME(spec): only MessagePorts are transferable (not ArrayBuffers).
func (r *realm) transferList(v goja.Value, ctx string, source *MessagePort) *transfer {
	t := &transfer{raw: v}
	if goja.IsUndefined(v) {
		return t
	}
	o, ok := v.(*goja.Object)
	if !ok {
		panic(r.idl.TypeError(ctx + "The provided value cannot be converted to a sequence."))
	}
	// DEPARTURE: the sequence is read by index up to its length (WebIDL iterates it).
	n := o.Get("length")
	if n == nil || goja.IsUndefined(n) {
		panic(r.idl.TypeError(ctx + "The provided value cannot be converted to a sequence."))
	}
	count := n.ToInteger()
	for i := int64(0); i < count && i < 1<<16; i++ {
		idx := strconv.FormatInt(i, 10)
		p, ok := r.idl.Unwrap(o.Get(idx)).(*MessagePort)
		switch {
		// 2.1. Neither an ArrayBuffer nor a platform object with [[Detached]]: DataCloneError.
		case !ok:
			panic(r.newDOMException("DataCloneError", ctx+"Value at index "+idx+" does not have a transferable type."))
		// The MessagePort transfer steps' check: a port may not carry itself.
		case p == source:
			panic(r.newDOMException("DataCloneError", ctx+"Port at index "+idx+" contains the source port."))
		// 2.2. "If memory[transferable] exists, then throw a DataCloneError."
		case containsPort(t.ports, p):
			panic(r.newDOMException("DataCloneError", ctx+"Message port at index "+idx+" is a duplicate of an earlier port."))
		// 4.1. "If transferable has a [[Detached]] internal slot and it is true, throw."
		case p.detached:
			panic(r.newDOMException("DataCloneError", ctx+"Port at index "+idx+" is already neutered."))
		}
		t.ports = append(t.ports, p)
	}
	return t
}

func containsPort(ports []*MessagePort, p *MessagePort) bool {
	for _, q := range ports {
		if q == p {
			return true
		}
	}
	return false
}

// transferPorts runs the MessagePort transfer and transfer-receiving steps for every port
// of t: a new port takes the old one's place in its channel and its port message queue
// (the messages waiting in it), and the old one is detached (neutered): what it posts goes
// nowhere. The new ports, in order, are the MessageEvent's ports.
func (r *realm) transferPorts(t *transfer) []*MessagePort {
	if len(t.ports) == 0 {
		return nil
	}
	out := make([]*MessagePort, len(t.ports))
	for i, old := range t.ports {
		p := &MessagePort{realm: r, entangled: old.entangled, waiting: old.waiting, closed: old.closed}
		if p.entangled != nil {
			p.entangled.entangled = p
		}
		old.entangled, old.waiting, old.detached, old.movedTo = nil, nil, true, p
		out[i] = p
	}
	return out
}

// newPortMap maps each transferred port's object to its new port (for the clone of the
// message, which may refer to them).
func (t *transfer) newPortMap(r *realm, ports []*MessagePort) {
	if len(ports) == 0 {
		return
	}
	t.moved = make(map[*goja.Object]*MessagePort, len(ports))
	for i, old := range t.ports {
		t.moved[r.wrapPort(old)] = ports[i]
	}
}

// postWithTransfer is the serialize-and-transfer part of the post message steps: the
// message is cloned with the transferred ports replaced by their new ports.
func (r *realm) postWithTransfer(message goja.Value, t *transfer, ctx string) (goja.Value, []*MessagePort) {
	// Serialise first (a clone error leaves every port where it was), then transfer.
	if err := r.checkCloneable(message, t, ctx); err != nil {
		panic(err)
	}
	ports := r.transferPorts(t)
	t.newPortMap(r, ports)
	return r.structuredCloneWith(message, t.moved), ports
}

// checkCloneable throws the DataCloneError of a MessagePort in message that is not in t.
func (r *realm) checkCloneable(message goja.Value, t *transfer, ctx string) *goja.Object {
	var bad *goja.Object
	seen := map[*goja.Object]bool{}
	var walk func(v goja.Value, depth int)
	walk = func(v goja.Value, depth int) {
		o, ok := v.(*goja.Object)
		if !ok || seen[o] || bad != nil || depth > maxCloneDepth {
			return
		}
		seen[o] = true
		if p, ok := r.idl.Unwrap(o).(*MessagePort); ok {
			if !containsPort(t.ports, p) {
				bad = r.newDOMException("DataCloneError", ctx+"A MessagePort could not be cloned because it was not transferred.")
			}
			return
		}
		if _, isFn := goja.AssertFunction(o); isFn || r.idl.Unwrap(o) != nil {
			return // structuredClone reports it
		}
		for _, k := range o.Keys() {
			walk(o.Get(k), depth+1)
		}
	}
	walk(message, 0)
	return bad
}

// portsArray returns a MessageEvent's ports attribute: one frozen array per event.
func (r *realm) portsArray(e *Event) goja.Value {
	if e.other().portsObj == nil {
		vals := make([]any, len(e.other().ports))
		for i, p := range e.other().ports {
			vals[i] = r.wrapPort(p)
		}
		arr := r.rt.NewArray(vals...)
		freeze, _ := goja.AssertFunction(r.rt.Get("Object").(*goja.Object).Get("freeze"))
		if freeze != nil {
			_, _ = freeze(goja.Undefined(), arr)
		}
		e.other().portsObj = arr
	}
	return e.other().portsObj
}

// postMessageTransferArg returns the transfer list of postMessage(message, transfer) or
// postMessage(message, options) (a port's overloads: a sequence or a dictionary).
func postMessageTransferArg(v goja.Value) goja.Value {
	o, ok := v.(*goja.Object)
	if !ok || isNullish(v) {
		return goja.Undefined()
	}
	if it := o.GetSymbol(goja.SymIterator); it != nil && !goja.IsUndefined(it) {
		return v // a sequence
	}
	return dictGet(v, "transfer")
}
