// A microtask that queues itself for ever.
console.log('start');
function again() { Promise.resolve().then(again); }
setImmediate(again);
