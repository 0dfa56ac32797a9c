package loop

import "testing"

// Jake Archibald's first example (seed 004): "script start, script end, promise1, promise2, setTimeout".
func TestSmokeScriptStart(t *testing.T) {
	lines, errs := runScript(t, ModeSpec, `
console.log('script start');
setTimeout(function () { console.log('setTimeout'); }, 0);
Promise.resolve().then(function () { console.log('promise1'); }).then(function () { console.log('promise2'); });
console.log('script end');`)
	expectLines(t, lines, "script start\nscript end\npromise1\npromise2\nsetTimeout")
	if len(errs) > 0 {
		t.Errorf("errors: %q", errs)
	}
}
