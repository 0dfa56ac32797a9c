package window

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"loopscope/page"
	"loopscope/targets"
)

// fileWatch reloads a page opened from a file when the file, or an external script it
// loads, changes on disk: edit, save, and the window shows the new version in the same mode.
// It polls the files' size and modification time twice a second from Update (a stat of a
// handful of files; no watcher threads, nothing when the page is a built-in demo).
type fileWatch struct {
	files  []string
	stamps []fileStamp
	next   time.Time
	// settling is a file seen changed (its index, -1: none) and its new stamp, acted on
	// only when the next poll, settleFor later, finds the same stamp.
	settling int
	settled  fileStamp
}

// fileStamp is what a poll compares.
type fileStamp struct {
	exists bool
	size   int64
	mod    time.Time
}

// watchEvery is how often the files are polled; settleFor, how long a changed file must stay
// as it is before the page is reloaded.
const (
	watchEvery = 500 * time.Millisecond
	settleFor  = 200 * time.Millisecond
)

func stampOf(path string) fileStamp {
	fi, err := os.Stat(path)
	if err != nil {
		return fileStamp{}
	}
	return fileStamp{exists: true, size: fi.Size(), mod: fi.ModTime()}
}

// watch starts watching files (the page's Files; none stops watching).
func (w *fileWatch) watch(files []string) {
	w.files = files
	w.stamps = make([]fileStamp, len(files))
	for i, f := range files {
		w.stamps[i] = stampOf(f)
	}
	w.next = time.Now().Add(watchEvery)
	w.settling = -1
}

// changed polls the files when it is time and returns the first that changed and then
// stayed as it was for settleFor ("" if none). A file being written is caught half-way
// (a save that truncates it and then writes it, on a loaded machine): acting on the empty
// file would check and load two different versions, and the reload takes the files'
// stamps again, so the finished write would go unseen.
func (w *fileWatch) changed(now time.Time) string {
	if len(w.files) == 0 || now.Before(w.next) {
		return ""
	}
	w.next = now.Add(watchEvery)
	for i, f := range w.files {
		s := stampOf(f)
		if s == w.stamps[i] {
			continue
		}
		if w.settling != i || w.settled != s {
			w.settling, w.settled = i, s // look again soon: act once it stays as it is
			w.next = now.Add(settleFor)
			return ""
		}
		w.settling = -1
		w.stamps[i] = s // a reload that fails is not retried until the file changes again
		return f
	}
	w.settling = -1
	return ""
}

// reloadChangedPage reloads the page shown when one of its files changed, keeping its mode
// and speed, and says which file.
func (g *game) reloadChangedPage() {
	f := g.watch.changed(time.Now())
	if f == "" {
		return
	}
	// An edit that does not compile keeps the last good page running, with the error (the
	// next save that compiles reloads it).
	if err := page.CheckSyntax(g.session.currentTarget()); err != nil {
		g.status = "not reloaded: " + err.Error() + " (the last good version runs on)"
		g.con.Error("loopscope: " + g.status) // the console pane, and stderr
		return
	}
	g.reload(false) // paused before its first task if it was paused
	if p, _ := g.session.current(); p == nil {
		return // it did not load: the status line says why
	}
	g.status = "reloaded: " + filepath.Base(f) + " changed on disk"
	if g.opts.Stderr != nil {
		fmt.Fprintln(g.opts.Stderr, "loopscope: "+g.status) // stdout stays the page's console
	}
}

// copyDemoOut is the D key: the demo shown is written as NAME.html (and NAME.json, its
// expected output) into the folder loopscope was started from, and that file is opened in
// its place, so that editing it reloads it (as -copy-demo NAME DIR does from the command
// line). A file already there is opened as it is, never overwritten.
func (g *game) copyDemoOut() {
	_, d := g.session.current()
	if d == nil {
		g.status = "D copies a built-in demo; this page is a file already (edit it: it reloads)"
		return
	}
	path, err := targets.CopyDemo(d.Name, ".", true)
	if err != nil {
		g.status = "the demo was not copied: " + err.Error()
		return
	}
	_, query := targets.Split(g.session.currentTarget())
	g.open(path + query)
	abs, _ := filepath.Abs(path)
	g.status = "editing " + abs + ": save it and the window reloads it"
}
