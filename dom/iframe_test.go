package dom_test

import (
	"strings"
	"testing"

	"loopscope/loop"
)

// TestIframesAreBounded: a page that inserts more iframes than it may give documents to
// (64) gets one console error for each iframe past them, iframes without a document
// (contentWindow null) and a page that goes on; removing iframes gives their places back.
func TestIframesAreBounded(t *testing.T) {
	tp := loadPage(t, `<body><script>
		var frames = [];
		for (let i = 0; i < 70; i++) { const f = document.createElement('iframe'); document.body.append(f); frames.push(f); }
		console.log('with a window', frames.filter(f => f.contentWindow).length, window.length);
		for (let i = 0; i < 10; i++) frames[i].remove();
		const again = document.createElement('iframe'); document.body.append(again);
		console.log('after removing ten', !!again.contentWindow, window.length);
	</script>`, loop.ModeSpec)
	got := strings.Join(tp.con.lines(), "\n")
	if n := strings.Count(got, "a page has at most 64 iframes"); n != 6 {
		t.Errorf("%d errors for the iframes past the limit, want 6:\n%s", n, got)
	}
	for _, want := range []string{"with a window 64 64", "after removing ten true 55"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in:\n%s", want, got)
		}
	}
}
