// Spec: HTML Living Standard, 2025-09 (https://html.spec.whatwg.org/multipage/structured-data.html#safe-passing-of-structured-data):
// StructuredSerializeInternal, StructuredSerializeWithTransfer, StructuredDeserialize and
// StructuredDeserializeWithTransfer, for messages that cross from one realm (one agent, one
// goroutine) to another: the serialization is plain Go data, which the sender builds and the
// receiver turns into its own realm's objects. Step numbers are that revision's.
// Tags: FIXME(spec), DEPARTURE, CHROME (DESIGN.md).

package dom

import (
	"math"
	"strconv"

	"github.com/dop251/goja"
)

// SerializedMessage is a message serialized with its transfer list (the "serializeWithTransferResult"
// record): it holds no goja value, so it may be handed to another agent's goroutine.
type SerializedMessage struct {
	root *serialized
	// transferred ArrayBuffers' bytes, by the index the serialization refers to them with.
	buffers [][]byte
	// transferred MessagePorts: the ends the receiving realm's new ports take.
	ports []*crossPort
	// flow is the message's id in the traces when a port posted it (MessageMarks; 0: none).
	flow uint64
	// Bytes is about how much memory the serialization holds (bounds a queue of messages).
	Bytes int64
}

type serialKind uint8

const (
	sUndefined serialKind = iota
	sNull
	sBool
	sNumber
	sBigInt
	sString
	sRef // memory[id]: an object serialized before (cycles, shared references)
	sObject
	sArray
	sBoolObject
	sNumberObject
	sStringObject
	sDate
	sRegExp
	sMap
	sSet
	sArrayBuffer
	sTransferredBuffer
	sView
	sError
	sPort // a transferred MessagePort: ports[id]
)

// serialized is one value of a serialization ("serialized" record's [[Type]] and fields).
type serialized struct {
	kind  serialKind
	id    int // the object's index in memory (objects only)
	b     bool
	n     float64
	s     string // a string, a BigInt's digits, a RegExp's source, an Error's message, a view's type
	s2    string // a RegExp's flags, an Error's name
	props []serialProp
	items []*serialized // a Map's keys and values in turn, a Set's values; a view's buffer
	bytes []byte
	off   int64 // a view's byte offset
	count int64 // a view's length (elements; a DataView's in bytes), an Array's length
	hasS  bool  // an Error has a message
}

type serialProp struct {
	key string
	val *serialized
}

// maxSerializeDepth bounds the serialization's recursion. CHROME: deeper nesting is a
// RangeError, as V8's serializer's stack check gives.
const maxSerializeDepth = 4000

// serializer is one StructuredSerializeInternal run: its memory and the transfer list's buffers.
type serializer struct {
	r       *realm
	memory  map[*goja.Object]int
	next    int
	buffers map[*goja.Object]int // transferred ArrayBuffers → index
	ports   map[*goja.Object]int // transferred MessagePorts → index + 1
	ctx     string               // "Failed to execute 'postMessage' on 'Worker': "
	depth   int
	bytes   int64
}

// StructuredSerializeWithTransfer serializes message, transferring the ArrayBuffers of
// transferList (the sender's buffers are detached, step 5). It panics with the JS
// exception (DataCloneError, a RangeError) as the algorithm throws.
// FIXME(spec): MessagePorts in the transfer list of a message that crosses agents are refused
// (DataCloneError); ports are transferred within one realm only (messagetransfer.go).
func (r *realm) structuredSerializeWithTransfer(message goja.Value, transferList goja.Value, ctx string) *SerializedMessage {
	s := &serializer{r: r, memory: map[*goja.Object]int{}, ctx: ctx}
	out := &SerializedMessage{}
	var transfers []goja.ArrayBuffer
	var ports []*MessagePort
	// 1-2. The transfer list: each must be transferable and not twice.
	if !isNullish(transferList) {
		o, ok := transferList.(*goja.Object)
		if !ok {
			panic(r.idl.TypeError(ctx + "The provided value cannot be converted to a sequence."))
		}
		n := o.Get("length")
		if n == nil || goja.IsUndefined(n) {
			panic(r.idl.TypeError(ctx + "The provided value cannot be converted to a sequence."))
		}
		s.buffers = map[*goja.Object]int{}
		s.ports = map[*goja.Object]int{}
		for i := int64(0); i < n.ToInteger() && i < 1<<16; i++ {
			idx := strconv.FormatInt(i, 10)
			v, _ := o.Get(idx).(*goja.Object)
			if p, ok := r.idl.Unwrap(v).(*MessagePort); ok {
				switch {
				case s.ports[v] != 0:
					panic(r.newDOMException("DataCloneError", ctx+"Message port at index "+idx+" is a duplicate of an earlier port."))
				case p.detached:
					panic(r.newDOMException("DataCloneError", ctx+"Port at index "+idx+" is already neutered."))
				}
				ports = append(ports, p)
				s.ports[v] = len(ports)
				continue
			}
			ab, isBuf := exportArrayBuffer(v)
			switch {
			case !isBuf:
				panic(r.newDOMException("DataCloneError", ctx+"Value at index "+idx+" does not have a transferable type."))
			case s.buffers[v] != 0:
				panic(r.newDOMException("DataCloneError", ctx+"ArrayBuffer at index "+idx+" is a duplicate of an earlier ArrayBuffer."))
			case ab.Detached():
				panic(r.newDOMException("DataCloneError", ctx+"ArrayBuffer at index "+idx+" is already detached."))
			}
			transfers = append(transfers, ab)
			s.buffers[v] = len(transfers) // 1-based: 0 is "not transferred"
		}
	}
	// 3-4. Serialize (a transferred buffer is a reference to its transfer data).
	out.root = s.serialize(message)
	// 5. Transfer: the ports move to the receiving agent (crossport.go), the bytes move,
	// the sender's buffers are detached.
	for _, p := range ports {
		out.ports = append(out.ports, r.transferPortAcross(p))
	}
	for _, ab := range transfers {
		out.buffers = append(out.buffers, ab.Bytes())
		s.bytes += int64(len(ab.Bytes()))
		ab.Detach()
	}
	out.Bytes = s.bytes
	return out
}

func exportArrayBuffer(o *goja.Object) (goja.ArrayBuffer, bool) {
	if o == nil || o.InternalKind() != "ArrayBuffer" {
		return goja.ArrayBuffer{}, false
	}
	ab, ok := o.Export().(goja.ArrayBuffer)
	return ab, ok
}

// serialize is StructuredSerializeInternal(value, forStorage false, memory).
func (s *serializer) serialize(v goja.Value) *serialized {
	r := s.r
	s.bytes += 16
	// 3-8. Primitives.
	switch {
	case v == nil || goja.IsUndefined(v):
		return &serialized{kind: sUndefined}
	case goja.IsNull(v):
		return &serialized{kind: sNull}
	}
	o, isObj := v.(*goja.Object)
	if _, isSym := v.(*goja.Symbol); isSym {
		// 5. "If value is a Symbol, then throw a DataCloneError."
		panic(r.newDOMException("DataCloneError", s.ctx+v.String()+" could not be cloned."))
	}
	if !isObj {
		switch x := v.Export().(type) {
		case bool:
			return &serialized{kind: sBool, b: x}
		case int64:
			return &serialized{kind: sNumber, n: float64(x)}
		case float64:
			return &serialized{kind: sNumber, n: x}
		case string:
			s.bytes += int64(len(x))
			return &serialized{kind: sString, s: x}
		}
		// A BigInt.
		s.bytes += int64(len(v.String()))
		return &serialized{kind: sBigInt, s: v.String()}
	}
	// 1-2. "If memory[value] exists, then return memory[value]."
	if id, seen := s.memory[o]; seen {
		return &serialized{kind: sRef, id: id}
	}
	if i := s.buffers[o]; i != 0 {
		return &serialized{kind: sTransferredBuffer, id: i - 1}
	}
	if i := s.ports[o]; i != 0 {
		return &serialized{kind: sPort, id: i - 1}
	}
	if s.depth++; s.depth > maxSerializeDepth {
		panic(r.newRangeError("Maximum call stack size exceeded"))
	}
	defer func() { s.depth-- }()
	out := &serialized{id: s.next}
	s.next++
	s.memory[o] = out.id // 22. "Set memory[value] to serialized."
	switch cls := o.ClassName(); {
	case cls == "Boolean":
		out.kind, out.b = sBoolObject, o.Export() == true
	case cls == "Number":
		out.kind, out.n = sNumberObject, o.ToFloat()
	case cls == "String":
		out.kind, out.s = sStringObject, o.String()
	case cls == "Date":
		out.kind, out.n = sDate, r.dateValue(o)
	case cls == "RegExp":
		out.kind, out.s, out.s2 = sRegExp, o.Get("source").String(), o.Get("flags").String()
	case cls == "Error":
		s.serializeError(o, out)
	case cls == "Array":
		out.kind = sArray
		out.count = o.Get("length").ToInteger()
		s.properties(o, out)
	case isPort(r, o):
		panic(r.newDOMException("DataCloneError", s.ctx+"A MessagePort could not be cloned because it was not transferred."))
	case isPlatformObject(r, o):
		// 24-25. A platform object that is not serializable: DataCloneError.
		panic(r.newDOMException("DataCloneError", s.ctx+o.String()+" could not be cloned."))
	default:
		if _, isFn := goja.AssertFunction(o); isFn {
			// 26. "Otherwise, if IsCallable(value) is true, then throw a DataCloneError."
			panic(r.newDOMException("DataCloneError", s.ctx+functionText(o)+" could not be cloned."))
		}
		s.serializeOther(o, out)
	}
	return out
}

// serializeOther handles the objects ClassName leaves as "Object": Map, Set, ArrayBuffer,
// views, and ordinary objects (told apart by their internal slots: goja's InternalKind).
func (s *serializer) serializeOther(o *goja.Object, out *serialized) {
	r := s.r
	switch kind := o.InternalKind(); {
	case kind == "Map":
		// 16. [[MapData]]: "Let copiedList be a new empty List" of the entries, then each
		// key and value serialized in turn.
		out.kind = sMap
		for _, kv := range r.mapEntries(o) {
			out.items = append(out.items, s.serialize(kv[0]), s.serialize(kv[1]))
		}
	case kind == "Set":
		out.kind = sSet
		for _, v := range r.setValues(o) {
			out.items = append(out.items, s.serialize(v))
		}
	case kind == "ArrayBuffer":
		// 13. [[ArrayBufferData]]: a copy of the bytes. A detached one: DataCloneError.
		ab := o.Export().(goja.ArrayBuffer)
		if ab.Detached() {
			panic(r.newDOMException("DataCloneError", s.ctx+"An ArrayBuffer is detached and could not be cloned."))
		}
		out.kind = sArrayBuffer
		out.bytes = append([]byte(nil), ab.Bytes()...)
		s.bytes += int64(len(out.bytes))
	case r.isTypedArray(o):
		// 14. [[ViewedArrayBuffer]]: the buffer serialized (a reference when it is shared),
		// then the view's type, offset and length.
		out.kind = sView
		out.s = r.typedArrayName(o)
		out.off = o.Get("byteOffset").ToInteger()
		out.count = o.Get("length").ToInteger()
		out.items = []*serialized{s.serialize(o.Get("buffer"))}
	case kind == "DataView":
		// 14.4. "If value has a [[DataView]] internal slot": [[Constructor]] "DataView",
		// [[ByteLength]] and [[ByteOffset]], over the serialized buffer (14.3: a reference
		// when the message holds the buffer too, so the copies share one buffer).
		// testdata/workers/worker_clone_dataview.
		buf := r.dataViewBuffer(o)
		if ab, _ := exportArrayBuffer(buf.(*goja.Object)); ab.Detached() {
			// 14.1. "If IsArrayBufferViewOutOfBounds(value) is true, then throw a
			// DataCloneError."
			panic(r.newDOMException("DataCloneError", s.ctx+"An ArrayBuffer is detached and could not be cloned."))
		}
		out.kind = sView
		out.s = "DataView"
		out.off, out.count = r.dataViewRange(o)
		out.items = []*serialized{s.serialize(buf)}
	default:
		switch kind {
		case "Promise", "WeakMap", "WeakSet", "WeakRef":
			// "Otherwise, if value has any internal slot other than [[Prototype]],
			// [[Extensible]], or [[PrivateElements]], then throw a DataCloneError"
			// (testdata/workers/worker_clone_weak_proxy, worker_clone_weakref).
			panic(r.newDOMException("DataCloneError", s.ctx+"#<"+kind+"> could not be cloned."))
		case "Proxy":
			// "Otherwise, if value is an exotic object ..., then throw a DataCloneError."
			panic(r.newDOMException("DataCloneError", s.ctx+"#<Object> could not be cloned."))
		}
		// 26. Otherwise: an ordinary object, its own enumerable string-keyed properties.
		out.kind = sObject
		s.properties(o, out)
	}
}

// serializeError is step 18: name (one of the standard ones, else "Error") and message.
func (s *serializer) serializeError(o *goja.Object, out *serialized) {
	out.kind = sError
	name := "Error"
	if n := o.Get("name"); n != nil && !goja.IsUndefined(n) {
		switch v := n.String(); v {
		case "Error", "EvalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError", "URIError":
			name = v
		}
	}
	out.s2 = name
	if d, ok := o.PeekOwnProperty("message"); ok && d.Value != nil {
		out.s, out.hasS = d.Value.String(), true
	}
}

// properties serializes the own enumerable string-keyed properties (step 26.4's "for each
// key in ! EnumerableOwnProperties(value, key)").
func (s *serializer) properties(o *goja.Object, out *serialized) {
	for _, k := range o.Keys() {
		v := o.Get(k)
		s.bytes += int64(len(k))
		out.props = append(out.props, serialProp{k, s.serialize(v)})
	}
}

// structuredDeserialize is StructuredDeserializeWithTransfer in this realm: the transferred
// buffers become this realm's ArrayBuffers over the same bytes, the transferred ports this
// realm's new MessagePorts (the event's ports, in order).
func (r *realm) structuredDeserialize(m *SerializedMessage) (goja.Value, []*MessagePort) {
	d := &deserializer{r: r, memory: map[int]*goja.Object{}, buffers: make([]goja.Value, len(m.buffers))}
	for i, b := range m.buffers {
		d.buffers[i] = r.rt.ToValue(r.rt.NewArrayBuffer(b))
	}
	for _, x := range m.ports {
		p := &MessagePort{realm: r}
		x.attach(p, r.opts.PostToRealm)
		d.ports = append(d.ports, p)
	}
	return d.deserialize(m.root), d.ports
}

type deserializer struct {
	r       *realm
	memory  map[int]*goja.Object
	buffers []goja.Value
	ports   []*MessagePort
}

func (d *deserializer) deserialize(s *serialized) goja.Value {
	r := d.r
	switch s.kind {
	case sUndefined:
		return goja.Undefined()
	case sNull:
		return goja.Null()
	case sBool:
		return r.rt.ToValue(s.b)
	case sNumber:
		if s.n == 0 && math.Signbit(s.n) {
			return r.rt.ToValue(math.Copysign(0, -1))
		}
		return r.rt.ToValue(s.n)
	case sString:
		return r.rt.ToValue(s.s)
	case sBigInt:
		return r.callIntrinsic("BigInt", r.rt.ToValue(s.s))
	case sRef:
		if o := d.memory[s.id]; o != nil {
			return o
		}
		return goja.Undefined()
	case sTransferredBuffer:
		return d.buffers[s.id]
	case sPort:
		return r.wrapPort(d.ports[s.id])
	}
	var o *goja.Object
	switch s.kind {
	case sBoolObject, sNumberObject, sStringObject:
		var prim goja.Value
		switch s.kind {
		case sBoolObject:
			prim = r.rt.ToValue(s.b)
		case sNumberObject:
			prim = r.rt.ToValue(s.n)
		default:
			prim = r.rt.ToValue(s.s)
		}
		o = prim.ToObject(r.rt)
	case sDate:
		o = r.constructIntrinsic("Date", r.rt.ToValue(s.n))
	case sRegExp:
		o = r.constructIntrinsic("RegExp", r.rt.ToValue(s.s), r.rt.ToValue(s.s2))
	case sError:
		if s.hasS {
			o = r.constructIntrinsic(s.s2, r.rt.ToValue(s.s))
		} else {
			o = r.constructIntrinsic(s.s2)
		}
	case sArray:
		o = r.rt.NewArray()
		_ = o.Set("length", s.count)
	case sArrayBuffer:
		o = r.rt.ToValue(r.rt.NewArrayBuffer(s.bytes)).(*goja.Object)
	case sMap:
		o = r.constructIntrinsic("Map")
	case sSet:
		o = r.constructIntrinsic("Set")
	case sView:
		d.memory[s.id] = nil
		buf := d.deserialize(s.items[0])
		o = r.constructIntrinsic(s.s, buf, r.rt.ToValue(s.off), r.rt.ToValue(s.count))
	default:
		o = r.rt.NewObject()
	}
	d.memory[s.id] = o
	switch s.kind {
	case sMap:
		set := r.intrinsicMethod("Map", "set")
		for i := 0; i+1 < len(s.items); i += 2 {
			_, _ = set(o, d.deserialize(s.items[i]), d.deserialize(s.items[i+1]))
		}
	case sSet:
		add := r.intrinsicMethod("Set", "add")
		for _, v := range s.items {
			_, _ = add(o, d.deserialize(v))
		}
	}
	for _, p := range s.props {
		_ = o.DefineDataProperty(p.key, d.deserialize(p.val), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
	}
	return o
}
