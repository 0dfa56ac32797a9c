package window

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"loopscope/page"
)

// recorder keeps the real input of the page shown (mouse moves, presses and releases of
// any button at page coordinates, wheel ticks, keys, synthetic clicks) as an actions file's actions, with their page times from
// the end of load: `loopscope -headless -virtual-time -actions FILE` replays them with the
// same console output. -record FILE writes the file whenever the page gets input and once
// more, with the run's length, when the page is closed; W writes it into the folder
// loopscope was started from. A page opened later starts a new recording.
//
// The page reports its input on its own goroutine (page.Options.OnInput); the window writes
// the file from Update.
type recorder struct {
	path string // -record's file ("": only W writes)

	mu      sync.Mutex
	page    *page.Page // the page recorded (its clock gives the run's length)
	target  string
	mode    page.Mode
	actions []page.Action
	loadEnd float64 // page time of the end of load, as the last input tells it (-1: no input)
	dropped int
	dirty   bool // input since the file was last written
}

// maxRecorded bounds a recording (a long session of moves, clicks, wheel ticks and keys
// stays under the actions file's size limit, page.MaxActionsBytes: an indented move is
// about 100 bytes).
const maxRecorded = 20000

// start begins the recording of a page just opened.
func (r *recorder) start(p *page.Page, target string, mode page.Mode) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.page, r.target, r.mode, r.actions, r.loadEnd, r.dropped, r.dirty = p, target, mode, nil, -1, 0, false
}

// onInput is page.Options.OnInput: it runs on the page's goroutine when the input's task
// is queued.
func (r *recorder) onInput(a page.Action) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.actions) >= maxRecorded {
		r.dropped++
		return
	}
	r.actions = append(r.actions, a)
	if r.page != nil {
		r.loadEnd = r.page.Now() - a.AtMS
	}
	r.dirty = true
}

// file is the actions file of the recording; withLength adds the run's length so far as
// duration_ms (the replay then runs as long as the window did).
func (r *recorder) file(withLength bool) ([]byte, int, error) {
	r.mu.Lock()
	a := page.Actions{Page: r.target, Mode: r.mode, Actions: append([]page.Action(nil), r.actions...)}
	if withLength && r.page != nil && r.loadEnd >= 0 {
		a.DurationMS = max(r.page.Now()-r.loadEnd, 1)
	}
	dropped := r.dropped
	r.mu.Unlock()
	if a.Actions == nil {
		a.Actions = []page.Action{}
	}
	b, err := json.MarshalIndent(a, "", "  ")
	return append(b, '\n'), dropped, err
}

// flush writes -record's file if the page got input since it was last written; final
// (the page is being closed) adds the run's length. It returns an error line, or "".
func (r *recorder) flush(final bool) string {
	r.mu.Lock()
	dirty := r.dirty || (final && len(r.actions) > 0)
	r.dirty = false
	r.mu.Unlock()
	if r.path == "" || !dirty {
		return ""
	}
	if err := r.write(r.path, final); err != nil {
		return "loopscope: -record: " + err.Error()
	}
	return ""
}

// write writes the recording to path (through a temporary file, so a reader never sees
// half of it).
func (r *recorder) write(path string, withLength bool) error {
	b, dropped, err := r.file(withLength)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	if dropped > 0 {
		return fmt.Errorf("%d inputs after the first %d were not recorded", dropped, maxRecorded)
	}
	return nil
}

// save is the W key: the recording so far, with its length, into the folder loopscope was
// started from. It returns the status line.
func (r *recorder) save() string {
	r.mu.Lock()
	target, n := r.target, len(r.actions)
	r.mu.Unlock()
	if target == "" {
		return ""
	}
	name := strings.TrimSuffix(filepath.Base(strings.SplitN(target, "?", 2)[0]), ".html")
	path := "loopscope-actions-" + name + ".json"
	if err := r.write(path, true); err != nil {
		return "the actions were not saved: " + err.Error()
	}
	abs, _ := filepath.Abs(path)
	return fmt.Sprintf("%d inputs saved to %s: loopscope -headless -virtual-time -actions %s replays them", n, abs, path)
}
