package goja

import (
	"fmt"
	"strings"
	"testing"
)

// jobLogTracker is an AsyncContextTracker and a PromiseJobTracker that logs what it is told.
type jobLogTracker struct {
	log      []string
	names    map[*Promise]string
	handlers map[Value]string
	n, t     int
}

func (j *jobLogTracker) Grab() interface{} {
	j.n++
	return fmt.Sprintf("R%d", j.n)
}

func (j *jobLogTracker) Resumed(ctx interface{}) {
	j.log = append(j.log, fmt.Sprintf("resumed %v", ctx))
}
func (j *jobLogTracker) Exited() { j.log = append(j.log, "exited") }

func (j *jobLogTracker) promise(p *Promise) string {
	if n, ok := j.names[p]; ok {
		return n
	}
	return "?"
}

func (j *jobLogTracker) PromiseReactionRegistered(ctx interface{}, r PromiseReactionInfo) {
	kind := [...]string{"then", "await", "internal"}[r.Kind]
	s := fmt.Sprintf("%v: %s on %s %s/%s", ctx, kind, j.promise(r.Promise), j.handlers[r.OnFulfilled], j.handlers[r.OnRejected])
	if r.Kind == PromiseReactionAwait {
		s += fmt.Sprintf(" in %s at line %d", r.Awaiter.FuncName(), r.Awaiter.Position().Line)
	}
	j.log = append(j.log, s)
}

func (j *jobLogTracker) describe(job PromiseJobInfo) string {
	if job.Kind == PromiseJobResolveThenable {
		return fmt.Sprintf("%v (resolve %s with %s)", job.Context, j.promise(job.Promise), j.promise(job.Thenable.Export().(*Promise)))
	}
	s := fmt.Sprintf("%v", job.Context)
	if job.Rejected {
		s += " rejected"
	}
	if !job.Handler {
		s += " no handler"
	}
	return s
}

func (j *jobLogTracker) PromiseJobQueued(job PromiseJobInfo) interface{} {
	if job.Kind == PromiseJobResolveThenable {
		j.t++
		job.Context = fmt.Sprintf("T%d", j.t)
	}
	j.log = append(j.log, "queued "+j.describe(job))
	return job.Context
}

func (j *jobLogTracker) PromiseJobStarted(job PromiseJobInfo) {
	j.log = append(j.log, "started "+j.describe(job))
}

func (j *jobLogTracker) PromiseJobEnded(job PromiseJobInfo) {
	j.log = append(j.log, "ended "+j.describe(job))
}

// A PromiseJobTracker is told which promise each reaction waits on and what registered it,
// and sees every job queued, started and ended, in queue order: those without a handler and
// the thenable job too.
func TestPromiseJobTracker(t *testing.T) {
	vm := New()
	tr := &jobLogTracker{names: map[*Promise]string{}, handlers: map[Value]string{}}
	vm.SetAsyncContextTracker(tr)
	vm.Set("name", func(v Value, name string) Value {
		if p, ok := v.Export().(*Promise); ok {
			tr.names[p] = name
		} else {
			tr.handlers[v] = name
		}
		return v
	})
	_, err := vm.RunString(`
	var resolveP;
	var p = name(new Promise(function (r) { resolveP = r; }), "p");
	p.then(name(function a() {}, "a"));
	(async function g() {
		await p;
		await null;
	})();
	name(name(Promise.reject(1), "r").then(name(function b() {}, "b")), "rb").catch(name(function c() {}, "c"));
	name(Promise.resolve(), "f").then(name(function d() { resolveP(); return name(Promise.resolve(2), "two"); }, "d"))
		.then(name(function e() {}, "e"));
	`)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		// The script registers its reactions; those on settled promises are queued at once.
		"R1: then on p a/",
		"R2: await on p / in g at line 6",
		"R3: then on r b/",
		"queued R3 rejected no handler",
		"R4: then on rb /c",
		"R5: then on f d/",
		"queued R5",
		"R6: then on ? e/",
		// R3 passes the rejection on, which queues c.
		"started R3 rejected no handler",
		"queued R4 rejected",
		"ended R3 rejected no handler",
		// d settles p (a and the await continuation are queued) and returns a promise: its own
		// promise is resolved with it by a thenable job.
		"started R5",
		"resumed R5",
		"queued R1",
		"queued R2",
		"exited",
		"queued T1 (resolve ? with two)",
		"ended R5",
		"started R4 rejected", "resumed R4", "exited", "ended R4 rejected",
		"started R1", "resumed R1", "exited", "ended R1",
		// g resumes and awaits again, at its next line: no longer on the call stack, it is
		// named by its frame at the await.
		"started R2", "resumed R2",
		"R7: await on ? / in g at line 7",
		"queued R7",
		"exited", "ended R2",
		// The thenable job calls two.then, whose reaction (R8) resolves d's promise, which
		// queues e.
		"started T1 (resolve ? with two)",
		"R8: then on two /",
		"queued R8",
		"ended T1 (resolve ? with two)",
		"started R7", "resumed R7", "exited", "ended R7",
		"started R8", "resumed R8", "queued R6", "exited", "ended R8",
		"started R6", "resumed R6", "exited", "ended R6",
	}
	if got := strings.Join(tr.log, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\n\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}

// Without a PromiseJobTracker, an AsyncContextTracker is told what it was before.
func TestAsyncContextTrackerAlone(t *testing.T) {
	vm := New()
	tr := &jobLogTracker{}
	vm.SetAsyncContextTracker(struct{ AsyncContextTracker }{tr})
	if _, err := vm.RunString(`Promise.reject(1).then(function () {}).catch(function () {})`); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(tr.log, ","); got != "resumed R2,exited" {
		t.Errorf("got %s", got)
	}
}
