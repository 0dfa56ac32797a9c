package dom

import (
	"slices"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// installResizeObserver defines ResizeObserver, ResizeObserverEntry and ResizeObserverSize.
// https://drafts.csswg.org/resize-observer/#api
func (r *realm) installResizeObserver() {
	if f, ok := goja.AssertFunction(r.rt.Get("Object").ToObject(r.rt).Get("freeze")); ok {
		r.rs.freeze = f // captured before any page script can replace it
	}
	ro := r.idl.DefineInterface("ResizeObserver", nil, 1, func(call goja.ConstructorCall) *goja.Object {
		cb := r.observerCallback(call, "ResizeObserver")
		r.observerSeq++
		o := &ResizeObserver{realm: r, callback: cb, callbackValue: call.Arguments[0], seq: r.observerSeq, obj: call.This}
		r.idl.SetSlot(call.This, o)
		return call.This
	})
	m := webidl.On(ro, func(call goja.FunctionCall) *ResizeObserver { return webidl.This[*ResizeObserver](r.idl, call) })
	m.Method("observe", 1, func(o *ResizeObserver, call goja.FunctionCall) goja.Value {
		ctx := webidl.Failed("observe", "ResizeObserver")
		target := r.elementArg(call, ctx)
		opts := call.Argument(1)
		r.checkDict(opts, ctx, "ResizeObserverOptions")
		box := contentBox
		if v := dictGet(opts, "box"); !goja.IsUndefined(v) {
			i := slices.Index(resizeObserverBoxNames, toDOMString(v))
			if i < 0 {
				panic(r.idl.TypeError(ctx + "Failed to read the 'box' property from 'ResizeObserverOptions': The provided value '" +
					toDOMString(v) + "' is not a valid enum value of type ResizeObserverBoxOptions."))
			}
			box = resizeObserverBox(i)
		}
		o.observe(target, box)
		return goja.Undefined()
	})
	m.Method("unobserve", 1, func(o *ResizeObserver, call goja.FunctionCall) goja.Value {
		o.unobserve(r.elementArg(call, webidl.Failed("unobserve", "ResizeObserver")))
		return goja.Undefined()
	})
	m.LenientMethod("disconnect", 0, func(o *ResizeObserver, _ goja.FunctionCall) goja.Value {
		o.disconnect()
		return goja.Undefined()
	})

	entry := r.idl.DefineInterface("ResizeObserverEntry", nil, 1, nil)
	e := webidl.On(entry, func(call goja.FunctionCall) *resizeObserverEntry {
		return webidl.This[*resizeObserverEntry](r.idl, call)
	})
	e.Getter("target", func(e *resizeObserverEntry) goja.Value { return r.wrapNode(e.target) })
	e.Getter("contentRect", func(e *resizeObserverEntry) goja.Value {
		if e.rectObj == nil {
			e.rectObj = r.newRectReadOnly(e.contentRect[0], e.contentRect[1], e.contentRect[2], e.contentRect[3])
		}
		return e.rectObj
	})
	sizes := func(name string, size func(*resizeObserverEntry) (resizeObserverSize, *goja.Value)) {
		e.Getter(name, func(e *resizeObserverEntry) goja.Value {
			s, cache := size(e)
			if *cache == nil {
				*cache = r.frozenArray(r.newResizeObserverSize(s))
			}
			return *cache
		})
	}
	sizes("borderBoxSize", func(e *resizeObserverEntry) (resizeObserverSize, *goja.Value) { return e.border, &e.borderObj })
	sizes("contentBoxSize", func(e *resizeObserverEntry) (resizeObserverSize, *goja.Value) { return e.content, &e.contentObj })
	sizes("devicePixelContentBoxSize", func(e *resizeObserverEntry) (resizeObserverSize, *goja.Value) {
		return e.devicePixel, &e.devicePixelObj
	})

	size := r.idl.DefineInterface("ResizeObserverSize", nil, 0, nil)
	s := webidl.On(size, func(call goja.FunctionCall) *resizeObserverSize { return webidl.This[*resizeObserverSize](r.idl, call) })
	s.Getter("inlineSize", func(s *resizeObserverSize) goja.Value { return r.rt.ToValue(s.inline) })
	s.Getter("blockSize", func(s *resizeObserverSize) goja.Value { return r.rt.ToValue(s.block) })
}

// observerCallback checks an observer constructor's callback argument.
func (r *realm) observerCallback(call goja.ConstructorCall, iface string) goja.Callable {
	ctx := "Failed to construct '" + iface + "': "
	if len(call.Arguments) < 1 {
		panic(r.idl.TypeError(ctx + "1 argument required, but only 0 present."))
	}
	cb, ok := goja.AssertFunction(call.Arguments[0])
	if !ok {
		panic(r.idl.TypeError(ctx + "parameter 1 is not of type 'Function'."))
	}
	return cb
}

// elementArg is an operation's first argument, which must be an Element.
func (r *realm) elementArg(call goja.FunctionCall, ctx string) *Node {
	if len(call.Arguments) < 1 {
		panic(r.idl.TypeError(ctx + "1 argument required, but only 0 present."))
	}
	n, ok := r.idl.Unwrap(call.Argument(0)).(*Node)
	if !ok || n.kind != ElementNode {
		panic(r.idl.TypeError(ctx + "parameter 1 is not of type 'Element'."))
	}
	return n
}

// wrapResizeObserverEntries is the callback's sequence<ResizeObserverEntry>.
func (r *realm) wrapResizeObserverEntries(entries []*resizeObserverEntry) *goja.Object {
	proto := r.iface("ResizeObserverEntry").Proto
	vals := make([]any, len(entries))
	for i, e := range entries {
		vals[i] = r.idl.NewObject(proto, e)
	}
	return r.rt.NewArray(vals...)
}

func (r *realm) newResizeObserverSize(s resizeObserverSize) goja.Value {
	return r.idl.NewObject(r.iface("ResizeObserverSize").Proto, &s)
}

// frozenArray is a FrozenArray<T> of vals.
func (r *realm) frozenArray(vals ...goja.Value) goja.Value {
	a := make([]any, len(vals))
	for i, v := range vals {
		a[i] = v
	}
	arr := r.rt.NewArray(a...)
	if r.rs.freeze != nil {
		_, _ = r.rs.freeze(goja.Undefined(), arr)
	}
	return arr
}

// newRectReadOnly creates a DOMRectReadOnly. https://drafts.fxtf.org/geometry/#domrectreadonly
func (r *realm) newRectReadOnly(x, y, width, height float64) goja.Value {
	o := r.newRect(x, y, width, height).(*goja.Object)
	_ = o.SetPrototype(r.iface("DOMRectReadOnly").Proto)
	return o
}
