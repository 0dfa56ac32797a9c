//go:build !headless

package window

import (
	"testing"
	"time"
)

// TestLooksVsynced: Draw intervals as measured under Xvfb (Mesa's swap throttles to 17-18 ms
// with 1.1-3 ms between the 10th and 90th percentiles) are not a display's vsync; a 60 Hz
// and a 144 Hz display's, with a few tenths of a millisecond of jitter, are; software
// rendering as fast as it can (3 ms) is not.
func TestLooksVsynced(t *testing.T) {
	series := func(med, spread time.Duration) []time.Duration {
		var s []time.Duration
		for i := 0; i < 20; i++ {
			s = append(s, med-spread/2+spread*time.Duration(i)/19)
		}
		return s
	}
	for _, c := range []struct {
		name        string
		med, spread time.Duration
		want        bool
	}{
		{"Xvfb, tight", 17900 * time.Microsecond, 1120 * time.Microsecond, false},
		{"Xvfb", 18200 * time.Microsecond, 1870 * time.Microsecond, false},
		{"60 Hz display", 16667 * time.Microsecond, 300 * time.Microsecond, true},
		{"144 Hz display", 6944 * time.Microsecond, 150 * time.Microsecond, true},
		{"unthrottled software", 3 * time.Millisecond, 50 * time.Microsecond, false},
	} {
		if got := looksVsynced(series(c.med, c.spread)); got != c.want {
			t.Errorf("%s: looksVsynced = %v, want %v", c.name, got, c.want)
		}
	}
}
