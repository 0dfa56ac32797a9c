// The JS half of the Node host: the drain of the nextTick queue (node's
// lib/internal/process/task_queues.js processTicksAndRejections), the trampoline every
// macrotask callback goes through, and the Timeout and Immediate classes. host is the Go half
// (node/*.go).
(function (host) {
  'use strict';
  // The nextTick queue is the Go half's (process.nextTick is a Go function: no rest-arguments
  // array, no JS frame per tick); shiftTick hands over the next tick: its callback, or
  // [callback, args] when it was queued with arguments, or undefined once the queue is empty
  // (the queue is drained).
  const shiftTick = host.shiftTick;

  function fatal(e) { host.fatal(e); }

  // runTicks drains the nextTick queue, ticks queued meanwhile included (node's
  // processTicksAndRejections, before its runMicrotasks: goja runs those when the outermost
  // call returns).
  function runTicks() {
    try {
      for (let t = shiftTick(); t !== undefined; t = shiftTick()) {
        if (typeof t === 'function') t();
        else Reflect.apply(t[0], undefined, t[1]);
      }
    } catch (e) {
      // node: the throw ends processTicksAndRejections; the ticks left wait for the
      // next callback's (after an 'uncaughtException' listener took it).
      host.threw();
      fatal(e);
    }
  }

  // callback runs one macrotask callback (a timer, an immediate, an I/O completion, an
  // event), then the nextTick queue; the microtasks run when it returns to Go.
  // A callback that threw (and an 'uncaughtException' listener took it) leaves its ticks to
  // the next callback, as node's failed callback scope does.
  function callback(fn, thisArg, args) {
    try {
      if (args !== undefined) Reflect.apply(fn, thisArg, args);
      else if (thisArg === undefined) fn(); // no Function.prototype.call in between
      else fn.call(thisArg);
    } catch (e) {
      host.threw();
      fatal(e);
      return;
    }
    runTicks();
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
  // Go functions: no rest-arguments array or property descriptor per call), a dynamic object
  // over its Go timer or immediate on these prototypes; the methods hand the object to Go.
  class Timeout {
    ref() { host.timerRef(this, true); return this; }
    unref() { host.timerRef(this, false); return this; }
    hasRef() { return host.timerHasRef(this); }
    refresh() { host.timerRefresh(this); return this; }
    close() { host.clearTimer(this); return this; }
    [Symbol.toPrimitive]() { return host.timerId(this); }
  }
  class Immediate {
    ref() { host.immediateRef(this, true); return this; }
    unref() { host.immediateRef(this, false); return this; }
    hasRef() { return host.immediateHasRef(this); }
  }
  host.prototypes(Timeout.prototype, Immediate.prototype);
  function clearTimeout(t) {
    if (t === null || t === undefined) return;
    if (t instanceof Timeout) { host.clearTimer(t); return; }
    if (typeof t === 'number' || typeof t === 'string') host.clearTimer(Number(t));
  }
  function clearImmediate(im) {
    if (im instanceof Immediate) host.clearImmediate(im);
  }
  function queueMicrotask(cb) {
    if (typeof cb !== 'function') host.checkCallback(cb); // node's ERR_INVALID_ARG_TYPE
    host.then.call(host.resolved, () => { try { cb(); } catch (e) { fatal(e); } });
  }
  return { runTicks, callback, callbackNoTicks, queueMicrotask,
    timers: { setTimeout: host.setTimeout, setInterval: host.setInterval, clearTimeout, clearInterval: clearTimeout,
      setImmediate: host.setImmediate, clearImmediate },
    Timeout, Immediate };
})
