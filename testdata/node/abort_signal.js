// AbortController and AbortSignal with the signal option of timers/promises and events.once.
const { setTimeout: sleep } = require('timers/promises');
const { once, EventEmitter } = require('events');
const ac = new AbortController();
ac.signal.addEventListener('abort', (e) => console.log('abort event', e.type, ac.signal.aborted));
ac.signal.onabort = () => console.log('onabort');
sleep(1000, 'x', { signal: ac.signal }).then(() => console.log('never'), (e) => console.log('sleep rejected', e.name, e.code, e.message, e.cause === ac.signal.reason));
const ee = new EventEmitter();
once(ee, 'never', { signal: ac.signal }).catch((e) => console.log('once rejected', e.name, e.code));
setTimeout(() => {
  ac.abort();
  console.log('after abort()', ac.signal.reason.name, ac.signal.reason.message, ac.signal.reason instanceof Error);
  ac.abort();
  try { ac.signal.throwIfAborted(); } catch (e) { console.log('throwIfAborted', e === ac.signal.reason); }
}, 5);
const pre = AbortSignal.abort('why');
console.log('pre-aborted', pre.aborted, pre.reason);
sleep(1, null, { signal: pre }).catch((e) => console.log('sleep pre-aborted', e.name, e.cause));
const t = AbortSignal.timeout(10);
t.addEventListener('abort', () => console.log('timeout signal', t.reason.name, t.reason.message));
