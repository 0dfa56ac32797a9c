// timers/promises (lib/timers/promises.js): each promise settles from its timer's or its
// immediate's callback, so its reactions run in that callback's microtasks. { ref: false }
// unrefs the timer.
(function (timers) {
  'use strict';
  function setTimeout(delay, value, options) {
    return new Promise((resolve) => {
      const t = timers.setTimeout(resolve, delay, value);
      if (options && options.ref === false) t.unref();
    });
  }
  function setImmediate(value, options) {
    return new Promise((resolve) => {
      const i = timers.setImmediate(resolve, value);
      if (options && options.ref === false) i.unref();
    });
  }
  const scheduler = {
    wait: (delay, options) => setTimeout(delay, undefined, options),
    yield: () => setImmediate(),
  };
  return { setTimeout, setImmediate, scheduler };
})
