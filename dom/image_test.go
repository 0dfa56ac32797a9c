package dom_test

import "testing"

// TestImageHostileSources: an img reads only files in the page's folder (a page without
// one, as here, loads none), a huge image is measured from its header without decoding
// its pixels, and a burst of src changes fires one event, for the last.
func TestImageHostileSources(t *testing.T) {
	got := runPage(t, testHTML(``, `
const log = (s) => console.log(s);
const outside = new Image();
outside.onerror = () => log('outside the folder: error, complete ' + outside.complete);
outside.onload = () => log('outside the folder: load');
outside.src = '/etc/passwd';
const huge = new Image();
huge.onload = () => log('20000x20000 header: ' + huge.naturalWidth + 'x' + huge.naturalHeight);
huge.onerror = () => log('20000x20000 header: error');
huge.src = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAATiAAAE4gCAIAAABsEtFu';
const many = new Image();
let events = 0;
many.onload = many.onerror = (e) => { events++; setTimeout(() => log('burst: ' + events + ' event(s), last ' + e.type + ', natural ' + many.naturalWidth)); };
for (let i = 0; i < 10000; i++) many.src = 'data:image/gif;base64,' + (i % 2 ? 'AAAA' : 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7');
`), "")
	expectLog(t, got,
		"outside the folder: error, complete true",
		"20000x20000 header: 20000x20000",
		"burst: 1 event(s), last error, natural 0")
}
