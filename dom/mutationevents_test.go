package dom_test

import (
	"testing"

	"loopscope/loop"
)

// Legacy mutation events (mode mutation-events) fire synchronously inside the mutation, as
// DOM Level 3 Events specified and 2018 browsers did; MutationObserver records are still
// delivered in a microtask afterwards. Expected orders follow the UI Events legacy
// mutation events section (DOMNodeInserted after insertion on the inserted node with the
// parent as relatedNode; DOMNodeRemoved before removal; DOMSubtreeModified on the parent
// after the change).
const mutationEventsScript = `
var box = document.getElementById('box');
var p = document.getElementById('p');
function name(n) { return n ? (n.id || n.nodeName) : String(n); }
box.addEventListener('DOMNodeInserted', function (e) {
  console.log('DOMNodeInserted', name(e.target), 'related=' + name(e.relatedNode), e instanceof MutationEvent, e.bubbles, e.isTrusted);
});
box.addEventListener('DOMNodeRemoved', function (e) {
  console.log('DOMNodeRemoved', name(e.target), 'still in parent=' + (e.target.parentNode === box));
});
box.addEventListener('DOMSubtreeModified', function (e) { console.log('DOMSubtreeModified', name(e.target)); });
box.addEventListener('DOMAttrModified', function (e) {
  console.log('DOMAttrModified', e.attrName, JSON.stringify(e.prevValue), JSON.stringify(e.newValue), e.attrChange);
});
box.addEventListener('DOMCharacterDataModified', function (e) {
  console.log('DOMCharacterDataModified', e.prevValue, e.newValue);
});
new MutationObserver(function (recs) { console.log('MutationObserver', recs.length); })
  .observe(box, { childList: true, subtree: true, attributes: true, characterData: true });
Promise.resolve().then(function () { console.log('promise'); });
console.log('typeof MutationEvent', typeof MutationEvent);
console.log('append');
var span = document.createElement('span');
box.appendChild(span);
console.log('remove');
box.removeChild(span);
console.log('setAttribute');
box.setAttribute('data-x', '1');
box.setAttribute('data-x', '2');
box.removeAttribute('data-x');
console.log('text');
p.firstChild.data = 'new';
console.log('end');
`

func TestMutationEventsMode(t *testing.T) {
	got := runPage(t, testHTML(`<div id="box"><p id="p">old</p></div>`, mutationEventsScript), loop.ModeMutationEvents)
	expectLog(t, got,
		"typeof MutationEvent function",
		"append",
		"DOMNodeInserted SPAN related=box true true true",
		"DOMSubtreeModified box",
		"remove",
		"DOMNodeRemoved SPAN still in parent=true",
		"DOMSubtreeModified box",
		"setAttribute",
		`DOMAttrModified data-x "" "1" 2`,
		"DOMSubtreeModified box",
		`DOMAttrModified data-x "1" "2" 1`,
		"DOMSubtreeModified box",
		`DOMAttrModified data-x "2" "" 3`,
		"DOMSubtreeModified box",
		"text",
		"DOMCharacterDataModified old new",
		"DOMSubtreeModified #text",
		"end",
		"promise",
		"MutationObserver 6",
	)
}

func TestMutationEventsOffByDefault(t *testing.T) {
	got := runPage(t, testHTML(`<div id="box"><p id="p">old</p></div>`, mutationEventsScript), loop.ModeSpec)
	expectLog(t, got, "typeof MutationEvent undefined", "append", "remove", "setAttribute", "text", "end", "promise", "MutationObserver 6")
}

// The seed's "mutation_events_vs_promise" point: listeners of legacy mutation events run
// synchronously inside the mutation; with a real click a checkpoint follows each click
// listener, with click() none does until the script ends.
func TestMutationEventsRealVsSyntheticClick(t *testing.T) {
	const body = `<button id="btn">b</button><div id="box"></div>`
	const script = `
var box = document.getElementById('box');
box.addEventListener('DOMNodeInserted', function () { console.log('DOMNodeInserted'); });
function onClick(n) {
  return function () {
    console.log('click ' + n);
    Promise.resolve().then(function () { console.log('promise ' + n); });
    box.appendChild(document.createElement('i'));
  };
}
btn.addEventListener('click', onClick(1));
btn.addEventListener('click', onClick(2));
`
	tp := loadPage(t, testHTML(body, script), loop.ModeMutationEvents)
	tp.realClick("#btn")
	expectLog(t, tp.con.lines(), "click 1", "DOMNodeInserted", "promise 1", "click 2", "DOMNodeInserted", "promise 2")
	tp.exec("btn.click(); console.log('after click()')")
	expectLog(t, tp.con.lines(), "click 1", "DOMNodeInserted", "click 2", "DOMNodeInserted", "after click()", "promise 1", "promise 2")
}
