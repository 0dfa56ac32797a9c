package page

import (
	"path/filepath"
	"testing"
)

// TestMathPercentCasesRealTime runs the cases of min(), max() and clamp() with a percentage
// inside (testdata/dom/math_percent_*), of em, ex and ch (font_relative_units) and of
// relative offsets' percentages (relative_percent_offsets) and of explicitly inherited
// lengths (inherit_explicit_restyle), recorded from Chromium, in real time; TestCorpus runs
// them in virtual time.
func TestMathPercentCasesRealTime(t *testing.T) {
	files, _ := filepath.Glob("../testdata/dom/math_percent_*.json")
	if len(files) < 4 {
		t.Fatalf("%d cases", len(files))
	}
	files = append(files, "../testdata/dom/font_relative_units.json", "../testdata/dom/relative_percent_offsets.json",
		"../testdata/dom/inherit_explicit_restyle.json")
	for _, jf := range files {
		t.Run(filepath.Base(jf), func(t *testing.T) { runCaseFileWith(t, jf, false) })
	}
}
