package goja

import (
	"fmt"
	"strings"
	"testing"
)

// The resolving functions of a %Promise% capability are created when script can reach them:
// Promise.race hands the same pair to every then it calls, and they share [[AlreadyResolved]]
// with the capability.
func TestPromiseCapabilityResolvingFunctions(t *testing.T) {
	const SCRIPT = `
	var seen = [];
	var t1 = Promise.resolve(1), t2 = Promise.resolve(2);
	t1.then = t2.then = function (resolve, reject) {
		seen.push(resolve, reject);
	};
	var p = Promise.race([t1, t2]);
	assert.sameValue(seen.length, 4, "then called twice");
	assert.sameValue(seen[0], seen[2], "the same resolve function each time");
	assert.sameValue(seen[1], seen[3], "the same reject function each time");
	assert.sameValue(typeof seen[0], "function");
	assert.sameValue(seen[0].length, 1, "resolve.length");
	assert.sameValue(seen[1].length, 1, "reject.length");
	assert.sameValue(seen[0].name, "", "resolve.name");
	seen[1]("no");    // reject first
	seen[0]("yes");   // then resolve: already resolved
	seen[1]("again"); // and reject again
	var result;
	p.then(function (v) { result = "fulfilled " + v }, function (e) { result = "rejected " + e });
	undefined;
	`
	vm := New()
	vm.testScriptWithTestLib(SCRIPT, _undefined, t)
	if r := vm.Get("result"); r == nil || r.String() != "rejected no" {
		t.Fatalf("result: %v", r)
	}
}

// The job that adopts a thenable hands its then fresh resolving functions; those of the
// promise's own capability are already used.
func TestPromiseResolveThenableJobFunctions(t *testing.T) {
	const SCRIPT = `
	var log = [];
	var resolveOuter;
	var outer = new Promise(function (resolve) { resolveOuter = resolve; });
	var thenable = {
		then: function (resolve, reject) {
			log.push("then " + typeof resolve + " " + resolve.length + " " + typeof reject + " " + reject.length);
			resolve("adopted");
			reject("ignored");
			resolve("ignored too");
		}
	};
	resolveOuter(thenable);
	resolveOuter("too late");
	log.push("sync end");
	outer.then(function (v) { log.push("outer " + v); });
	`
	vm := New()
	if _, err := vm.RunString(SCRIPT); err != nil {
		t.Fatal(err)
	}
	got := vm.Get("log").Export().([]interface{})
	want := []interface{}{"sync end", "then function 1 function 1", "outer adopted"}
	if len(got) != len(want) {
		t.Fatalf("log: %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("log: %v, want %v", got, want)
		}
	}
}

// A promise is made without a property map; one is made on its first own property.
func TestPromiseOwnProperties(t *testing.T) {
	const SCRIPT = `
	var p = Promise.resolve(1);
	assert.sameValue(Object.getOwnPropertyNames(p).length, 0);
	assert.sameValue(p.x, undefined);
	assert.sameValue(delete p.y, true);
	p.x = 1;
	Object.defineProperty(p, "y", { value: 2, enumerable: true });
	assert.sameValue(p.x + p.y, 3);
	assert.sameValue(Object.keys(p).join(), "x,y");
	var q = Promise.resolve(2);
	Object.defineProperty(q, "z", { get: function () { return 3 } });
	assert.sameValue(q.z, 3);
	class MyPromise extends Promise {
		constructor(executor) {
			super(executor);
			this.tag = "mine";
		}
	}
	var m = new MyPromise(function (resolve) { resolve(4) });
	assert.sameValue(m.tag, "mine");
	assert.sameValue(m.then(function () {}).tag, "mine", "then's species constructor");
	var f = Object.freeze(Promise.resolve(5));
	assert(Object.isFrozen(f));
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

// The reactions registered on a pending promise are queued in registration order when it
// settles, whichever way they were registered.
func TestPromiseReactionOrder(t *testing.T) {
	const SCRIPT = `
	var log = [];
	var resolve;
	var p = new Promise(function (r) { resolve = r; });
	for (var i = 0; i < 5; i++) {
		(function (i) {
			p.then(function () { log.push("then " + i) });
			(async function () { await p; log.push("await " + i) })();
		})(i);
	}
	p.catch(function () { log.push("never") }).then(function () { log.push("after catch") });
	resolve();
	`
	vm := New()
	if _, err := vm.RunString(SCRIPT); err != nil {
		t.Fatal(err)
	}
	// The order V8 prints.
	want := "then 0,await 0,then 1,await 1,then 2,await 2,then 3,await 3,then 4,await 4,after catch"
	if got := vm.Get("log").String(); got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

// Promise jobs run in the order the spec queues them, whether the resolving functions and
// reactions are the engine's own records or function objects script can see.
func TestPromiseJobOrder(t *testing.T) {
	const SCRIPT = `
	var log = [];
	var p1 = Promise.resolve();
	var r2;
	var p2 = new Promise(function (resolve) { r2 = resolve; });
	p2.then(function () { log.push("p2 a"); });
	p1.then(function () { log.push("p1 a"); r2(); }).then(function () { log.push("p1 b"); });
	p2.then(function () { log.push("p2 b"); });
	p1.then(function () { log.push("p1 c"); return Promise.resolve("x"); }).then(function (v) { log.push("p1 d " + v); });
	Promise.reject(new Error("e")).then(function () { log.push("never"); }).catch(function (e) { log.push("caught " + e.message); });
	(async function () { log.push("async 1"); await null; log.push("async 2"); await p2; log.push("async 3"); })();
	queue = log;
	`
	vm := New()
	if _, err := vm.RunString(SCRIPT); err != nil {
		t.Fatal(err)
	}
	got := vm.Get("log").Export().([]interface{})
	// The order V8 and SpiderMonkey print.
	want := []interface{}{"async 1", "p1 a", "p1 c", "async 2", "p2 a", "p2 b", "p1 b", "caught e", "async 3", "p1 d x"}
	if len(got) != len(want) {
		t.Fatalf("log: %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("log: %v, want %v", got, want)
		}
	}
}

// Resolving functions from NewPromise run the same steps as those script gets.
func TestNewPromiseResolvingFunctions(t *testing.T) {
	vm := New()
	p, resolve, reject := vm.NewPromise()
	vm.Set("p", p)
	if _, err := vm.RunString(`var log = []; p.then(function (v) { log.push("fulfilled " + v) })`); err != nil {
		t.Fatal(err)
	}
	thenable, err := vm.RunString(`({ then: function (resolve) { log.push("then"); resolve(42) } })`)
	if err != nil {
		t.Fatal(err)
	}
	if err := resolve(thenable); err != nil {
		t.Fatal(err)
	}
	if err := reject("ignored"); err != nil {
		t.Fatal(err)
	}
	if p.State() != PromiseStateFulfilled || p.Result().ToInteger() != 42 {
		t.Fatalf("state %v, result %v", p.State(), p.Result())
	}
	if s := vm.Get("log").String(); s != "then,fulfilled 42" {
		t.Fatalf("log: %s", s)
	}
}

// Promise.resolve().then(f) and its job allocate a few records, not function objects: the
// capabilities' resolving functions are not made while script cannot see them.
func TestPromiseThenAllocations(t *testing.T) {
	vm := New()
	if _, err := vm.RunString(`function f() {}`); err != nil {
		t.Fatal(err)
	}
	// A loop whose own work allocates nothing (a local counter, an empty handler).
	prg := MustCompile("allocs.js", `(function () { for (let i = 0; i < 100; i++) Promise.resolve().then(f) })()`, false)
	allocs := testing.AllocsPerRun(20, func() {
		if _, err := vm.RunProgram(prg); err != nil {
			t.Fatal(err)
		}
	})
	// Promise.resolve's promise (object and state in one allocation), then's reaction with its
	// result capability and promise, and the queue's growth: 2 and a little per then (a Go
	// function value for the handler made it 3.2; the four resolving functions over 50).
	if perThen := allocs / 100; perThen > 3 {
		t.Fatalf("%.2f allocations per Promise.resolve().then(f) and its job", perThen)
	}
}

// Every kind of callable is a handler: each is called as a function with undefined as this,
// its result or exception settles then's promise, and a non-callable is no handler at all.
func TestPromiseHandlerKinds(t *testing.T) {
	vm := New()
	var log []string
	vm.Set("log", func(s string) { log = append(log, s) })
	_, err := vm.RunString(`
	"use strict";
	var p = Promise.resolve(1);
	function report(name, q) {
		q.then(function (v) { log(name + " ok " + v) }, function (e) { log(name + " err " + (e instanceof Error ? e.name : e)) });
	}
	report("function", p.then(function (v) { return v + (this === undefined ? 1 : 100) }));
	report("sloppy", p.then(new Function("v", "return v + (this === globalThis ? 2 : 200)")));
	report("method", p.then({ m(v) { return v + 3 } }.m));
	function Ctor() { report("arrow", p.then(v => v + (new.target === Ctor ? 4 : 400))) }
	new Ctor();
	report("class", p.then(class C {}));
	report("bound", p.then(function (a, v) { return a + v }.bind(null, 5)));
	report("native", p.then(String));
	report("async", p.then(async function (v) { return v + 6 }));
	report("generator", p.then(function* () {}).then(g => typeof g.next));
	report("proxy", p.then(new Proxy(function (v) { return v + 7 }, {})));
	report("throws", p.then(function () { throw "e8" }));
	report("arrow throws", p.then(() => { throw "e9" }));
	report("none", p.then(42));
	report("rejected none", Promise.reject("r").then(function () {}, {}));
	report("thenable", Promise.resolve({ then(resolve) { resolve(10) } }));
	report("thenable throws", Promise.resolve({ then: () => { throw "e11" } }));
	log("sync");
	`)
	if err != nil {
		t.Fatal(err)
	}
	// The order of node 20 and Chromium for the same script.
	want := []string{
		"sync",
		"function ok 2",
		"sloppy ok 3",
		"method ok 4",
		"arrow ok 5",
		"class err TypeError",
		"bound ok 6",
		"native ok 1",
		"proxy ok 8",
		"throws err e8",
		"arrow throws err e9",
		"none ok 1",
		"rejected none err r",
		"thenable ok 10",
		"thenable throws err e11",
		"generator ok function",
		"async ok 7",
	}
	if strings.Join(log, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(log, "\n"), strings.Join(want, "\n"))
	}
	if len(vm.vm.callStack) != 0 || len(vm.vm.tryStack) != 0 {
		t.Fatalf("call stack %d, try stack %d frames left", len(vm.vm.callStack), len(vm.vm.tryStack))
	}
}

// A handler that throws leaves the value stack as it found it.
func TestPromiseHandlerThrowKeepsStack(t *testing.T) {
	vm := New()
	_, err := vm.RunString(`
	var n = 0;
	for (var i = 0; i < 1000; i++) {
		Promise.resolve(i).then(function (a, b, c) { throw a }).catch(function () { n++ });
	}
	`)
	if err != nil {
		t.Fatal(err)
	}
	if n := vm.Get("n").ToInteger(); n != 1000 {
		t.Fatalf("n = %d", n)
	}
	if vm.vm.sp > 16 {
		t.Fatalf("value stack pointer %d after the jobs", vm.vm.sp)
	}
}

// Host jobs run in first-in, first-out order with promise jobs.
func TestEnqueueJob(t *testing.T) {
	vm := New()
	var log []string
	vm.Set("log", func(s string) { log = append(log, s) })
	vm.Set("enqueue", func(s string) {
		vm.EnqueueJob(func() { log = append(log, s) })
	})
	_, err := vm.RunString(`
	Promise.resolve().then(function () {
		log("promise 1");
		enqueue("host 3");
		Promise.resolve().then(function () { log("promise 4") });
	});
	enqueue("host 2");
	Promise.resolve().then(function () { log("promise 3") });
	log("script");
	`)
	if err != nil {
		t.Fatal(err)
	}
	want := "script,promise 1,host 2,promise 3,host 3,promise 4"
	if got := strings.Join(log, ","); got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

// HasPendingJobs sees promise jobs and host jobs while they wait, and an empty queue once the
// outermost call has run them.
func TestHasPendingJobs(t *testing.T) {
	vm := New()
	var log []string
	vm.Set("pending", func(s string) {
		log = append(log, fmt.Sprintf("%s %v", s, vm.HasPendingJobs()))
	})
	vm.Set("enqueue", func() { vm.EnqueueJob(func() { log = append(log, "host job") }) })
	_, err := vm.RunString(`
	pending("start");
	const p = new Promise(function () {});
	p.then(function () {});
	pending("reaction on a pending promise");
	Promise.resolve().then(function () { pending("in the job") });
	pending("reaction on a settled promise");
	`)
	if err != nil {
		t.Fatal(err)
	}
	if vm.HasPendingJobs() {
		log = append(log, "after the call true")
	}
	if _, err := vm.RunString(`enqueue(); pending("host job queued")`); err != nil {
		t.Fatal(err)
	}
	if vm.HasPendingJobs() {
		log = append(log, "after the second call true")
	}
	want := "start false,reaction on a pending promise false,reaction on a settled promise true," +
		"in the job false,host job queued true,host job"
	if got := strings.Join(log, ","); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

// A call into the runtime made by a host job is nested: it does not run the queue, so the jobs
// it queues run after those queued before them. (Run from the outermost call, the queue would
// be run again from inside the job, out of order.)
func TestEnqueueJobNestedCall(t *testing.T) {
	vm := New()
	var log []string
	vm.Set("log", func(s string) { log = append(log, s) })
	fn, err := vm.RunString(`(function () {
		log("job calls into the runtime");
		Promise.resolve().then(function () { log("queued by the job") });
	})`)
	if err != nil {
		t.Fatal(err)
	}
	call, _ := AssertFunction(fn)
	queueAfter, err := vm.RunString(`(function () { Promise.resolve().then(function () { log("queued before") }) })`)
	if err != nil {
		t.Fatal(err)
	}
	qa, _ := AssertFunction(queueAfter)
	vm.EnqueueJob(func() {
		if _, err := call(_undefined); err != nil {
			t.Error(err)
		}
		log = append(log, "job returns")
	})
	// The queue is run when this outermost call returns, with an empty call stack.
	if _, err := qa(_undefined); err != nil {
		t.Fatal(err)
	}
	want := "job calls into the runtime,job returns,queued before,queued by the job"
	if got := strings.Join(log, ","); got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

// An interrupt inside a host job's call ends the job queue run when the job returns, whether
// the job panics with the error its call returned or not; the runtime works again afterwards.
func TestEnqueueJobInterrupt(t *testing.T) {
	for _, rethrow := range []bool{true, false} {
		vm := New()
		var log []string
		vm.Set("log", func(s string) { log = append(log, s) })
		vm.Set("interrupt", func() { vm.Interrupt("stop") })
		fn, err := vm.RunString(`(function () { interrupt(); for (;;) {} })`)
		if err != nil {
			t.Fatal(err)
		}
		spin, _ := AssertFunction(fn)
		vm.EnqueueJob(func() {
			_, err := spin(_undefined)
			if _, ok := err.(*InterruptedError); !ok {
				t.Errorf("the nested call returned %v", err)
			}
			log = append(log, "job goes on")
			if rethrow {
				panic(err)
			}
		})
		vm.EnqueueJob(func() { log = append(log, "host job dropped") })
		_, err = vm.RunString(`Promise.resolve().then(function () { log("promise job dropped") })`)
		if ie, ok := err.(*InterruptedError); !ok || ie.Value() != "stop" {
			t.Fatalf("rethrow %v: RunString returned %v", rethrow, err)
		}
		if _, err := vm.RunString(`Promise.resolve().then(function () { log("runs") })`); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(log, ","); got != "job goes on,runs" {
			t.Fatalf("rethrow %v: log: %s", rethrow, got)
		}
	}
}

// benchmarkPromiseJobs runs src (which calls f once) as many times as the benchmark asks, 100
// per script run and job queue drain.
func benchmarkPromiseJobs(b *testing.B, src string) {
	vm := New()
	prg := MustCompile("bench.js", "for (var i = 0; i < 100; i++) { "+src+" }", false)
	if _, err := vm.RunString(`var n = 0; function f() { n++ }`); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	runs := 0
	for i := 0; i < b.N; i += 100 {
		if _, err := vm.RunProgram(prg); err != nil {
			b.Fatal(err)
		}
		runs++
	}
	b.StopTimer()
	if n := vm.Get("n").ToInteger(); n != int64(runs*100) {
		b.Fatalf("n = %d, want %d", n, runs*100)
	}
}

// One Promise.resolve().then(f) and its reaction job per op.
func BenchmarkPromiseResolveThen(b *testing.B) {
	benchmarkPromiseJobs(b, `Promise.resolve().then(f)`)
}

// One then(f) on an already fulfilled promise and its job per op.
func BenchmarkPromiseThenFulfilled(b *testing.B) {
	benchmarkPromiseJobs(b, `(typeof p === "object" ? p : (p = Promise.resolve())).then(f)`)
}

// One async function call with an await and its continuation per op.
func BenchmarkAsyncAwait(b *testing.B) {
	benchmarkPromiseJobs(b, `(async function () { await undefined; f() })()`)
}
