package page

import (
	"testing"

	"loopscope/dom"
	"loopscope/loop"
)

// TestDocumentInASecondRealm: a second document installed in a second JS realm of the
// page's runtime (goja's Runtime.NewRealm, as an iframe's document will be) has a window,
// interfaces and wrappers of its own, and its nodes and events work across the two realms
// as a same-origin iframe's do in Chrome: its elements are its own interfaces' instances,
// one of them appended to the page's document is adopted, events of either realm's
// constructors reach its listeners, and code it evaluates sees its own globals.
func TestDocumentInASecondRealm(t *testing.T) {
	p, err := New([]byte(`<!DOCTYPE html><body><div id=a>main</div><script>var where = 'main';</script>`),
		"file:///t/page.html", "", Options{VirtualTime: true, Console: &countingConsole{}})
	if err != nil {
		t.Fatal(err)
	}
	p.Run(loop.RunOptions{Until: 100})
	rt := p.Agent.Runtime()
	second := rt.NewRealm()
	doc, err := dom.ParseDocument([]byte(`<!DOCTYPE html><body><p id=b>child</p><script>var where = 'child'</script>`), "file:///t/child.html")
	if err != nil {
		t.Fatal(err)
	}
	second.Do(func() { _, err = dom.Install(host{p.Loop}, doc, dom.Options{}) })
	if err != nil {
		t.Fatal(err)
	}
	if err := rt.Set("child", second.GlobalObject()); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ src, want string }{
		{`child.document === document || child.Node === Node || child.Event === Event`, "false"},
		{`child.document.getElementById('b').textContent + ' ' + document.getElementById('a').textContent`, "child main"},
		{`child.document.body instanceof HTMLElement`, "false"},
		{`child.document.body instanceof child.HTMLElement`, "true"},
		{`Object.getPrototypeOf(child.document.createElement('span')) === child.HTMLSpanElement.prototype`, "true"},
		{`Object.prototype.toString.call(child) + ' ' + (child.window === child) + ' ' + (child.document.defaultView === child)`, "[object Window] true true"},
		{`child.eval('var where = "child"; typeof document.getElementById("b") + " " + where') + ' ' + where`, "object child main"},
		{`(() => { const s = child.document.createElement('span'); document.body.append(s);
			return [s.ownerDocument === document, s instanceof child.HTMLSpanElement, document.body.lastChild === s].join() })()`, "true,true,true"},
		{`(() => { let n = 0; const b = child.document.body; b.addEventListener('x', (e) => { n += e instanceof child.Event ? 1 : 10 });
			b.dispatchEvent(new child.Event('x')); b.dispatchEvent(new Event('x')); return n })()`, "11"},
		{`(() => { try { child.document.appendChild(document.createElement('i')) } catch (e) { return e.name + ' ' + (e instanceof child.DOMException) } })()`, "HierarchyRequestError true"},
	} {
		v, err := rt.RunString(c.src)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got := v.String(); got != c.want {
			t.Errorf("%s = %q, want %q", c.src, got, c.want)
		}
	}
}
