package page

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"loopscope/loop"
)

// viewportCase is a case of testdata/viewport: a page, scripted resizes and
// wheel ticks, and the whole console output Chrome printed for them (tools/chrome).
type viewportCase struct {
	Runs []struct {
		Actions []struct {
			AtMS   float64     `json:"at_ms"`
			Click  string      `json:"click"`
			Key    *string     `json:"key"`
			Resize *[2]int     `json:"resize"`
			Wheel  *[2]float64 `json:"wheel"`
			At     string      `json:"at"`
		} `json:"actions"`
		DurationMS float64  `json:"duration_ms"`
		Expected   []string `json:"expected"`
		Source     string   `json:"source"`
	} `json:"runs"`
}

// TestViewportCases drives the viewport's seams directly (SetViewportSize for a resize,
// scrollByWheel at the element's centre for a wheel tick, in a user-interaction task) and
// compares the whole console output with Chrome's for the same scripted input: resize,
// then the media query change events in creation order, then rAF; a wheel tick scrolls
// the nearest scroller that can move, scroll and scrollend in the next frame.
func TestViewportCases(t *testing.T) {
	files, _ := filepath.Glob("../testdata/viewport/*.json")
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	for _, jf := range files {
		jf := jf
		t.Run(strings.TrimSuffix(filepath.Base(jf), ".json"), func(t *testing.T) {
			var c viewportCase
			b, err := os.ReadFile(jf)
			if err == nil {
				err = json.Unmarshal(b, &c)
			}
			if err != nil || len(c.Runs) == 0 {
				t.Fatalf("%s: %v", jf, err)
			}
			src, err := os.ReadFile(strings.TrimSuffix(jf, ".json") + ".html")
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range c.Runs {
				for _, a := range r.Actions {
					if a.Click != "" || a.Key != nil {
						t.Skip("clicks and keys: the corpus runs this case (TestCorpus)")
					}
				}
				if !strings.HasPrefix(r.Source, "Chrome") {
					t.Fatalf("expected output not recorded from Chrome: %q", r.Source)
				}
				con := &caseConsole{}
				p, err := New(src, "file:///"+filepath.Base(jf), "", Options{VirtualTime: true, Console: con})
				if err != nil {
					t.Fatal(err)
				}
				p.AfterLoad(func(loadEnd float64) {
					for _, a := range r.Actions {
						a := a
						p.Loop.At(loadEnd+a.AtMS, func() {
							switch {
							case a.Resize != nil:
								if err := p.SetViewportSize(a.Resize[0], a.Resize[1]); err != nil {
									t.Error(err)
								}
							case a.Wheel != nil:
								p.Loop.QueueTask(loop.SourceUserInteraction, "wheel", func() {
									n, _ := p.Doc.QuerySelector(a.At)
									box, _ := p.Engine.BoxOf(n.HTML())
									target := p.Doc.NodeFor(p.Engine.HitTest(box.X+box.W/2, box.Y+box.H/2))
									p.scrollByWheel(target, a.Wheel[0], a.Wheel[1])
								})
							}
						})
					}
				})
				RunToCompletion(p, r.DurationMS, DefaultCaseDuration)
				if !reflect.DeepEqual(con.lines, r.Expected) || len(con.errors) > 0 {
					t.Errorf("got\n%s\nerrors %q\nwant (Chrome)\n%s", strings.Join(con.lines, "\n"), con.errors, strings.Join(r.Expected, "\n"))
				}
			}
		})
	}
}

// TestViewportHostile: a resize to 0×0 is refused and one to 20000×20000 clamped, each
// with a clear error and no panic; a scroll listener that scrolls again gets one scroll
// event a frame, before rAF (not a loop within the frame); scrollTo(1e308, NaN) scrolls to 0, as in
// Chrome; a million wheel ticks in one task give one scroll event.
func TestViewportHostile(t *testing.T) {
	src := `<body style="margin:0"><div style="height:100000px"></div><script>
	let n = 0, frames = 0;
	addEventListener('scroll', () => { n++; scrollBy(0, 10); });
	addEventListener('resize', () => console.log('resize', innerWidth, innerHeight));
	function tick() { frames++; if (frames < 10) requestAnimationFrame(tick); else console.log('scroll events', n, 'in', frames, 'frames, scrollY', scrollY); }
	addEventListener('load', () => { scrollTo(1e308, NaN); console.log('scrollY', scrollY); scrollTo(0, 5); requestAnimationFrame(tick); });
	</script>`
	con := &caseConsole{}
	p, err := New([]byte(src), "file:///hostile.html", "", Options{VirtualTime: true, Console: con})
	if err != nil {
		t.Fatal(err)
	}
	p.AfterLoad(func(loadEnd float64) {
		p.Loop.At(loadEnd+500, func() {
			if err := p.SetViewportSize(0, 0); err == nil || !strings.Contains(err.Error(), "refused") {
				t.Errorf("0×0: %v", err)
			}
			if err := p.SetViewportSize(20000, 20000); err == nil || !strings.Contains(err.Error(), "clamped to 16384×1024") {
				t.Errorf("20000×20000: %v", err)
			}
			if w, h := p.ViewportSize(); w != 16384 || h != 1024 {
				t.Errorf("viewport %d×%d", w, h)
			}
			p.Loop.QueueTask(loop.SourceUserInteraction, "wheel", func() {
				for i := 0; i < 1_000_000; i++ {
					p.scrollByWheel(nil, 0, 1)
				}
			})
		})
	})
	RunToCompletion(p, 1000, 1000)
	want := []string{"scrollY 0", "scroll events 10 in 10 frames, scrollY 105", "resize 16384 1024"}
	if !reflect.DeepEqual(con.lines, want) {
		t.Errorf("got %q, want %q", con.lines, want)
	}
	if len(con.errors) != 2 || !strings.Contains(con.errors[0], "refused") || !strings.Contains(con.errors[1], "clamped") {
		t.Errorf("errors %q", con.errors)
	}
	if _, y := p.Engine.ScrollPosition(nil); y != 100000-1024 {
		t.Errorf("a million wheel ticks scrolled to %v, want the end", y)
	}
}
