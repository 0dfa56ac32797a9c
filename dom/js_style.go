package dom

import (
	"strings"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"

	"loopscope/css"
)

// declBlock is what a CSSStyleDeclaration object reads and writes: an element's inline
// style or its computed style.
type declBlock interface {
	length() int
	item(i int) string
	getPropertyValue(name string) string
	getPropertyPriority(name string) string
	setProperty(name, value, priority string) error
	removeProperty(name string) (string, error)
	cssText() string
	setCSSText(text string) error
}

// inlineDecl adapts an element's inline style to declBlock.
type inlineDecl struct {
	el    *Node
	known func(string) bool
}

func (d inlineDecl) length() int { return len(d.el.inlineStyle().decls) }
func (d inlineDecl) item(i int) string {
	if decls := d.el.inlineStyle().decls; i < len(decls) {
		return decls[i].name
	}
	return ""
}
func (d inlineDecl) getPropertyValue(name string) string {
	return d.el.inlineStyle().getPropertyValue(name)
}
func (d inlineDecl) getPropertyPriority(name string) string {
	return d.el.inlineStyle().getPropertyPriority(name)
}
func (d inlineDecl) setProperty(name, value, priority string) error {
	d.el.inlineStyle().setProperty(name, value, priority, d.known)
	return nil
}
func (d inlineDecl) removeProperty(name string) (string, error) {
	return d.el.inlineStyle().removeProperty(name), nil
}
func (d inlineDecl) cssText() string { return d.el.inlineStyle().cssText() }
func (d inlineDecl) setCSSText(text string) error {
	d.el.inlineStyle().setCSSText(text)
	return nil
}

// styleObject is a CSSStyleDeclaration object. CSS properties are own properties of the
// object (as in Chrome), in camelCase and dashed form.
// https://drafts.csswg.org/cssom/#the-cssstyledeclaration-interface
type styleObject struct {
	r     *realm
	block declBlock
	ex    expandos
}

// property maps a property key to a CSS property name ("" when it is not one).
func (s *styleObject) property(key string) string {
	if strings.HasPrefix(key, "--") {
		return ""
	}
	name := cssPropertyName(key)
	if s.r.cssProps[name] {
		if strings.IndexByte(key, '-') >= 0 && key != name {
			return ""
		}
		return name
	}
	return ""
}

func (s *styleObject) Get(key string) goja.Value {
	if i, ok := arrayIndex(key); ok {
		if i < s.block.length() {
			return s.r.str(s.block.item(i))
		}
		return nil
	}
	if name := s.property(key); name != "" {
		return s.r.str(s.block.getPropertyValue(name))
	}
	return s.ex.get(key)
}

func (s *styleObject) Set(key string, v goja.Value) bool {
	if _, ok := arrayIndex(key); ok {
		return false
	}
	if name := s.property(key); name != "" {
		if err := s.block.setProperty(name, toStringNullEmpty(v), ""); err != nil {
			s.r.throwDOM("Failed to set the '"+key+"' property on 'CSSStyleDeclaration': ", err)
		}
		return true
	}
	return s.ex.set(key, v)
}

func (s *styleObject) Has(key string) bool {
	if i, ok := arrayIndex(key); ok {
		return i < s.block.length()
	}
	return s.property(key) != "" || s.ex.has(key)
}

func (s *styleObject) Delete(key string) bool {
	if s.property(key) != "" {
		return false
	}
	return s.ex.del(key)
}

func (s *styleObject) Keys() []string { return s.ex.keys(indexedKeys(s.block.length())) }

func (r *realm) isCSSProperty(name string) bool { return r.cssProps[name] }

func (r *realm) newStyle(el *Node) *goja.Object {
	return r.newStyleObject(inlineDecl{el: el, known: r.isCSSProperty})
}

func (r *realm) newComputedStyle(el *Node) *goja.Object {
	return r.newStyleObject(&computedDecl{w: r.win, el: el, names: r.cssPropNames})
}

func (r *realm) newStyleObject(b declBlock) *goja.Object {
	o := r.rt.NewDynamicObject(&styleObject{r: r, block: b})
	_ = o.SetPrototype(r.iface("CSSStyleDeclaration").Proto)
	return o
}

// installStyle defines CSSStyleDeclaration.
func (r *realm) installStyle() {
	r.cssPropNames = css.KnownNames()
	r.cssProps = make(map[string]bool, len(r.cssPropNames))
	for _, p := range r.cssPropNames {
		r.cssProps[p] = true
	}
	c := r.idl.DefineInterface("CSSStyleDeclaration", nil, 0, nil)
	m := webidl.On(c, func(call goja.FunctionCall) declBlock { return webidl.DynamicThis[*styleObject](r.idl, call).block })
	m.Accessor("cssText", func(b declBlock) goja.Value { return r.str(b.cssText()) },
		func(b declBlock, v goja.Value) {
			r.check("cssText", "CSSStyleDeclaration", b.setCSSText(toStringNullEmpty(v)))
		})
	m.Getter("length", func(b declBlock) goja.Value { return r.rt.ToValue(b.length()) })
	m.Getter("parentRule", func(declBlock) goja.Value { return goja.Null() })
	m.Accessor("cssFloat", func(b declBlock) goja.Value { return r.str(b.getPropertyValue("float")) },
		func(b declBlock, v goja.Value) {
			r.check("cssFloat", "CSSStyleDeclaration", b.setProperty("float", toStringNullEmpty(v), ""))
		})
	m.Method("item", 1, func(b declBlock, call goja.FunctionCall) goja.Value {
		return r.str(b.item(toUnsignedLong(call.Argument(0))))
	})
	m.Method("getPropertyValue", 1, func(b declBlock, call goja.FunctionCall) goja.Value {
		return r.str(b.getPropertyValue(toDOMString(call.Argument(0))))
	})
	m.Method("getPropertyPriority", 1, func(b declBlock, call goja.FunctionCall) goja.Value {
		return r.str(b.getPropertyPriority(toDOMString(call.Argument(0))))
	})
	m.Method("setProperty", 2, func(b declBlock, call goja.FunctionCall) goja.Value {
		prio := ""
		if p := call.Argument(2); !goja.IsUndefined(p) {
			prio = toStringNullEmpty(p)
		}
		r.check("setProperty", "CSSStyleDeclaration", b.setProperty(toDOMString(call.Argument(0)), toStringNullEmpty(call.Argument(1)), prio))
		return goja.Undefined()
	})
	m.Method("removeProperty", 1, func(b declBlock, call goja.FunctionCall) goja.Value {
		v, err := b.removeProperty(toDOMString(call.Argument(0)))
		r.check("removeProperty", "CSSStyleDeclaration", err)
		return r.str(v)
	})
	c.Iterable(false)
}
