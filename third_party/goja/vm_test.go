package goja

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/dop251/goja/file"
	"github.com/dop251/goja/parser"
	"github.com/dop251/goja/unistring"
)

func TestTaggedTemplateArgExport(t *testing.T) {
	vm := New()
	vm.Set("f", func(v Value) {
		v.Export()
	})
	vm.RunString("f`test`")
}

func TestVM1(t *testing.T) {
	r := &Runtime{}
	r.init()

	vm := r.vm

	vm.prg = &Program{
		src: file.NewFile("dummy", "", 1),
		code: []instruction{
			&bindGlobal{vars: []unistring.String{"v"}},
			newObject,
			setGlobal("v"),
			loadVal{asciiString("test")},
			loadVal{valueInt(3)},
			loadVal{valueInt(2)},
			add,
			setElem,
			pop,
			newLoadDynamic("v"),
		},
	}

	vm.run()

	rv := vm.pop()

	if obj, ok := rv.(*Object); ok {
		if v := obj.self.getStr("test", nil).ToInteger(); v != 5 {
			t.Fatalf("Unexpected property value: %v", v)
		}
	} else {
		t.Fatalf("Unexpected result: %v", rv)
	}

}

func TestEvalVar(t *testing.T) {
	const SCRIPT = `
	function test() {
		var a;
		return eval("var a = 'yes'; var z = 'no'; a;") === "yes" && a === "yes";
	}
	test();
	`

	testScript(SCRIPT, valueTrue, t)
}

func TestResolveMixedStack1(t *testing.T) {
	const SCRIPT = `
	function test(arg) {
		var a = 1;
		var scope = {};
		(function() {return arg})(); // move arguments to stash
		with (scope) {
			a++; // resolveMixedStack1 here
			return a + arg;
		}
	}
	test(40);
	`

	testScript(SCRIPT, valueInt(42), t)
}

func TestNewArrayFromIterClosed(t *testing.T) {
	const SCRIPT = `
	const [a, ...other] = [];
	assert.sameValue(a, undefined);
	assert(Array.isArray(other));
	assert.sameValue(other.length, 0);
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func BenchmarkVmNOP2(b *testing.B) {
	prg := []func(*vm){
		//loadVal(0).exec,
		//loadVal(1).exec,
		//add.exec,
		jump(1).exec,
	}

	r := &Runtime{}
	r.init()

	vm := r.vm
	vm.prg = &Program{}

	for i := 0; i < b.N; i++ {
		vm.pc = 0
		for !vm.halted() {
			prg[vm.pc](vm)
		}
		//vm.sp--
		/*r := vm.pop()
		if r.ToInteger() != 5 {
			b.Fatalf("Unexpected result: %+v", r)
		}
		if vm.sp != 0 {
			b.Fatalf("Unexpected sp: %d", vm.sp)
		}*/
	}
}

func BenchmarkVmNOP(b *testing.B) {
	r := &Runtime{}
	r.init()

	vm := r.vm
	vm.prg = &Program{
		code: []instruction{
			jump(1),
			//jump(1),
		},
	}

	for i := 0; i < b.N; i++ {
		vm.pc = 0
		vm.run()
	}

}

func BenchmarkVm1(b *testing.B) {
	r := &Runtime{}
	r.init()

	vm := r.vm

	//ins1 := loadVal1(0)
	//ins2 := loadVal1(1)

	vm.prg = &Program{
		code: []instruction{
			loadVal{valueInt(2)},
			loadVal{valueInt(3)},
			add,
		},
	}

	for i := 0; i < b.N; i++ {
		vm.pc = 0
		vm.run()
		r := vm.pop()
		if r.ToInteger() != 5 {
			b.Fatalf("Unexpected result: %+v", r)
		}
		if vm.sp != 0 {
			b.Fatalf("Unexpected sp: %d", vm.sp)
		}
	}
}

func BenchmarkFib(b *testing.B) {
	const TEST_FIB = `
function fib(n) {
if (n < 2) return n;
return fib(n - 2) + fib(n - 1);
}

fib(35);
`
	b.StopTimer()
	prg, err := parser.ParseFile(nil, "test.js", TEST_FIB, 0)
	if err != nil {
		b.Fatal(err)
	}

	c := newCompiler()
	c.compile(prg, false, true, nil)
	c.p.dumpCode(b.Logf)

	r := &Runtime{}
	r.init()

	vm := r.vm

	var expectedResult Value = valueInt(9227465)

	b.StartTimer()

	vm.prg = c.p
	vm.run()
	v := vm.result

	b.Logf("stack size: %d", len(vm.stack))
	b.Logf("stashAllocs: %d", vm.stashAllocs)

	if !v.SameAs(expectedResult) {
		b.Fatalf("Result: %+v, expected: %+v", v, expectedResult)
	}

}

func BenchmarkEmptyLoop(b *testing.B) {
	const SCRIPT = `
	function f() {
		for (var i = 0; i < 100; i++) {
		}
	}
	f()
	`
	b.StopTimer()
	vm := New()
	prg := MustCompile("test.js", SCRIPT, false)
	// prg.dumpCode(log.Printf)
	b.StartTimer()
	for i := 0; i < b.N; i++ {
		vm.RunProgram(prg)
	}
}

func BenchmarkVMAdd(b *testing.B) {
	vm := &vm{}
	vm.stack = append(vm.stack, nil, nil)
	vm.sp = len(vm.stack)

	var v1 Value = valueInt(3)
	var v2 Value = valueInt(5)

	for i := 0; i < b.N; i++ {
		vm.stack[0] = v1
		vm.stack[1] = v2
		add.exec(vm)
		vm.sp++
	}
}

func BenchmarkFuncCall(b *testing.B) {
	const SCRIPT = `
	function f(a, b, c, d) {
	}
	`

	b.StopTimer()

	vm := New()
	prg := MustCompile("test.js", SCRIPT, false)

	vm.RunProgram(prg)
	if f, ok := AssertFunction(vm.Get("f")); ok {
		b.StartTimer()
		for i := 0; i < b.N; i++ {
			f(nil, nil, intToValue(1), intToValue(2), intToValue(3), intToValue(4), intToValue(5), intToValue(6))
		}
	} else {
		b.Fatal("f is not a function")
	}
}

func BenchmarkAssertInt(b *testing.B) {
	v := intToValue(42)
	for i := 0; i < b.N; i++ {
		if i, ok := v.(valueInt); !ok || int64(i) != 42 {
			b.Fatal()
		}
	}
}

func BenchmarkLoadVal(b *testing.B) {
	var ins instruction
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		ins = loadVal{valueInt(1)}
		_ = ins
	}
}

func TestGlobalVarRef(t *testing.T) {
	// A declared global is a non-configurable data property of the global object: references
	// to it hold the property. Reading and writing still follow its attributes, also when they
	// change between the reference's resolution and the write.
	const SCRIPT = `
	var n = 0;
	function f() { n++ }
	for (var i = 0; i < 10; i++) f();
	var log = [n];

	var x = 1;
	x = (Object.defineProperty(globalThis, "x", {writable: false}), 2);
	x++;
	log.push(x);
	try {
		(function () { "use strict"; x = 3; })();
	} catch (e) {
		log.push(e instanceof TypeError);
	}

	var z = 1;
	z += (Object.defineProperty(globalThis, "z", {value: 10}), 1);
	log.push(z);

	// a non-configurable accessor is called
	Object.defineProperty(globalThis, "acc", {get: function () { return 5 }, set: function (v) { log.push("set " + v) }});
	acc++;

	// a configurable binding is looked up again when it is written
	eval("var e = 1");
	e = (delete globalThis.e, 5);
	log.push(Object.getOwnPropertyDescriptor(globalThis, "e").configurable, e);

	(function () { "use strict"; n = 20; n++; })();
	log.push(n);
	log.join();
	`
	testScript(SCRIPT, asciiString("10,1,true,2,set 6,true,5,21"), t)
}

func TestGlobalVarRefNonOrdinaryGlobal(t *testing.T) {
	// With a Proxy as the global object, every access goes through its traps.
	r := New()
	var log []string
	target := r.NewObject()
	p := r.NewProxy(target, &ProxyTrapConfig{
		GetOwnPropertyDescriptor: func(target *Object, prop string) PropertyDescriptor {
			log = append(log, "getOwnPropertyDescriptor "+prop)
			return PropertyDescriptor{Value: target.Get(prop), Writable: FLAG_TRUE, Enumerable: FLAG_TRUE, Configurable: FLAG_FALSE}
		},
		Has: func(target *Object, property string) bool {
			log = append(log, "has "+property)
			return target.self.hasOwnPropertyStr(unistring.NewFromString(property))
		},
		Get: func(target *Object, property string, receiver Value) Value {
			log = append(log, "get "+property)
			return target.Get(property)
		},
		Set: func(target *Object, property string, value Value, receiver Value) bool {
			log = append(log, "set "+property)
			return target.Set(property, value) == nil
		},
	})
	r.SetGlobalObject(r.ToValue(p).(*Object))
	target.DefineDataProperty("n", intToValue(1), FLAG_TRUE, FLAG_FALSE, FLAG_TRUE)
	v, err := r.RunString("n++; n")
	if err != nil {
		t.Fatal(err)
	}
	if v.ToInteger() != 2 {
		t.Fatalf("n = %v", v)
	}
	if got := strings.Join(log, ", "); got != "get n, set n, get n" {
		t.Fatalf("traps: %s", got)
	}
}

func BenchmarkGlobalVarIncrement(b *testing.B) {
	prg := MustCompile("bench.js", "var n = 0; for (var i = 0; i < 10000; i++) n++;", false)
	r := New()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := r.RunProgram(prg); err != nil {
			b.Fatal(err)
		}
	}
}

// The inline cache of global reads (loadDynamic, resolveVar1) follows every change of the
// binding: a deleted, redefined, re-added or shadowed property, a getter, a with statement,
// and a program run in another runtime.
func TestGlobalPropCache(t *testing.T) {
	const SCRIPT = `
	var log = [];
	function read(name) { return eval("(function () { return " + name + " })") }
	function get() { try { return String(c) } catch (e) { return e.name } }
	function inc() { v++; return v }

	Object.defineProperty(globalThis, "c", {value: 1, writable: true, configurable: true});
	log.push(get());                        // 1, cached
	c = 2;
	log.push(get());                        // 2, the property's new value
	Object.defineProperty(globalThis, "c", {value: 3});
	log.push(get());                        // 3, redefined in place
	delete globalThis.c;
	log.push(get());                        // ReferenceError: detached
	globalThis.c = 4;
	log.push(get());                        // 4, a new (plain) property
	delete globalThis.c;
	Object.defineProperty(globalThis, "c", {value: 5, configurable: true});
	log.push(get());                        // 5, a new property
	Object.defineProperty(globalThis, "c", {get: function () { return "g" }});
	log.push(get());                        // g, now an accessor
	Object.defineProperty(globalThis, "c", {value: 6});
	log.push(get());                        // 6, a data property again
	with ({c: "w"}) { log.push(get(), c) }  // 6 w: get's scope has no with
	var v = 10;
	log.push(inc(), inc());                 // 11 12
	Object.defineProperty(globalThis, "v", {writable: false});
	log.push(inc());                        // 12: not writable
	log.join();
	`
	const want = "1,2,3,ReferenceError,4,5,g,6,6,w,11,12,12"
	vm := New()
	res, err := vm.RunString(SCRIPT)
	if err != nil {
		t.Fatal(err)
	}
	if s := res.String(); s != want {
		t.Fatalf("got %s, want %s", s, want)
	}

	// A global lexical declaration of a later script shadows the property.
	if _, err := vm.RunString(`let c = "let"`); err != nil {
		t.Fatal(err)
	}
	if s, err := vm.RunString(`get()`); err != nil || s.String() != "let" {
		t.Fatalf("shadowed: %v, %v", s, err)
	}

	// One program, two runtimes taking turns: each reads its own global.
	prg := MustCompile("turns.js", `var n = (typeof n === "number" ? n : 0) + step; n`, false)
	a, b := New(), New()
	a.Set("step", 1)
	b.Set("step", 100)
	for i := 1; i <= 3; i++ {
		ra, err := a.RunProgram(prg)
		if err != nil {
			t.Fatal(err)
		}
		rb, err := b.RunProgram(prg)
		if err != nil {
			t.Fatal(err)
		}
		if ra.ToInteger() != int64(i) || rb.ToInteger() != int64(100*i) {
			t.Fatalf("turn %d: %v, %v", i, ra, rb)
		}
	}
}

// Runtimes running one program at the same time on their own goroutines (go test -race).
func TestGlobalPropCacheConcurrent(t *testing.T) {
	prg := MustCompile("shared.js", `var n = 0; for (var i = 0; i < 200; i++) n += step; n`, false)
	errs := make(chan error, 4)
	for g := 1; g <= 4; g++ {
		go func(step int64) {
			vm := New()
			vm.Set("step", step)
			for k := 0; k < 20; k++ {
				res, err := vm.RunProgram(prg)
				if err == nil && res.ToInteger() != 200*step {
					err = errors.New("step " + strconv.FormatInt(step, 10) + ": " + res.String())
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}(int64(g))
	}
	for g := 0; g < 4; g++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

func BenchmarkGlobalRead(b *testing.B) {
	vm := New()
	prg := MustCompile("read.js", `var n = 0; function f() { n++ } for (var i = 0; i < 1000; i++) f(Promise, Object)`, false)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := vm.RunProgram(prg); err != nil {
			b.Fatal(err)
		}
	}
}
