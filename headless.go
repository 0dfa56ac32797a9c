package main

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"time"

	"loopscope/demos"
	"loopscope/page"
	"loopscope/targets"
)

// maxRun is how long a headless run lasts at most when neither -duration nor the actions
// file says (until nothing is left to do, capped).
const maxRun = 30000.0

func runHeadless(c *cli, stdout, stderr io.Writer) int {
	durationMS := float64(c.duration) / float64(time.Millisecond) // 500us is 0.5 ms, not "until quiet"
	actions := c.clicks
	if c.actionsFile != "" {
		a, err := page.ReadActions(c.actionsFile)
		if err != nil {
			fmt.Fprintln(stderr, "loopscope:", err)
			return 2
		}
		actions = append(a.Actions, actions...)
		if durationMS == 0 {
			durationMS = a.DurationMS
		}
		// A recorded session names its page and mode: the command line's win.
		if c.target == "" {
			if a.Page == "" {
				fmt.Fprintf(stderr, "loopscope: actions file %s names no page: give one, loopscope -headless -actions %s PAGE\n", c.actionsFile, c.actionsFile)
				return 2
			}
			c.target = a.Page
		}
		if !c.modeSet && a.Mode != "" {
			c.mode = a.Mode
		}
	}
	var film *filmstrip
	if c.filmstrip != "" {
		if err := os.MkdirAll(c.filmstrip, 0o755); err != nil {
			fmt.Fprintln(stderr, "loopscope: -filmstrip:", err)
			return 2
		}
		film = newFilmstrip(c.filmstrip, page.DefaultWidth*page.DefaultHeight*4)
	}
	opts := page.Options{
		Mode:          c.mode,
		VirtualTime:   c.virtualTime,
		Console:       page.NewWriterConsole(stdout, stderr),
		ScriptTimeout: c.scriptTimeout,
		MaxHeap:       c.maxHeap,
		// -trace: one span per microtask in the trace.
		TrackMicrotasks: c.traceFile != "",
	}
	if film != nil {
		opts.OnFrame = film.add
	}
	p, demo, err := targets.OpenPage(c.target, opts)
	if err != nil {
		fmt.Fprintln(stderr, "loopscope:", err)
		return 2
	}
	// A demo without -click/-actions runs with its own scripted input and duration.
	if demo != nil && len(actions) == 0 && c.actionsFile == "" {
		_, query := targets.Split(c.target)
		if r, ok := demo.RunFor(c.mode, query); ok {
			actions = r.Actions
			if durationMS == 0 {
				durationMS = r.DurationMS
			}
		}
	}
	for _, a := range actions {
		p.Schedule(a)
	}
	page.RunToCompletion(p, durationMS, maxRun)
	return writeOutputs(c, p, film, stderr)
}

// writeOutputs writes what the flags ask for after a headless run: the filmstrip's last
// frames, the screenshot, the trace and the report. It returns the exit status.
func writeOutputs(c *cli, p *page.Page, film *filmstrip, stderr io.Writer) int {
	status := 0
	if film != nil {
		if err := film.close(); err != nil {
			fmt.Fprintln(stderr, "loopscope: -filmstrip:", err)
			status = 1
		}
	}
	if c.screenshot != "" {
		img := p.LastFrame()
		if img == nil {
			img = p.PaintNow()
		}
		if err := writePNG(c.screenshot, img); err != nil {
			fmt.Fprintln(stderr, "loopscope: -screenshot:", err)
			status = 1
		}
	}
	if c.traceFile != "" {
		if err := writeTrace(c.traceFile, p); err != nil {
			fmt.Fprintln(stderr, "loopscope: -trace:", err)
			status = 1
		}
	}
	if c.report {
		writeReport(stderr, p)
	}
	return status
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// filmstripBudget bounds the frames waiting to be written, in bytes: a page that paints
// faster than PNG encoding keeps at most this much (1,024 queued frames once took 2.4 GB,
// and the garbage collector's work on that heap was charged to the page's virtual time).
const filmstripBudget = 64 << 20

// filmstrip writes every painted frame to DIR/NNNNN.png on a background goroutine, so the
// page's timing is not disturbed by PNG encoding. When the frames waiting reach the budget,
// add waits for the writer: outside JS, so under -virtual-time page time does not move
// (recording never changes what the page prints); in real time the wait is the price of
// keeping every frame.
type filmstrip struct {
	dir    string
	frames chan *image.RGBA
	done   chan error
	n      int
}

func newFilmstrip(dir string, frameBytes int) *filmstrip {
	queued := max(1, filmstripBudget/max(frameBytes, 1))
	f := &filmstrip{dir: dir, frames: make(chan *image.RGBA, queued), done: make(chan error, 1)}
	go func() {
		var first error
		i := 0
		for img := range f.frames {
			if err := writePNG(filepath.Join(dir, fmt.Sprintf("%05d.png", i)), img); err != nil && first == nil {
				first = err
			}
			i++
		}
		f.done <- first
	}()
	return f
}

func (f *filmstrip) add(img *image.RGBA, _ float64, _ image.Rectangle) { f.frames <- img }

func (f *filmstrip) close() error {
	close(f.frames)
	return <-f.done
}

// listDemos prints every built-in demo, a Node demo marked [node].
func listDemos(stdout io.Writer) int {
	list, errs := targets.Demos()
	for _, d := range list {
		name := d.Name
		if d.Node {
			name += " [node]"
		}
		fmt.Fprintf(stdout, "%-52s %s\n", name, d.Title)
	}
	for _, err := range errs {
		fmt.Fprintln(stdout, "  (broken)", err)
	}
	if len(errs) > 0 {
		return 1
	}
	return 0
}

// runLabel names runs[i] in -check's lines: its mode (and query), and, when another run of
// the demo has the same, its first click ("spec, real click #run-click"), so that two runs
// of a demo are never listed under one name (issue 25).
func runLabel(runs []page.Run, i int) string {
	name := runs[i].Name()
	for j, r := range runs {
		if j == i || r.Name() != name {
			continue
		}
		for _, a := range runs[i].Actions {
			if a.Click != "" {
				kind := a.Kind
				if kind == "" {
					kind = "real"
				}
				return name + ", " + kind + " click " + a.Click
			}
		}
		return fmt.Sprintf("%s, run %d", name, i+1)
	}
	return name
}

// checkDemos runs every demo in every mode it declares against its expected output.
func checkDemos(stdout, stderr io.Writer) int {
	list, errs := demos.All()
	passed, failed := 0, len(errs)
	for _, err := range errs {
		fmt.Fprintln(stdout, "FAIL", err)
	}
	for _, d := range list {
		for i, r := range d.Runs {
			name := runLabel(d.Runs, i)
			res, err := page.RunCase(d.HTML, d.URL(), "", r)
			if err != nil {
				failed++
				fmt.Fprintf(stdout, "FAIL %s [%s]: %v\n", d.Name, name, err)
				continue
			}
			if ok, diff := res.Matches(r); ok {
				passed++
				fmt.Fprintf(stdout, "ok   %s [%s]\n", d.Name, name)
			} else {
				failed++
				fmt.Fprintf(stdout, "FAIL %s [%s]\n%s", d.Name, name, diff)
			}
		}
	}
	np, nf := checkNodeDemos(stdout)
	passed, failed = passed+np, failed+nf
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return 1
	}
	return 0
}
