package page

import (
	"math"
	"testing"
)

// TestDisplayGrid: while paused, stepped or slowed, the page's rendering opportunities come
// every refresh interval of page time, continuing the phase of the last frame taken; in
// normal running they are the posted vsyncs.
func TestDisplayGrid(t *testing.T) {
	d := newVsyncDisplay()
	d.Vsync(100)
	if ft, ok := d.Opportunity(101); !ok || ft != 100 {
		t.Fatalf("external: Opportunity(101) = %v, %v; want the vsync at 100", ft, ok)
	}
	d.Take(100)
	if _, ok := d.Opportunity(130); ok {
		t.Fatal("external: no new vsync was posted, yet an opportunity came")
	}
	d.grid.Store(true)
	iv := d.Interval()
	if _, ok := d.Opportunity(100 + iv - 0.1); ok {
		t.Error("grid: an opportunity before one interval of page time passed")
	}
	ft, ok := d.Opportunity(100 + 2.5*iv)
	if !ok || math.Abs(ft-(100+2*iv)) > 1e-9 {
		t.Errorf("grid: Opportunity(100+2.5iv) = %v, %v; want the latest grid point %v", ft, ok, 100+2*iv)
	}
	if next := d.NextExpected(100 + 2.5*iv); math.Abs(next-(100+3*iv)) > 1e-9 {
		t.Errorf("grid: NextExpected = %v, want %v", next, 100+3*iv)
	}
	if d.External() {
		t.Error("grid: the loop must sleep to the grid, not wait for posts")
	}
}
