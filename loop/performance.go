package loop

import (
	"math"

	"github.com/dop251/goja"
)

// performance holds the page's performance timeline (marks and measures).
type performance struct {
	entries []perfEntry
}

type perfEntry struct {
	name, typ       string
	start, duration float64
}

// installPerformance defines performance.now(), timeOrigin, mark(), measure() and getEntries*.
// https://w3c.github.io/hr-time/#dom-performance-now
func (l *Loop) installPerformance() {
	p := l.rt.NewObject()
	l.defineFunc(p, "now", 0, func(goja.FunctionCall) goja.Value { return l.rt.ToValue(coarsen(l.Now())) })
	_ = p.Set("timeOrigin", 0.0)
	entry := func(e perfEntry) goja.Value {
		o := l.rt.NewObject()
		_ = o.Set("name", e.name)
		_ = o.Set("entryType", e.typ)
		_ = o.Set("startTime", e.start)
		_ = o.Set("duration", e.duration)
		return o
	}
	l.defineFunc(p, "mark", 1, func(c goja.FunctionCall) goja.Value {
		e := perfEntry{name: c.Argument(0).String(), typ: "mark", start: coarsen(l.Now())}
		if opts, ok := c.Argument(1).(*goja.Object); ok {
			if st := opts.Get("startTime"); st != nil && !goja.IsUndefined(st) {
				e.start = st.ToFloat()
			}
		}
		l.perf.entries = append(l.perf.entries, e)
		return entry(e)
	})
	l.defineFunc(p, "measure", 1, func(c goja.FunctionCall) goja.Value {
		start, end := 0.0, coarsen(l.Now())
		lookup := func(v goja.Value) float64 {
			switch v.Export().(type) {
			case int64, float64:
				return v.ToFloat()
			}
			name := v.String()
			for i := len(l.perf.entries) - 1; i >= 0; i-- {
				if l.perf.entries[i].typ == "mark" && l.perf.entries[i].name == name {
					return l.perf.entries[i].start
				}
			}
			panic(l.rt.NewTypeError("Failed to execute 'measure' on 'Performance': The mark '" + name + "' does not exist."))
		}
		if a := c.Argument(1); !goja.IsUndefined(a) {
			if o, ok := a.(*goja.Object); ok && o.ClassName() == "Object" {
				if s := o.Get("start"); s != nil && !goja.IsUndefined(s) {
					start = lookup(s)
				}
				if e := o.Get("end"); e != nil && !goja.IsUndefined(e) {
					end = lookup(e)
				}
			} else {
				start = lookup(a)
			}
		}
		if b := c.Argument(2); !goja.IsUndefined(b) {
			end = lookup(b)
		}
		e := perfEntry{name: c.Argument(0).String(), typ: "measure", start: start, duration: end - start}
		l.perf.entries = append(l.perf.entries, e)
		return entry(e)
	})
	list := func(filter func(perfEntry) bool) goja.Value {
		var out []any
		for _, e := range l.perf.entries {
			if filter(e) {
				out = append(out, entry(e))
			}
		}
		return l.rt.NewArray(out...)
	}
	l.defineFunc(p, "getEntries", 0, func(goja.FunctionCall) goja.Value { return list(func(perfEntry) bool { return true }) })
	l.defineFunc(p, "getEntriesByType", 1, func(c goja.FunctionCall) goja.Value {
		t := c.Argument(0).String()
		return list(func(e perfEntry) bool { return e.typ == t })
	})
	l.defineFunc(p, "getEntriesByName", 1, func(c goja.FunctionCall) goja.Value {
		n := c.Argument(0).String()
		return list(func(e perfEntry) bool { return e.name == n })
	})
	clear := func(typ string) func(goja.FunctionCall) goja.Value {
		return func(c goja.FunctionCall) goja.Value {
			name := c.Argument(0)
			kept := l.perf.entries[:0]
			for _, e := range l.perf.entries {
				if e.typ == typ && (goja.IsUndefined(name) || e.name == name.String()) {
					continue
				}
				kept = append(kept, e)
			}
			l.perf.entries = kept
			return goja.Undefined()
		}
	}
	l.defineFunc(p, "clearMarks", 0, clear("mark"))
	l.defineFunc(p, "clearMeasures", 0, clear("measure"))
	_ = l.rt.GlobalObject().Set("performance", p)
}

// coarsen rounds a time to 5 µs, the resolution Chrome gives cross-origin-isolated pages.
func coarsen(t float64) float64 { return math.Round(t*200) / 200 }
