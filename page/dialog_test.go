package page

import (
	"path/filepath"
	"testing"

	"loopscope/loop"
)

// TestDialogCasesRealTime runs the dialog element's cases (testdata/dom/dialog_*), recorded
// from Chromium, in real time; TestCorpus runs them in virtual time.
func TestDialogCasesRealTime(t *testing.T) {
	files, _ := filepath.Glob("../testdata/dom/dialog_*.json")
	if len(files) < 2 {
		t.Fatalf("%d cases", len(files))
	}
	for _, jf := range files {
		t.Run(filepath.Base(jf), func(t *testing.T) { runCaseFileWith(t, jf, false) })
	}
}

// BenchmarkDialogShowModalClose: a script opens a modal dialog with showModal() and closes
// it, 200 times, on a page of 1,000 buttons. Each open
// focuses the dialog's first focusable descendant and each close gives the focus back,
// which lays the page out (whether an element is being rendered) as in Chrome.
func BenchmarkDialogShowModalClose(b *testing.B) {
	src := []byte(`<body><div id="page"></div><dialog id="d"><p>dialog</p><input id="i"><button>ok</button></dialog>
<script>
const page = document.getElementById('page');
for (let i = 0; i < 1000; i++) { const b = document.createElement('button'); b.textContent = 'b' + i; page.append(b); }
const d = document.getElementById('d');
for (let i = 0; i < 200; i++) { d.showModal(); d.close('r' + i); }
</script>`)
	for i := 0; i < b.N; i++ {
		p, err := New(src, "file:///dialog.html", "", Options{VirtualTime: true, Console: &countingConsole{}, ScriptTimeout: -1})
		if err != nil {
			b.Fatal(err)
		}
		p.Run(loop.RunOptions{Until: 1})
	}
}
