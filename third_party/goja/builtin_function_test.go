package goja

import (
	"testing"
)

func TestHashbangInFunctionConstructor(t *testing.T) {
	const SCRIPT = `
	assert.throws(SyntaxError, function() {
		new Function("#!")
	});
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestFunctionApplyNullArgArray(t *testing.T) {
	const SCRIPT = `
	assert.sameValue(0, (function() {return arguments.length}).apply(undefined, null))
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}

func TestFunctionSubclassConstructors(t *testing.T) {
	// The hidden constructors of async and generator functions inherit from Function.
	const SCRIPT = `
	const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
	const GeneratorFunction = Object.getPrototypeOf(function* () {}).constructor;
	assert.sameValue(Object.getPrototypeOf(AsyncFunction), Function, "AsyncFunction");
	assert.sameValue(Object.getPrototypeOf(GeneratorFunction), Function, "GeneratorFunction");
	assert.sameValue(Object.getPrototypeOf(AsyncFunction.prototype), Function.prototype);
	assert.sameValue(new AsyncFunction("return 1").constructor, AsyncFunction);
	`
	testScriptWithTestLib(SCRIPT, _undefined, t)
}
