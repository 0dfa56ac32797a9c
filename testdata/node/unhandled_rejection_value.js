// A promise rejected with a value that is not an Error, unhandled: UnhandledPromiseRejection.
async function f() { throw 42; }
f();
console.log('main');
