package dom

import (
	"slices"

	"github.com/dop251/goja"
)

func (r *realm) wrapMutationObserver(o *MutationObserver) *goja.Object { return o.obj }

func (r *realm) thisObserver(call goja.FunctionCall) *MutationObserver {
	if o, ok := r.unwrap(call.This).(*MutationObserver); ok {
		return o
	}
	panic(r.illegalInvocation())
}

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
			rec.obj = a.r.newPlatformObject(a.r.classes["MutationRecord"].proto, rec)
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
	mo := r.newClass("MutationObserver", nil, 1, func(call goja.ConstructorCall) *goja.Object {
		ctx := "Failed to construct 'MutationObserver': "
		if len(call.Arguments) < 1 {
			panic(r.typeError(ctx + "1 argument required, but only 0 present."))
		}
		cb, ok := goja.AssertFunction(call.Arguments[0])
		if !ok {
			panic(r.typeError(ctx + "parameter 1 is not of type 'Function'."))
		}
		r.observerSeq++
		o := &MutationObserver{realm: r, callback: cb, seq: r.observerSeq, obj: call.This}
		r.setSlot(call.This, o)
		return call.This
	})
	mo.method("observe", 1, func(call goja.FunctionCall) goja.Value {
		o := r.thisObserver(call)
		ctx := failed("observe", "MutationObserver")
		r.requireArgs(call, 1, "observe", "MutationObserver")
		target, ok := r.unwrap(call.Argument(0)).(*Node)
		if !ok {
			panic(r.typeError(ctx + "parameter 1 is not of type 'Node'."))
		}
		dict := call.Argument(1)
		r.checkDict(dict, ctx, "MutationObserverInit")
		opts, err := r.readObserverInit(dict)
		if err != "" {
			panic(r.typeError(ctx + err))
		}
		o.observe(target, opts)
		return goja.Undefined()
	})
	mo.method("disconnect", 0, func(call goja.FunctionCall) goja.Value {
		r.thisObserver(call).disconnect()
		return goja.Undefined()
	})
	mo.method("takeRecords", 0, func(call goja.FunctionCall) goja.Value {
		return r.wrapRecords(r.thisObserver(call).takeRecords())
	})

	rec := r.newClass("MutationRecord", nil, 0, nil)
	this := func(call goja.FunctionCall) *MutationRecord {
		if m, ok := r.unwrap(call.This).(*MutationRecord); ok {
			return m
		}
		panic(r.illegalInvocation())
	}
	get := func(name string, f func(m *MutationRecord) goja.Value) {
		rec.attr(name, func(call goja.FunctionCall) goja.Value { return f(this(call)) }, nil)
	}
	get("type", func(m *MutationRecord) goja.Value { return r.str(m.typ) })
	get("target", func(m *MutationRecord) goja.Value { return r.wrapNode(m.target) })
	get("addedNodes", func(m *MutationRecord) goja.Value {
		if m.addedObj == nil {
			m.addedObj = r.newNodeList(&nodeList{static: slices.Clone(m.added)})
		}
		return m.addedObj
	})
	get("removedNodes", func(m *MutationRecord) goja.Value {
		if m.removedObj == nil {
			m.removedObj = r.newNodeList(&nodeList{static: slices.Clone(m.removed)})
		}
		return m.removedObj
	})
	get("previousSibling", func(m *MutationRecord) goja.Value { return r.wrapNodeOrNull(m.prev) })
	get("nextSibling", func(m *MutationRecord) goja.Value { return r.wrapNodeOrNull(m.next) })
	get("attributeName", func(m *MutationRecord) goja.Value { return r.nullableStr(m.attrName) })
	get("attributeNamespace", func(m *MutationRecord) goja.Value { return r.nullableStr(m.attrNS) })
	get("oldValue", func(m *MutationRecord) goja.Value { return r.nullableStr(m.oldValue) })
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
