package render

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// chromeRects is the output of testdata/chrome/gen.sh: getBoundingClientRect() of every
// element with an id, measured by Chromium 156.0.8078.79 (Debian 12) at 800×600 with
// the same Go fonts the engine uses.
type chromeRects struct {
	Chrome string `json:"chrome"`
	Page   struct {
		Viewport [2]int                `json:"viewport"`
		Rects    map[string][4]float64 `json:"rects"`
	} `json:"page"`
}

// textTolerance lists, per page, elements whose boxes depend on text shaping and font
// rasterisation details (kerning, rounding of metrics) and the tolerance in px allowed.
var textTolerance = map[string]float64{
	"inline.html":         0.5,
	"stacking.html":       0.5,
	"more.html":           0.5,
	"lists.html":          0.5,
	"overflow.html":       0.5,
	"scrolled.html":       0.5,
	"demo_rendering.html": 0.5,
}

func TestLayoutMatchesChrome(t *testing.T) {
	pages, err := filepath.Glob("testdata/chrome/*.html")
	if err != nil || len(pages) == 0 {
		t.Fatal("no pages", err)
	}
	for _, page := range pages {
		name := filepath.Base(page)
		t.Run(name, func(t *testing.T) {
			html, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			raw, err := os.ReadFile(strings.TrimSuffix(page, ".html") + ".json")
			if err != nil {
				t.Fatal(err)
			}
			var want chromeRects
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			src := parsePage(t, string(html))
			e := NewEngine(src, want.Page.Viewport[0], want.Page.Viewport[1])
			renderFrame(e, 0)
			if applyDataScroll(t, e, src) {
				renderFrame(e, 16)
			}
			tol := 0.01
			if os.Getenv("STRICT") != "" {
				textTolerance = nil
			}
			if v, ok := textTolerance[name]; ok {
				tol = v
			}
			ids := make([]string, 0, len(want.Page.Rects))
			for id := range want.Page.Rects {
				ids = append(ids, id)
			}
			sort.Strings(ids)
			for _, id := range ids {
				w := want.Page.Rects[id]
				n := byID(src.doc, id)
				if n == nil {
					t.Errorf("%s: no element", id)
					continue
				}
				got, ok := e.BoxOf(n)
				if w == [4]float64{} { // display:none (or inside it): Chrome reports an empty rect
					if ok {
						t.Errorf("%s: got box %v, Chrome has none", id, got)
					}
					continue
				}
				if !ok {
					t.Errorf("%s: no box", id)
					continue
				}
				g := [4]float64{got.X, got.Y, got.W, got.H}
				for i := range g {
					if math.Abs(g[i]-w[i]) > tol {
						t.Errorf("%s: got %v, Chrome %v", id, fmtRect(g), fmtRect(w))
						break
					}
				}
			}
		})
	}
}

func fmtRect(r [4]float64) string {
	return fmt.Sprintf("[%.2f %.2f %.2f %.2f]", r[0], r[1], r[2], r[3])
}
