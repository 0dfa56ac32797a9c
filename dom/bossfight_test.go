package dom

import "testing"

// Jake Archibald's "Tasks, microtasks, queues and schedules", level 1 bossfight.
const bossfightPage = `<!DOCTYPE html><html><body>
<div class="outer"><div class="inner"></div></div>
<script>
var outer = document.querySelector('.outer');
var inner = document.querySelector('.inner');
new MutationObserver(function() { console.log('mutate'); }).observe(outer, { attributes: true });
function onClick() {
  console.log('click');
  setTimeout(function() { console.log('timeout'); }, 0);
  Promise.resolve().then(function() { console.log('promise'); });
  outer.setAttribute('data-random', Math.random());
}
inner.addEventListener('click', onClick);
outer.addEventListener('click', onClick);
</script></body></html>`

func TestBossfightRealClick(t *testing.T) {
	h := newFakeHost(t, bossfightPage, Options{})
	h.load()
	h.run()
	h.realClick(".inner")
	h.run()
	expectLog(t, h.log, "click", "promise", "mutate", "click", "promise", "mutate", "timeout", "timeout")
}

func TestBossfightSyntheticClick(t *testing.T) {
	h := newFakeHost(t, bossfightPage, Options{})
	h.load()
	h.run()
	h.exec("inner.click()")
	expectLog(t, h.log, "click", "click", "promise", "mutate", "promise", "timeout", "timeout")
}
