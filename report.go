package main

import (
	"io"
	"os"

	"loopscope/instruments"
	"loopscope/page"
)

// chromeTrace is what writes a run's trace as Chrome trace events (a page; a Node run's trace).
type chromeTrace interface{ WriteChromeTrace(w io.Writer) error }

func writeTrace(path string, t chromeTrace) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := t.WriteChromeTrace(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeReport prints the run's summary (instruments.Report: the HUD's figures over the
// whole run).
func writeReport(w io.Writer, p *page.Page) {
	instruments.NewReport(p.Spans(), p.Stats()).Write(w)
}
