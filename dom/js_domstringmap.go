package dom

import (
	"strings"

	"github.com/dop251/goja"
)

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

func (r *realm) newDataset(el *Node) *goja.Object {
	o := r.rt.NewDynamicObject(&domStringMap{r: r, el: el})
	_ = o.SetPrototype(r.iface("DOMStringMap").Proto)
	return o
}
