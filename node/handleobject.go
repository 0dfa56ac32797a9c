package node

import "github.com/dop251/goja"

// handleObject is a Timeout's or an Immediate's own properties: the JS object is a goja
// dynamic object over the Go timer or immediate (goja.DynamicObject), so setTimeout and
// setImmediate define no property per call, and the object's methods find their timer
// without a lookup. A script may still give the object properties of its own (string keys;
// a symbol-keyed own property is refused, as by any goja dynamic object: DEPARTURE).
type handleObject struct {
	props map[string]goja.Value
	keys  []string // in the order they were added
}

func (h *handleObject) Get(key string) goja.Value { return h.props[key] }

func (h *handleObject) Set(key string, v goja.Value) bool {
	if h.props == nil {
		h.props = map[string]goja.Value{}
	}
	if _, ok := h.props[key]; !ok {
		h.keys = append(h.keys, key)
	}
	h.props[key] = v
	return true
}

func (h *handleObject) Has(key string) bool {
	_, ok := h.props[key]
	return ok
}

func (h *handleObject) Delete(key string) bool {
	if _, ok := h.props[key]; !ok {
		return true
	}
	delete(h.props, key)
	for i, k := range h.keys {
		if k == key {
			h.keys = append(h.keys[:i], h.keys[i+1:]...)
			break
		}
	}
	return true
}

func (h *handleObject) Keys() []string { return h.keys }
