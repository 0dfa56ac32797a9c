package render

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// topLayerSource is a static page whose one dialog is open, modal and in the top layer, as
// showModal() leaves it in a document.
type topLayerSource struct {
	*staticSource
	dialog *html.Node
}

func (s *topLayerSource) TopLayerNodes() []*html.Node { return []*html.Node{s.dialog} }

func (s *topLayerSource) ElementState(n *html.Node, pseudo string) bool {
	return n == s.dialog && (pseudo == "modal" || pseudo == "open")
}

// TestModalDialogMatchesChrome renders pages whose modal dialog sits in a 20px clipping
// parent, under a z-index 1000 fixed box, and compares them with Chromium 156's screenshots
// of the same pages, whose scripts call showModal() (testdata/dialog/*.png:
// testdata/dialog/gen.sh): the dialog is centred in the viewport with the UA sheet's
// border, padding and background, above everything and unclipped, over its backdrop: the UA
// sheet's rgba(0, 0, 0, 0.1) (modal), or the page's ::backdrop rule that wins the cascade
// (modal_backdrop: .dim::backdrop's half-transparent blue over dialog::backdrop's red).
// Without the top layer, the dialog is clipped and under the fixed box and nothing is
// dimmed (447,156 pixels differ on the first page).
func TestModalDialogMatchesChrome(t *testing.T) {
	for _, name := range []string{"modal", "modal_backdrop"} {
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile("testdata/dialog/" + name + ".html")
			if err != nil {
				t.Fatal(err)
			}
			page := parsePage(t, string(b))
			d := byID(page.doc, "d")
			d.Attr = append(d.Attr, html.Attribute{Key: "open"})
			e := NewEngine(&topLayerSource{page, d}, 800, 600)
			got := renderFrame(e, 0)
			want := loadPNG(t, "testdata/dialog/"+name+".png")
			bad, at := pixelDiff(got, want, 8)
			if os.Getenv("VERBOSE_DIFF") != "" {
				savePNG(t, filepath.Join(t.TempDir(), "got.png"), got)
				t.Logf("%d pixels differ, worst at %v", bad, at)
			}
			if bad > 0 {
				t.Errorf("%d pixels differ from Chrome's by more than 8 in a channel; worst at %v", bad, at)
			}
			// A point outside the dialog hits it (its backdrop); one on its content hits that.
			if n := e.HitTest(5, 5); n != d {
				t.Errorf("HitTest(5, 5) = %v, want the dialog (its backdrop)", n)
			}
			if n := e.HitTest(400, 300); n != byID(page.doc, "inner") {
				t.Errorf("HitTest(400, 300) = %v, want the dialog's content", n)
			}
		})
	}
}

// manyTopLayerSource is a static page whose dialogs are all open, modal and in the top layer.
type manyTopLayerSource struct {
	*staticSource
	dialogs []*html.Node
}

func (s *manyTopLayerSource) TopLayerNodes() []*html.Node { return s.dialogs }

func (s *manyTopLayerSource) ElementState(n *html.Node, pseudo string) bool {
	return n.Data == "dialog" && (pseudo == "modal" || pseudo == "open")
}

// TestTopLayerBackdropsAreBounded: a page with 200 modal dialogs paints the backdrops of the
// topmost maxPaintedBackdrops only (each covers the viewport), while every dialog is drawn
// and hit-tested: the topmost dialog's backdrop takes a point outside every dialog.
func TestTopLayerBackdropsAreBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("<body>")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&b, `<dialog id="d%d" open><div style="width: 10px; height: 10px"></div></dialog>`, i)
	}
	page := parsePage(t, b.String())
	var dialogs []*html.Node
	for i := 0; i < 200; i++ {
		dialogs = append(dialogs, byID(page.doc, fmt.Sprintf("d%d", i)))
	}
	e := NewEngine(&manyTopLayerSource{page, dialogs}, 800, 600)
	renderFrame(e, 0)
	backdrops := 0
	for _, it := range e.list {
		if it.op == opFill && it.r == image.Rect(0, 0, 800, 600) {
			backdrops++
		}
	}
	if backdrops != maxPaintedBackdrops {
		t.Errorf("%d viewport-sized fills painted, want %d", backdrops, maxPaintedBackdrops)
	}
	if n := e.HitTest(5, 5); n != dialogs[199] {
		t.Errorf("HitTest(5, 5) = %v, want the topmost dialog", n)
	}
}
