// The JS half of the Node host: the nextTick queue (node's lib/internal/process/task_queues.js
// keeps it in JS too), the trampoline every macrotask callback goes through, and the Timeout
// and Immediate classes. host is the Go half (node/*.go).
(function (host) {
  'use strict';
  // The nextTick queue: the callbacks, and beside them their arguments (undefined: none), so
  // that queueing a tick allocates no record.
  const queue = [];
  const queueArgs = [];
  let head = 0;
  const stepping = host.stepping; // step mode: nextTick is a stop (tickQueued)

  function fatal(e) { host.fatal(e); }

  // runTicks drains the nextTick queue, ticks queued meanwhile included (node's
  // processTicksAndRejections, before its runMicrotasks: goja runs those when the outermost
  // call returns).
  function runTicks() {
    while (head < queue.length) {
      const cb = queue[head], args = queueArgs[head];
      queue[head] = undefined;
      queueArgs[head++] = undefined;
      try {
        if (args === undefined) cb();
        else Reflect.apply(cb, undefined, args);
      } catch (e) {
        // node: the throw ends processTicksAndRejections; the ticks left wait for the
        // next callback's (after an 'uncaughtException' listener took it).
        host.threw();
        fatal(e);
        return;
      }
    }
    queue.length = 0;
    queueArgs.length = 0;
    head = 0;
    host.ticksDrained();
  }

  // exiting: 'exit' is being emitted; node's nextTick then queues nothing.
  let exiting = false;
  function setExiting() { exiting = true; }

  function nextTick(cb, ...args) {
    if (typeof cb !== 'function') {
      const err = new TypeError('The "callback" argument must be of type function. Received ' + (cb === null ? 'null' : typeof cb));
      err.code = 'ERR_INVALID_ARG_TYPE';
      throw err;
    }
    if (exiting) return;
    if (head === queue.length) host.tickScheduled();
    queue.push(cb);
    queueArgs.push(args.length === 0 ? undefined : args);
    if (stepping) host.tickQueued();
  }

  // callback runs one macrotask callback (a timer, an immediate, an I/O completion, an
  // event), then the nextTick queue; the microtasks run when it returns to Go.
  // A callback that threw (and an 'uncaughtException' listener took it) leaves its ticks to
  // the next callback, as node's failed callback scope does.
  function callback(fn, thisArg, args) {
    try {
      if (args === undefined) fn.call(thisArg);
      else Reflect.apply(fn, thisArg, args);
    } catch (e) {
      host.threw();
      fatal(e);
      return;
    }
    if (head < queue.length) runTicks();
  }

  // callbackNoTicks is callback without the ticks (node 10's batches: the phase's ticks
  // and microtasks come after the whole batch).
  function callbackNoTicks(fn, thisArg, args) {
    try {
      if (args === undefined) fn.call(thisArg);
      else Reflect.apply(fn, thisArg, args);
    } catch (e) {
      fatal(e);
    }
  }

  // A Timeout or Immediate is made by the Go half (setTimeout, setInterval, setImmediate are
  // Go functions: no rest-arguments array or property descriptor per call) on these
  // prototypes, with its id under the hidden key ID.
  const ID = host.idKey;
  class Timeout {
    ref() { host.timerRef(this[ID], true); return this; }
    unref() { host.timerRef(this[ID], false); return this; }
    hasRef() { return host.timerHasRef(this[ID]); }
    refresh() { host.timerRefresh(this[ID]); return this; }
    close() { host.clearTimer(this[ID]); return this; }
    [Symbol.toPrimitive]() { return this[ID]; }
  }
  class Immediate {
    ref() { host.immediateRef(this[ID], true); return this; }
    unref() { host.immediateRef(this[ID], false); return this; }
    hasRef() { return host.immediateHasRef(this[ID]); }
  }
  host.prototypes(Timeout.prototype, Immediate.prototype);
  function clearTimeout(t) {
    if (t === null || t === undefined) return;
    if (t instanceof Timeout) { host.clearTimer(t[ID]); return; }
    if (typeof t === 'number' || typeof t === 'string') host.clearTimer(Number(t));
  }
  function clearImmediate(im) {
    if (im instanceof Immediate) host.clearImmediate(im[ID]);
  }
  function queueMicrotask(cb) {
    if (typeof cb !== 'function') {
      const err = new TypeError('The "callback" argument must be of type function. Received ' + (cb === null ? 'null' : typeof cb));
      err.code = 'ERR_INVALID_ARG_TYPE';
      throw err;
    }
    host.then.call(host.resolved, () => { try { cb(); } catch (e) { fatal(e); } });
  }
  function nextTickLength() { return queue.length - head; }
  // nextTickCallbacks are the first max queued ticks' callbacks, for the queues view (Go
  // names them without running any of the script's code).
  function nextTickCallbacks(max) {
    const out = [];
    for (let i = head; i < queue.length && out.length < max; i++) out.push(queue[i]);
    return out;
  }
  return { runTicks, nextTick, setExiting, nextTickLength, nextTickCallbacks, callback, callbackNoTicks, queueMicrotask,
    timers: { setTimeout: host.setTimeout, setInterval: host.setInterval, clearTimeout, clearInterval: clearTimeout,
      setImmediate: host.setImmediate, clearImmediate },
    Timeout, Immediate };
})
