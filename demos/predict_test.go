package demos

import (
	"slices"
	"testing"

	"loopscope/page"
)

func TestShuffledIsAPermutationThatDiffers(t *testing.T) {
	lines := []string{"script start", "script end", "promise1", "promise2", "setTimeout"}
	for seed := uint64(0); seed < 50; seed++ {
		s := Shuffled(lines, seed)
		if slices.Equal(s, lines) {
			t.Fatalf("seed %d: not shuffled", seed)
		}
		a, b := slices.Clone(s), slices.Clone(lines)
		slices.Sort(a)
		slices.Sort(b)
		if !slices.Equal(a, b) {
			t.Fatalf("seed %d: %q is not a permutation of %q", seed, s, lines)
		}
	}
	if !slices.Equal(Shuffled(lines, 7), Shuffled(lines, 7)) {
		t.Error("the same seed gave two orders")
	}
}

// A right prediction is right on every line; a wrong one is wrong exactly where it differs;
// a page that printed one of Chrome's alternative orders is compared with that one.
func TestCheck(t *testing.T) {
	d, err := Get("jake_script_start")
	if err != nil {
		t.Fatal(err)
	}
	run := d.Runs[0]
	right := Check(run.Expected, run.Expected, run)
	for i, c := range right {
		if !c.Right || !c.MatchesChrome {
			t.Errorf("right prediction, line %d: %+v", i+1, c)
		}
	}
	wrong := slices.Clone(run.Expected)
	wrong[2], wrong[4] = wrong[4], wrong[2]
	for i, c := range Check(wrong, run.Expected, run) {
		if c.Right != (i != 2 && i != 4) {
			t.Errorf("wrong prediction (lines 3 and 5 swapped), line %d: %+v", i+1, c)
		}
	}
	raced := page.Run{Expected: []string{"a", "b"}, Alternatives: [][]string{{"b", "a"}}}
	for i, c := range Check([]string{"b", "a"}, []string{"b", "a"}, raced) {
		if !c.Right || !c.MatchesChrome {
			t.Errorf("Chrome's alternative order, line %d: %+v", i+1, c)
		}
	}
	short := Check([]string{"a"}, []string{"a", "b"}, raced)
	if len(short) != 2 || short[1].Right || short[1].Printed != "b" {
		t.Errorf("a prediction shorter than the log: %+v", short)
	}
}
