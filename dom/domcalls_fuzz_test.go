package dom_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"loopscope/internal/testsupport"
	"loopscope/page"
)

// FuzzDOMCalls drives random sequences of DOM API calls from JS on a real page (page.New
// with its loop, rendering and idle scheduler, in virtual time): the fuzz bytes decode into
// calls such as appendChild, removeChild, insertBefore, setAttribute, innerHTML,
// textContent, classList, style, cloneNode, events, MutationObserver, on a small set of
// elements, some of them run later from a timer, a microtask or an animation frame.
// DOMExceptions are expected (and caught); what must never happen: a Go panic (the loop
// would report it as an "internal error"), an uncaught error, or a run that does not end.
func FuzzDOMCalls(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 0, 1, 2, 8, 1, 0, 0, 3, 2, 0, 4})
	f.Add([]byte{4, 1, 2, 0, 4, 2, 1, 0, 9, 1, 0, 0, 10, 2, 3, 0, 15, 0, 1, 2})
	f.Add([]byte{12, 0, 0, 0, 3, 0, 0, 5, 1, 1, 0, 0, 13, 2, 1, 3, 11, 3, 0, 0, 14, 0, 0, 6})
	f.Add([]byte{7, 1, 2, 3, 6, 1, 0, 2, 2, 4, 3, 1, 16, 0, 0, 0, 5, 2, 0, 1})
	f.Fuzz(func(t *testing.T, program []byte) {
		if len(program) > 400 {
			program = program[:400]
		}
		src := "<!DOCTYPE html><body><div id=a><p>x</p></div><ul id=b><li>1</li></ul><script>\n" + fuzzPrelude +
			decodeDOMCalls(program) + "\nconsole.log('done');\n</script></body>"
		con := &stopCountingConsole{}
		p, err := page.New([]byte(src), "file:///fuzz.html", "", page.Options{VirtualTime: true, Console: con, ScriptTimeout: 100 * time.Millisecond})
		if err != nil {
			t.Fatalf("page.New: %v", err)
		}
		if dbg := os.Getenv("FUZZ_DOMCALLS_LOG"); dbg != "" {
			_ = os.WriteFile(dbg, []byte(src), 0o644) // the last program run, to debug a hang
		}
		// 200 ms after load, and in any case 1 s of page time or two watchdog stops (a
		// program that keeps being stopped must still end, and fast).
		con.stop = p.Loop.Stop
		p.Loop.At(1000, p.Loop.Stop)
		page.RunToCompletion(p, 200, 200)
		stopped := false
		for _, e := range con.Errors {
			// A generated program may loop for ever (an observer whose callback mutates
			// what it observes): the watchdog stopping it is the right outcome.
			if strings.HasPrefix(e, "Script stopped: ") {
				stopped = true
				continue
			}
			if strings.HasPrefix(e, "Uncaught SyntaxError: ") {
				continue // an event handler attribute set to a value that is not JS (as Chrome)
			}
			t.Errorf("error: %s\nprogram:\n%s", e, decodeDOMCalls(program))
		}
		// "done" need not be the first line: an onclick attribute set to console.log(1)
		// logs when the program clicks.
		if !stopped && !slices.Contains(con.Lines, "done") {
			t.Errorf("the script did not finish: %q\nprogram:\n%s", con.Lines, decodeDOMCalls(program))
		}
	})
}

// stopCountingConsole collects errors and lines, and stops the page at its second watchdog
// stop (the console is called on the loop's goroutine).
type stopCountingConsole struct {
	testsupport.Console
	stops int
	stop  func()
}

func (c *stopCountingConsole) Error(text string) {
	c.Console.Error(text)
	if strings.HasPrefix(text, "Script stopped: ") {
		if c.stops++; c.stops == 2 {
			c.stop()
		}
	}
}

// fuzzPrelude sets up the elements the calls work on, and the tables they pick from.
const fuzzPrelude = `
const E = [document.body, document.getElementById('a'), document.getElementById('b'),
  document.createElement('section'), document.createTextNode('t'), document.createDocumentFragment(),
  document.createElement('span'), document.createComment('c')];
const names = ['class', 'id', 'style', 'data-x', 'onclick', 'hidden', 'x y', ''];
const values = ['', 'a b', 'color: red; width: 10px', '<b>', 'console.log(1)', '\u0000', 'x'.repeat(100), '0'];
const html = ['', '<p>p</p><p>q', '<table><td>x', '<script>console.log("no")<\/script>', '<div><div><div></div>',
  '&amp;<!-- c -->', '<svg><circle/></svg>', '<template><p>t</template>'];
const props = ['color', 'width', 'display', 'transition', 'left', '--x', 'margin', 'opacity'];
const sels = ['*', 'p', '#a', '.x', 'div > p', ':not(li)', 'li:nth-child(2)', '[data-x]'];
let pick = i => E[i % E.length];
let observed = 0;
function op(fn) { try { fn(); } catch (e) { if (!(e instanceof DOMException) && !(e instanceof TypeError)) throw e; } }
`

// decodeDOMCalls turns fuzz bytes into JS: 4 bytes per call (operation, then 3 operands).
func decodeDOMCalls(b []byte) string {
	var js strings.Builder
	for len(b) >= 4 {
		o, i, j, k := b[0]%17, int(b[1]), int(b[2]), int(b[3])
		b = b[4:]
		js.WriteString(domCall(o, i, j, k, 0))
		js.WriteByte('\n')
	}
	return js.String()
}

func domCall(o byte, i, j, k, depth int) string {
	x, y, z := fmt.Sprintf("pick(%d)", i), fmt.Sprintf("pick(%d)", j), fmt.Sprintf("pick(%d)", k)
	var c string
	switch o {
	case 0:
		c = fmt.Sprintf("%s.appendChild(%s)", x, y)
	case 1:
		c = fmt.Sprintf("%s.removeChild(%s)", x, y)
	case 2:
		c = fmt.Sprintf("%s.setAttribute(names[%d], values[%d])", x, j%8, k%8)
	case 3:
		c = fmt.Sprintf("%s.innerHTML = html[%d]", x, k%8)
	case 4:
		c = fmt.Sprintf("%s.insertBefore(%s, %s)", x, y, z)
	case 5:
		c = fmt.Sprintf("%s.textContent = values[%d]", x, k%8)
	case 6:
		c = fmt.Sprintf("%s.classList.toggle(names[%d] || 'c')", x, k%8)
	case 7:
		c = fmt.Sprintf("%s.style.setProperty(props[%d], values[%d])", x, j%8, k%8)
	case 8:
		c = fmt.Sprintf("E[%d] = %s.firstChild || %s.parentNode || %s", i%8, x, x, x)
	case 9:
		c = fmt.Sprintf("%s.remove()", x)
	case 10:
		c = fmt.Sprintf("E[%d] = %s.cloneNode(%t)", j%8, x, k%2 == 0)
	case 11:
		c = fmt.Sprintf("%s.addEventListener('click', e => { %s }); %s.click && %s.click(); %s.dispatchEvent(new Event('x', { bubbles: true }))",
			x, nested(j, k, i, depth), x, x, y)
	case 12:
		c = fmt.Sprintf("new MutationObserver(recs => { observed += recs.length; %s }).observe(%s, { childList: true, subtree: %t, attributes: true, characterData: true })",
			nested(k, i, j, depth), x, j%2 == 0)
	case 13:
		c = fmt.Sprintf("%s.insertAdjacentHTML(['beforebegin', 'afterbegin', 'beforeend', 'afterend'][%d], html[%d])", x, j%4, k%8)
	case 14:
		c = fmt.Sprintf("%s.querySelectorAll && %s.querySelectorAll(sels[%d]).length", x, x, k%8)
	case 15:
		c = fmt.Sprintf("[setTimeout, queueMicrotask, requestAnimationFrame, requestIdleCallback][%d](() => { %s })", j%4, nested(i, k, j, depth))
	default:
		c = fmt.Sprintf("%s.replaceWith && %s.replaceWith(%s, 'text')", x, x, y)
	}
	return "op(() => { " + c + " });"
}

// nested is a call made later (from a callback), at most two levels deep.
func nested(a, b, c, depth int) string {
	if depth >= 2 {
		return ""
	}
	return domCall(byte((a+b+c)%17), b, c, a, depth+1)
}
