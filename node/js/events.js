// EventEmitter with node's semantics (lib/events.js): synchronous emit in registration
// order, once, prepend, an 'error' event without a listener throws, newListener events.
(function (AbortError) {
  'use strict';
  function EventEmitter() { EventEmitter.init.call(this); }
  EventEmitter.prototype._events = undefined;
  EventEmitter.prototype._maxListeners = undefined;
  EventEmitter.defaultMaxListeners = 10;
  EventEmitter.init = function () {
    if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
      this._events = Object.create(null);
    }
    this._maxListeners = this._maxListeners || undefined;
  };
  function checkListener(l) {
    if (typeof l !== 'function') {
      throw new TypeError('The "listener" argument must be of type function. Received ' + (l === null ? 'null' : typeof l));
    }
  }
  function add(target, type, listener, prepend) {
    checkListener(listener);
    if (target._events === undefined) target._events = Object.create(null);
    if (target._events.newListener !== undefined) {
      target.emit('newListener', type, listener.listener ? listener.listener : listener);
    }
    const list = target._events[type];
    if (list === undefined) target._events[type] = [listener];
    else if (prepend) list.unshift(listener);
    else list.push(listener);
    return target;
  }
  function onceWrapper(target, type, listener) {
    const state = { fired: false, target, type, listener };
    const wrapped = function (...args) {
      if (!state.fired) {
        state.target.removeListener(state.type, wrapped);
        state.fired = true;
        return state.listener.apply(state.target, args);
      }
    };
    wrapped.listener = listener;
    return wrapped;
  }
  const P = EventEmitter.prototype;
  P.setMaxListeners = function (n) { this._maxListeners = n; return this; };
  P.getMaxListeners = function () { return this._maxListeners === undefined ? EventEmitter.defaultMaxListeners : this._maxListeners; };
  P.emit = function (type, ...args) {
    const events = this._events;
    const handler = events !== undefined ? events[type] : undefined;
    if (type === 'error' && handler === undefined) {
      const er = args[0];
      if (er instanceof Error) throw er;
      const err = new Error('Unhandled error. (' + String(er) + ')');
      err.code = 'ERR_UNHANDLED_ERROR';
      err.context = er;
      throw err;
    }
    if (handler === undefined) return false;
    const listeners = handler.slice();
    for (let i = 0; i < listeners.length; i++) listeners[i].apply(this, args);
    return true;
  };
  P.addListener = P.on = function (type, listener) { return add(this, type, listener, false); };
  P.prependListener = function (type, listener) { return add(this, type, listener, true); };
  P.once = function (type, listener) { checkListener(listener); return this.on(type, onceWrapper(this, type, listener)); };
  P.prependOnceListener = function (type, listener) { checkListener(listener); return this.prependListener(type, onceWrapper(this, type, listener)); };
  P.removeListener = P.off = function (type, listener) {
    checkListener(listener);
    const events = this._events;
    if (events === undefined) return this;
    const list = events[type];
    if (list === undefined) return this;
    for (let i = list.length - 1; i >= 0; i--) {
      if (list[i] === listener || list[i].listener === listener) {
        list.splice(i, 1);
        if (list.length === 0) delete events[type];
        if (events.removeListener !== undefined) this.emit('removeListener', type, listener);
        break;
      }
    }
    return this;
  };
  P.removeAllListeners = function (type) {
    if (this._events === undefined) return this;
    if (type === undefined) this._events = Object.create(null);
    else delete this._events[type];
    return this;
  };
  P.listeners = function (type) {
    const list = this._events !== undefined ? this._events[type] : undefined;
    return list === undefined ? [] : list.map((l) => l.listener || l);
  };
  P.rawListeners = function (type) {
    const list = this._events !== undefined ? this._events[type] : undefined;
    return list === undefined ? [] : list.slice();
  };
  P.listenerCount = function (type) {
    const list = this._events !== undefined ? this._events[type] : undefined;
    return list === undefined ? 0 : list.length;
  };
  P.eventNames = function () { return this._events === undefined ? [] : Reflect.ownKeys(this._events); };
  EventEmitter.EventEmitter = EventEmitter;
  EventEmitter.once = function (emitter, name, options) {
    const signal = options && options.signal;
    if (signal && signal.aborted) return Promise.reject(new AbortError(undefined, { cause: signal.reason }));
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        emitter.removeListener(name, onValue);
        emitter.removeListener('error', onError);
        reject(new AbortError(undefined, { cause: signal.reason }));
      };
      const onError = (err) => {
        emitter.removeListener(name, onValue);
        if (signal) signal.removeEventListener('abort', onAbort);
        reject(err);
      };
      const onValue = (...args) => {
        if (name !== 'error') emitter.removeListener('error', onError);
        if (signal) signal.removeEventListener('abort', onAbort);
        resolve(args);
      };
      emitter.once(name, onValue);
      if (name !== 'error') emitter.once('error', onError);
      if (signal) signal.addEventListener('abort', onAbort, { once: true });
    });
  };
  // on (lib/events.js on): an async iterator over an emitter's events: an event with a
  // next() waiting resolves it, else it is queued; 'error' rejects the waiting next() (or
  // the next one) and ends the iteration; return() (a break) removes the listeners.
  EventEmitter.on = function (emitter, event, options) {
    const signal = options && options.signal;
    if (signal && signal.aborted) throw new AbortError(undefined, { cause: signal.reason });
    const events = [];
    const waiting = [];
    let error = null;
    let finished = false;
    const iterator = {
      next() {
        if (events.length) return Promise.resolve({ value: events.shift(), done: false });
        if (error) {
          const p = Promise.reject(error);
          error = null;
          return p;
        }
        if (finished) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
      },
      return() {
        emitter.removeListener(event, onEvent);
        emitter.removeListener('error', onError);
        if (signal) signal.removeEventListener('abort', onAbort);
        finished = true;
        for (const w of waiting.splice(0)) w.resolve({ value: undefined, done: true });
        return Promise.resolve({ value: undefined, done: true });
      },
      throw(err) {
        error = err;
        emitter.removeListener(event, onEvent);
        emitter.removeListener('error', onError);
        return Promise.reject(err);
      },
      [Symbol.asyncIterator]() { return this; },
    };
    function onEvent(...args) {
      const w = waiting.shift();
      if (w) w.resolve({ value: args, done: false });
      else events.push(args);
    }
    function onError(err) {
      finished = true;
      const w = waiting.shift();
      if (w) w.reject(err);
      else error = err;
      iterator.return();
    }
    function onAbort() { onError(new AbortError(undefined, { cause: signal.reason })); }
    emitter.on(event, onEvent);
    if (event !== 'error') emitter.on('error', onError);
    if (signal) signal.addEventListener('abort', onAbort, { once: true });
    return iterator;
  };
  EventEmitter.listenerCount = (emitter, type) => emitter.listenerCount(type);
  return EventEmitter;
})
