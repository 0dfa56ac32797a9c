// timers/promises (lib/timers/promises.js): each promise settles from its timer's or its
// immediate's callback, so its reactions run in that callback's microtasks. { ref: false }
// unrefs the timer.
(function (timers, AbortError) {
  'use strict';
  // With a signal: an aborted signal rejects at once; an abort clears the timer and rejects
  // with AbortError (its cause the signal's reason); the promise is the one finally() gives,
  // which removes the abort listener (node's hops, so reactions come when node's do).
  function withSignal(options, start, clear) {
    const signal = options && options.signal;
    if (signal && signal.aborted) return Promise.reject(new AbortError(undefined, { cause: signal.reason }));
    let oncancel;
    const p = new Promise((resolve, reject) => {
      const handle = start(resolve);
      if (options && options.ref === false) handle.unref();
      if (signal) {
        oncancel = () => {
          clear(handle);
          reject(new AbortError(undefined, { cause: signal.reason }));
        };
        signal.addEventListener('abort', oncancel, { once: true });
      }
    });
    return oncancel === undefined ? p : p.finally(() => signal.removeEventListener('abort', oncancel));
  }
  function setTimeout(delay, value, options) {
    return withSignal(options, (resolve) => timers.setTimeout(resolve, delay, value), timers.clearTimeout);
  }
  function setImmediate(value, options) {
    return withSignal(options, (resolve) => timers.setImmediate(resolve, value), timers.clearImmediate);
  }
  const scheduler = {
    wait: (delay, options) => setTimeout(delay, undefined, options),
    yield: () => setImmediate(),
  };
  return { setTimeout, setImmediate, scheduler };
})
