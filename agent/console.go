package agent

import (
	"math"
	"strconv"
	"strings"

	"github.com/dop251/goja"
)

// InstallConsole defines console.log/info/warn/error/debug (and a few friends), formatted the
// way Chrome's console prints them (https://console.spec.whatwg.org/#formatter): the console
// of a window or a worker global (Node's is its own).
func (a *Agent) InstallConsole() { a.InstallConsoleWhile(nil) }

// InstallConsoleWhile is InstallConsole for a global whose console prints only while live
// reports true (nil: always): a removed iframe's window's prints nothing, as in Chrome.
func (a *Agent) InstallConsoleWhile(live func() bool) {
	c := a.rt.NewObject()
	for _, level := range []string{"log", "info", "warn", "error", "debug", "trace"} {
		level := level
		a.defineFunc(c, level, 0, func(call goja.FunctionCall) goja.Value {
			if live != nil && !live() {
				return goja.Undefined()
			}
			text := a.formatArgs(call.Arguments)
			a.trace.instant(KindConsole, text, a.Now())
			a.console.Message(level, text)
			a.stepHostCall("console." + level)
			return goja.Undefined()
		})
	}
	a.defineFunc(c, "assert", 0, func(call goja.FunctionCall) goja.Value {
		if call.Argument(0).ToBoolean() || live != nil && !live() {
			return goja.Undefined()
		}
		text := "Assertion failed"
		if len(call.Arguments) > 1 {
			text += ": " + a.formatArgs(call.Arguments[1:])
		}
		a.console.Message("error", text)
		return goja.Undefined()
	})
	_ = a.rt.GlobalObject().Set("console", c)
}

// formatArgs joins console arguments with spaces; a first string argument is a format string
// (%s %d %i %f %o %O %c %%), as the Console standard's Formatter says.
func (a *Agent) formatArgs(args []goja.Value) string {
	var b strings.Builder
	rest := args
	if len(args) > 0 {
		if s, ok := primitiveString(args[0]); ok && strings.ContainsRune(s, '%') && len(args) > 1 {
			rest = args[1:]
			for i := 0; i < len(s); i++ {
				if s[i] != '%' || i+1 == len(s) {
					b.WriteByte(s[i])
					continue
				}
				spec := s[i+1]
				if spec == '%' {
					b.WriteByte('%')
					i++
					continue
				}
				if !strings.ContainsRune("sdifoOc", rune(spec)) || len(rest) == 0 {
					b.WriteByte(s[i])
					continue
				}
				arg := rest[0]
				rest = rest[1:]
				i++
				switch spec {
				case 's':
					if str, ok := primitiveString(arg); ok {
						b.WriteString(str)
					} else {
						b.WriteString(a.formatValue(arg, 1))
					}
				case 'd', 'i':
					f := a.numberOf(arg)
					if math.IsNaN(f) {
						b.WriteString("NaN")
					} else {
						b.WriteString(formatNumber(math.Trunc(f)))
					}
				case 'f':
					b.WriteString(formatNumber(a.numberOf(arg)))
				case 'o', 'O':
					b.WriteString(a.formatValue(arg, 1))
				case 'c': // CSS: no colours in text output
				}
			}
			if len(rest) > 0 {
				b.WriteByte(' ')
			}
		}
	}
	for i, arg := range rest {
		if i > 0 {
			b.WriteByte(' ')
		}
		if s, ok := primitiveString(arg); ok {
			b.WriteString(s)
			continue
		}
		b.WriteString(a.formatValue(arg, 0))
	}
	return b.String()
}

// formatValue prints a value as Chrome's console previews it: depth 0 is a top-level
// argument, deeper values are abbreviated (nested objects as {…}, arrays as Array(n)). It
// reads the value without running page code (pagevalue.go): no export of the object graph,
// no getter, no Proxy trap, no toString.
func (a *Agent) formatValue(v goja.Value, depth int) string {
	switch {
	case v == nil || goja.IsUndefined(v):
		return "undefined"
	case goja.IsNull(v):
		return "null"
	}
	o, ok := v.(*goja.Object)
	if !ok {
		return formatPrimitive(v, depth)
	}
	if isProxy(o) {
		// Chrome: "Proxy(Object) {…}"; the target is not shown, its traps are not run.
		return "Proxy(Object) {…}"
	}
	if _, isFn := goja.AssertFunction(o); isFn {
		if depth > 0 {
			return "ƒ"
		}
		name, _ := a.stringProperty(o, "name")
		return "ƒ " + name + "()"
	}
	if a.isError(o) {
		return a.errorHeadline(o)
	}
	if o.ClassName() == "Array" {
		return a.formatArray(o, depth)
	}
	return a.formatObject(o, depth)
}

// formatObject prints an object as Chrome's console does: "Foo {a: 1, b: 2}", "{…}" nested.
func (a *Agent) formatObject(o *goja.Object, depth int) string {
	if depth > 0 {
		return "{…}"
	}
	prefix := ""
	if ctor, kind := a.dataProperty(o, "constructor"); kind == propData {
		if co, ok := ctor.(*goja.Object); ok && !isProxy(co) {
			if n, ok := a.stringProperty(co, "name"); ok && n != "Object" && n != "" {
				prefix = n + " "
			}
		}
	}
	var b strings.Builder
	b.WriteString(prefix + "{")
	var keys []string
	a.guard(func() { keys = o.Keys() })
	for i, k := range keys {
		if i == 5 {
			b.WriteString(", …")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(k + ": ")
		switch pv, kind := a.dataProperty(o, k); kind {
		case propData:
			b.WriteString(a.formatValue(pv, 1))
		default:
			b.WriteString("(...)") // a getter: Chrome shows it without running it
		}
	}
	b.WriteString("}")
	return b.String()
}

// formatPrimitive prints a string, number, boolean, BigInt or Symbol.
func formatPrimitive(v goja.Value, depth int) string {
	if s, ok := primitiveString(v); ok {
		if depth == 0 {
			return s
		}
		return "'" + s + "'"
	}
	if sym, ok := v.(*goja.Symbol); ok {
		return "Symbol(" + sym.String() + ")" // Chrome: Symbol(description)
	}
	if isBigInt(v) {
		return v.String() + "n"
	}
	switch x := v.Export().(type) { // primitives: exporting is free
	case bool:
		return strconv.FormatBool(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return formatNumber(x)
	}
	return v.String()
}

// formatArray prints an array as Chrome's console does: "(3) [1, 2, 3]", "Array(3)"
// nested; its first 100 elements, each abbreviated.
func (a *Agent) formatArray(o *goja.Object, depth int) string {
	var n int64
	if lv, kind := a.dataProperty(o, "length"); kind == propData {
		n = lv.ToInteger()
	}
	if depth > 0 {
		return "Array(" + strconv.FormatInt(n, 10) + ")"
	}
	var b strings.Builder
	if n > 1 {
		b.WriteString("(" + strconv.FormatInt(n, 10) + ") ")
	}
	b.WriteString("[")
	for i := int64(0); i < n && i < 100; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		var e goja.Value
		if a.guard(func() { e = o.Get(strconv.FormatInt(i, 10)) }) {
			b.WriteString(a.formatValue(e, 1))
		} else {
			b.WriteString("(...)")
		}
	}
	if n > 100 {
		b.WriteString(", …")
	}
	b.WriteString("]")
	return b.String()
}

// numberOf is ToNumber for %d/%i/%f without running page code: an object is NaN.
func (a *Agent) numberOf(v goja.Value) float64 {
	if _, isObj := v.(*goja.Object); isObj {
		return math.NaN()
	}
	if _, isSym := v.(*goja.Symbol); isSym {
		return math.NaN()
	}
	return v.ToFloat()
}

// formatNumber prints a number as JS's Number::toString does, with -0 as "-0".
func formatNumber(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0 && math.Signbit(f):
		return "-0"
	}
	a := math.Abs(f)
	if a != 0 && (a >= 1e21 || a < 1e-6) {
		// Exponent form: "1e+21", "1.5e-7" (no leading zeros in the exponent).
		m, e, _ := strings.Cut(strconv.FormatFloat(f, 'e', -1, 64), "e")
		sign, digits := e[:1], strings.TrimLeft(e[1:], "0")
		return m + "e" + sign + digits
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// isError reports whether o is an Error object: made by an Error constructor, or inheriting
// from the realm's own Error.prototype (captured at creation: the page may replace Error).
func (a *Agent) isError(o *goja.Object) bool {
	if isProxy(o) {
		return false
	}
	if o.ClassName() == "Error" {
		return true
	}
	proto := a.intrinsics.errorPrototype
	if proto == nil {
		return false
	}
	p := o
	for i := 0; i < 64; i++ {
		if p = p.Prototype(); p == nil || isProxy(p) {
			return false
		}
		if p == proto {
			return true
		}
	}
	return false
}

// errorHeadline is the first line of an error's stack, "Name: message", as Chrome prints it.
// name and message are read as data properties only: a getter is not run (the realm's
// Error.prototype.name, "Error", stands for it); a platform error's come from the host
// (SetErrorDescriber).
func (a *Agent) errorHeadline(o *goja.Object) string {
	if name, msg, iface, ok := a.platformError(o); ok {
		if name == "Error" {
			// CHROME: a DOMException's stack starts with its interface's name when its
			// name is the default one, as the console shows it (its error event's
			// message says "Error": reportValue).
			name = iface
		}
		return joinHeadline(name, msg)
	}
	name, ok := a.stringProperty(o, "name")
	if !ok {
		name = "Error"
	}
	msg, _ := a.stringProperty(o, "message")
	return joinHeadline(name, msg)
}

// joinHeadline is "name: message", or name alone when there is no message.
func joinHeadline(name, msg string) string {
	if msg == "" {
		return name
	}
	return name + ": " + msg
}

// platformError is the name, message and interface of a host error object (a
// DOMException), read by the host without running script (SetErrorDescriber).
func (a *Agent) platformError(v goja.Value) (name, msg, iface string, ok bool) {
	o, isObj := v.(*goja.Object)
	if a.describeError == nil || !isObj {
		return "", "", "", false
	}
	// The host finds its object behind the value by a property read, which a Proxy on the
	// prototype chain would trap: such a value is not one of the host's.
	p := o
	for range 64 {
		if isProxy(p) {
			return "", "", "", false
		}
		if p = p.Prototype(); p == nil {
			return a.describeError(o)
		}
	}
	return "", "", "", false
}
