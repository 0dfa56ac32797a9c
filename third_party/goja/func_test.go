package goja

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
)

func TestFuncProto(t *testing.T) {
	const SCRIPT = `
	"use strict";
	function A() {}
	A.__proto__ = Object;
	A.prototype = {};

	function B() {}
	B.__proto__ = Object.create(null);
	var thrown = false;
	try {
		delete B.prototype;
	} catch (e) {
		thrown = e instanceof TypeError;
	}
	thrown;
	`
	testScript(SCRIPT, valueTrue, t)
}

func TestFuncPrototypeRedefine(t *testing.T) {
	const SCRIPT = `
	let thrown = false;
	try {
		Object.defineProperty(function() {}, "prototype", {
			set: function(_value) {},
		});
	} catch (e) {
		if (e instanceof TypeError) {
			thrown = true;
		} else {
			throw e;
		}
	}
	thrown;
	`

	testScript(SCRIPT, valueTrue, t)
}

func TestFuncExport(t *testing.T) {
	vm := New()
	typ := reflect.TypeOf((func(FunctionCall) Value)(nil))

	f := func(expr string, t *testing.T) {
		v, err := vm.RunString(expr)
		if err != nil {
			t.Fatal(err)
		}
		if actualTyp := v.ExportType(); actualTyp != typ {
			t.Fatalf("Invalid export type: %v", actualTyp)
		}
		ev := v.Export()
		if actualTyp := reflect.TypeOf(ev); actualTyp != typ {
			t.Fatalf("Invalid export value: %v", ev)
		}
	}

	t.Run("regular function", func(t *testing.T) {
		f("(function() {})", t)
	})

	t.Run("arrow function", func(t *testing.T) {
		f("(()=>{})", t)
	})

	t.Run("method", func(t *testing.T) {
		f("({m() {}}).m", t)
	})
}

func TestFuncWrapUnwrap(t *testing.T) {
	vm := New()
	f := func(a int, b string) bool {
		return a > 0 && b != ""
	}
	var f1 func(int, string) bool
	v := vm.ToValue(f)
	if et := v.ExportType(); et != reflect.TypeOf(f1) {
		t.Fatal(et)
	}
	err := vm.ExportTo(v, &f1)
	if err != nil {
		t.Fatal(err)
	}
	if !f1(1, "a") {
		t.Fatal("not true")
	}
}

func TestWrappedFunc(t *testing.T) {
	vm := New()
	f := func(a int, b string) bool {
		return a > 0 && b != ""
	}
	vm.Set("f", f)
	const SCRIPT = `
	assert.sameValue(typeof f, "function");
	const s = f.toString()
	assert(s.endsWith("TestWrappedFunc.func1() { [native code] }"), s);
	assert(f(1, "a"));
	assert(!f(0, ""));
	`
	vm.testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestWrappedFuncErrorPassthrough(t *testing.T) {
	vm := New()
	e := errors.New("test")
	f := func(a int) error {
		if a > 0 {
			return e
		}
		return nil
	}

	var f1 func(a int64) error
	err := vm.ExportTo(vm.ToValue(f), &f1)
	if err != nil {
		t.Fatal(err)
	}
	if err := f1(1); err != e {
		t.Fatal(err)
	}
}

func ExampleAssertConstructor() {
	vm := New()
	res, err := vm.RunString(`
		(class C {
			constructor(x) {
				this.x = x;
			}
		})
	`)
	if err != nil {
		panic(err)
	}
	if ctor, ok := AssertConstructor(res); ok {
		obj, err := ctor(nil, vm.ToValue("Test"))
		if err != nil {
			panic(err)
		}
		fmt.Print(obj.Get("x"))
	} else {
		panic("Not a constructor")
	}
	// Output: Test
}

type testAsyncCtx struct {
	group    string
	refCount int
}

type testAsyncContextTracker struct {
	ctx     *testAsyncCtx
	logFunc func(...interface{})
	resumed bool
}

func (s *testAsyncContextTracker) Grab() interface{} {
	ctx := s.ctx
	if ctx != nil {
		s.logFunc("Grab", ctx.group)
		ctx.refCount++
	}
	return ctx
}

func (s *testAsyncContextTracker) Resumed(trackingObj interface{}) {
	s.logFunc("Resumed", trackingObj)
	if s.resumed {
		panic("Nested Resumed() calls")
	}
	s.ctx = trackingObj.(*testAsyncCtx)
	s.resumed = true
}

func (s *testAsyncContextTracker) releaseCtx() {
	s.ctx.refCount--
	if s.ctx.refCount < 0 {
		panic("refCount < 0")
	}
	if s.ctx.refCount == 0 {
		s.logFunc(s.ctx.group, "is finished")
	}
}

func (s *testAsyncContextTracker) Exited() {
	s.logFunc("Exited")
	if s.ctx != nil {
		s.releaseCtx()
		s.ctx = nil
	}
	s.resumed = false
}

func TestAsyncContextTracker(t *testing.T) {
	r := New()
	var tracker testAsyncContextTracker
	tracker.logFunc = t.Log

	group := func(name string, asyncFunc func(FunctionCall) Value) Value {
		prevCtx := tracker.ctx
		defer func() {
			t.Log("Returned", name)
			tracker.releaseCtx()
			tracker.ctx = prevCtx
		}()
		tracker.ctx = &testAsyncCtx{
			group:    name,
			refCount: 1,
		}
		t.Log("Set", name)
		return asyncFunc(FunctionCall{})
	}
	r.SetAsyncContextTracker(&tracker)
	r.Set("group", group)
	r.Set("check", func(expectedGroup, msg string) {
		var groupName string
		if tracker.ctx != nil {
			groupName = tracker.ctx.group
		}
		if groupName != expectedGroup {
			t.Fatalf("Unexpected group (%q), expected %q in %s", groupName, expectedGroup, msg)
		}
		t.Log("In", msg)
	})

	t.Run("", func(t *testing.T) {
		_, err := r.RunString(`
		group("1", async () => {
		  check("1", "line A");
		  await 3;
		  check("1", "line B");
		  group("2", async () => {
		     check("2", "line C");
		     await 4;
		     check("2", "line D");
		 })
		}).then(() => {
            check("", "line E");
		})
		`)
		if err != nil {
			t.Fatal(err)
		}
	})

	t.Run("", func(t *testing.T) {
		_, err := r.RunString(`
		group("some", async () => {
			check("some", "line A");
		    (async () => {
				check("some", "line B");
		        await 1;
				check("some", "line C");
		        await 2;
				check("some", "line D");
		    })();
			check("some", "line E");
		});
	`)
		if err != nil {
			t.Fatal(err)
		}
	})

	t.Run("", func(t *testing.T) {
		_, err := r.RunString(`
	group("Main", async () => {
		check("Main", "0.1");
		await Promise.all([
			group("A", async () => {
				check("A", "1.1");
				await 1;
				check("A", "1.2");
			}),
			(async () => {
				check("Main", "3.1");
			})(),
			group("B", async () => {
				check("B", "2.1");
				await 2;
				check("B", "2.2");
			})
		]);
		check("Main", "0.2");
	});
	`)
		if err != nil {
			t.Fatal(err)
		}
	})
}

func TestGeneratorReturnIterCleanup(t *testing.T) {
	const SCRIPT = `
	let iterReturnCalled = false;
	function* g() {
		const iter = {
			next() {
				return { value: 43 };
			},
			return() {
				iterReturnCalled = true;
				return {};
			},
			[Symbol.iterator]() {
				return this;
			}
		}
		try {
			for (const v of iter) {
				yield v;
			}
			yield 'working';
		} finally {
			yield 'cleanup';
		}
	}

	const gen = g();
	const r1 = gen.next();
	assert.sameValue(r1.value, 43);	assert(!r1.done);
	assert(!iterReturnCalled);

	const r2 = gen.return('X');
	assert.sameValue(r2.value, 'cleanup'); assert(!r2.done);
	assert(iterReturnCalled);

	const r3 = gen.next();
	assert.sameValue(r3.value, 'X'); assert(r3.done);
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestGeneratorReturnIterCleanupThrow(t *testing.T) {
	const SCRIPT = `
	class TestError extends Error {
	}

	let iterReturnCalled = false;
	function* g() {
		const iter = {
			next() {
				return { value: 43 };
			},
			return() {
				iterReturnCalled = true;
				throw new TestError('boo!');
			},
			[Symbol.iterator]() {
				return this;
			}
		}
		try {
			for (const v of iter) {
				yield v;
			}
		} finally {
			yield 'cleanup';
		}
	}

	const gen = g();
	const r1 = gen.next();
	assert.sameValue(r1.value, 43);	assert(!r1.done);
	assert(!iterReturnCalled);

	const r2 = gen.return('X');
	assert.sameValue(r2.value, 'cleanup'); assert(!r2.done);
	assert(iterReturnCalled);
	assert.throws(TestError, () => gen.next());
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestGeneratorReturnIterCleanupThrow1(t *testing.T) {
	const SCRIPT = `
	class TestError extends Error {
	}

	let iterReturnCalled = false;
	function* g() {
		const iter = {
			next() {
				return { value: 43 };
			},
			return() {
				iterReturnCalled = true;
				throw new Error('boo!');
			},
			[Symbol.iterator]() {
				return this;
			}
		}
		try {
			for (const v of iter) {
				yield 1;
				throw new TestError();
			}
		} finally {
			yield 2;
		}
	}
	
	const gen = g();
	assert.sameValue(gen.next().value, 1);
	assert.sameValue(gen.next().value, 2);
	assert.sameValue(gen.return('x').value, 'x');
	assert(iterReturnCalled);

	const gen1 = g();
	iterReturnCalled = false;
	assert.sameValue(gen1.next().value, 1);
	assert.sameValue(gen1.next().value, 2);
	assert.throws(TestError, () => gen1.next());
	assert(iterReturnCalled);
`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestGeneratorReturnIterCleanupThrowNoCatch(t *testing.T) {
	const SCRIPT = `
	class TestError extends Error {
	}

	let iterReturnCalled = false;
	function* g() {
		const iter = {
			next() {
				return { value: 43 };
			},
			return() {
				iterReturnCalled = true;
				throw new TestError('boo!');
			},
			[Symbol.iterator]() {
				return this;
			}
		}
		for (const v of iter) {
			yield v;
		}
	}

	const gen = g();
	const r1 = gen.next();
	assert.sameValue(r1.value, 43);	assert(!r1.done);
	assert(!iterReturnCalled);

	assert.throws(TestError, () => gen.return('X'));
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestGeneratorReturnIterCleanupThrowCaught(t *testing.T) {
	const SCRIPT = `
	class TestError extends Error {
	}

	let iterReturnCalled = false;
	let caught;
	function* g() {
		const iter = {
			next() {
				return { value: 43 };
			},
			return() {
				iterReturnCalled = true;
				throw new TestError('boo!');
			},
			[Symbol.iterator]() {
				return this;
			}
		}
		try {
			for (const v of iter) {
				yield v;
			}
		} catch (e) {
			caught = e;
		} finally {
			yield 'cleanup';
		}
	}

	const gen = g();
	const r1 = gen.next();
	assert.sameValue(r1.value, 43);	assert(!r1.done);
	assert(!iterReturnCalled);

	const r2 = gen.return('X');
	assert.sameValue(r2.value, 'cleanup'); assert(!r2.done);
	assert(iterReturnCalled);
	gen.next();
	assert(caught instanceof TestError);
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestGeneratorReturnIterCleanupThrowNested(t *testing.T) {
	const SCRIPT = `
	class TestError extends Error {
	}

	let iterReturnCalled = false;
	function* g() {
		const iter = {
			next() {
				return { value: 43 };
			},
			return() {
				iterReturnCalled = true;
				throw new Error('boo!');
			},
			[Symbol.iterator]() {
				return this;
			}
		}
		try {
			try {
				for (const v of iter) {
					yield v;
				}
			} finally {
				yield 'cleanup inner';
				throw new TestError('test');
			}
		} finally {
			yield 'cleanup outer';
		}
		throw new Error('must not get here');
	}

	const gen = g();
	const r1 = gen.next();
	assert.sameValue(r1.value, 43);	assert(!r1.done);
	assert(!iterReturnCalled);

	const r2 = gen.return('X');
	assert.sameValue(r2.value, 'cleanup inner'); assert(!r2.done);
	assert(iterReturnCalled);
	const r3 = gen.next();
	assert.sameValue(r3.value, 'cleanup outer'); assert(!r3.done);

	assert.throws(TestError, () => gen.next());
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestGeneratorReturn(t *testing.T) {
	const SCRIPT = `
	function* withCleanup() {
	  try {
		yield 'working';
	  } finally {
		yield 'cleanup';  // Should suspend here
	  }
	}
	
	const gen = withCleanup();
	const r1 = gen.next();           // {value: 'working', done: false}
	assert.sameValue(r1.value, 'working');
	assert(!r1.done);
	const r2 = gen.return('X');      // {value: 'cleanup', done: false}  ← should suspend
	assert.sameValue(r2.value, 'cleanup');
	assert(!r2.done);
	const r3 = gen.next();           // {value: 'X', done: true}         ← then complete
	assert.sameValue(r3.value, 'X');
	assert(r3.done);
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

// The following 8 tests are copied from https://github.com/tc39/test262/pull/4939
// If that PR gets merged and tc39 tests are updated to a version that includes it, they can be removed.

func TestGeneratorReturn1(t *testing.T) {
	const SCRIPT = `
	function* nestedCleanup() {
	  try {
		try {
		  yield "work";
		} finally {
		  yield "inner-cleanup";
		}
	  } finally {
		yield "outer-cleanup";
	  }
	}
	
	var gen = nestedCleanup();
	var result;
	
	result = gen.next();
	assert.sameValue(result.value, "work", "r1.value");
	assert.sameValue(result.done, false, "r1.done");
	
	result = gen.return("cancelled");
	assert.sameValue(
	  result.value,
	  "inner-cleanup",
	  "r2.value (inner finally yield)",
	);
	assert.sameValue(result.done, false, "r2.done (suspended at inner finally)");
	
	result = gen.next();
	assert.sameValue(
	  result.value,
	  "outer-cleanup",
	  "r3.value (outer finally yield)",
	);
	assert.sameValue(result.done, false, "r3.done (suspended at outer finally)");
	
	result = gen.next();
	assert.sameValue(result.value, "cancelled", "r4.value (return value)");
	assert.sameValue(result.done, true, "r4.done (completed)");
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestGeneratorReturn2(t *testing.T) {
	const SCRIPT = `
	function* genWithOverride() {
	  try {
		yield "work";
	  } finally {
		return "cleanup-override";
	  }
	}
	
	var gen = genWithOverride();
	gen.next();
	
	var result = gen.return("cancelled");
	
	assert.sameValue(
	  result.value,
	  "cleanup-override",
	  "Finally return overrides generator.return() value",
	);
	assert.sameValue(result.done, true, "Generator is done");
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestGeneratorReturn3(t *testing.T) {
	const SCRIPT = `
	function* genWithSuspendingThrowingCleanup() {
	  try {
		yield "work";
	  } finally {
		yield "cleanup";
		throw new Error("cleanup-failed-after-yield");
	  }
	}
	
	var gen = genWithSuspendingThrowingCleanup();
	var result;
	
	result = gen.next();
	assert.sameValue(result.value, "work", "r1.value");
	
	result = gen.return("cancelled");
	assert.sameValue(result.value, "cleanup", "r2.value (yield in finally)");
	assert.sameValue(result.done, false, "r2.done (suspended at yield)");
	
	var caught;
	try {
	  gen.next();
	} catch (e) {
	  caught = e.message;
	}
	
	assert.sameValue(
	  caught,
	  "cleanup-failed-after-yield",
	  "Exception after yield should propagate on resume",
	);
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestGeneratorReturn4(t *testing.T) {
	const SCRIPT = `
	function* genWithThrowingCleanup() {
	  try {
		yield "work";
	  } finally {
		throw new Error("cleanup-failed");
	  }
	}
	
	var gen = genWithThrowingCleanup();
	gen.next();
	
	var caught;
	try {
	  gen.return("cancelled");
	} catch (e) {
	  caught = e.message;
	}
	
	assert.sameValue(
	  caught,
	  "cleanup-failed",
	  "Exception from finally should propagate",
	);
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestGeneratorReturn5(t *testing.T) {
	const SCRIPT = `
	var cleanupInput;
	
	function* cleanupNeedsAck() {
	  try {
		yield "work";
	  } finally {
		cleanupInput = yield "cleanup-1";
		yield "cleanup-2";
	  }
	}
	
	var gen = cleanupNeedsAck();
	var result;
	
	result = gen.next();
	assert.sameValue(result.value, "work", "r1.value");
	
	result = gen.return("cancelled");
	assert.sameValue(result.value, "cleanup-1", "r2.value");
	assert.sameValue(result.done, false, "r2.done");
	
	result = gen.next("ack");
	assert.sameValue(result.value, "cleanup-2", "r3.value");
	assert.sameValue(result.done, false, "r3.done");
	
	result = gen.next();
	assert.sameValue(result.value, "cancelled", "r4.value");
	assert.sameValue(result.done, true, "r4.done");
	
	assert.sameValue(
	  cleanupInput,
	  "ack",
	  "yield in finally received value from next()",
	);
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestGeneratorReturn6(t *testing.T) {
	const SCRIPT = `
	var cleanupOrder = [];
	
	function* inner() {
	  try {
		yield "inner-work";
		return "inner-done";
	  } finally {
		yield "inner-cleanup";
		cleanupOrder.push("inner");
	  }
	}
	
	function* outer() {
	  try {
		var result = yield* inner();
		return result;
	  } finally {
		yield "outer-cleanup";
		cleanupOrder.push("outer");
	  }
	}
	
	var gen = outer();
	var result;
	
	result = gen.next();
	assert.sameValue(
	  result.value,
	  "inner-work",
	  "First yield from inner generator",
	);
	assert.sameValue(result.done, false, "First result done");
	
	result = gen.return("cancelled");
	assert.sameValue(
	  result.value,
	  "inner-cleanup",
	  "Should yield from inner finally",
	);
	assert.sameValue(result.done, false, "Should suspend at inner finally yield");
	
	result = gen.next();
	assert.sameValue(
	  result.value,
	  "outer-cleanup",
	  "Should yield from outer finally",
	);
	assert.sameValue(result.done, false, "Should suspend at outer finally yield");
	
	result = gen.next();
	assert.sameValue(result.done, true, "Should be done after all finally blocks");
	assert.sameValue(
	  cleanupOrder.join(","),
	  "inner,outer",
	  "Cleanup order should be inner then outer",
	);
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestGeneratorReturn7(t *testing.T) {
	const SCRIPT = `
	function* delegatedCleanup() {
	  yield "cleanup-1";
	  yield "cleanup-2";
	}
	
	function* withYieldStarCleanup() {
	  try {
		yield "work";
	  } finally {
		yield* delegatedCleanup();
	  }
	}
	
	var gen = withYieldStarCleanup();
	var result;
	
	result = gen.next();
	assert.sameValue(result.value, "work", "r1.value");
	
	result = gen.return("cancelled");
	assert.sameValue(result.value, "cleanup-1", "r2.value (first delegated yield)");
	assert.sameValue(result.done, false, "r2.done");
	
	result = gen.next();
	assert.sameValue(
	  result.value,
	  "cleanup-2",
	  "r3.value (second delegated yield)",
	);
	assert.sameValue(result.done, false, "r3.done");
	
	result = gen.next();
	assert.sameValue(result.value, "cancelled", "r4.value (return value)");
	assert.sameValue(result.done, true, "r4.done");
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestGeneratorReturn8(t *testing.T) {
	const SCRIPT = `
	var inFinally = 0;
	var afterYield = 0;
	
	function* g() {
	  try {
		yield "in-try";
	  } finally {
		inFinally += 1;
		yield "in-finally";
		afterYield += 1;
	  }
	}
	
	var iter = g();
	var result;
	
	result = iter.next();
	assert.sameValue(result.value, "in-try", "First result value");
	assert.sameValue(result.done, false, "First result done");
	assert.sameValue(inFinally, 0, "finally not yet entered");
	
	result = iter.return(42);
	assert.sameValue(
	  result.value,
	  "in-finally",
	  "Second result value (yield in finally)",
	);
	assert.sameValue(result.done, false, "Second result done (suspended at yield)");
	assert.sameValue(inFinally, 1, "finally block entered");
	assert.sameValue(afterYield, 0, "code after yield not yet executed");
	
	result = iter.next();
	assert.sameValue(result.value, 42, "Third result value (return value)");
	assert.sameValue(result.done, true, "Third result done (completed)");
	assert.sameValue(afterYield, 1, "code after yield executed");
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

// testAsyncOrder runs script with a global log() (its arguments joined by a space make one
// line), runs the promise jobs and compares the whole output with expected.
func testAsyncOrder(t *testing.T, script string, expected ...string) {
	t.Helper()
	vm := New()
	var out []string
	vm.Set("log", func(call FunctionCall) Value {
		var line string
		for i, arg := range call.Arguments {
			if i > 0 {
				line += " "
			}
			line += arg.String()
		}
		out = append(out, line)
		return _undefined
	})
	_, err := vm.RunString(`
	function ticks(n) {
		let p = Promise.resolve();
		for (let i = 1; i <= n; i++) p = p.then(() => log("tick", i));
	}
	`)
	if err != nil {
		t.Fatal(err)
	}
	_, err = vm.RunString(script)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(out, expected) {
		t.Fatalf("output:\n%q\nexpected:\n%q", out, expected)
	}
	if vm.vm.sp != 0 {
		t.Fatalf("sp: %d", vm.vm.sp)
	}
	if l := len(vm.vm.iterStack); l > 0 {
		t.Fatalf("iter stack is not empty: %d", l)
	}
	if l := len(vm.vm.tryStack); l > 0 {
		t.Fatalf("try stack is not empty: %d", l)
	}
	if l := len(vm.vm.callStack); l > 0 {
		t.Fatalf("call stack is not empty: %d", l)
	}
}

// The expected outputs of the tests that use testAsyncOrder were recorded from Chromium 156 (V8),
// node 20 printing the same except where noted: every microtask tick of a step counts.

func TestAsyncIterationTicksForAwaitAsyncGenerator(t *testing.T) {
	testAsyncOrder(t, `
	async function* g() { log("g start"); yield 1; log("g after 1"); yield 2; log("g end"); }
	(async () => { for await (const v of g()) log("got", v); log("loop done"); })();
	ticks(5);
	`, "g start", "tick 1", "got 1", "g after 1", "tick 2", "tick 3", "got 2", "g end", "tick 4", "loop done", "tick 5")
}

func TestAsyncIterationTicksForAwaitSyncIterable(t *testing.T) {
	testAsyncOrder(t, `
	(async () => { for await (const v of [1, Promise.resolve(2), 3]) log("got", v); log("loop done"); })();
	ticks(10);
	`, "tick 1", "got 1", "tick 2", "tick 3", "got 2", "tick 4", "tick 5", "got 3", "tick 6", "tick 7", "loop done", "tick 8", "tick 9", "tick 10")
}

func TestAsyncIterationTicksSyncIterableRejectedClosed(t *testing.T) {
	// A rejected promise from a sync iterator closes it (AsyncFromSyncIteratorContinuation's
	// closeOnRejection; Chromium 156, not node 20).
	testAsyncOrder(t, `
	const it = {
		i: 0,
		[Symbol.iterator]() { return this; },
		next() {
			this.i++;
			log("next", this.i);
			if (this.i === 2) return { value: Promise.reject(new Error("boom")), done: false };
			return { value: this.i, done: this.i > 3 };
		},
		return() { log("sync return called"); return {}; }
	};
	(async () => { try { for await (const v of it) log("got", v); } catch (e) { log("caught", e.message); } })();
	ticks(4);
	`, "next 1", "tick 1", "got 1", "next 2", "tick 2", "sync return called", "tick 3", "caught boom", "tick 4")
}

func TestAsyncIterationTicksBreakCallsReturn(t *testing.T) {
	testAsyncOrder(t, `
	const ai = {
		i: 0,
		[Symbol.asyncIterator]() { return this; },
		next() { this.i++; log("next", this.i); return Promise.resolve({ value: this.i, done: false }); },
		return(v) { log("return called"); return Promise.resolve({ done: true }); }
	};
	(async () => { for await (const v of ai) { log("got", v); if (v === 2) break; } log("after loop"); })();
	ticks(3);
	`, "next 1", "got 1", "next 2", "tick 1", "got 2", "return called", "tick 2", "after loop", "tick 3")
}

func TestAsyncIterationTicksThrowInBody(t *testing.T) {
	testAsyncOrder(t, `
	async function* g() { try { yield 1; yield 2; } finally { log("g finally"); } }
	(async () => {
		try { for await (const v of g()) { log("got", v); throw new Error("body"); } }
		catch (e) { log("caught", e.message); }
	})();
	ticks(4);
	`, "tick 1", "got 1", "tick 2", "g finally", "tick 3", "caught body", "tick 4")
}

func TestAsyncIterationTicksYieldStar(t *testing.T) {
	testAsyncOrder(t, `
	async function* inner() { log("inner start"); yield "a"; yield "b"; return "r"; }
	async function* outer() { const r = yield* inner(); log("inner returned", r); yield* ["x", Promise.resolve("y")]; }
	(async () => { for await (const v of outer()) log("got", v); log("done"); })();
	ticks(17);
	`, "inner start", "tick 1", "tick 2", "got a", "tick 3", "tick 4", "tick 5", "got b", "tick 6", "tick 7",
		"inner returned r", "tick 8", "tick 9", "tick 10", "got x", "tick 11", "tick 12", "tick 13", "got y",
		"tick 14", "tick 15", "tick 16", "done", "tick 17")
}

func TestAsyncIterationTicksYieldStarReturnWithoutMethod(t *testing.T) {
	// return() reaching a yield* whose iterator has no return method: its value is awaited twice.
	testAsyncOrder(t, `
	const inner = {
		[Symbol.asyncIterator]() { return this; },
		next() { log("inner next"); return { value: 1, done: false }; },
		get return() { log("get return"); return undefined; }
	};
	async function* outer() { try { yield* inner; } finally { log("outer finally"); } }
	const it = outer();
	it.next().then(r => log("n1", r.value, r.done));
	it.return(Promise.resolve("RV")).then(r => log("ret", r.value, r.done));
	ticks(4);
	`, "inner next", "tick 1", "n1 1 false", "get return", "tick 2", "outer finally", "tick 3", "ret RV true", "tick 4")
}

func TestAsyncIterationTicksReturnThrow(t *testing.T) {
	testAsyncOrder(t, `
	async function* g() {
		try { log("g start"); yield 1; yield 2; }
		finally { log("finally"); await null; log("finally after await"); }
	}
	const it = g();
	it.next().then(r => log("next1", r.value, r.done));
	it.return("R").then(r => log("return", r.value, r.done));
	it.next().then(r => log("next2", r.value, r.done));
	const it2 = g();
	it2.throw(new Error("T")).then(null, e => log("throw at start rejected", e.message));
	const it3 = g();
	it3.next().then(r => log("it3 next", r.value))
		.then(() => it3.throw(new Error("T3")).then(null, e => log("it3 throw rejected", e.message)));
	ticks(5);
	`, "g start", "g start", "throw at start rejected T", "tick 1", "next1 1 false", "finally", "it3 next 1",
		"tick 2", "finally after await", "finally", "tick 3", "return R true", "next2 undefined true",
		"finally after await", "tick 4", "it3 throw rejected T3", "tick 5")
}

func TestAsyncIterationTicksReturnAtStart(t *testing.T) {
	testAsyncOrder(t, `
	async function* g() { yield 1; }
	const it = g();
	it.return(Promise.resolve("x")).then(r => log("r1", r.value, r.done));
	it.return("y").then(r => log("r2", r.value, r.done));
	it.next().then(r => log("n", r.value, r.done));
	ticks(3);
	`, "tick 1", "r1 x true", "tick 2", "r2 y true", "n undefined true", "tick 3")
}

func TestAsyncGeneratorObjects(t *testing.T) {
	const SCRIPT = `
	async function* g() {}
	const AsyncGeneratorFunction = Object.getPrototypeOf(g).constructor;
	const AsyncGeneratorPrototype = Object.getPrototypeOf(g.prototype);
	const AsyncIteratorPrototype = Object.getPrototypeOf(AsyncGeneratorPrototype);
	assert.sameValue(AsyncGeneratorFunction.name, "AsyncGeneratorFunction");
	assert.sameValue(Object.getPrototypeOf(AsyncGeneratorFunction), Function);
	assert.sameValue(Object.prototype.toString.call(g), "[object AsyncGeneratorFunction]");
	assert.sameValue(Object.prototype.toString.call(g()), "[object AsyncGenerator]");
	assert.sameValue(Object.getPrototypeOf(g()), g.prototype);
	assert.sameValue(AsyncIteratorPrototype[Symbol.asyncIterator].call(42), 42);
	assert.sameValue(typeof Symbol.asyncIterator, "symbol");
	assert.sameValue(Symbol.asyncIterator.toString(), "Symbol(Symbol.asyncIterator)");
	assert.sameValue(g.hasOwnProperty("caller"), false);
	assert.throws(TypeError, () => new g());
	const f = new AsyncGeneratorFunction("a", "yield a * 2;");
	assert.sameValue(Object.getPrototypeOf(f), AsyncGeneratorFunction.prototype);
	const o = {
		async *m() { yield super.x; },
		__proto__: { x: "from super" }
	};
	class C { static async *s(v) { yield v; } }
	let res = await f(21).next();
	assert.sameValue(res.value, 42);
	res = await o.m().next();
	assert.sameValue(res.value, "from super");
	res = await C.s("static").next();
	assert.sameValue(res.value, "static");
	// AsyncGeneratorValidate rejects instead of throwing
	let rejected = false;
	await AsyncGeneratorPrototype.next.call({}).catch(e => { rejected = e instanceof TypeError; });
	assert(rejected, "next on a non-generator");
	// errors in the parameters are thrown by the call
	assert.throws(ReferenceError, () => { (async function* (a = b) {})(); });
	`
	testAsyncFuncWithTestLib(SCRIPT, _undefined, t)
}

func TestAsyncGeneratorRequestQueue(t *testing.T) {
	testAsyncOrder(t, `
	async function* g() {
		const a = yield "first";
		log("received", a);
		try {
			yield "second";
		} catch (e) {
			log("caught", e);
			yield "third";
		}
		return "end";
	}
	const it = g();
	const ps = [it.next("ignored"), it.next("A"), it.throw("E"), it.next(), it.next(), it.return("R")];
	ps.forEach((p, i) => p.then(r => log(i, r.value, r.done), e => log(i, "rejected", e)));
	`, "received A", "0 first false", "caught E", "1 second false", "2 third false", "3 end true",
		"4 undefined true", "5 R true")
}

func TestAsyncGeneratorReturnThroughFinally(t *testing.T) {
	// return() at a yield inside try/finally: the finally block runs, may await and yield, and an
	// exception it throws rejects the request (the stacks are checked by testAsyncOrder).
	testAsyncOrder(t, `
	async function* g() {
		for (const x of [1, 2]) {
			try {
				yield x;
			} finally {
				await null;
				log("finally", x);
				yield "from finally";
			}
		}
	}
	const it = g();
	it.next().then(r => log("n", r.value));
	it.return("R").then(r => log("r", r.value, r.done));
	it.next().then(r => log("n2", r.value, r.done));

	async function* h() {
		try { yield 1; } finally { throw new Error("from finally"); }
	}
	const it2 = h();
	it2.next().then(() => it2.return("x")).then(null, e => log("rejected", e.message))
		.then(() => it2.next()).then(r => log("after", r.value, r.done));
	`, "n 1", "finally 1", "r from finally false", "n2 R true", "rejected from finally",
		"after undefined true")
}

func TestForAwaitOfClosing(t *testing.T) {
	testAsyncOrder(t, `
	function iter(name, opts) {
		let i = 0;
		return {
			[Symbol.asyncIterator]() { return this; },
			next() { i++; return Promise.resolve({ value: i, done: i > 3 }); },
			get return() {
				log(name, "get return");
				if (opts === "throwing") throw new Error("return getter");
				return function (v) {
					log(name, "return called", arguments.length);
					if (opts === "not object") return 42;
					if (opts === "rejected") return Promise.reject(new Error("rejected return"));
					return { done: true };
				};
			}
		};
	}
	(async () => {
		// return from inside the loop waits for the iterator's return()
		const v = await (async () => { for await (const x of iter("a")) { return x; } })();
		log("returned", v);
		// a return() result that is not an object is a TypeError, unless the loop throws
		try { for await (const x of iter("b", "not object")) break; } catch (e) { log("b", e.constructor.name); }
		try { for await (const x of iter("c", "not object")) throw new Error("body"); } catch (e) { log("c", e.message); }
		// what return() throws or rejects with is lost when the loop throws
		try { for await (const x of iter("d", "throwing")) throw new Error("body"); } catch (e) { log("d", e.message); }
		try { for await (const x of iter("e", "rejected")) throw new Error("body"); } catch (e) { log("e", e.message); }
		try { for await (const x of iter("f", "rejected")) break; } catch (e) { log("f", e.message); }
		// continue to an outer label closes the inner iterator; exhaustion does not call return
		outer: for (const o of [1, 2]) {
			for await (const x of iter("g" + o)) { continue outer; }
		}
		for await (const x of iter("h")) {}
		// destructuring errors close, the next() result not being an object does not
		try { for await (const [x] of iter("i")) {} } catch (e) { log("i", e.constructor.name); }
		const bad = { [Symbol.asyncIterator]() { return { next() { return 1; }, return() { log("unexpected"); } }; } };
		try { for await (const x of bad) {} } catch (e) { log("bad next", e.constructor.name); }
		log("done");
	})();
	`, "a get return", "a return called 0", "returned 1",
		"b get return", "b return called 0", "b TypeError",
		"c get return", "c return called 0", "c body",
		"d get return", "d body",
		"e get return", "e return called 0", "e body",
		"f get return", "f return called 0", "f rejected return",
		"g1 get return", "g1 return called 0", "g2 get return", "g2 return called 0",
		"i get return", "i return called 0", "i TypeError",
		"bad next TypeError", "done")
}

func TestAsyncGeneratorForAwaitReturn(t *testing.T) {
	// return() on an async generator suspended inside a for await loop closes the loop's
	// iterator and awaits it before the request settles.
	testAsyncOrder(t, `
	const source = {
		[Symbol.asyncIterator]() { return this; },
		next() { return Promise.resolve({ value: "v", done: false }); },
		return() { log("source return"); return new Promise(r => { log("return pending"); r({ done: true }); }); }
	};
	async function* g() {
		try {
			for await (const x of source) yield x;
		} finally {
			log("g finally");
		}
	}
	const it = g();
	it.next().then(r => {
		log("n", r.value);
		return it.return("R");
	}).then(r => log("r", r.value, r.done));
	`, "n v", "source return", "return pending", "g finally", "r R true")
}

func TestAsyncGeneratorYieldStarProtocol(t *testing.T) {
	testAsyncOrder(t, `
	const noThrow = {
		[Symbol.asyncIterator]() { return this; },
		next() { return { value: 1, done: false }; },
		return() { log("closed"); return {}; }
	};
	async function* g1() { try { yield* noThrow; } catch (e) { log("g1 caught", e.constructor.name); } }
	const it1 = g1();
	it1.next().then(() => it1.throw("x")).then(r => log("it1", r.done));

	const withThrow = {
		[Symbol.asyncIterator]() { return this; },
		next(v) { log("next", v); return { value: "n", done: false }; },
		throw(v) { log("throw", v); return { value: "t", done: true }; }
	};
	async function* g2() { const r = yield* withThrow; log("yield* value", r); }
	const it2 = g2();
	it2.next("a").then(() => it2.next("b")).then(() => it2.throw("c")).then(r => log("it2", r.value, r.done));
	`, "next undefined", "closed", "next b", "g1 caught TypeError", "it1 true", "throw c", "yield* value t", "it2 undefined true")
}

func TestGeneratorReturnFinallyThrowPropagates(t *testing.T) {
	// An exception thrown by a finally block that return() runs replaces the return completion
	// and goes to the enclosing try statements (node 20 prints the same).
	const SCRIPT = `
	const log = [];
	function* h() {
		try {
			try { yield 1; } finally { throw "inner"; }
		} catch (e) {
			log.push("caught " + e);
			yield 2;
		} finally {
			log.push("outer finally");
		}
		yield 3;
	}
	let it = h();
	it.next();
	let res = it.return(5);
	assert.sameValue(res.value, 2);
	assert.sameValue(res.done, false);
	assert.sameValue(it.next().value, 3);
	assert.sameValue(it.next().done, true);
	assert.sameValue(log.join(), "caught inner,outer finally");

	function* k() {
		try {
			try { yield 1; } finally { log.push("k inner"); JSON.parse("{"); }
		} finally {
			log.push("k outer");
		}
	}
	it = k();
	it.next();
	assert.throws(SyntaxError, () => it.return(5));
	assert.sameValue(it.next().done, true);
	assert.sameValue(log.join(), "caught inner,outer finally,k inner,k outer");

	function* n() {
		try { yield 1; } finally {
			try { JSON.parse("{"); } catch (e) { log.push("caught native"); }
		}
	}
	it = n();
	it.next();
	res = it.return(7);
	assert.sameValue(res.value, 7);
	assert.sameValue(res.done, true);
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestAsyncGeneratorReturnFinallyThrowPropagates(t *testing.T) {
	testAsyncOrder(t, `
	async function* h() {
		try {
			try { yield 1; } finally { await null; throw "inner"; }
		} catch (e) {
			log("caught", e);
			yield 2;
		} finally {
			log("outer finally");
		}
	}
	const it = h();
	it.next().then(() => it.return(5)).then(r => log("return", r.value, r.done))
		.then(() => it.next()).then(r => log("next", r.value, r.done));
	async function* k() {
		try {
			try { yield 1; } finally { log("k inner finally"); throw "inner"; }
		} finally {
			log("k outer finally");
		}
	}
	const it2 = k();
	it2.next().then(() => it2.return(5)).then(null, e => log("rejected", e))
		.then(() => it2.next()).then(r => log("k next", r.value, r.done));
	`, "k inner finally", "k outer finally", "caught inner", "rejected inner", "return 2 false",
		"outer finally", "k next undefined true", "next undefined true")
}

type topFrameTracker struct {
	r     *Runtime
	names []string
}

func (tr *topFrameTracker) Grab() interface{} {
	name := ""
	if frames := tr.r.CaptureCallStack(1, nil); len(frames) > 0 {
		name = frames[0].FuncName()
	}
	tr.names = append(tr.names, name)
	return nil
}

func (tr *topFrameTracker) Resumed(interface{}) {}

func (tr *topFrameTracker) Exited() {}

func TestAsyncGeneratorAwaitTracked(t *testing.T) {
	// An async generator's awaits (its own and the one of yield) are registered with the
	// generator on top of the stack, as an async function's first await is: a tracker's Grab
	// can name the continuation.
	r := New()
	tracker := &topFrameTracker{r: r}
	r.SetAsyncContextTracker(tracker)
	_, err := r.RunString(`
	async function* gen() { await 1; yield 2; await 3; }
	const it = gen();
	it.next().then(function afterFirst() { return it.next(); });
	`)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, name := range tracker.names {
		if name == "gen" {
			n++
		}
	}
	if n != 3 {
		t.Fatalf("%d reactions registered by gen, want 3 (await 1, yield 2, await 3): %q", n, tracker.names)
	}
}
