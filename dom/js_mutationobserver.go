package dom

import (
	"slices"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

func (r *realm) wrapMutationObserver(o *MutationObserver) *goja.Object { return o.obj }

// wrapRecords returns a JS array of MutationRecord objects. The record objects are
// created when the script first reads them (a callback that only reads records.length
// costs nothing per record).
func (r *realm) wrapRecords(recs []*MutationRecord) *goja.Object {
	return r.rt.NewDynamicArray(&recordArray{r: r, recs: recs, vals: make([]goja.Value, len(recs))})
}

// recordArray is the sequence<MutationRecord> passed to callbacks and takeRecords.
type recordArray struct {
	r    *realm
	recs []*MutationRecord
	vals []goja.Value // created or assigned elements
}

func (a *recordArray) Len() int { return len(a.vals) }

func (a *recordArray) Get(i int) goja.Value {
	if i < 0 || i >= len(a.vals) {
		return nil
	}
	if a.vals[i] == nil && i < len(a.recs) {
		rec := a.recs[i]
		if rec.obj == nil {
			rec.obj = a.r.idl.NewObject(a.r.iface("MutationRecord").Proto, rec)
		}
		a.vals[i] = rec.obj
	}
	return a.vals[i]
}

func (a *recordArray) Set(i int, v goja.Value) bool {
	if i < 0 {
		return false
	}
	if i >= len(a.vals) {
		a.SetLen(i + 1)
	}
	a.Get(i)
	a.vals[i] = v
	return true
}

func (a *recordArray) SetLen(n int) bool {
	if n < 0 {
		return false
	}
	for len(a.vals) < n {
		a.vals = append(a.vals, goja.Undefined())
	}
	if n < len(a.recs) {
		a.recs = a.recs[:n]
	}
	a.vals = a.vals[:n]
	return true
}

// installMutationObserver defines MutationObserver and MutationRecord.
// https://dom.spec.whatwg.org/#interface-mutationobserver
func (r *realm) installMutationObserver() {
	mo := r.idl.DefineInterface("MutationObserver", nil, 1, func(call goja.ConstructorCall) *goja.Object {
		ctx := "Failed to construct 'MutationObserver': "
		if len(call.Arguments) < 1 {
			panic(r.idl.TypeError(ctx + "1 argument required, but only 0 present."))
		}
		cb, ok := goja.AssertFunction(call.Arguments[0])
		if !ok {
			panic(r.idl.TypeError(ctx + "parameter 1 is not of type 'Function'."))
		}
		r.observerSeq++
		o := &MutationObserver{realm: r, callback: cb, seq: r.observerSeq, obj: call.This}
		r.idl.SetSlot(call.This, o)
		return call.This
	})
	m := webidl.On(mo, func(call goja.FunctionCall) *MutationObserver { return webidl.This[*MutationObserver](r.idl, call) })
	m.Method("observe", 1, func(o *MutationObserver, call goja.FunctionCall) goja.Value {
		ctx := webidl.Failed("observe", "MutationObserver")
		target, ok := r.idl.Unwrap(call.Argument(0)).(*Node)
		if !ok {
			panic(r.idl.TypeError(ctx + "parameter 1 is not of type 'Node'."))
		}
		dict := call.Argument(1)
		r.checkDict(dict, ctx, "MutationObserverInit")
		opts, err := r.readObserverInit(dict)
		if err != "" {
			panic(r.idl.TypeError(ctx + err))
		}
		o.observe(target, opts)
		return goja.Undefined()
	})
	m.LenientMethod("disconnect", 0, func(o *MutationObserver, _ goja.FunctionCall) goja.Value {
		o.disconnect()
		return goja.Undefined()
	})
	m.LenientMethod("takeRecords", 0, func(o *MutationObserver, _ goja.FunctionCall) goja.Value {
		return r.wrapRecords(o.takeRecords())
	})
	r.installMutationRecord()
}

// installMutationRecord defines MutationRecord. https://dom.spec.whatwg.org/#interface-mutationrecord
func (r *realm) installMutationRecord() {
	rec := r.idl.DefineInterface("MutationRecord", nil, 0, nil)
	m := webidl.On(rec, func(call goja.FunctionCall) *MutationRecord { return webidl.This[*MutationRecord](r.idl, call) })
	m.Getter("type", func(m *MutationRecord) goja.Value { return r.str(m.typ) })
	m.Getter("target", func(m *MutationRecord) goja.Value { return r.wrapNode(m.target) })
	m.Getter("addedNodes", func(m *MutationRecord) goja.Value {
		if m.addedObj == nil {
			m.addedObj = r.newNodeList(&nodeList{static: slices.Clone(m.added)})
		}
		return m.addedObj
	})
	m.Getter("removedNodes", func(m *MutationRecord) goja.Value {
		if m.removedObj == nil {
			m.removedObj = r.newNodeList(&nodeList{static: slices.Clone(m.removed)})
		}
		return m.removedObj
	})
	m.Getter("previousSibling", func(m *MutationRecord) goja.Value { return r.wrapNodeOrNull(m.prev) })
	m.Getter("nextSibling", func(m *MutationRecord) goja.Value { return r.wrapNodeOrNull(m.next) })
	m.Getter("attributeName", func(m *MutationRecord) goja.Value { return r.nullableStr(m.attrName) })
	m.Getter("attributeNamespace", func(m *MutationRecord) goja.Value { return r.nullableStr(m.attrNS) })
	m.Getter("oldValue", func(m *MutationRecord) goja.Value { return r.nullableStr(m.oldValue) })
}

// readObserverInit reads and validates a MutationObserverInit; a non-empty string is the error.
// The checks run in Chrome's order (the spec checks "at least one" first).
// https://dom.spec.whatwg.org/#dom-mutationobserver-observe (steps 1-6)
func (r *realm) readObserverInit(dict goja.Value) (observerOptions, string) {
	var o observerOptions
	present := func(key string) (bool, bool) {
		v := dictGet(dict, key)
		if goja.IsUndefined(v) {
			return false, false
		}
		return v.ToBoolean(), true
	}
	o.childList, _ = present("childList")
	o.subtree, _ = present("subtree")
	attributes, hasAttributes := present("attributes")
	characterData, hasCharacterData := present("characterData")
	o.attributeOldValue, _ = present("attributeOldValue")
	o.characterDataOldValue, _ = present("characterDataOldValue")
	_, hasAOV := present("attributeOldValue")
	_, hasCDOV := present("characterDataOldValue")
	if f := dictGet(dict, "attributeFilter"); !goja.IsUndefined(f) {
		obj, ok := f.(*goja.Object)
		if !ok {
			return o, "Failed to read the 'attributeFilter' property from 'MutationObserverInit': The provided value cannot be converted to a sequence."
		}
		o.hasAttributeFilter = true
		r.rt.ForOf(obj, func(v goja.Value) bool {
			o.attributeFilter = append(o.attributeFilter, toDOMString(v))
			return true
		})
	}
	if (hasAOV || o.hasAttributeFilter) && !hasAttributes {
		attributes = true
	}
	if hasCDOV && !hasCharacterData {
		characterData = true
	}
	o.attributes, o.characterData = attributes, characterData
	if o.attributeOldValue && !o.attributes {
		return o, "The options object may only set 'attributeOldValue' to true when 'attributes' is true or not present."
	}
	if o.hasAttributeFilter && !o.attributes {
		return o, "The options object may only set 'attributeFilter' when 'attributes' is true or not present."
	}
	if o.characterDataOldValue && !o.characterData {
		return o, "The options object may only set 'characterDataOldValue' to true when 'characterData' is true or not present."
	}
	if !o.childList && !o.attributes && !o.characterData {
		return o, "The options object must set at least one of 'attributes', 'characterData', or 'childList' to true."
	}
	return o, ""
}
