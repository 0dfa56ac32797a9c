package loop

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/dop251/goja"
)

// installConsole defines console.log/info/warn/error/debug (and a few friends), formatted the
// way Chrome's console prints them (https://console.spec.whatwg.org/#formatter).
func (l *Loop) installConsole() {
	c := l.rt.NewObject()
	for _, level := range []string{"log", "info", "warn", "error", "debug", "trace"} {
		level := level
		l.defineFunc(c, level, 0, func(call goja.FunctionCall) goja.Value {
			text := l.formatArgs(call.Arguments)
			l.trace.instant(KindConsole, text, l.Now())
			l.console.Message(level, text)
			return goja.Undefined()
		})
	}
	l.defineFunc(c, "assert", 0, func(call goja.FunctionCall) goja.Value {
		if call.Argument(0).ToBoolean() {
			return goja.Undefined()
		}
		text := "Assertion failed"
		if len(call.Arguments) > 1 {
			text += ": " + l.formatArgs(call.Arguments[1:])
		}
		l.console.Message("error", text)
		return goja.Undefined()
	})
	_ = l.rt.GlobalObject().Set("console", c)
}

// formatArgs joins console arguments with spaces; a first string argument is a format string
// (%s %d %i %f %o %O %c %%), as the Console standard's Formatter says.
func (l *Loop) formatArgs(args []goja.Value) string {
	var b strings.Builder
	rest := args
	if len(args) > 0 {
		if s, ok := args[0].Export().(string); ok && strings.ContainsRune(s, '%') && len(args) > 1 {
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
					if str, ok := arg.Export().(string); ok {
						b.WriteString(str)
					} else {
						b.WriteString(l.formatValue(arg, 1))
					}
				case 'd', 'i':
					f := arg.ToFloat()
					if math.IsNaN(f) {
						b.WriteString("NaN")
					} else {
						b.WriteString(formatNumber(math.Trunc(f)))
					}
				case 'f':
					b.WriteString(formatNumber(arg.ToFloat()))
				case 'o', 'O':
					b.WriteString(l.formatValue(arg, 1))
				case 'c': // CSS: no colours in text output
				}
			}
			if len(rest) > 0 {
				b.WriteByte(' ')
			}
		}
	}
	for i, a := range rest {
		if i > 0 {
			b.WriteByte(' ')
		}
		if s, ok := a.Export().(string); ok {
			b.WriteString(s)
			continue
		}
		b.WriteString(l.formatValue(a, 0))
	}
	return b.String()
}

// formatValue prints a value as Chrome's console previews it: depth 0 is a top-level
// argument, deeper values are abbreviated (nested objects as {…}, arrays as Array(n)).
func (l *Loop) formatValue(v goja.Value, depth int) string {
	switch {
	case v == nil || goja.IsUndefined(v):
		return "undefined"
	case goja.IsNull(v):
		return "null"
	}
	switch x := v.Export().(type) {
	case string:
		if depth == 0 {
			return x
		}
		return "'" + x + "'"
	case bool:
		return strconv.FormatBool(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return formatNumber(x)
	}
	o, ok := v.(*goja.Object)
	if !ok {
		if _, isBig := v.Export().(*big.Int); isBig {
			return v.String() + "n"
		}
		return v.String() // symbols
	}
	if _, isFn := goja.AssertFunction(o); isFn {
		name := o.Get("name")
		if depth > 0 {
			return "ƒ"
		}
		return "ƒ " + name.String() + "()"
	}
	if isError(l.rt, o) {
		return errorHeadline(o)
	}
	if o.ClassName() == "Array" {
		return l.formatArray(o, depth)
	}
	return l.formatObject(o, depth)
}

// formatArray prints an array as Chrome's console does: "(3) [1, 2, 3]", "Array(3)" nested.
func (l *Loop) formatArray(o *goja.Object, depth int) string {
	n := o.Get("length").ToInteger()
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
		b.WriteString(l.formatValue(o.Get(strconv.FormatInt(i, 10)), 1))
	}
	if n > 100 {
		b.WriteString(", …")
	}
	b.WriteString("]")
	return b.String()
}

// formatObject prints an object as Chrome's console does: "Foo {a: 1, b: 2}", "{…}" nested.
func (l *Loop) formatObject(o *goja.Object, depth int) string {
	if depth > 0 {
		return "{…}"
	}
	prefix := ""
	if ctor := o.Get("constructor"); ctor != nil {
		if co, ok := ctor.(*goja.Object); ok {
			if n := co.Get("name"); n != nil && n.String() != "Object" && n.String() != "" {
				prefix = n.String() + " "
			}
		}
	}
	var b strings.Builder
	b.WriteString(prefix + "{")
	keys := o.Keys()
	for i, k := range keys {
		if i == 5 {
			b.WriteString(", …")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(k + ": " + l.formatValue(o.Get(k), 1))
	}
	b.WriteString("}")
	return b.String()
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

// isError reports whether o is an Error object (instanceof Error).
func isError(rt *goja.Runtime, o *goja.Object) bool {
	errCtor, ok := rt.Get("Error").(*goja.Object)
	if !ok {
		return false
	}
	return o.ClassName() == "Error" || o.Get("stack") != nil && instanceOf(o, errCtor)
}

func instanceOf(o, ctor *goja.Object) bool {
	proto := ctor.Get("prototype")
	for p := o.Prototype(); p != nil; p = p.Prototype() {
		if p == proto {
			return true
		}
	}
	return false
}

// errorHeadline is the first line of an error's stack, "Name: message", as Chrome prints it.
func errorHeadline(o *goja.Object) string {
	name, msg := "Error", ""
	if n := o.Get("name"); n != nil && !goja.IsUndefined(n) {
		name = n.String()
	}
	if m := o.Get("message"); m != nil && !goja.IsUndefined(m) {
		msg = m.String()
	}
	if msg == "" {
		return name
	}
	return name + ": " + msg
}
