package dom

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// installIntersectionObserver defines IntersectionObserver and IntersectionObserverEntry.
// https://w3c.github.io/IntersectionObserver/#intersection-observer-interface
func (r *realm) installIntersectionObserver() {
	io := r.idl.DefineInterface("IntersectionObserver", nil, 1, func(call goja.ConstructorCall) *goja.Object {
		cb := r.observerCallback(call, "IntersectionObserver")
		o := &IntersectionObserver{realm: r, callback: cb, callbackValue: call.Arguments[0], obj: call.This}
		r.initIntersectionObserver(o, call.Argument(1))
		r.observerSeq++
		o.seq = r.observerSeq
		r.idl.SetSlot(call.This, o)
		return call.This
	})
	m := webidl.On(io, func(call goja.FunctionCall) *IntersectionObserver {
		return webidl.This[*IntersectionObserver](r.idl, call)
	})
	m.Getter("root", func(o *IntersectionObserver) goja.Value {
		if o.rootDocument != nil {
			return r.wrapNode(o.rootDocument)
		}
		return r.wrapNodeOrNull(o.root)
	})
	m.Getter("rootMargin", func(o *IntersectionObserver) goja.Value {
		parts := make([]string, 4)
		for i, v := range o.rootMargin {
			parts[i] = strconv.FormatFloat(v.v, 'f', -1, 64) + map[bool]string{false: "px", true: "%"}[v.pct]
		}
		return r.str(strings.Join(parts, " "))
	})
	m.Getter("thresholds", func(o *IntersectionObserver) goja.Value {
		vals := make([]goja.Value, len(o.thresholds))
		for i, t := range o.thresholds {
			vals[i] = r.rt.ToValue(t)
		}
		return r.frozenArray(vals...)
	})
	m.Method("observe", 1, func(o *IntersectionObserver, call goja.FunctionCall) goja.Value {
		o.observe(r.elementArg(call, webidl.Failed("observe", "IntersectionObserver")))
		return goja.Undefined()
	})
	m.Method("unobserve", 1, func(o *IntersectionObserver, call goja.FunctionCall) goja.Value {
		o.unobserve(r.elementArg(call, webidl.Failed("unobserve", "IntersectionObserver")))
		return goja.Undefined()
	})
	m.LenientMethod("disconnect", 0, func(o *IntersectionObserver, _ goja.FunctionCall) goja.Value {
		o.disconnect()
		return goja.Undefined()
	})
	m.LenientMethod("takeRecords", 0, func(o *IntersectionObserver, _ goja.FunctionCall) goja.Value {
		return r.wrapIntersectionEntries(o.takeRecords())
	})

	entry := r.idl.DefineInterface("IntersectionObserverEntry", nil, 1, nil)
	e := webidl.On(entry, func(call goja.FunctionCall) *intersectionObserverEntry {
		return webidl.This[*intersectionObserverEntry](r.idl, call)
	})
	e.Getter("time", func(e *intersectionObserverEntry) goja.Value { return r.rt.ToValue(e.time) })
	rectGetter := func(name string, i int, get func(e *intersectionObserverEntry) rect) {
		e.Getter(name, func(e *intersectionObserverEntry) goja.Value {
			if e.objs[i] == nil {
				rc := get(e)
				e.objs[i] = r.newRectReadOnly(rc.x, rc.y, rc.w, rc.h)
			}
			return e.objs[i]
		})
	}
	rectGetter("rootBounds", 0, func(e *intersectionObserverEntry) rect { return e.rootBounds })
	rectGetter("boundingClientRect", 1, func(e *intersectionObserverEntry) rect { return e.boundingClientRect })
	rectGetter("intersectionRect", 2, func(e *intersectionObserverEntry) rect { return e.isect })
	e.Getter("isIntersecting", func(e *intersectionObserverEntry) goja.Value { return r.rt.ToValue(e.isIntersecting) })
	e.Getter("intersectionRatio", func(e *intersectionObserverEntry) goja.Value { return r.rt.ToValue(e.intersectionRatio) })
	e.Getter("target", func(e *intersectionObserverEntry) goja.Value { return r.wrapNode(e.target) })
}

// initIntersectionObserver reads IntersectionObserverInit: root, rootMargin, threshold.
// https://w3c.github.io/IntersectionObserver/#initialize-a-new-intersectionobserver
//
// FIXME(spec): scrollMargin, and IntersectionObserver v2's trackVisibility and delay.
func (r *realm) initIntersectionObserver(o *IntersectionObserver, dict goja.Value) {
	ctx := "Failed to construct 'IntersectionObserver': "
	r.checkDict(dict, ctx, "IntersectionObserverInit")
	if v := dictGet(dict, "root"); !isNullish(v) {
		n, ok := r.idl.Unwrap(v).(*Node)
		if !ok || (n.kind != ElementNode && n.kind != DocumentNode) {
			panic(r.idl.TypeError(ctx + "Failed to read the 'root' property from 'IntersectionObserverInit': The provided value is not of type '(Document or Element)'."))
		}
		if n.kind == ElementNode {
			o.root = n
		} else {
			o.rootDocument = n // the document's viewport: the implicit root's rectangle here (one document)
		}
	}
	// 2-3. "Attempt to parse a margin from options.rootMargin." CHROME: its messages.
	margin := "0px"
	if v := dictGet(dict, "rootMargin"); !goja.IsUndefined(v) {
		margin = toDOMString(v)
	}
	m, err := parseAMargin(margin)
	if err != "" {
		panic(r.newDOMException("SyntaxError", ctx+err))
	}
	o.rootMargin = m
	// 5-8. The thresholds: each in [0, 1], sorted; none gives [0]. CHROME: each is kept as
	// a float (single precision), and a non-finite one is a TypeError of the conversion.
	var thresholds []float64
	add := func(x goja.Value) {
		f := x.ToFloat()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			panic(r.idl.TypeError(ctx + "Failed to read the 'threshold' property from 'IntersectionObserverInit': The provided double value is non-finite."))
		}
		thresholds = append(thresholds, float64(float32(f)))
	}
	if v := dictGet(dict, "threshold"); !goja.IsUndefined(v) {
		if obj, isObj := v.(*goja.Object); isObj && obj.ClassName() == "Array" {
			r.rt.ForOf(obj, func(x goja.Value) bool {
				add(x)
				return len(thresholds) <= maxThresholds
			})
		} else {
			add(v)
		}
	}
	for _, t := range thresholds {
		if t < 0 || t > 1 {
			panic(r.newError(r.rangeError, ctx+"Threshold values must be numbers between 0 and 1"))
		}
	}
	if len(thresholds) > maxThresholds {
		panic(r.newError(r.rangeError, ctx+"too many thresholds (at most "+strconv.Itoa(maxThresholds)+")"))
	}
	slices.Sort(thresholds)
	if len(thresholds) == 0 {
		thresholds = []float64{0}
	}
	o.thresholds = thresholds
}

// maxThresholds bounds the thresholds one observer may have (a page could pass a million).
// DEPARTURE: the spec and Chrome take any number; more is a RangeError here.
const maxThresholds = 1000

// parseAMargin is "parse a margin": one to four lengths in px or %, as CSS margin gives them;
// a non-empty string is the error. CHROME: an empty string is 0px; px lengths are whole
// (1.5px is 1px); only absolute lengths (px here) and percentages, with Chrome's messages.
// https://w3c.github.io/IntersectionObserver/#parse-a-margin
func parseAMargin(s string) ([4]marginValue, string) {
	const notAbsolute = "rootMargin must be specified in absolute length units or percent."
	var out [4]marginValue
	tokens := strings.Fields(s)
	if len(tokens) == 0 {
		return out, ""
	}
	if len(tokens) > 4 {
		return out, "Extra text found at the end of rootMargin."
	}
	vals := make([]marginValue, len(tokens))
	for i, tok := range tokens {
		num, pct := strings.CutSuffix(tok, "%")
		if !pct {
			var px bool
			if num, px = strings.CutSuffix(strings.ToLower(tok), "px"); !px {
				return out, notAbsolute
			}
		}
		f, err := strconv.ParseFloat(num, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return out, notAbsolute
		}
		if !pct {
			f = math.Trunc(f)
		}
		vals[i] = marginValue{f, pct}
	}
	// As CSS margin: 1 value all sides; 2 top/bottom, left/right; 3 top, left/right, bottom.
	switch len(vals) {
	case 1:
		out = [4]marginValue{vals[0], vals[0], vals[0], vals[0]}
	case 2:
		out = [4]marginValue{vals[0], vals[1], vals[0], vals[1]}
	case 3:
		out = [4]marginValue{vals[0], vals[1], vals[2], vals[1]}
	default:
		out = [4]marginValue{vals[0], vals[1], vals[2], vals[3]}
	}
	return out, ""
}

// wrapIntersectionEntries is the callback's sequence<IntersectionObserverEntry>.
func (r *realm) wrapIntersectionEntries(entries []*intersectionObserverEntry) *goja.Object {
	proto := r.iface("IntersectionObserverEntry").Proto
	vals := make([]any, len(entries))
	for i, e := range entries {
		vals[i] = r.idl.NewObject(proto, e)
	}
	return r.rt.NewArray(vals...)
}
