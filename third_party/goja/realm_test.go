package goja

import (
	"strings"
	"testing"
)

// BenchmarkCallLoop is a tight loop of calls between script functions and of a built-in, the
// path a realm switch must not slow down when there is one realm.
func BenchmarkCallLoop(b *testing.B) {
	r := New()
	_, err := r.RunString(`
	function add(a, b) { return a + b; }
	function loop(n) {
		let s = 0;
		for (let i = 0; i < n; i++) {
			s = add(s, i);
			s = Math.abs(s);
		}
		return s;
	}
	`)
	if err != nil {
		b.Fatal(err)
	}
	loop, _ := AssertFunction(r.Get("loop"))
	b.ResetTimer()
	if _, err := loop(nil, r.ToValue(b.N)); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkCallAcrossRealms is BenchmarkCallLoop's loop calling a function of the running
// realm ("same") and of another realm ("other"), which switches the running realm twice a
// call.
func BenchmarkCallAcrossRealms(b *testing.B) {
	for _, which := range []string{"same", "other"} {
		b.Run(which, func(b *testing.B) {
			r := New()
			other := r.NewRealm()
			if _, err := other.RunString(`function add(a, b) { return a + b; }`); err != nil {
				b.Fatal(err)
			}
			r.Set("other", other.GlobalObject())
			_, err := r.RunString(`
			function add(a, b) { return a + b; }
			const f = ` + map[string]string{"same": "add", "other": "other.add"}[which] + `;
			function loop(n) {
				let s = 0;
				for (let i = 0; i < n; i++) {
					s = f(s, i);
				}
				return s;
			}
			`)
			if err != nil {
				b.Fatal(err)
			}
			loop, _ := AssertFunction(r.Get("loop"))
			b.ResetTimer()
			if _, err := loop(nil, r.ToValue(b.N)); err != nil {
				b.Fatal(err)
			}
		})
	}
}

// BenchmarkCallFromGo calls a script function from Go, as a host calls an event listener.
func BenchmarkCallFromGo(b *testing.B) {
	r := New()
	_, err := r.RunString(`var n = 0; function f(x) { n += x; return n; }`)
	if err != nil {
		b.Fatal(err)
	}
	f, _ := AssertFunction(r.Get("f"))
	one := r.ToValue(1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := f(nil, one); err != nil {
			b.Fatal(err)
		}
	}
}

// newTwoRealms returns a runtime whose first realm (A) sees the global object of a second
// realm (B) as "other". Each realm's global "where" names it.
func newTwoRealms(t testing.TB) (*Runtime, *Realm, *Realm) {
	r := New()
	a := r.CurrentRealm()
	b := r.NewRealm()
	if _, err := r.RunString(`var where = "A";`); err != nil {
		t.Fatal(err)
	}
	if _, err := b.RunString(`var where = "B";`); err != nil {
		t.Fatal(err)
	}
	if err := r.Set("other", b.GlobalObject()); err != nil {
		t.Fatal(err)
	}
	return r, a, b
}

func runRealmScript(t *testing.T, r *Runtime, src string) Value {
	t.Helper()
	v, err := r.RunString(src)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func expectRealmTrue(t *testing.T, r *Runtime, src string) {
	t.Helper()
	if v := runRealmScript(t, r, src); !v.SameAs(valueTrue) {
		t.Fatalf("%s: got %v", src, v)
	}
}

func TestRealmIntrinsicsAreDistinct(t *testing.T) {
	r, a, b := newTwoRealms(t)
	if a == b || a.GlobalObject() == b.GlobalObject() {
		t.Fatal("the two realms share their global object")
	}
	// B's built-ins are read from A first: they are made in B all the same.
	expectRealmTrue(t, r, `
	const OArray = other.Array;
	const arr = new OArray(1, 2, 3);
	OArray !== Array &&
	Object.getPrototypeOf(arr) === OArray.prototype &&
	OArray.prototype !== Array.prototype &&
	Array.isArray(arr) && other.Array.isArray([]) &&
	!(arr instanceof Array) && arr instanceof OArray &&
	!(arr instanceof Object) && arr instanceof other.Object &&
	Object.getPrototypeOf(other.Array.prototype) === other.Object.prototype &&
	Object.getPrototypeOf(other.Array) === other.Function.prototype &&
	Object.getPrototypeOf(other.Function.prototype) === other.Object.prototype &&
	other.Function.prototype !== Function.prototype &&
	other.Object.prototype !== Object.prototype &&
	other.Symbol.iterator === Symbol.iterator &&
	other.Symbol.for("x") === Symbol.for("x")
	`)
	expectRealmTrue(t, r, `globalThis.where === "A" && other.globalThis === other && other.where === "B"`)
	if v, err := b.RunString(`globalThis.where + (globalThis === this) + typeof other`); err != nil || v.String() != "Btrueundefined" {
		t.Fatal(v, err)
	}
}

func TestRealmFunctionRunsInItsRealm(t *testing.T) {
	r, a, b := newTwoRealms(t)
	if _, err := b.RunString(`
	function whereAmI() { return where; }
	function makeArray() { return [1, 2]; }
	function makeObject() { return {}; }
	function throwTypeError() { null.x; }
	function callBuiltin(v) { return Array.prototype.map.call(v, x => x); }
	function builtinThrows() { return Object.defineProperty(1, "x", {}); }
	var arrow = () => where;
	var WithFields = class { f = where; #p = where; p() { return this.#p; } static s = where; };
	`); err != nil {
		t.Fatal(err)
	}
	expectRealmTrue(t, r, `
	other.whereAmI() === "B" &&
	Object.getPrototypeOf(other.makeArray()) === other.Array.prototype &&
	Object.getPrototypeOf(other.makeObject()) === other.Object.prototype &&
	Object.getPrototypeOf(other.callBuiltin([1])) === other.Array.prototype &&
	Object.getPrototypeOf(other.Object()) === other.Object.prototype &&
	Object.getPrototypeOf(new other.Object()) === other.Object.prototype &&
	other.arrow() === "B" &&
	new other.WithFields().f === "B" && new other.WithFields().p() === "B" && other.WithFields.s === "B" &&
	where === "A"
	`)
	// The error a script of B causes is B's TypeError, and so is one thrown by B's built-in,
	// called by B's script or straight from A.
	expectRealmTrue(t, r, `
	const errs = [];
	try { other.eval("(class {})")(); } catch (e) { errs.push(e); }
	try { other.throwTypeError(); } catch (e) { errs.push(e); }
	try { other.builtinThrows(); } catch (e) { errs.push(e); }
	try { other.Object.defineProperty(1, "x", {}); } catch (e) { errs.push(e); }
	try { new other.Array(-1); } catch (e) { errs.push(e); }
	// Errors B's built-ins raise as Go values, B's built-ins called by A's built-in or from Go.
	try { [Symbol()].map(other.Number); } catch (e) { errs.push(e); }
	try { Reflect.construct(other.Number, [Symbol()]); } catch (e) { errs.push(e); }
	errs.length === 7 &&
	errs[5] instanceof other.TypeError && errs[6] instanceof other.TypeError &&
	errs[0] instanceof other.TypeError && // a class constructor called without new
	errs[1] instanceof other.TypeError && !(errs[1] instanceof TypeError) &&
	errs[2] instanceof other.TypeError &&
	errs[3] instanceof other.TypeError &&
	errs[4] instanceof other.RangeError &&
	where === "A"
	`)
	// Called from Go.
	f, _ := AssertFunction(b.GlobalObject().Get("makeArray"))
	v, err := f(nil)
	if err != nil {
		t.Fatal(err)
	}
	if v.(*Object).Prototype() != b.GlobalObject().Get("Array").(*Object).Get("prototype").(*Object) {
		t.Fatal("a function of B called from Go made its array in the running realm")
	}
	of, _ := AssertFunction(b.GlobalObject().Get("Array").(*Object).Get("of"))
	v, err = of(b.GlobalObject().Get("Array"), r.ToValue(1))
	if err != nil {
		t.Fatal(err)
	}
	if v.(*Object).Prototype() != b.GlobalObject().Get("Array").(*Object).Get("prototype").(*Object) {
		t.Fatal("B's Array.of called from Go")
	}
	_, err = of(nil, r.ToValue(1))
	if err != nil {
		t.Fatal(err)
	}
	define, _ := AssertFunction(b.GlobalObject().Get("Object").(*Object).Get("defineProperty"))
	_, err = define(nil, r.ToValue(1))
	if ex, ok := err.(*Exception); !ok || ex.Value().(*Object).Prototype() != b.GlobalObject().Get("TypeError").(*Object).Get("prototype").(*Object) {
		t.Fatalf("B's built-in called from Go threw %v, not B's TypeError", err)
	}
	if r.CurrentRealm() != a {
		t.Fatal("the running realm is not A after the calls")
	}
}

func TestRealmCallApplyBind(t *testing.T) {
	r, _, b := newTwoRealms(t)
	if _, err := b.RunString(`function whereAmI(x) { return where + x + (this === undefined ? "" : this.where); }`); err != nil {
		t.Fatal(err)
	}
	expectRealmTrue(t, r, `
	const f = other.whereAmI;
	f.call(undefined, 1) === "B1B" && // sloppy: this is B's global object
	f.apply(globalThis, [2]) === "B2A" &&
	f.bind(null, 3)() === "B3B" &&
	other.Function.prototype.call.call(f, globalThis, 4) === "B4A" &&
	Function.prototype.apply.call(f, null, [5]) === "B5B" &&
	Reflect.apply(f, globalThis, [6]) === "B6A" &&
	new (other.Function.prototype.bind.call(other.Array, null, 7, 8))()[0] === 7 &&
	[1, 2].map(f).join() === "B1B,B2B" &&
	where === "A"
	`)
	// A function of A called by B's built-in runs in A.
	expectRealmTrue(t, r, `
	function mine() { return where; }
	other.Array.prototype.map.call([1], mine)[0] === "A" &&
	Object.getPrototypeOf(other.Array.prototype.map.call([1], mine)) === other.Array.prototype
	`)
}

func TestRealmAccessors(t *testing.T) {
	r, _, b := newTwoRealms(t)
	if _, err := b.RunString(`
	var seen;
	var obj = {
		get g() { return where; },
		set s(v) { seen = where + v; },
	};
	var proxy = new Proxy({}, { get(t, k) { return where + String(k); } });
	`); err != nil {
		t.Fatal(err)
	}
	expectRealmTrue(t, r, `
	other.obj.g === "B" &&
	(other.obj.s = 1, other.seen === "B1") &&
	other.proxy.x === "Bx" &&
	Object.getOwnPropertyDescriptor(other.obj, "g").get.call(null) === "B" &&
	where === "A"
	`)
}

func TestRealmPromiseJobs(t *testing.T) {
	r, _, b := newTwoRealms(t)
	if _, err := b.RunString(`
	var log = [];
	var p = new Promise(resolve => { globalThis.resolveB = resolve; });
	p.then(v => log.push(where + v));
	`); err != nil {
		t.Fatal(err)
	}
	runRealmScript(t, r, `
	var log = [];
	other.p.then(v => log.push(where + v));
	other.resolveB(1);
	const q = other.Promise.resolve(2).then(v => where + v);
	Promise.resolve(3).then(v => other.log.push(where + v));
	q.then(v => log.push(v, Object.getPrototypeOf(q) === other.Promise.prototype));
	(async () => { await other.p; log.push(where); })();
	other.eval("(async () => { await 0; log.push(where); })()");
	`)
	if v := runRealmScript(t, r, `log.join() + "|" + other.log.join()`); v.String() != "A1,A2,true,A|B1,A3,B" {
		t.Fatal(v)
	}
}

func TestRealmExceptionRestoresRealm(t *testing.T) {
	r, a, b := newTwoRealms(t)
	if _, err := b.RunString(`
	function thrower() { throw new Error(where); }
	function deep(n) { return n === 0 ? thrower() : deep(n - 1); }
	function viaBuiltin() { return [1].map(thrower); }
	`); err != nil {
		t.Fatal(err)
	}
	expectRealmTrue(t, r, `
	const ATypeError = TypeError;
	let msg = [];
	for (const f of [other.thrower, () => other.deep(5), other.viaBuiltin]) {
		try { f(); } catch (e) { msg.push(e.message, where); }
	}
	let te;
	try { null.x; } catch (e) { te = e; }
	// B's Function constructor leaves eval's context on the call stack when it throws.
	try { new other.Function("("); } catch (e) { msg.push(where); }
	try { other.Function("("); } catch (e) { msg.push(where); }
	msg.join() === "B,A,B,A,B,A,A,A" && te.constructor === ATypeError
	`)
	// Uncaught: the runtime is back in A.
	if _, err := r.RunString(`other.deep(3)`); err == nil || !strings.Contains(err.Error(), "Error: B") {
		t.Fatal(err)
	}
	if r.CurrentRealm() != a {
		t.Fatal("not in A after an uncaught exception in B")
	}
	expectRealmTrue(t, r, `where === "A" && Object.getPrototypeOf([]) === Array.prototype && typeof other === "object"`)
	// From Go.
	f, _ := AssertFunction(b.GlobalObject().Get("deep"))
	if _, err := f(nil, r.ToValue(2)); err == nil {
		t.Fatal("no error")
	}
	if r.CurrentRealm() != a {
		t.Fatal("not in A after an exception from a call from Go")
	}
}

func TestRealmInterrupt(t *testing.T) {
	r, a, b := newTwoRealms(t)
	r.Set("stop", func() { r.Interrupt("stopped") })
	if _, err := b.RunString(`function spin() { other.stop(); for (;;) {} }`); err != nil {
		t.Fatal(err)
	}
	b.GlobalObject().Set("other", a.GlobalObject())
	_, err := r.RunString(`other.spin()`)
	if _, ok := err.(*InterruptedError); !ok {
		t.Fatalf("%T %v", err, err)
	}
	if r.CurrentRealm() != a {
		t.Fatal("not in A after an interrupt in B")
	}
	expectRealmTrue(t, r, `where === "A" && Object.getPrototypeOf([]) === Array.prototype`)
	// Interrupted in B's own script.
	_, err = b.RunString(`other.stop(); for (;;) {}`)
	if _, ok := err.(*InterruptedError); !ok {
		t.Fatalf("%T %v", err, err)
	}
	if r.CurrentRealm() != a {
		t.Fatal("not in A after an interrupt in B's script")
	}
	expectRealmTrue(t, r, `where === "A"`)
	if v, err := b.RunString(`where`); err != nil || v.String() != "B" {
		t.Fatal(v, err)
	}
}

func TestRealmStackOverflow(t *testing.T) {
	r, a, b := newTwoRealms(t)
	r.SetMaxCallStackSize(200)
	if _, err := b.RunString(`function down() { return down() + 1; }`); err != nil {
		t.Fatal(err)
	}
	_, err := r.RunString(`other.down()`)
	if _, ok := err.(*StackOverflowError); !ok {
		t.Fatalf("%T %v", err, err)
	}
	if r.CurrentRealm() != a {
		t.Fatal("not in A after a stack overflow in B")
	}
	expectRealmTrue(t, r, `where === "A" && Object.getPrototypeOf([]) === Array.prototype && other.where === "B"`)
}

func TestRealmEval(t *testing.T) {
	r, _, b := newTwoRealms(t)
	if _, err := b.RunString(`
	function direct() { var where = "local"; return eval("where"); }
	function indirect() { var where = "local"; return (0, eval)("where"); }
	`); err != nil {
		t.Fatal(err)
	}
	expectRealmTrue(t, r, `
	other.direct() === "local" && other.indirect() === "B" &&
	other.eval("where") === "B" && eval("where") === "A" &&
	(0, eval)("where") === "A" &&
	(function () { var where = "mine"; return other.eval("where"); })() === "B" && // not a direct eval: another realm's %eval%
	(function () { var where = "mine"; return eval("where"); })() === "mine" &&
	Object.getPrototypeOf(other.eval("[]")) === other.Array.prototype &&
	other.eval("new Function('return where')")() === "B" &&
	new other.Function("return where")() === "B" &&
	other.Function("return this")() === other
	`)
}

func TestRealmGlobalDeclarations(t *testing.T) {
	r, a, b := newTwoRealms(t)
	runRealmScript(t, r, `let l = "A"; const c = "A"; class K {}`)
	if _, err := b.RunString(`let l = "B"; const c = "B"; class K {} function get() { return l + c; }`); err != nil {
		t.Fatal(err)
	}
	expectRealmTrue(t, r, `l === "A" && c === "A" && other.get() === "BB" && other.l === undefined && other.K === undefined`)
	if _, err := b.RunString(`let l = 1`); err == nil {
		t.Fatal("B's let redeclared")
	}
	if v, err := b.RunString(`l + c + where`); err != nil || v.String() != "BBB" {
		t.Fatal(v, err)
	}
	var got Value
	b.Do(func() {
		got = r.Get("l")
		r.Set("fromGo", 1)
	})
	if got.String() != "B" || b.GlobalObject().Get("fromGo") == nil || a.GlobalObject().Get("fromGo") != nil {
		t.Fatal("Realm.Do")
	}
	if r.CurrentRealm() != a || r.Get("l").String() != "A" {
		t.Fatal("Realm.Do left its realm running")
	}
}

func TestRealmPrototypeFromConstructor(t *testing.T) {
	r, _, _ := newTwoRealms(t)
	expectRealmTrue(t, r, `
	const C = new other.Function();
	C.prototype = null;
	Object.getPrototypeOf(Reflect.construct(Array, [], C)) === other.Array.prototype &&
	Object.getPrototypeOf(Reflect.construct(Object, [], C)) === other.Object.prototype &&
	Object.getPrototypeOf(Reflect.construct(TypeError, [], C)) === other.TypeError.prototype &&
	Object.getPrototypeOf(Reflect.construct(Promise, [() => {}], C)) === other.Promise.prototype &&
	Object.getPrototypeOf(Reflect.construct(Map, [], C)) === other.Map.prototype &&
	Object.getPrototypeOf(Reflect.construct(Uint8Array, [], C)) === other.Uint8Array.prototype &&
	Object.getPrototypeOf(Reflect.construct(function () {}, [], C)) === other.Object.prototype &&
	Object.getPrototypeOf(Reflect.construct(class {}, [], C)) === other.Object.prototype &&
	Object.getPrototypeOf(Reflect.construct(Array, [], C.bind())) === other.Array.prototype &&
	Object.getPrototypeOf(Reflect.construct(Array, [], new Proxy(C, {}))) === other.Array.prototype &&
	Object.getPrototypeOf(Reflect.construct(Function, [], C)) === other.Function.prototype &&
	Object.getPrototypeOf(Reflect.construct(Object.getPrototypeOf(function* () {}).constructor, [], C)) ===
		Object.getPrototypeOf(other.eval("(function* () {})"))
	`)
	// A function's prototype object, made when first read, is its realm's object.
	expectRealmTrue(t, r, `
	const f = other.eval("(function () {})");
	Object.getPrototypeOf(f.prototype) === other.Object.prototype && new f() instanceof other.Object
	`)
	// GetFunctionRealm of a revoked Proxy throws, in the running realm.
	expectRealmTrue(t, r, `
	const handle = other.Proxy.revocable(function () {}, { get() { handle.revoke(); } });
	let err;
	try { new handle.proxy(); } catch (e) { err = e; }
	err instanceof TypeError
	`)
}

func TestRealmOfObject(t *testing.T) {
	r, a, b := newTwoRealms(t)
	bf, _ := b.RunString(`(function () {})`)
	if bf.(*Object).Realm() != b {
		t.Fatal("a function of B")
	}
	if b.GlobalObject().Get("Array").(*Object).Realm() != b {
		t.Fatal("B's Array")
	}
	bound := runRealmScript(t, r, `other.Array.prototype.map.bind(null)`)
	if bound.(*Object).Realm() != b {
		t.Fatal("a bound function of B's")
	}
	if runRealmScript(t, r, `Array`).(*Object).Realm() != a {
		t.Fatal("A's Array")
	}
	if runRealmScript(t, r, `({})`).(*Object).Realm() != nil {
		t.Fatal("an object that is not a function")
	}
}

func TestRealmAsyncFunctions(t *testing.T) {
	r, _, b := newTwoRealms(t)
	if _, err := b.RunString(`
	async function af() { return where; }
	var aa = async () => where;
	var o = { async m() { await null; return where; } };
	async function at() { throw new Error(where); }
	`); err != nil {
		t.Fatal(err)
	}
	expectRealmTrue(t, r, `
	Object.getPrototypeOf(other.af()) === other.Promise.prototype &&
	Object.getPrototypeOf(other.aa()) === other.Promise.prototype &&
	Object.getPrototypeOf(other.o.m()) === other.Promise.prototype
	`)
	runRealmScript(t, r, `
	var log = [];
	other.af().then(v => log.push(v));
	other.o.m().then(v => log.push(v));
	other.at().catch(e => log.push(e.message, e instanceof other.Error));
	`)
	if v := runRealmScript(t, r, `log.join() + where`); v.String() != "B,B,true,BA" {
		t.Fatal(v)
	}
}

func TestRealmGenerators(t *testing.T) {
	r, _, b := newTwoRealms(t)
	if _, err := b.RunString(`
	function* gen() { try { yield where; yield where; } finally { log.push("finally " + where); } }
	async function* agen() { yield where; await null; yield where; }
	var log = [];
	`); err != nil {
		t.Fatal(err)
	}
	expectRealmTrue(t, r, `
	const seen = [];
	for (const w of other.gen()) { seen.push(w, where); }
	const g = other.gen();
	g.next();
	g.return();
	const g2 = other.gen();
	g2.next();
	try { g2.throw(new Error("x")); } catch (e) { seen.push(e.message, where); }
	seen.join() === "B,A,B,A,x,A" && other.log.join() === "finally B,finally B,finally B" &&
	Object.getPrototypeOf(other.gen().next()) === other.Object.prototype &&
	where === "A"
	`)
	runRealmScript(t, r, `
	var alog = [];
	other.agen().next().then(res => alog.push(Object.getPrototypeOf(res) === other.Object.prototype));
	(async () => {
		for await (const w of other.agen()) { alog.push(w, where); }
	})();
	`)
	if v := runRealmScript(t, r, `alog.join()`); v.String() != "true,B,A,B,A" {
		t.Fatal(v)
	}
}

func TestRealmRunProgram(t *testing.T) {
	r, a, b := newTwoRealms(t)
	p := MustCompile("", `where + typeof Array.prototype.at`, false)
	// The global inline caches of one program serve each realm its own bindings.
	for i := 0; i < 3; i++ {
		for _, realm := range []*Realm{a, b} {
			v, err := realm.RunProgram(p)
			if err != nil {
				t.Fatal(err)
			}
			if want := realm.GlobalObject().Get("where").String() + "function"; v.String() != want {
				t.Fatalf("%v in %p", v, realm)
			}
		}
	}
	// Run from a script of A, by a host function: B's global environment, then A's again.
	r.Set("runInB", func(src string) Value {
		v, err := b.RunString(src)
		if err != nil {
			panic(err)
		}
		return v
	})
	expectRealmTrue(t, r, `runInB("let inB = where; inB") === "B" && typeof inB === "undefined" && where === "A"`)
	if v, err := b.RunString(`inB`); err != nil || v.String() != "B" {
		t.Fatal(v, err)
	}
}

func TestRealmCreatedWhileRunning(t *testing.T) {
	r := New()
	a := r.CurrentRealm()
	var b *Realm
	r.Set("makeRealm", func() Value {
		b = r.NewRealm()
		if _, err := b.RunString(`var where = "B"; function thrower() { throw new Error(where); }`); err != nil {
			panic(err)
		}
		return b.GlobalObject()
	})
	// The try frames of this script were pushed before the second realm existed.
	_, err := r.RunString(`var where = "A"; const other = makeRealm(); other.thrower();`)
	if err == nil || !strings.Contains(err.Error(), "Error: B") {
		t.Fatal(err)
	}
	if r.CurrentRealm() != a {
		t.Fatal("not in A after an uncaught exception of a realm created while the script ran")
	}
	expectRealmTrue(t, r, `where === "A"`)
}
