package dom

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/dop251/goja"
	"golang.org/x/net/html"
)

// arrayIndex parses a canonical array index property name.
func arrayIndex(key string) (int, bool) {
	if key == "" || len(key) > 10 || (len(key) > 1 && key[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(key); i++ {
		c := key[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, n < 1<<32-1
}

// expandos holds the own non-index properties scripts put on a collection object.
type expandos map[string]goja.Value

func (e *expandos) get(key string) goja.Value { return (*e)[key] }
func (e *expandos) set(key string, v goja.Value) bool {
	if *e == nil {
		*e = make(expandos)
	}
	(*e)[key] = v
	return true
}
func (e *expandos) has(key string) bool { _, ok := (*e)[key]; return ok }
func (e *expandos) del(key string) bool { delete(*e, key); return true }
func (e *expandos) keys(out []string) []string {
	for k := range *e {
		out = append(out, k)
	}
	return out
}

// indexedKeys returns "0".."n-1".
func indexedKeys(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(i)
	}
	return out
}

// nodeList is a NodeList: live children of parent, or a static list.
// https://dom.spec.whatwg.org/#interface-nodelist
type nodeList struct {
	r      *realm
	parent *Node   // live childNodes of parent
	static []*Node // static list (querySelectorAll, MutationRecord)
	ex     expandos

	ver   uint64 // document version the cache was built at
	cache []*html.Node
	valid bool
}

func (l *nodeList) nodes() []*html.Node {
	d := l.parent.doc
	if l.valid && l.ver == d.version {
		return l.cache
	}
	l.cache = l.cache[:0]
	for c := l.parent.h.FirstChild; c != nil; c = c.NextSibling {
		l.cache = append(l.cache, c)
	}
	l.ver, l.valid = d.version, true
	return l.cache
}

func (l *nodeList) length() int {
	if l.parent == nil {
		return len(l.static)
	}
	return len(l.nodes())
}

func (l *nodeList) item(i int) *Node {
	if l.parent == nil {
		if i >= 0 && i < len(l.static) {
			return l.static[i]
		}
		return nil
	}
	hs := l.nodes()
	if i >= 0 && i < len(hs) {
		return l.parent.doc.NodeFor(hs[i])
	}
	return nil
}

func (l *nodeList) Get(key string) goja.Value {
	if i, ok := arrayIndex(key); ok {
		if n := l.item(i); n != nil {
			return l.r.wrapNode(n)
		}
		return nil
	}
	return l.ex.get(key)
}

func (l *nodeList) Set(key string, v goja.Value) bool {
	if _, ok := arrayIndex(key); ok {
		return false
	}
	return l.ex.set(key, v)
}

func (l *nodeList) Has(key string) bool {
	if i, ok := arrayIndex(key); ok {
		return i < l.length()
	}
	return l.ex.has(key)
}

func (l *nodeList) Delete(key string) bool {
	if i, ok := arrayIndex(key); ok {
		return i >= l.length()
	}
	return l.ex.del(key)
}

func (l *nodeList) Keys() []string { return l.ex.keys(indexedKeys(l.length())) }

func (r *realm) newNodeList(l *nodeList) *goja.Object {
	l.r = r
	o := r.rt.NewDynamicObject(l)
	_ = o.SetPrototype(r.classes["NodeList"].proto)
	return o
}

// htmlCollection is a live HTMLCollection of the elements under root that match.
// https://dom.spec.whatwg.org/#interface-htmlcollection
type htmlCollection struct {
	r            *realm
	root         *Node
	childrenOnly bool
	match        func(*html.Node) bool
	ex           expandos

	ver   uint64
	cache []*html.Node
	valid bool
}

func isElementNode(h *html.Node) bool { return h.Type == html.ElementNode }

func (c *htmlCollection) elements() []*html.Node {
	d := c.root.doc
	if c.valid && c.ver == d.version {
		return c.cache
	}
	c.cache = c.cache[:0]
	if c.childrenOnly {
		for h := c.root.h.FirstChild; h != nil; h = h.NextSibling {
			if c.match(h) {
				c.cache = append(c.cache, h)
			}
		}
	} else {
		for h := range c.root.h.Descendants() {
			if c.match(h) {
				c.cache = append(c.cache, h)
			}
		}
	}
	c.ver, c.valid = d.version, true
	return c.cache
}

func (c *htmlCollection) item(i int) *Node {
	es := c.elements()
	if i >= 0 && i < len(es) {
		return c.root.doc.NodeFor(es[i])
	}
	return nil
}

// namedItem returns the first element whose id or name is key.
// https://dom.spec.whatwg.org/#dom-htmlcollection-nameditem
func (c *htmlCollection) namedItem(key string) *Node {
	if key == "" {
		return nil
	}
	for _, h := range c.elements() {
		n := c.root.doc.NodeFor(h)
		if id, _ := n.GetAttribute("id"); id == key {
			return n
		}
		if name, ok := n.GetAttribute("name"); ok && name == key && h.Namespace == "" {
			return n
		}
	}
	return nil
}

func (c *htmlCollection) Get(key string) goja.Value {
	if i, ok := arrayIndex(key); ok {
		if n := c.item(i); n != nil {
			return c.r.wrapNode(n)
		}
		return nil
	}
	return c.ex.get(key)
}

func (c *htmlCollection) Set(key string, v goja.Value) bool {
	if _, ok := arrayIndex(key); ok {
		return false
	}
	return c.ex.set(key, v)
}

func (c *htmlCollection) Has(key string) bool {
	if i, ok := arrayIndex(key); ok {
		return i < len(c.elements())
	}
	return c.ex.has(key)
}

func (c *htmlCollection) Delete(key string) bool {
	if i, ok := arrayIndex(key); ok {
		return i >= len(c.elements())
	}
	return c.ex.del(key)
}

func (c *htmlCollection) Keys() []string { return c.ex.keys(indexedKeys(len(c.elements()))) }

func (r *realm) newHTMLCollection(c *htmlCollection) *goja.Object {
	c.r = r
	o := r.rt.NewDynamicObject(c)
	_ = o.SetPrototype(r.classes["HTMLCollection"].proto)
	return o
}

// byTagName returns the matcher of getElementsByTagName(qualifiedName).
// https://dom.spec.whatwg.org/#concept-getelementsbytagname
func byTagName(name string) func(*html.Node) bool {
	if name == "*" {
		return isElementNode
	}
	lower := asciiLower(name)
	return func(h *html.Node) bool {
		if h.Type != html.ElementNode {
			return false
		}
		if h.Namespace == "" {
			return h.Data == lower
		}
		return h.Data == name
	}
}

// byClassNames returns the matcher of getElementsByClassName(classNames).
// https://dom.spec.whatwg.org/#concept-getelementsbyclassname
func byClassNames(names string) func(*html.Node) bool {
	want := strings.Fields(names)
	return func(h *html.Node) bool {
		if h.Type != html.ElementNode || len(want) == 0 {
			return false
		}
		var cls string
		for i := range h.Attr {
			if h.Attr[i].Key == "class" && h.Attr[i].Namespace == "" {
				cls = h.Attr[i].Val
				break
			}
		}
		have := strings.Fields(cls)
		for _, w := range want {
			found := false
			for _, c := range have {
				if c == w {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	}
}

// domTokenList is the DOMTokenList of an element attribute (classList).
// https://dom.spec.whatwg.org/#interface-domtokenlist
type domTokenList struct {
	r    *realm
	el   *Node
	attr string
	ex   expandos
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

// domStringMap is an element's dataset. https://html.spec.whatwg.org/multipage/dom.html#domstringmap
type domStringMap struct {
	r  *realm
	el *Node
}

// dataAttrName maps a dataset property name to its attribute name ("" if invalid).
// https://html.spec.whatwg.org/multipage/dom.html#dom-domstringmap-setitem
func dataAttrName(prop string) string {
	var b strings.Builder
	b.WriteString("data-")
	for i := 0; i < len(prop); i++ {
		c := prop[i]
		if c == '-' && i+1 < len(prop) && prop[i+1] >= 'a' && prop[i+1] <= 'z' {
			return ""
		}
		if c >= 'A' && c <= 'Z' {
			b.WriteByte('-')
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// dataPropName maps a data-* attribute name to its dataset property name.
func dataPropName(attr string) (string, bool) {
	if !strings.HasPrefix(attr, "data-") {
		return "", false
	}
	s := attr[5:]
	for i := 0; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			return "", false
		}
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '-' && i+1 < len(s) && s[i+1] >= 'a' && s[i+1] <= 'z' {
			b.WriteByte(s[i+1] - ('a' - 'A'))
			i++
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String(), true
}

func (m *domStringMap) Get(key string) goja.Value {
	name := dataAttrName(key)
	if name == "" {
		return nil
	}
	if v, ok := m.el.GetAttribute(name); ok {
		return m.r.str(v)
	}
	return nil
}

func (m *domStringMap) Set(key string, v goja.Value) bool {
	name := dataAttrName(key)
	if name == "" {
		panic(m.r.newDOMException("SyntaxError", "Failed to set a named property '"+key+"' on 'DOMStringMap': '"+key+"' is not a valid property name."))
	}
	if err := m.el.SetAttribute(name, toDOMString(v)); err != nil {
		m.r.throwDOM("Failed to set a named property '"+key+"' on 'DOMStringMap': ", err)
	}
	return true
}

func (m *domStringMap) Has(key string) bool {
	name := dataAttrName(key)
	return name != "" && m.el.HasAttribute(name)
}

func (m *domStringMap) Delete(key string) bool {
	if name := dataAttrName(key); name != "" {
		m.el.RemoveAttribute(name)
	}
	return true
}

func (m *domStringMap) Keys() []string {
	var out []string
	for i := range m.el.h.Attr {
		if m.el.h.Attr[i].Namespace != "" {
			continue
		}
		if p, ok := dataPropName(m.el.h.Attr[i].Key); ok {
			out = append(out, p)
		}
	}
	return out
}

// thisDynamic returns `this` as the Go object of a dynamic collection object of type T.
func thisDynamic[T any](r *realm, call goja.FunctionCall) T {
	if o, ok := call.This.(*goja.Object); ok {
		if o.ExportType() == reflect.TypeFor[T]() {
			if v, ok := o.Export().(T); ok {
				return v
			}
		}
	}
	panic(r.illegalInvocation())
}

// installCollections defines NodeList, HTMLCollection, DOMTokenList and DOMStringMap.
func (r *realm) installCollections() {
	arrayProto := r.rt.Get("Array").(*goja.Object).Get("prototype").(*goja.Object)
	r.arrayValues = arrayProto.Get("values")
	iterable := func(c *class, withForEach bool) {
		_ = c.proto.DefineDataPropertySymbol(goja.SymIterator, r.arrayValues, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
		if withForEach {
			for _, m := range []string{"entries", "keys", "values", "forEach"} {
				_ = c.proto.DefineDataProperty(m, arrayProto.Get(m), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE)
			}
		}
	}
	nl := r.newClass("NodeList", nil, 0, nil)
	nl.attr("length", func(call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(thisDynamic[*nodeList](r, call).length())
	}, nil)
	nl.method("item", 1, func(call goja.FunctionCall) goja.Value {
		l := thisDynamic[*nodeList](r, call)
		r.requireArgs(call, 1, "item", "NodeList")
		return r.wrapNodeOrNull(l.item(toUnsignedLong(call.Argument(0))))
	})
	iterable(nl, true)

	hc := r.newClass("HTMLCollection", nil, 0, nil)
	hc.attr("length", func(call goja.FunctionCall) goja.Value {
		return r.rt.ToValue(len(thisDynamic[*htmlCollection](r, call).elements()))
	}, nil)
	hc.method("item", 1, func(call goja.FunctionCall) goja.Value {
		c := thisDynamic[*htmlCollection](r, call)
		r.requireArgs(call, 1, "item", "HTMLCollection")
		return r.wrapNodeOrNull(c.item(toUnsignedLong(call.Argument(0))))
	})
	hc.method("namedItem", 1, func(call goja.FunctionCall) goja.Value {
		c := thisDynamic[*htmlCollection](r, call)
		r.requireArgs(call, 1, "namedItem", "HTMLCollection")
		return r.wrapNodeOrNull(c.namedItem(toDOMString(call.Argument(0))))
	})
	iterable(hc, false)

	tl := r.newClass("DOMTokenList", nil, 0, nil)
	this := func(call goja.FunctionCall) *domTokenList { return thisDynamic[*domTokenList](r, call) }
	tl.attr("length", func(call goja.FunctionCall) goja.Value { return r.rt.ToValue(len(this(call).tokens())) }, nil)
	tl.attr("value", func(call goja.FunctionCall) goja.Value {
		t := this(call)
		v, _ := t.el.GetAttribute(t.attr)
		return r.str(v)
	}, func(call goja.FunctionCall) goja.Value {
		t := this(call)
		t.el.setAttributeValue(t.attr, toDOMString(call.Argument(0)))
		return goja.Undefined()
	})
	tl.method("toString", 0, func(call goja.FunctionCall) goja.Value {
		t := this(call)
		v, _ := t.el.GetAttribute(t.attr)
		return r.str(v)
	})
	tl.method("item", 1, func(call goja.FunctionCall) goja.Value {
		t := this(call)
		r.requireArgs(call, 1, "item", "DOMTokenList")
		ts := t.tokens()
		if i := toUnsignedLong(call.Argument(0)); i < len(ts) {
			return r.str(ts[i])
		}
		return goja.Null()
	})
	tl.method("contains", 1, func(call goja.FunctionCall) goja.Value {
		t := this(call)
		r.requireArgs(call, 1, "contains", "DOMTokenList")
		tok := toDOMString(call.Argument(0))
		for _, s := range t.tokens() {
			if s == tok {
				return r.rt.ToValue(true)
			}
		}
		return r.rt.ToValue(false)
	})
	validated := func(call goja.FunctionCall, method string) []string {
		out := make([]string, len(call.Arguments))
		for i, a := range call.Arguments {
			out[i] = toDOMString(a)
			if err := validateToken(out[i]); err != nil {
				r.throwDOM(failed(method, "DOMTokenList"), err)
			}
		}
		return out
	}
	tl.method("add", 0, func(call goja.FunctionCall) goja.Value {
		t := this(call)
		add := validated(call, "add")
		ts := t.tokens()
		for _, a := range add {
			if !containsString(ts, a) {
				ts = append(ts, a)
			}
		}
		t.update(ts)
		return goja.Undefined()
	})
	tl.method("remove", 0, func(call goja.FunctionCall) goja.Value {
		t := this(call)
		rm := validated(call, "remove")
		ts := t.tokens()
		out := ts[:0]
		for _, s := range ts {
			if !containsString(rm, s) {
				out = append(out, s)
			}
		}
		t.update(out)
		return goja.Undefined()
	})
	tl.method("toggle", 1, func(call goja.FunctionCall) goja.Value {
		t := this(call)
		r.requireArgs(call, 1, "toggle", "DOMTokenList")
		tok := toDOMString(call.Argument(0))
		if err := validateToken(tok); err != nil {
			r.throwDOM(failed("toggle", "DOMTokenList"), err)
		}
		force := call.Argument(1)
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
				return r.rt.ToValue(false)
			}
			return r.rt.ToValue(true)
		}
		if goja.IsUndefined(force) || force.ToBoolean() {
			t.update(append(ts, tok))
			return r.rt.ToValue(true)
		}
		return r.rt.ToValue(false)
	})
	tl.method("replace", 2, func(call goja.FunctionCall) goja.Value {
		t := this(call)
		r.requireArgs(call, 2, "replace", "DOMTokenList")
		ts := validated(call, "replace")
		tok, nt := ts[0], ts[1]
		cur := t.tokens()
		if !containsString(cur, tok) {
			return r.rt.ToValue(false)
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
		return r.rt.ToValue(true)
	})
	tl.method("supports", 1, func(call goja.FunctionCall) goja.Value {
		panic(r.typeError(failed("supports", "DOMTokenList") + "DOMTokenList has no supported tokens."))
	})
	iterable(tl, true)

	r.newClass("DOMStringMap", nil, 0, nil)
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
	_ = o.SetPrototype(r.classes["DOMTokenList"].proto)
	return o
}

func (r *realm) newDataset(el *Node) *goja.Object {
	o := r.rt.NewDynamicObject(&domStringMap{r: r, el: el})
	_ = o.SetPrototype(r.classes["DOMStringMap"].proto)
	return o
}
