package dom_test

import (
	"math/rand"
	"os"
	"strings"
	"testing"
	"time"

	"loopscope/page"
)

func TestZZRepeat(t *testing.T) {
	if os.Getenv("ZZ") == "" {
		t.Skip()
	}
	rng := rand.New(rand.NewSource(1))
	for n := 0; n < 3000; n++ {
		program := make([]byte, 4+rng.Intn(40))
		rng.Read(program)
		src := "<!DOCTYPE html><body><div id=a><p>x</p></div><ul id=b><li>1</li></ul><script>\n" + fuzzPrelude +
			decodeDOMCalls(program) + "\nconsole.log('done');\n</script></body>"
		con := &stopCountingConsole{}
		p, _ := page.New([]byte(src), "file:///fuzz.html", "", page.Options{VirtualTime: true, Console: con, ScriptTimeout: 100 * time.Millisecond})
		con.stop = p.Loop.Stop
		p.Loop.At(1000, p.Loop.Stop)
		page.RunToCompletion(p, 200, 200)
		for _, e := range con.Errors {
			if !strings.HasPrefix(e, "Script stopped") {
				t.Errorf("%d: %s", n, e)
			}
		}
	}
}
