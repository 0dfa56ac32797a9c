package dom_test

import (
	"strings"
	"testing"

	"loopscope/dom"
	"loopscope/loop"
)

// Every accessor and operation of every interface, called with wrong `this` values and
// odd arguments, must throw JS exceptions at worst: never a Go panic.
func TestBindingsNeverPanic(t *testing.T) {
	tp := loadPage(t, testHTML(`<div id="d" class="a" style="color: red"><p>t</p></div>`, ""), loop.ModeMutationEvents)
	tp.exec(`
new MutationObserver(function (r) { r.forEach(function (x) { x.addedNodes.length; x.oldValue; }); })
  .observe(document, { subtree: true, childList: true, attributes: true, characterData: true, attributeOldValue: true, characterDataOldValue: true });
// Re-entrant legacy listeners that fight the mutation in progress.
var depth = 0;
document.addEventListener('DOMNodeInserted', function (e) {
  if (depth++ < 3 && e.target.parentNode) { try { e.target.parentNode.removeChild(e.target); document.body.appendChild(e.target); } catch (err) {} }
  depth--;
});
document.addEventListener('DOMNodeRemoved', function (e) {
  if (depth++ < 3) { try { e.target.appendChild(document.body); } catch (err) {} try { document.documentElement.appendChild(e.target); } catch (err) {} }
  depth--;
});
var calls = 0, thrown = 0;
function values() {
  var el = document.createElement('div');
  el.innerHTML = '<b>x</b>y';
  return [undefined, null, 0, -1, 4294967296, NaN, '', 'x', 'div', '<p>', {}, [], function () {}, document, el,
    el.firstChild, el.lastChild, document.createComment('c'), document.createDocumentFragment(), new Event('e'),
    window, el.childNodes, el.classList, el.style, el.dataset, new MutationObserver(function () {}),
    new AbortController().signal, { handleEvent: 1 }, { capture: true, once: 1, signal: {} },
    (function () { var r = new Range(); r.setStart(el.firstChild, 0); r.setEnd(el.lastChild, 1); return r; })(),
    document.createProcessingInstruction('t', 'd'), new Image(), new MessageChannel().port1, [new MessageChannel().port2]];
}
var names = Object.getOwnPropertyNames(window).filter(function (n) {
  var c = window[n];
  return typeof c === 'function' && c.prototype && /^[A-Z]/.test(n) && n !== 'Function' && n !== 'Object' &&
    Object.getPrototypeOf(c.prototype) !== null && !/^(Array|Promise|Proxy|Reflect|Symbol|Map|Set|WeakMap|WeakSet|Date|RegExp|Error|.*Error|Number|String|Boolean|BigInt|ArrayBuffer|DataView|.*Array|Function)$/.test(n);
});
names.forEach(function (n) {
  var proto = window[n].prototype;
  Object.getOwnPropertyNames(proto).forEach(function (k) {
    var d = Object.getOwnPropertyDescriptor(proto, k);
    var vs = values();
    vs.forEach(function (thisv) {
      var args = [[], [vs[7]], [vs[14]], [vs[12], vs[28]], [vs[3], vs[4], vs[9]]];
      try { calls++; if (d.get) d.get.call(thisv); } catch (e) { thrown++; }
      try { calls++; if (d.set) d.set.call(thisv, vs[9]); } catch (e) { thrown++; }
      if (typeof d.value === 'function' && k !== 'constructor') {
        args.forEach(function (a) { try { calls++; d.value.apply(thisv, a); } catch (e) { thrown++; } });
      }
    });
  });
  try { new window[n](); } catch (e) {}
  try { new window[n]('x', {}); } catch (e) {}
  try { window[n]('x'); } catch (e) {}
});
console.log('interfaces', names.length > 40, 'calls', calls > 10000, 'some threw', thrown > 1000);
`)
	dom.CheckTree(t, tp.p.Doc.Root())
	log := tp.con.lines()
	// The last line, or before the unhandled rejections of the promises some operations
	// returned (requestFullscreen, exitFullscreen).
	for len(log) > 0 && strings.HasPrefix(log[len(log)-1], "Uncaught (in promise) TypeError: ") {
		log = log[:len(log)-1]
	}
	if len(log) == 0 || !strings.HasPrefix(log[len(log)-1], "interfaces true calls true some threw true") {
		t.Errorf("log: %q", log)
	}
}
