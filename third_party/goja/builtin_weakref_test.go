package goja

import "testing"

func TestWeakRef(t *testing.T) {
	const SCRIPT = `
	var target = {a: 1};
	var wr = new WeakRef(target);
	assert.sameValue(wr.deref(), target, "deref");
	assert.sameValue(Object.prototype.toString.call(wr), "[object WeakRef]", "toStringTag");
	assert.sameValue(Object.getPrototypeOf(wr), WeakRef.prototype, "prototype");
	assert.sameValue(WeakRef.length, 1, "length");
	assert.throws(TypeError, function() { WeakRef(target); }, "call without new");
	assert.throws(TypeError, function() { new WeakRef(1); }, "primitive target");
	assert.throws(TypeError, function() { new WeakRef(Symbol()); }, "symbol target");
	assert.throws(TypeError, function() { WeakRef.prototype.deref.call({}); }, "incompatible receiver");
	class MyRef extends WeakRef {}
	var mr = new MyRef(target);
	assert.sameValue(mr.deref(), target, "subclass deref");
	assert(mr instanceof WeakRef, "subclass instance");
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}
