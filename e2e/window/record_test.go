//go:build !headless

package window

import (
	"encoding/json"
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"loopscope/page"
)

// recordPage is Jake Archibald's bossfight with the click's coordinates and target in the
// log, so a replay that clicked anywhere else, or at another time relative to the page's
// own timers, prints something else.
const recordPage = `<!doctype html>
<body style="margin:0">
<div class="outer" style="position:absolute; left:100px; top:100px; width:400px; height:400px; background:#d0d0ff">
  <div class="inner" style="position:absolute; left:100px; top:100px; width:200px; height:200px; background:#adadad"></div>
</div>
<script>
const outer = document.querySelector('.outer'), inner = document.querySelector('.inner');
new MutationObserver(() => console.log('mutate')).observe(outer, {attributes: true});
let clicks = 0;
function onClick(e) {
  console.log('click', this.className, e.target.className || e.target.tagName, e.clientX, e.clientY, e.isTrusted);
  setTimeout(() => console.log('timeout', this.className), 0);
  Promise.resolve().then(() => console.log('promise', this.className));
  outer.setAttribute('data-random', Math.random());
}
inner.addEventListener('click', onClick);
outer.addEventListener('click', onClick);
document.addEventListener('mousedown', e => console.log('mousedown', e.target.className || e.target.tagName));
document.addEventListener('click', () => { if (++clicks === 3) setTimeout(() => console.log('end'), 40); });
</script>`

// TestWindowRecordReplay (issue 17): real OS clicks in a window started with -record are
// written as an actions file (page, mode, each press and release with its page time and
// coordinates); -headless -virtual-time -actions replays it with exactly the console output
// the window printed.
func TestWindowRecordReplay(t *testing.T) {
	needDisplay(t)
	dir, pagePath := writePage(t, "bossfight.html", recordPage)
	rec := filepath.Join(dir, "session.json")
	w := startWindow(t, "-record", rec, "-mode", "legacy-edge-listeners", pagePath)
	x0, y0 := windowOrigin(t)
	px, py := x0, y0+barOffset // the page's top-left corner on the screen
	waitForPixel(t, px+300, py+300, color.RGBA{0xad, 0xad, 0xad, 0xff}, 2*time.Minute)

	var shown []string // the window's console, in order
	readUntil := func(re *regexp.Regexp) {
		t.Helper()
		deadline := time.After(30 * time.Second)
		for {
			select {
			case ln, ok := <-w.lines:
				if !ok {
					t.Fatalf("loopscope exited before printing %v", re)
				}
				shown = append(shown, ln)
				if re.MatchString(ln) {
					return
				}
			case <-deadline:
				t.Fatalf("no line matching %v within 30 s; got %q", re, shown)
			}
		}
	}
	// The inner square, the outer one, and the body outside both.
	osClick(t, px+300, py+300)
	readUntil(regexp.MustCompile(`^timeout outer$`))
	osClick(t, px+150, py+450)
	readUntil(regexp.MustCompile(`^timeout outer$`))
	osClick(t, px+650, py+50)
	readUntil(regexp.MustCompile(`^end$`))

	// The file is written when the page gets input: wait for the third click's release.
	var a page.Actions
	var pointers []page.Action // the presses and releases (the moves between them are recorded too)
	for deadline := time.Now().Add(30 * time.Second); ; {
		a, pointers = page.Actions{}, nil
		if b, err := os.ReadFile(rec); err == nil && json.Unmarshal(b, &a) == nil {
			for _, act := range a.Actions {
				if act.Pointer != "" {
					pointers = append(pointers, act)
				}
			}
		}
		if len(pointers) == 6 {
			break
		}
		if time.Now().After(deadline) {
			b, _ := os.ReadFile(rec)
			t.Fatalf("the recording does not hold three clicks (six pointer actions):\n%s", b)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if a.Page != pagePath || a.Mode != "legacy-edge-listeners" {
		t.Errorf("recorded page %q mode %q, want %q legacy-edge-listeners", a.Page, a.Mode, pagePath)
	}
	for i, act := range pointers {
		want := []string{"press", "release"}[i%2]
		if act.Pointer != want || act.XY == nil || (i > 0 && act.AtMS < pointers[i-1].AtMS) {
			t.Errorf("action %d: %+v, want a %s at a page time no earlier than the one before", i+1, act, want)
		}
	}

	out, errOut, code := runCLI(t, buildHeadlessBinary(t), "-headless", "-virtual-time", "-actions", rec)
	if code != 0 {
		t.Fatalf("replay exited %d: %s", code, errOut)
	}
	replayed := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if !slices.Equal(replayed, shown) {
		t.Errorf("the replay printed\n%s\nthe window printed\n%s", strings.Join(replayed, "\n"), strings.Join(shown, "\n"))
	}
	// Not an empty comparison: three clicks, with old Edge's order (microtasks after all
	// listeners) where two listeners ran.
	if len(shown) < 15 || shown[1] != "click inner inner 300 300 true" || shown[2] != "click outer inner 300 300 true" {
		t.Errorf("the window printed %q", shown)
	}
}
