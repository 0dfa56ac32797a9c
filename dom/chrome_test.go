package dom_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"loopscope/loop"
)

// TestChromePages runs every testdata/chrome/*.html page and compares its whole console
// output with NAME.chrome.txt, recorded from Chromium 156 headless (--enable-logging=stderr --virtual-time-budget=3000).
func TestChromePages(t *testing.T) {
	pages, _ := filepath.Glob("testdata/chrome/*.html")
	if len(pages) == 0 {
		t.Fatal("no pages")
	}
	for _, p := range pages {
		name := strings.TrimSuffix(filepath.Base(p), ".html")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(p, ".html") + ".chrome.txt")
			if err != nil {
				t.Fatal(err)
			}
			mode := loop.ModeSpec
			if strings.HasPrefix(name, "mutation_events") {
				mode = loop.ModeMutationEvents
			}
			got := runPage(t, string(src), mode)
			expectLog(t, got, strings.Split(strings.TrimRight(string(want), "\n"), "\n")...)
		})
	}
}
