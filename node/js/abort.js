// EventTarget, Event, DOMException (where the realm has none), AbortController and
// AbortSignal as node 20 has them (lib/internal/event_target.js, abort_controller.js):
// listeners in registration order, dispatched synchronously; an event handler property
// (onabort) is a listener added when first set; abort() dispatches 'abort' once, with a
// DOMException AbortError as the default reason; AbortSignal.timeout's timer is unref'd.
(function (g) {
  'use strict';
  class DOMExceptionLike extends Error {
    constructor(message = '', name = 'Error') {
      super(message);
      Object.defineProperty(this, 'name', { value: name, configurable: true, writable: true });
    }
  }
  const DOMException = typeof g.DOMException === 'function' ? g.DOMException : DOMExceptionLike;

  class Event {
    constructor(type, init) {
      this.type = String(type);
      this.bubbles = !!(init && init.bubbles);
      this.cancelable = !!(init && init.cancelable);
      this.defaultPrevented = false;
      this.target = null;
      this.currentTarget = null;
      this.timeStamp = typeof performance !== 'undefined' ? performance.now() : 0;
    }
    preventDefault() { if (this.cancelable) this.defaultPrevented = true; }
    stopPropagation() {}
    stopImmediatePropagation() { this._stop = true; }
  }

  const kListeners = Symbol('listeners');
  class EventTarget {
    constructor() { Object.defineProperty(this, kListeners, { value: new Map() }); }
    addEventListener(type, listener, options) {
      if (listener == null) return;
      const once = !!(options && typeof options === 'object' && options.once);
      let list = this[kListeners].get(type);
      if (!list) this[kListeners].set(type, (list = []));
      if (list.some((l) => l.listener === listener)) return;
      list.push({ listener, once });
      const signal = options && typeof options === 'object' ? options.signal : undefined;
      if (signal) signal.addEventListener('abort', () => this.removeEventListener(type, listener), { once: true });
    }
    removeEventListener(type, listener) {
      const list = this[kListeners].get(type);
      if (!list) return;
      const i = list.findIndex((l) => l.listener === listener);
      if (i >= 0) list.splice(i, 1);
    }
    dispatchEvent(event) {
      const list = this[kListeners].get(event.type);
      event.target = event.currentTarget = this;
      if (list) {
        for (const l of list.slice()) {
          if (l.once) this.removeEventListener(event.type, l.listener);
          try {
            if (typeof l.listener === 'function') l.listener.call(this, event);
            else if (l.listener && typeof l.listener.handleEvent === 'function') l.listener.handleEvent(event);
          } catch (e) {
            process.nextTick(() => { throw e; });
          }
          if (event._stop) break;
        }
      }
      event.currentTarget = null;
      return !event.defaultPrevented;
    }
  }

  const kReason = Symbol('reason');
  const kAborted = Symbol('aborted');
  const kHandler = Symbol('onabort');
  class AbortSignal extends EventTarget {
    constructor(key) {
      if (key !== kReason) throw new TypeError('Illegal constructor');
      super();
      this[kAborted] = false;
      this[kReason] = undefined;
    }
    get aborted() { return this[kAborted]; }
    get reason() { return this[kReason]; }
    throwIfAborted() { if (this[kAborted]) throw this[kReason]; }
    get onabort() { return this[kHandler] ? this[kHandler].fn : null; }
    set onabort(fn) {
      if (!this[kHandler]) {
        const h = { fn: null };
        this[kHandler] = h;
        this.addEventListener('abort', (e) => { if (typeof h.fn === 'function') h.fn.call(this, e); });
      }
      this[kHandler].fn = fn;
    }
    static abort(reason) {
      const s = new AbortSignal(kReason);
      s[kAborted] = true;
      s[kReason] = reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason;
      return s;
    }
    static timeout(ms) {
      const s = new AbortSignal(kReason);
      setTimeout(() => abortSignal(s, new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms).unref();
      return s;
    }
    static any(signals) {
      const s = new AbortSignal(kReason);
      for (const x of signals) {
        if (x.aborted) { s[kAborted] = true; s[kReason] = x.reason; return s; }
      }
      for (const x of signals) x.addEventListener('abort', () => abortSignal(s, x.reason), { once: true });
      return s;
    }
  }
  function abortSignal(s, reason) {
    if (s[kAborted]) return;
    s[kAborted] = true;
    s[kReason] = reason;
    s.dispatchEvent(new Event('abort'));
  }
  class AbortController {
    constructor() { this._signal = new AbortSignal(kReason); }
    get signal() { return this._signal; }
    abort(reason) {
      abortSignal(this._signal, reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason);
    }
  }

  // AbortError is node's error for an aborted operation (lib/internal/errors.js).
  class AbortError extends Error {
    constructor(message = 'The operation was aborted', options = undefined) {
      super(message, options);
      this.code = 'ABORT_ERR';
      this.name = 'AbortError';
    }
  }

  for (const [k, v] of Object.entries({ Event, EventTarget, AbortController, AbortSignal })) {
    if (typeof g[k] !== 'function') Object.defineProperty(g, k, { value: v, writable: true, configurable: true });
  }
  if (typeof g.DOMException !== 'function') Object.defineProperty(g, 'DOMException', { value: DOMException, writable: true, configurable: true });
  return { AbortError };
})
