package agent

// Bounds on work inside the JS engine that the watchdog cannot interrupt: goja checks for an
// interrupt between instructions only, so a built-in that loops or recurses in Go (a JSON
// parse or serialisation, a regular expression backtracking) runs to its end, or to a
// fatal Go stack overflow. Each gets a bound that turns into a clear error:
//
//   - JSON.parse: the text's nesting is measured first (a linear scan, no page code); deeper
//     than maxJSONParseDepth is a RangeError, as a stack overflow (goja's parser recurses:
//     3,000,000 levels overflowed the Go stack, which is fatal).
//   - JSON.stringify: serialisation goes through a host replacer (the page's replacer, if
//     it gave one, is called from it), which knows each value's depth and checks the
//     watchdog: past maxJSONStringifyDepth it throws Chrome's RangeError, and a stop the
//     watchdog asked for lands at once (goja's cycle check is quadratic in the depth:
//     100,000 levels took 24 s between two instructions).
//   - Regular expressions: goja's backtracking engine (regexp2) gets a match timeout just
//     longer than -script-timeout (BoundRegexpMatching), so the watchdog's interrupt lands
//     as soon as a catastrophic match gives up; a match that gives up first ends the script
//     as the watchdog would (goja raises an InterruptedError of a RegexpTimeoutError).
//   - Array.prototype.join: a result longer than V8's maximum string length is V8's
//     RangeError "Invalid string length", thrown before the walk. DEPARTURE: so is an array
//     longer than that: V8 joins 2**31 - 1 holes into "" in a blink, goja walks every index in
//     Go (tens of seconds), which the allocation limit does not bound (no memory is taken) and
//     the watchdog cannot stop.
//
// Huge allocations in one step are goja's allocation limit's (allocbounds.go); the work they
// bound is bounded with them: `new Array(n).fill(v)` fills the holes of an array in one pass
// (our goja patch), and a typed array's fill writes at most the bytes the limit allowed
// (512 MiB in 1.4 s here, node 0.3 s; the watchdog cannot stop it).

import (
	"time"

	"github.com/dlclark/regexp2/v2"
	"github.com/dop251/goja"
)

const (
	// CHROME: V8's String::kMaxLength on 64-bit platforms (2**29 - 24 UTF-16 units).
	maxStringLength = 1<<29 - 24
	// CHROME: V8 throws "Maximum call stack size exceeded" from JSON.stringify at about
	// 4,000 levels here (node 20); goja is bounded near it.
	maxJSONStringifyDepth = 4000
	// DEPARTURE: V8 parses any depth (3,000,000 levels in node 20); goja's recursive parser
	// is bounded to what the Go stack holds comfortably.
	maxJSONParseDepth = 100_000
)

// BoundRegexpMatching makes every regular expression compiled from now on give up a match
// after a little more than timeout (the page's -script-timeout), by which time the watchdog
// has asked the script to stop (goja cannot interrupt a match). A match that gives up
// before the watchdog's stop (the thread starved of CPU: see below) stops the script all the
// same: goja raises an uncatchable InterruptedError of a RegexpTimeoutError, which
// endAbruptCall reports as the watchdog's timeout (goja used to take it for no match, and
// the script went on with a wrong answer: TestHostileCatastrophicRegexp at a load of 40). The match timeout is a process-wide setting
// of regexp2 (read when goja compiles a pattern), on the wall clock: the program sets it
// once, from its flags. Under virtual time the watchdog counts the JS thread's CPU time,
// which on a loaded machine runs much slower than the wall clock: the match timeout is
// then ten times the script timeout, so the stop still comes first while the thread gets
// a tenth of a core (a load average of 20 on two cores). The price: under virtual time a
// catastrophic match is stopped after 10 × -script-timeout of wall time, not 1.5 ×.
func BoundRegexpMatching(timeout time.Duration, virtualTime bool) {
	if timeout > 0 {
		regexp2.DefaultMatchTimeout = timeout + timeout/2
		if virtualTime {
			regexp2.DefaultMatchTimeout = 10 * timeout
		}
	}
}

// installEngineBounds replaces JSON.parse, JSON.stringify and Array.prototype.join by host
// functions that bound the original's work (the originals are captured now, before any page
// script runs).
func (a *Agent) installEngineBounds() {
	a.boundArrayJoin()
	j, ok := a.rt.Get("JSON").(*goja.Object)
	if !ok {
		return
	}
	parse, ok1 := goja.AssertFunction(j.Get("parse"))
	stringify, ok2 := goja.AssertFunction(j.Get("stringify"))
	if !ok1 || !ok2 {
		return
	}
	a.defineMethod(j, "parse", 2, func(c goja.FunctionCall) goja.Value {
		if text, ok := primitiveString(c.Argument(0)); ok && jsonNestingExceeds(text, maxJSONParseDepth) {
			panic(a.newRangeError("Maximum call stack size exceeded"))
		}
		return a.mustReturn(parse(c.This, c.Arguments...))
	})
	a.defineMethod(j, "stringify", 3, func(c goja.FunctionCall) goja.Value {
		args := []goja.Value{c.Argument(0), c.Argument(1), c.Argument(2)}
		pageReplacer, isFn := goja.AssertFunction(args[1])
		if !isFn && isArrayValue(args[1]) {
			// A property list: it must reach the original as it is (it orders the keys).
			return a.mustReturn(stringify(c.This, args...))
		}
		depth := map[*goja.Object]int{}
		replacer := func(rc goja.FunctionCall) goja.Value {
			a.checkStop()
			v := rc.Argument(1)
			if isFn {
				v = a.mustReturn(pageReplacer(rc.This, rc.Arguments...))
			}
			if o, ok := v.(*goja.Object); ok {
				d := 1
				if h, ok := rc.This.(*goja.Object); ok {
					d = depth[h] + 1
				}
				if d > maxJSONStringifyDepth {
					panic(a.newRangeError("Maximum call stack size exceeded"))
				}
				depth[o] = d
			}
			return v
		}
		args[1] = a.rt.ToValue(replacer)
		return a.mustReturn(stringify(c.This, args...))
	})
}

// boundArrayJoin refuses to join an array into a string longer than V8's (see above).
func (a *Agent) boundArrayJoin() {
	ctor, ok := a.rt.Get("Array").(*goja.Object)
	if !ok {
		return
	}
	proto, ok := ctor.Get("prototype").(*goja.Object)
	if !ok {
		return
	}
	join, ok := goja.AssertFunction(proto.Get("join"))
	if !ok {
		return
	}
	a.defineMethod(proto, "join", 1, func(c goja.FunctionCall) goja.Value {
		o, ok := c.This.(*goja.Object)
		if !ok || !isArrayValue(o) {
			return a.mustReturn(join(c.This, c.Arguments...))
		}
		sep := 1.0 // ","
		if s, ok := c.Argument(0).(goja.String); ok {
			sep = float64(s.Length())
		} else if !goja.IsUndefined(c.Argument(0)) {
			return a.mustReturn(join(c.This, c.Arguments...)) // converted by the original (it may run page code)
		}
		// An array's length is a data property: reading it runs no page code.
		if n := o.Get("length").ToFloat(); n > maxStringLength || (n-1)*sep > maxStringLength {
			panic(a.newRangeError("Invalid string length"))
		}
		return a.mustReturn(join(c.This, c.Arguments...))
	})
}

// defineMethod defines a built-in method as WebIDL and ECMAScript do: writable,
// configurable, not enumerable.
func (a *Agent) defineMethod(o *goja.Object, name string, length int, fn func(goja.FunctionCall) goja.Value) {
	f := a.rt.ToValue(fn).(*goja.Object)
	_ = f.DefineDataProperty("name", a.rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	_ = f.DefineDataProperty("length", a.rt.ToValue(length), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	_ = o.DefineDataProperty(name, f, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}

// mustReturn passes a call's result on, or rethrows its error into the calling script
// (an exception stays catchable, an interrupt uncatchable).
func (a *Agent) mustReturn(v goja.Value, err error) goja.Value {
	if err != nil {
		if ex, ok := findError[*goja.Exception](err); ok {
			panic(ex.Value())
		}
		panic(err)
	}
	return v
}

// checkStop throws the watchdog's interrupt into the running script now, from a host
// function that a long engine built-in calls (goja would only see it at its next
// instruction, after the built-in).
func (a *Agent) checkStop() {
	a.wd.mu.Lock()
	s := a.wd.stop
	a.wd.mu.Unlock()
	if s != nil {
		panic(&goja.InterruptedError{})
	}
}

func isArrayValue(v goja.Value) bool {
	o, ok := v.(*goja.Object)
	return ok && !isProxy(o) && o.ClassName() == "Array"
}

// jsonNestingExceeds reports whether JSON text nests arrays and objects deeper than max,
// in one pass (brackets inside strings do not count).
func jsonNestingExceeds(text string, max int) bool {
	depth, inString := 0, false
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			if depth++; depth > max {
				return true
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return false
}
