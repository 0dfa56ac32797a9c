package dom_test

import (
	"testing"

	"loopscope/loop"
)

// location.search must work for the seed's requestIdleCallback demo URL (?span=200).
func TestLocationSearch(t *testing.T) {
	got := runPage(t, testHTML("", `
		const span = +location.search.match(/^\?span=(\d+)/)[1];
		console.log(span, location.pathname, location.protocol, location.href, location.hash === '', String(location));
	`), loop.ModeSpec)
	expectLog(t, got, "200 /test/page.html file: file:///test/page.html?span=200 true file:///test/page.html?span=200")
}
