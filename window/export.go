package window

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"loopscope/page"
)

// exportSeconds is how much of the trace the E key saves.
const exportSeconds = 10

// exportTrace saves the last exportSeconds of the page's trace as Chrome trace events
// (Perfetto, chrome://tracing) in the current folder, on a goroutine: encoding is not Draw's
// work. It returns the status line to show; the console says when the file is written.
//
// The file goes into the folder loopscope was started from (run.sh does not change it), and
// done gets the final status line ("saved to …" or the error) once it is written.
func exportTrace(p *page.Page, con *consoleLog, done func(status string)) string {
	if p == nil {
		return ""
	}
	if !p.Tracing() {
		return "tracing is off: nothing to save"
	}
	spans := p.SpansSince(p.Now()-exportSeconds*1000, 0, nil)
	name := fmt.Sprintf("loopscope-trace-%s.json", time.Now().Format("20060102-150405"))
	go func() {
		f, err := os.Create(name)
		if err == nil {
			err = page.WriteChromeTrace(f, spans)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			con.Error("loopscope: saving the trace: " + err.Error())
			done("the trace was not saved: " + err.Error())
			return
		}
		abs, _ := filepath.Abs(name)
		con.Message("info", fmt.Sprintf("[loopscope] trace of the last %d s saved to %s (open it in Perfetto or chrome://tracing)", exportSeconds, abs))
		done(fmt.Sprintf("trace of the last %d s saved to %s", exportSeconds, abs))
	}()
	return fmt.Sprintf("saving the last %d s of the trace (%d spans) to %s …", exportSeconds, len(spans), name)
}
