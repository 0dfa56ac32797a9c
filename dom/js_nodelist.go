package dom

import (
	"strconv"
	"strings"

	"loopscope/internal/webidl"

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
	_ = o.SetPrototype(r.iface("NodeList").Proto)
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
	_ = o.SetPrototype(r.iface("HTMLCollection").Proto)
	return o
}

// byTagName returns the matcher of getElementsByTagName(qualifiedName).
// https://dom.spec.whatwg.org/#concept-getelementsbytagname
// The qualified name is compared: an element outside the HTML namespace with a prefix
// (t holds the prefixes) has prefix:local as its name.
func byTagName(name string, t *nodeTable) func(*html.Node) bool {
	if name == "*" {
		return isElementNode
	}
	lower := asciiLower(name)
	prefix, local, _ := strings.Cut(name, ":")
	if local == "" {
		prefix, local = "", name
	}
	return func(h *html.Node) bool {
		if h.Type != html.ElementNode {
			return false
		}
		if h.Namespace == "" {
			return h.Data == lower
		}
		if h.Data == name && prefixOf(h, t) == "" {
			return true
		}
		return prefix != "" && h.Data == local && prefixOf(h, t) == prefix
	}
}

// byTagNameNS returns the matcher of getElementsByTagNameNS(namespace, localName): "*"
// matches any namespace or any local name; "" is no namespace.
// https://dom.spec.whatwg.org/#concept-getelementsbytagnamens
func byTagNameNS(ns nullString, local string) func(*html.Node) bool {
	anyNS := ns.valid && ns.s == "*"
	short := elementNamespace(ns)
	return func(h *html.Node) bool {
		return h.Type == html.ElementNode && (anyNS || h.Namespace == short) && (local == "*" || h.Data == local)
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

// installCollections defines NodeList, HTMLCollection, DOMTokenList and DOMStringMap.
func (r *realm) installCollections() {
	nl := r.idl.DefineInterface("NodeList", nil, 0, nil)
	lm := webidl.On(nl, func(call goja.FunctionCall) *nodeList { return webidl.DynamicThis[*nodeList](r.idl, call) })
	lm.Getter("length", func(l *nodeList) goja.Value { return r.rt.ToValue(l.length()) })
	lm.Method("item", 1, func(l *nodeList, call goja.FunctionCall) goja.Value {
		return r.wrapNodeOrNull(l.item(toUnsignedLong(call.Argument(0))))
	})
	nl.Iterable(true)

	hc := r.idl.DefineInterface("HTMLCollection", nil, 0, nil)
	cm := webidl.On(hc, func(call goja.FunctionCall) *htmlCollection { return webidl.DynamicThis[*htmlCollection](r.idl, call) })
	cm.Getter("length", func(c *htmlCollection) goja.Value { return r.rt.ToValue(len(c.elements())) })
	cm.Method("item", 1, func(c *htmlCollection, call goja.FunctionCall) goja.Value {
		return r.wrapNodeOrNull(c.item(toUnsignedLong(call.Argument(0))))
	})
	cm.Method("namedItem", 1, func(c *htmlCollection, call goja.FunctionCall) goja.Value {
		return r.wrapNodeOrNull(c.namedItem(toDOMString(call.Argument(0))))
	})
	hc.Iterable(false)

	r.installDOMTokenList()
	r.idl.DefineInterface("DOMStringMap", nil, 0, nil)
}
