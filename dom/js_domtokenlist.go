package dom

import (
	"strings"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

// domTokenList is the DOMTokenList of an element attribute (classList).
// https://dom.spec.whatwg.org/#interface-domtokenlist
type domTokenList struct {
	r         *realm
	el        *Node
	attr      string
	supported []string // the attribute's supported tokens (nil: it defines none)
	ex        expandos
}

// tokens parses the attribute into an ordered set.
// https://dom.spec.whatwg.org/#concept-ordered-set-parser
func (t *domTokenList) tokens() []string {
	v, _ := t.el.GetAttribute(t.attr)
	f := strings.FieldsFunc(v, isASCIIWhitespace)
	out := f[:0]
	for _, s := range f {
		dup := false
		for _, o := range out {
			if o == s {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, s)
		}
	}
	return out
}

func isASCIIWhitespace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\f' || r == '\r'
}

// update writes the token set back to the attribute.
// https://dom.spec.whatwg.org/#concept-dtl-update
func (t *domTokenList) update(tokens []string) {
	if _, ok := t.el.GetAttribute(t.attr); !ok && len(tokens) == 0 {
		return
	}
	t.el.setAttributeValue(t.attr, strings.Join(tokens, " "))
}

// validateToken checks a token argument. https://dom.spec.whatwg.org/#dom-domtokenlist-add
func validateToken(s string) error {
	if s == "" {
		return domErr("SyntaxError", "The token provided must not be empty.")
	}
	if strings.IndexFunc(s, isASCIIWhitespace) >= 0 {
		return domErr("InvalidCharacterError", "The token provided ('"+s+"') contains HTML space characters, which are not valid in tokens.")
	}
	return nil
}

func (t *domTokenList) Get(key string) goja.Value {
	if i, ok := arrayIndex(key); ok {
		if ts := t.tokens(); i < len(ts) {
			return t.r.str(ts[i])
		}
		return nil
	}
	return t.ex.get(key)
}

func (t *domTokenList) Set(key string, v goja.Value) bool {
	if _, ok := arrayIndex(key); ok {
		return false
	}
	return t.ex.set(key, v)
}

func (t *domTokenList) Has(key string) bool {
	if i, ok := arrayIndex(key); ok {
		return i < len(t.tokens())
	}
	return t.ex.has(key)
}

func (t *domTokenList) Delete(key string) bool {
	if _, ok := arrayIndex(key); ok {
		return false
	}
	return t.ex.del(key)
}

func (t *domTokenList) Keys() []string { return t.ex.keys(indexedKeys(len(t.tokens()))) }

// installDOMTokenList defines DOMTokenList.
func (r *realm) installDOMTokenList() {
	tl := r.idl.DefineInterface("DOMTokenList", nil, 0, nil)
	m := webidl.On(tl, func(call goja.FunctionCall) *domTokenList { return webidl.DynamicThis[*domTokenList](r.idl, call) })
	m.Getter("length", func(t *domTokenList) goja.Value { return r.rt.ToValue(len(t.tokens())) })
	m.Accessor("value", func(t *domTokenList) goja.Value { return r.str(t.value()) },
		func(t *domTokenList, v goja.Value) { t.el.setAttributeValue(t.attr, toDOMString(v)) })
	m.LenientMethod("toString", 0, func(t *domTokenList, _ goja.FunctionCall) goja.Value { return r.str(t.value()) })
	m.Method("item", 1, func(t *domTokenList, call goja.FunctionCall) goja.Value {
		ts := t.tokens()
		if i := toUnsignedLong(call.Argument(0)); i < len(ts) {
			return r.str(ts[i])
		}
		return goja.Null()
	})
	m.Method("contains", 1, func(t *domTokenList, call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(containsString(t.tokens(), toDOMString(call.Argument(0))))
	})
	r.installDOMTokenListEditing(m)
	// https://dom.spec.whatwg.org/#dom-domtokenlist-supports
	m.Method("supports", 1, func(t *domTokenList, call goja.FunctionCall) goja.Value {
		// 1. "Let result be the return value of validation steps called with token."
		// (The validation steps: "If the associated attribute's local name does not define
		// supported tokens, throw a TypeError"; else "Let lowercase token be a copy of
		// token, in ASCII lowercase", true if it is one of the supported tokens.)
		if t.supported == nil {
			panic(r.idl.TypeError(webidl.Failed("supports", "DOMTokenList") + "DOMTokenList has no supported tokens."))
		}
		return r.rt.ToValue(containsString(t.supported, strings.ToLower(toDOMString(call.Argument(0)))))
	})
	tl.Iterable(true)
}

// value is the associated attribute's value. https://dom.spec.whatwg.org/#dom-domtokenlist-value
func (t *domTokenList) value() string {
	v, _ := t.el.GetAttribute(t.attr)
	return v
}

// installDOMTokenListEditing defines add, remove, toggle and replace.
// https://dom.spec.whatwg.org/#dom-domtokenlist-add and the following operations
func (r *realm) installDOMTokenListEditing(m webidl.Members[*domTokenList]) {
	validated := func(call goja.FunctionCall, method string) []string {
		out := make([]string, len(call.Arguments))
		for i, a := range call.Arguments {
			out[i] = toDOMString(a)
			r.check(method, "DOMTokenList", validateToken(out[i]))
		}
		return out
	}
	m.LenientMethod("add", 0, func(t *domTokenList, call goja.FunctionCall) goja.Value {
		t.add(validated(call, "add"))
		return goja.Undefined()
	})
	m.LenientMethod("remove", 0, func(t *domTokenList, call goja.FunctionCall) goja.Value {
		t.remove(validated(call, "remove"))
		return goja.Undefined()
	})
	m.Method("toggle", 1, func(t *domTokenList, call goja.FunctionCall) goja.Value {
		tok := toDOMString(call.Argument(0))
		r.check("toggle", "DOMTokenList", validateToken(tok))
		return r.rt.ToValue(t.toggle(tok, call.Argument(1)))
	})
	m.Method("replace", 2, func(t *domTokenList, call goja.FunctionCall) goja.Value {
		ts := validated(call, "replace")
		return r.rt.ToValue(t.replace(ts[0], ts[1]))
	})
}

// add appends the tokens not present yet. https://dom.spec.whatwg.org/#dom-domtokenlist-add
func (t *domTokenList) add(add []string) {
	ts := t.tokens()
	for _, a := range add {
		if !containsString(ts, a) {
			ts = append(ts, a)
		}
	}
	t.update(ts)
}

// remove removes the tokens. https://dom.spec.whatwg.org/#dom-domtokenlist-remove
func (t *domTokenList) remove(rm []string) {
	ts := t.tokens()
	out := ts[:0]
	for _, s := range ts {
		if !containsString(rm, s) {
			out = append(out, s)
		}
	}
	t.update(out)
}

// toggle. https://dom.spec.whatwg.org/#dom-domtokenlist-toggle
func (t *domTokenList) toggle(tok string, force goja.Value) bool {
	ts := t.tokens()
	if containsString(ts, tok) {
		if goja.IsUndefined(force) || !force.ToBoolean() {
			out := ts[:0]
			for _, s := range ts {
				if s != tok {
					out = append(out, s)
				}
			}
			t.update(out)
			return false
		}
		return true
	}
	if goja.IsUndefined(force) || force.ToBoolean() {
		t.update(append(ts, tok))
		return true
	}
	return false
}

// replace. https://dom.spec.whatwg.org/#dom-domtokenlist-replace
func (t *domTokenList) replace(tok, nt string) bool {
	cur := t.tokens()
	if !containsString(cur, tok) {
		return false
	}
	out := cur[:0]
	done := false
	for _, s := range cur {
		switch {
		case s == tok || s == nt:
			if !done {
				out = append(out, nt)
				done = true
			}
		default:
			out = append(out, s)
		}
	}
	t.update(out)
	return true
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (r *realm) newTokenList(el *Node, attr string) *goja.Object {
	o := r.rt.NewDynamicObject(&domTokenList{r: r, el: el, attr: attr})
	_ = o.SetPrototype(r.iface("DOMTokenList").Proto)
	return o
}
