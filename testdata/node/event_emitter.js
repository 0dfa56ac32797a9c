// EventEmitter: synchronous emit, once, prependListener, removeListener, error events.
const EventEmitter = require('events');
const { EventEmitter: EE2 } = require('events');
console.log(EventEmitter === EE2);
const e = new EventEmitter();
e.on('greet', (name) => console.log('hello', name));
e.once('greet', (name) => console.log('once', name));
e.prependListener('greet', () => console.log('first'));
console.log('before emit');
console.log('emit returns', e.emit('greet', 'ada'));
console.log('after emit');
e.emit('greet', 'bob');
console.log('count', e.listenerCount('greet'), e.emit('nothing'));
const h = () => console.log('never: removed');
e.on('x', h);
e.off('x', h);
e.emit('x');
e.on('error', (err) => console.log('error event:', err.message));
e.emit('error', new Error('oops'));
class Ticker extends EventEmitter {}
const t = new Ticker();
t.on('tick', function (n) { console.log('tick', n, this === t); });
process.nextTick(() => t.emit('tick', 1));
setImmediate(() => t.emit('tick', 2));
console.log(e.eventNames());
const bare = new EventEmitter();
try { bare.emit('error', new Error('unhandled error event')); } catch (err) { console.log('threw', err.message); }
