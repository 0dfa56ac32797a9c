package goja

import (
	"testing"
)

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
