package page

import (
	"testing"

	"loopscope/internal/testsupport"
)

// TestRunToCompletionStopsWhenQuiet: a run without a duration ends when nothing is left to
// do, not at its cap (the cap is a limit, not work); a page that never goes quiet ends at
// the cap. Virtual time, so the clock at the end shows which it was.
func TestRunToCompletionStopsWhenQuiet(t *testing.T) {
	const capMS = 30000
	for _, tc := range []struct {
		name, src    string
		quiet        bool
		wantLastLine string
	}{
		{"quiet page", `<script>setTimeout(() => console.log('late'), 500); console.log('now')</script>`, true, "late"},
		{"endless interval", `<script>setInterval(() => {}, 1000); console.log('now')</script>`, false, "now"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			con := &testsupport.Console{}
			p, err := New([]byte(tc.src), "file:///t.html", "", Options{VirtualTime: true, Console: con})
			if err != nil {
				t.Fatal(err)
			}
			RunToCompletion(p, 0, capMS)
			end := p.Loop.Now() - p.loadEnd
			if n := len(con.Lines); n == 0 || con.Lines[n-1] != tc.wantLastLine {
				t.Errorf("console %q, want it to end with %q", con.Lines, tc.wantLastLine)
			}
			if tc.quiet && end >= capMS {
				t.Errorf("ran until %.0f ms after load: a quiet page must not wait for the %d ms cap", end, capMS)
			}
			if !tc.quiet && (end < capMS || end > capMS+20) {
				t.Errorf("ran until %.0f ms after load, want the %d ms cap", end, capMS)
			}
		})
	}
}
