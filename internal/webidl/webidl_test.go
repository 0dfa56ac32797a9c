package webidl_test

import (
	"strings"
	"testing"

	"loopscope/internal/webidl"

	"github.com/dop251/goja"
)

type counter struct{ n int }

// A small interface bound through the package behaves as Chrome's bindings do: prototype
// chain and names, "Illegal constructor", the 'new' operator message, "Illegal invocation"
// for a foreign this, the required-argument count, and a working constructor.
func TestBindingBehaviour(t *testing.T) {
	rt := goja.New()
	w := webidl.NewRealm(rt)
	base := w.DefineInterface("Base", nil, 0, nil)
	c := w.DefineInterface("Counter", base, 1, func(call goja.ConstructorCall) *goja.Object {
		w.SetSlot(call.This, &counter{n: int(call.Argument(0).ToInteger())})
		return call.This
	})
	c.Constants(1, "ONE", "TWO")
	m := webidl.On(c, func(call goja.FunctionCall) *counter { return webidl.This[*counter](w, call) })
	m.Accessor("n", func(k *counter) goja.Value { return rt.ToValue(k.n) },
		func(k *counter, v goja.Value) { k.n = int(v.ToInteger()) })
	m.Method("add", 1, func(k *counter, call goja.FunctionCall) goja.Value {
		k.n += int(call.Argument(0).ToInteger())
		return rt.ToValue(k.n)
	})
	m.LenientMethod("reset", 1, func(k *counter, _ goja.FunctionCall) goja.Value { k.n = 0; return goja.Undefined() })
	w.Expose(rt.GlobalObject())

	for _, tc := range []struct{ src, want string }{
		{`var k = new Counter(2); k.add(3) + ' ' + k.n`, "5 5"},
		{`k.n = 7; k.n`, "7"},
		{`k.reset(); k.n`, "0"},
		{`k instanceof Base && Object.getPrototypeOf(Counter) === Base`, "true"},
		{`Counter.name + Counter.length + ' ' + Counter.TWO + k.ONE + ' ' + Object.prototype.toString.call(k)`, "Counter1 21 [object Counter]"},
		{`Object.getOwnPropertyDescriptor(Counter.prototype, 'n').get.name`, "get n"},
		{`try { new Base() } catch (e) { e.message }`, "Failed to construct 'Base': Illegal constructor"},
		{`try { Base() } catch (e) { e.message }`, "Illegal constructor"},
		{`try { Counter(1) } catch (e) { e.message }`, "Failed to construct 'Counter': Please use the 'new' operator, this DOM object constructor cannot be called as a function."},
		{`try { k.add() } catch (e) { e.constructor.name + ': ' + e.message }`, "TypeError: Failed to execute 'add' on 'Counter': 1 argument required, but only 0 present."},
		{`try { k.add.call({}, 1) } catch (e) { e.message }`, "Illegal invocation"},
		{`try { Object.getOwnPropertyDescriptor(Counter.prototype, 'n').get.call(Base.prototype) } catch (e) { e.message }`, "Illegal invocation"},
		{`class Sub extends Counter {}; var s = new Sub(4); (s instanceof Sub) + ' ' + s.add(1)`, "true 5"},
	} {
		v, err := rt.RunString(tc.src)
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		if got := v.String(); got != tc.want {
			t.Errorf("%s = %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestSlotHidden: the Go value behind a platform object is in no list of own keys the page
// can get, is not copied by Object.assign or spread, stays through Object.freeze, is not
// inherited by an object made with the platform object as prototype, and a Proxy that lists
// the target's keys itself keeps working (issue 14).
func TestSlotHidden(t *testing.T) {
	rt := goja.New()
	w := webidl.NewRealm(rt)
	w.DefineInterface("Thing", nil, 0, func(call goja.ConstructorCall) *goja.Object {
		w.SetSlot(call.This, &counter{})
		return call.This
	})
	w.Expose(rt.GlobalObject())
	for _, tc := range []struct{ src, want string }{
		{`var k = new Thing(); k.own = 1; k[Symbol.for('s')] = 2; Object.getOwnPropertySymbols(k).map(String).join()`, "Symbol(s)"},
		{`Reflect.ownKeys(k).map(String).join()`, "own,Symbol(s)"},
		{`Object.getOwnPropertySymbols(Object.getOwnPropertyDescriptors(k)).length + ' ' + Object.keys(Object.getOwnPropertyDescriptors(k))`, "1 own"},
		{`Object.getOwnPropertySymbols(Object.assign({}, k)).length + ' ' + Object.getOwnPropertySymbols({...k}).length`, "1 1"},
		{`Reflect.ownKeys(new Proxy(k, { ownKeys: t => Reflect.ownKeys(t) })).length`, "2"},
		{`Reflect.ownKeys({a: 1, [Symbol.iterator]: 2}).length + ' ' + Reflect.ownKeys.name + Reflect.ownKeys.length + ' ' + Object.getOwnPropertySymbols.name`, "2 ownKeys1 getOwnPropertySymbols"},
		{`try { Reflect.ownKeys(1) } catch (e) { e.name }`, "TypeError"},
		{`Object.getOwnPropertySymbols(Thing.prototype).map(String).join()`, "Symbol(Symbol.toStringTag)"},
	} {
		v, err := rt.RunString(tc.src)
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		if got := v.String(); got != tc.want {
			t.Errorf("%s = %q, want %q", tc.src, got, tc.want)
		}
	}
	if w.Unwrap(rt.Get("k")) == nil {
		t.Error("the slot is gone from the platform object")
	}
	v, err := rt.RunString(`var made = Object.create(k); Object.freeze(k); [Object.isFrozen(k), Reflect.ownKeys(made).length].join()`)
	if err != nil || v.String() != "true,0" {
		t.Fatalf("freeze, create: %v %v", v, err)
	}
	if w.Unwrap(rt.Get("k")) == nil {
		t.Error("the slot is gone from the frozen platform object")
	}
	if w.Unwrap(rt.Get("made")) != nil {
		t.Error("an object made from a platform object is one")
	}
}

// scopeLog records a reactions stack's pushes and pops.
type scopeLog struct{ log []string }

func (s *scopeLog) Active() bool { return true }
func (s *scopeLog) Push()        { s.log = append(s.log, "push") }
func (s *scopeLog) Pop()         { s.log = append(s.log, "pop") }

// With a reactions stack, every operation and setter is a [CEReactions] scope: pushed
// before its body, popped after it, also when it throws; getters and the operations named
// not to be are not scopes.
func TestCEReactionsScopes(t *testing.T) {
	rt := goja.New()
	w := webidl.NewRealm(rt)
	s := &scopeLog{}
	w.SetReactionsStack(s, "quiet")
	c := w.DefineInterface("Thing", nil, 0, func(call goja.ConstructorCall) *goja.Object {
		w.SetSlot(call.This, &counter{})
		return call.This
	})
	m := webidl.On(c, func(call goja.FunctionCall) *counter { return webidl.This[*counter](w, call) })
	m.Accessor("n", func(k *counter) goja.Value {
		s.log = append(s.log, "get")
		return rt.ToValue(k.n)
	}, func(k *counter, v goja.Value) {
		s.log = append(s.log, "set")
		k.n = int(v.ToInteger())
	})
	m.Method("boom", 0, func(k *counter, _ goja.FunctionCall) goja.Value {
		s.log = append(s.log, "boom")
		panic(rt.NewTypeError("boom"))
	})
	m.Method("quiet", 0, func(k *counter, _ goja.FunctionCall) goja.Value {
		s.log = append(s.log, "quiet")
		return goja.Undefined()
	})
	w.Expose(rt.GlobalObject())
	if _, err := rt.RunString(`var t = new Thing(); t.n = 2; t.n; try { t.boom() } catch (e) {} t.quiet()`); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(s.log, " ")
	if want := "push set pop get push boom pop quiet"; got != want {
		t.Errorf("scopes: %q, want %q", got, want)
	}
}

// countingStack is a reactions stack that only counts its scopes.
type countingStack struct{ depth, scopes int }

func (s *countingStack) Active() bool { return true }
func (s *countingStack) Push()        { s.depth++; s.scopes++ }
func (s *countingStack) Pop()         { s.depth-- }

// BenchmarkOperationCall: a native operation called from JS, plain and as a [CEReactions]
// scope (compare the two sub-benchmarks' ns/call in one run).
func BenchmarkOperationCall(b *testing.B) {
	for _, withStack := range []bool{false, true} {
		name := "plain"
		if withStack {
			name = "ce-reactions"
		}
		b.Run(name, func(b *testing.B) {
			rt := goja.New()
			w := webidl.NewRealm(rt)
			if withStack {
				w.SetReactionsStack(&countingStack{})
			}
			c := w.DefineInterface("Thing", nil, 0, func(call goja.ConstructorCall) *goja.Object {
				w.SetSlot(call.This, &counter{})
				return call.This
			})
			webidl.On(c, func(call goja.FunctionCall) *counter { return webidl.This[*counter](w, call) }).
				Method("inc", 0, func(k *counter, _ goja.FunctionCall) goja.Value { k.n++; return goja.Undefined() })
			w.Expose(rt.GlobalObject())
			prog := goja.MustCompile("", `(function () { var t = new Thing(); for (var i = 0; i < 100000; i++) t.inc(); })()`, false)
			for b.Loop() {
				if _, err := rt.RunProgram(prog); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/100000, "ns/call")
		})
	}
}
