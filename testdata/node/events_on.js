// events.on: an async iterator over an emitter's events; values emitted before the loop
// awaits are queued; an 'error' ends it with a rejection; break removes the listeners.
const { on, EventEmitter } = require('events');
const ee = new EventEmitter();
(async () => {
  let n = 0;
  for await (const [v] of on(ee, 'tick')) {
    console.log('tick', v);
    if (++n === 3) break;
  }
  console.log('after break, listeners', ee.listenerCount('tick'), ee.listenerCount('error'));
  const e2 = new EventEmitter();
  setImmediate(() => { e2.emit('x', 1); e2.emit('error', new Error('boom')); });
  try {
    for await (const [v] of on(e2, 'x')) console.log('x', v);
  } catch (e) {
    console.log('rejected', e.message);
  }
})();
ee.emit('tick', 'a');
ee.emit('tick', 'b');
process.nextTick(() => ee.emit('tick', 'c'));
setTimeout(() => ee.emit('tick', 'd'), 1);
