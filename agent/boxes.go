package agent

import (
	"strconv"
	"strings"

	"github.com/dop251/goja"
)

// Boxes is the event loop as Jake Archibald draws it in "Tasks, microtasks, queues and
// schedules" (2015): four boxes, Tasks, Microtasks, JS stack and Log, at one moment. It is
// the model the queues view draws, and what the walkthrough tests check step by step.
type Boxes struct {
	// Tasks: the task that runs now first (it stays in the box until it ends, as in Jake's
	// diagrams), then the queued tasks in the order the loop will pick them, then the
	// timers that are not due yet, soonest first (each becomes a task when due).
	Tasks []BoxItem
	// Microtasks: the queued microtasks, first in first out, as goja will run them (needs
	// microtask tracking in step mode; Tracked says whether it is on): promise reactions
	// whose promise settled, await continuations, the jobs that adopt a thenable, the host's
	// microtasks.
	Microtasks []BoxItem
	// Waiting: reactions registered on promises that are still pending (not queued yet),
	// await continuations among them, by promise.
	Waiting []BoxItem
	// Stack: the JS stack, top first, from the engine's own call stack.
	Stack []Frame
	// Log: the newest console lines, oldest first.
	Log []string
	// Tracked: the microtask queue is modelled (microtask tracking in step mode).
	Tracked bool
	// Step: in step mode, which step of the processing model has just run, in the spec's
	// words and numbers (the event loop's; "" when it has none).
	Step string
}

// BoxItem is one entry of a box: Jake's name for it ("Run script", "Dispatch click",
// "setTimeout callback", "Promise then", "Mutation observers") and a detail (the function,
// its source position, the task source, or when a timer is due).
type BoxItem struct {
	ID      string // one identity while it moves (timer → task, queued → running)
	Name    string
	Detail  string
	Running bool    // the task that runs now
	Timer   bool    // a timer not yet due: Due says when (ms)
	Due     float64 //
	Func    string  // a microtask's handler ("" when anonymous)
	Line    int     // the line it was queued from (0: not known)
}

// Frame is one frame of the JS stack: a function and where it is now.
type Frame struct {
	Name string // the function, or the host's name for the entry point ("script", "Promise then")
	File string
	Line int
	Col  int
}

// Names returns the names of items, for tests and compact views.
func Names(items []BoxItem) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Name
	}
	return out
}

// FrameNames returns the names of a stack's frames, top first.
func FrameNames(fs []Frame) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Name
	}
	return out
}

// Boxes builds the agent's part of the four boxes (on the agent's goroutine), with at most
// max items per box: the task that runs now, the microtasks, the JS stack and the log. The
// event loop adds its queued tasks and timers after the running task.
func (a *Agent) Boxes(max int) Boxes {
	b := Boxes{Tracked: a.mt.model, Log: a.logTail.tail(logBoxLines)}
	if a.currentTask != nil {
		b.Tasks = append(b.Tasks, TaskItem(a.currentTask, true))
	}
	if a.mt.model {
		q := &a.mt.queue
		if m := a.mt.running; m != nil {
			b.Microtasks = append(b.Microtasks, microtaskItem(m, true))
		}
		for _, m := range q.queued {
			if len(b.Microtasks) >= max {
				break
			}
			b.Microtasks = append(b.Microtasks, microtaskItem(m, false))
		}
		for _, m := range q.waitingList(max) {
			b.Waiting = append(b.Waiting, microtaskItem(m, false))
		}
	}
	b.Stack = a.jsStack(max)
	return b
}

// TaskItem names a task as Jake does.
func TaskItem(t *Task, running bool) BoxItem {
	id := "task:" + strconv.FormatUint(t.Seq, 10)
	if t.TimerSeq > 0 {
		id = "timer:" + strconv.FormatUint(t.TimerSeq, 10)
	}
	return BoxItem{ID: id, Name: jakeTaskName(t), Detail: t.Name + " · " + t.Source.String(), Running: running}
}

// microtaskItem: the running microtask stays in the box while it runs, as the running task
// does in Jake's diagrams.
func microtaskItem(m *microtask, running bool) BoxItem {
	it := BoxItem{ID: "microtask:" + strconv.FormatUint(m.seq, 10), Name: m.name, Detail: m.detail, Running: running, Func: m.fn, Line: m.line}
	return it
}

// jakeTaskName is Jake Archibald's name for a task: "Run script", "Dispatch click",
// "setTimeout callback".
func jakeTaskName(t *Task) string {
	n := t.Name
	switch {
	case strings.HasPrefix(n, "script"):
		return "Run script"
	case strings.HasPrefix(n, "setTimeout "):
		return "setTimeout callback"
	case strings.HasPrefix(n, "setInterval "):
		return "setInterval callback"
	case t.Source == SourceUserInteraction && !strings.Contains(n, " "):
		return "Dispatch " + n
	case n == "DOMContentLoaded" || n == "load":
		return "Dispatch " + n
	}
	return n
}

// jsStack is the JS stack now, top first, from the engine's call stack: the loop's own
// helpers are left out, and so is the host function the loop is paused in (console.log,
// setTimeout: the call on top); the bottom frame is named by its entry point ("script",
// "Promise then", "setTimeout callback") when its function has no name of its own.
func (a *Agent) jsStack(max int) []Frame {
	if a.depth == 0 && a.mt.running == nil {
		return nil
	}
	raw := a.rt.CaptureCallStack(0, nil)
	var out []Frame
	for i := range raw {
		f := &raw[i]
		src, name := f.SrcName(), f.FuncName()
		if a.hostFrame(src) { // the loop's helpers
			continue
		}
		if src == "<native>" {
			if len(out) == 0 || !plainIdentifier(name) || i+1 < len(raw) && a.hostFrame(raw[i+1].SrcName()) {
				continue // the host call the loop waits in, a Go function, or a built-in a helper calls through
			}
			out = append(out, Frame{Name: name})
			continue
		}
		p := f.Position()
		if name == "<anonymous>" {
			name = ""
		}
		out = append(out, Frame{Name: name, File: src, Line: p.Line, Col: p.Column})
	}
	base := a.entryName()
	if m := a.mt.running; m != nil {
		base = m.name
	}
	if n := len(out); n > 0 && (out[n-1].Name == "" || (a.mt.running != nil && out[n-1].Name == a.mt.running.fn)) {
		out[n-1].Name = base
	} else if a.mt.running != nil {
		out = append(out, Frame{Name: base})
	}
	for i := range out {
		if out[i].Name == "" {
			out[i].Name = "(anonymous)"
		}
	}
	if len(out) > max {
		out = out[:max]
	}
	return out
}

// hostFrame reports whether a frame's file is the host's own JS: the loop's helpers
// (compiled without a file name) and the files HideHostFrames names.
func (a *Agent) hostFrame(src string) bool {
	return src == "" || a.hostSrcPrefix != "" && strings.HasPrefix(src, a.hostSrcPrefix)
}

// HideHostFrames leaves the frames of JS files whose names start with prefix out of the JS
// stack, with the built-ins they call script through (a Node process's "node:host.js" and
// its fn.call): the stack box shows the script's own frames.
func (a *Agent) HideHostFrames(prefix string) { a.hostSrcPrefix = prefix }

// entryName is the host's name for what the outermost call into JS runs: "script" for a
// script, else the running task's name as Jake gives it ("setTimeout callback").
func (a *Agent) entryName() string {
	if a.entryIsScript {
		return "script"
	}
	if a.currentTask != nil {
		return jakeTaskName(a.currentTask)
	}
	return ""
}

func plainIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// logTail keeps the newest console lines for the Log box; it wraps the loop's console.
type logTail struct {
	Console
	lines []string // ring
	next  int
	full  bool
}

const logTailLines = 200

// logBoxLines is how many of the newest lines the Log box holds (the view shows what fits).
const logBoxLines = 50

func (c *logTail) add(s string) {
	if c.lines == nil {
		c.lines = make([]string, logTailLines)
	}
	c.lines[c.next] = s
	c.next++
	if c.next == len(c.lines) {
		c.next, c.full = 0, true
	}
}

func (c *logTail) Message(level, text string) {
	c.add(text)
	c.Console.Message(level, text)
}

func (c *logTail) Error(text string) {
	c.add(text)
	c.Console.Error(text)
}

// tail returns the newest n lines, oldest first.
func (c *logTail) tail(n int) []string {
	var all []string
	if c.full {
		all = append(append(all, c.lines[c.next:]...), c.lines[:c.next]...)
	} else {
		all = append(all, c.lines[:c.next]...)
	}
	if len(all) > n {
		all = all[len(all)-n:]
	}
	return all
}

var _ goja.AsyncContextTracker = asyncTracker{}
