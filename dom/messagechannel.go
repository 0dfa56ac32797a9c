package dom

import (
	"net/url"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// MessagePort is one end of a MessageChannel.
// https://html.spec.whatwg.org/multipage/web-messaging.html#message-ports
type MessagePort struct {
	target    eventTarget
	realm     *realm
	entangled *MessagePort
	// The port message queue: messages wait here until the queue is enabled (start(), or
	// setting onmessage); each is then a task on the posted message task source.
	enabled, closed bool
	waiting         []portMessage
	obj             *goja.Object
	// Transferred: the port is detached (neutered) and its messages go to movedTo.
	detached bool
	movedTo  *MessagePort
	// remote: the other end lives in another agent (crossport.go).
	remote *crossPort
}

// portMessage is a message in a port message queue: its data and the ports it carries.
type portMessage struct {
	data  goja.Value
	ports []*MessagePort
	ser   *SerializedMessage // a message from another agent: deserialized when delivered
}

func (p *MessagePort) eventTargetData() *eventTarget { return &p.target }
func (p *MessagePort) getTheParent(*Event) Target    { return nil }
func (p *MessagePort) realmOf() *realm               { return p.realm }

// https://html.spec.whatwg.org/multipage/web-messaging.html#message-port-post-message-steps
func (p *MessagePort) postMessageSteps(message goja.Value, t *transfer) {
	// A detached (transferred) port posts nowhere. CHROME: without an exception.
	if p.detached {
		return
	}
	if p.remote != nil {
		// The entangled port is in another agent: serialize here, deliver there.
		m := p.realm.structuredSerializeWithTransfer(message, t.raw, "Failed to execute 'postMessage' on 'MessagePort': ")
		if !p.closed {
			m.flow = p.realm.messageSent() // the start of its arrow to the other agent's loop
			p.remote.peer.deliver(m)
		}
		return
	}
	// 1-3. Serialize with transfer (the transfer list was checked by transferList).
	data, ports := p.realm.postWithTransfer(message, t, "Failed to execute 'postMessage' on 'MessagePort': ")
	target := p.entangled
	if p.closed || target == nil || target.closed {
		return
	}
	// No flow mark between two ports of one loop: under virtual time the two marks' clock
	// reads cost about a tenth of a chain of such messages (MessageMarks marks those that
	// cross to another loop).
	target.enqueue(portMessage{data: data, ports: ports})
}

// enqueue adds m to the port message queue: a task at once when the queue is enabled.
func (p *MessagePort) enqueue(m portMessage) {
	if !p.enabled {
		p.waiting = append(p.waiting, m)
		return
	}
	p.queueMessage(m)
}

// queueMessage adds a task that fires message at the port (the port message queue's task).
// A port transferred meanwhile hands the message on to its new port (the queue moves).
func (p *MessagePort) queueMessage(m portMessage) {
	p.realm.host.QueueTask("posted-message", func() {
		if p.detached && p.movedTo != nil {
			p.movedTo.enqueue(m)
			return
		}
		if p.closed {
			return
		}
		if m.ser != nil {
			p.realm.messageReceived(m.ser.flow)
			deliverMessage(p.realm, p, m.ser)
			return
		}
		ev := createEvent("message", kindMessageEvent, EventInit{})
		ev.other().data, ev.other().ports = m.data, m.ports
		ev.trusted = true
		ev.timeStamp = p.realm.host.Now()
		dispatch(ev, p, false)
	})
}

// start enables the port message queue. https://html.spec.whatwg.org/multipage/web-messaging.html#dom-messageport-start
func (p *MessagePort) start() {
	if p.enabled {
		return
	}
	p.enabled = true
	for _, m := range p.waiting {
		p.queueMessage(m)
	}
	p.waiting = nil
}

// structuredClone copies a message (https://html.spec.whatwg.org/multipage/structured-data.html#structuredserializeinternal)
// for the values pages post: primitives, arrays and plain objects (with cycles); functions
// and platform objects cannot be cloned (DataCloneError), as in browsers.
//
// CHROME: a value nested deeper than maxCloneDepth is a RangeError, as V8's serializer's
// stack check gives (the recursion once overflowed the Go stack at 3,000,000 levels: fatal).
func (r *realm) structuredClone(v goja.Value) goja.Value { return r.structuredCloneWith(v, nil) }

// structuredCloneWith clones v, the objects of transferred ports becoming their new ports.
func (r *realm) structuredCloneWith(v goja.Value, moved map[*goja.Object]*MessagePort) goja.Value {
	memory := map[*goja.Object]*goja.Object{}
	depth := 0
	var clone func(v goja.Value) goja.Value
	clone = func(v goja.Value) goja.Value {
		o, ok := v.(*goja.Object)
		if !ok {
			return v
		}
		if c, seen := memory[o]; seen {
			return c
		}
		if p, ok := moved[o]; ok {
			return r.wrapPort(p)
		}
		if depth++; depth > maxCloneDepth {
			panic(r.newRangeError("Maximum call stack size exceeded"))
		}
		defer func() { depth-- }()
		if _, isFn := goja.AssertFunction(o); isFn || r.idl.Unwrap(o) != nil {
			panic(r.newDOMException("DataCloneError", "Failed to execute 'postMessage': "+o.String()+" could not be cloned."))
		}
		var c *goja.Object
		if o.ClassName() == "Array" {
			c = r.rt.NewArray()
		} else {
			c = r.rt.NewObject()
		}
		memory[o] = c
		for _, k := range o.Keys() {
			_ = c.Set(k, clone(o.Get(k)))
		}
		return c
	}
	return clone(v)
}

// maxCloneDepth bounds structuredClone's recursion.
const maxCloneDepth = 4000

// installMessaging defines MessageEvent, MessageChannel and MessagePort.
// https://html.spec.whatwg.org/multipage/web-messaging.html
func (r *realm) installMessaging() {
	me := r.idl.DefineInterface("MessageEvent", r.iface("Event"), 1, r.eventCtor("MessageEvent", kindMessageEvent, func(e *Event, dict goja.Value, _ string) {
		e.other().data = dictGet(dict, "data")
		if goja.IsUndefined(e.other().data) {
			e.other().data = goja.Null()
		}
		if o := dictGet(dict, "origin"); !goja.IsUndefined(o) {
			e.other().origin = o.String()
		}
	}))
	m := webidl.On(me, r.thisEvent)
	m.Getter("data", func(e *Event) goja.Value {
		if e.other().data != nil {
			return e.other().data
		}
		return goja.Null()
	})
	m.Getter("origin", func(e *Event) goja.Value { return r.rt.ToValue(e.other().origin) })
	m.Getter("lastEventId", func(*Event) goja.Value { return r.rt.ToValue("") })
	m.Getter("source", func(e *Event) goja.Value {
		if e.other().source != nil {
			return e.other().source
		}
		return goja.Null()
	})
	m.Getter("ports", func(e *Event) goja.Value { return r.portsArray(e) })
	r.installMessagePort()
	mc := r.idl.DefineInterface("MessageChannel", nil, 0, func(call goja.ConstructorCall) *goja.Object {
		a, b := &MessagePort{realm: r}, &MessagePort{realm: r}
		a.entangled, b.entangled = b, a
		r.idl.SetSlot(call.This, &messageChannel{a, b})
		return call.This
	})
	cm := webidl.On(mc, func(call goja.FunctionCall) *messageChannel { return webidl.This[*messageChannel](r.idl, call) })
	cm.Getter("port1", func(c *messageChannel) goja.Value { return r.wrapPort(c.port1) })
	cm.Getter("port2", func(c *messageChannel) goja.Value { return r.wrapPort(c.port2) })
}

// installMessagePort defines MessagePort.
// https://html.spec.whatwg.org/multipage/web-messaging.html#message-ports
func (r *realm) installMessagePort() {
	port := r.idl.DefineInterface("MessagePort", r.iface("EventTarget"), 0, nil)
	thisPort := func(call goja.FunctionCall) *MessagePort { return webidl.This[*MessagePort](r.idl, call) }
	m := webidl.On(port, thisPort)
	// postMessage(message, sequence<object> transfer) or (message, optional options).
	m.Method("postMessage", 1, func(p *MessagePort, call goja.FunctionCall) goja.Value {
		ctx := webidl.Failed("postMessage", "MessagePort")
		t := r.transferList(postMessageTransferArg(call.Argument(1)), ctx, p)
		p.postMessageSteps(call.Argument(0), t)
		return goja.Undefined()
	})
	m.LenientMethod("start", 0, func(p *MessagePort, _ goja.FunctionCall) goja.Value {
		p.start()
		return goja.Undefined()
	})
	m.LenientMethod("close", 0, func(p *MessagePort, _ goja.FunctionCall) goja.Value {
		p.closed = true
		if p.remote != nil {
			p.remote.close()
		}
		if p.entangled != nil {
			p.entangled.entangled = nil
			p.entangled = nil
		}
		return goja.Undefined()
	})
	r.handlerAttr(port, "onmessageerror", func(call goja.FunctionCall) Target { return thisPort(call) })
	r.handlerAttr(port, "onmessage", func(call goja.FunctionCall) Target { return thisPort(call) })
	// Setting onmessage enables the port message queue, as if start() were called.
	desc := r.rt.Get("Object").(*goja.Object).Get("getOwnPropertyDescriptor")
	getDesc, _ := goja.AssertFunction(desc)
	dv, _ := getDesc(goja.Undefined(), port.Proto, r.rt.ToValue("onmessage"))
	if d, ok := dv.(*goja.Object); ok {
		getter, setter := d.Get("get"), d.Get("set")
		set, _ := goja.AssertFunction(setter)
		_ = port.Proto.DefineAccessorProperty("onmessage", getter, r.rt.ToValue(func(call goja.FunctionCall) goja.Value {
			p := thisPort(call)
			if _, err := set(call.This, call.Argument(0)); err != nil {
				panic(err)
			}
			p.start()
			return goja.Undefined()
		}), goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
}

type messageChannel struct{ port1, port2 *MessagePort }

// wrapPort returns the JS object of a MessagePort.
func (r *realm) wrapPort(p *MessagePort) *goja.Object {
	if p.obj == nil {
		p.obj = r.idl.NewObject(r.iface("MessagePort").Proto, p)
	}
	return p.obj
}

// windowPostMessage queues a message event at the window (window.postMessage).
// https://html.spec.whatwg.org/multipage/web-messaging.html#window-post-message-steps
func (r *realm) windowPostMessage(message goja.Value, t *transfer) {
	data, ports := r.postWithTransfer(message, t, "Failed to execute 'postMessage' on 'Window': ")
	// 4-7 of the window post message steps (targetOrigin "*" or "/" are not checked: the
	// target is always this window). 8.2-8.4: the event's origin is the serialization of the
	// incumbent settings object's origin, its source the incumbent global's WindowProxy.
	origin := serializeOrigin(r.doc.url)
	source := r.rt.GlobalObject()
	r.host.QueueTask("posted-message", func() {
		ev := createEvent("message", kindMessageEvent, EventInit{})
		ev.other().data, ev.other().origin, ev.other().source, ev.trusted = data, origin, source, true
		ev.other().ports = ports
		ev.timeStamp = r.host.Now()
		dispatch(ev, r.win, false)
	})
}

// serializeOrigin is the serialization of the origin of a document at u
// (https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin):
// a tuple origin for http(s), "null" for an opaque one. A file: URL's origin is opaque
// (URL standard: "unfortunate as it is, this is left as an exercise to the reader"); CHROME:
// MessageEvent.origin is "null" for a file: page while location.origin says "file://"
// (testdata/loop/postmessage_self).
func serializeOrigin(u *url.URL) string {
	switch u.Scheme {
	case "http", "https", "ws", "wss":
		return u.Scheme + "://" + u.Host
	}
	return "null"
}
