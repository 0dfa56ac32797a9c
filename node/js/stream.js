// A minimal stream module with node 20's semantics where sockets need them (lib/internal/
// streams/readable.js, writable.js, duplex.js, destroy.js): a Readable's buffer and flowing
// mode, push() returning false at highWaterMark, 'end' from a nextTick once the buffer is
// empty; a Writable's write() returning false over highWaterMark and 'drain', callbacks of
// synchronous writes from a nextTick, end() -> _final -> 'prefinish' -> 'finish' (a nextTick);
// a Duplex that ends its writable side when its readable side ends unless allowHalfOpen;
// destroy() with 'error' from a nextTick and 'close' from _destroy's callback. Shared by net
// (and later http, fs and child_process streams).
(function (EventEmitter, Buffer) {
  'use strict';
  const nextTick = (...a) => process.nextTick(...a);

  // A StringDecoder for utf8 (what setEncoding needs): a split sequence waits for its end.
  class Utf8Decoder {
    constructor(enc) { this.enc = enc; this.rest = null; }
    write(buf) {
      if (this.enc !== 'utf8' && this.enc !== 'utf-8') return buf.toString(this.enc);
      if (this.rest) { buf = Buffer.concat([this.rest, buf]); this.rest = null; }
      let cut = buf.length;
      for (let i = buf.length - 1, k = 0; i >= 0 && k < 4; i--, k++) {
        const b = buf[i];
        if ((b & 0xc0) === 0x80) continue;
        const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
        if (need > buf.length - i) cut = i;
        break;
      }
      if (cut < buf.length) { this.rest = buf.subarray(cut); buf = buf.subarray(0, cut); }
      return buf.toString('utf8');
    }
    end() { const r = this.rest; this.rest = null; return r ? r.toString('utf8') : ''; }
  }

  // getHighWaterMark (lib/internal/streams/state.js, node 20): highWaterMark, else the
  // Duplex's readable/writableHighWaterMark, floored; else 16 objects in object mode and
  // 16 KiB otherwise.
  function getHighWaterMark(opts, duplexKey, objectMode) {
    const hwm = opts.highWaterMark ?? opts[duplexKey];
    if (hwm !== undefined && hwm !== null) {
      if (!Number.isInteger(hwm) || hwm < 0) {
        const name = opts.highWaterMark !== undefined && opts.highWaterMark !== null ? 'options.highWaterMark' : 'options.' + duplexKey;
        const e = new TypeError(`The property '${name}' is invalid. Received ${hwm}`);
        e.code = 'ERR_INVALID_ARG_VALUE';
        throw e;
      }
      return Math.floor(hwm);
    }
    return objectMode ? 16 : 16 * 1024;
  }

  function ReadableState(opts) {
    this.objectMode = !!(opts.objectMode || opts.readableObjectMode);
    this.highWaterMark = getHighWaterMark(opts, 'readableHighWaterMark', this.objectMode);
    this.buffer = [];
    this.length = 0;
    this.flowing = null;
    this.ended = false;
    this.endEmitted = false;
    this.reading = false;
    this.sync = true;
    this.needReadable = false;
    this.emittedReadable = false;
    this.resumeScheduled = false;
    this.destroyed = false;
    this.closeEmitted = false;
    this.errored = null;
    this.decoder = null;
    this.encoding = null;
    this.autoDestroy = opts.autoDestroy !== false;
    this.emitClose = opts.emitClose !== false;
    this.readable = true;
  }

  function WritableState(opts) {
    this.objectMode = !!(opts.objectMode || opts.writableObjectMode);
    this.highWaterMark = getHighWaterMark(opts, 'writableHighWaterMark', this.objectMode);
    this.length = 0;
    this.writing = false;
    this.corked = 0;
    this.buffered = [];
    this.ending = false;
    this.ended = false;
    this.finished = false;
    this.needDrain = false;
    this.sync = true;
    this.pendingcb = 0;
    this.finalCalled = false;
    this.prefinished = false;
    this.destroyed = false;
    this.errored = null;
    this.errorEmitted = false;
    this.closeEmitted = false;
    this.onFinished = [];
    this.afterWriteTick = null;
    this.autoDestroy = opts.autoDestroy !== false;
    this.emitClose = opts.emitClose !== false;
    this.writable = true;
  }

  // --- Readable ---
  function Readable(opts) {
    if (!(this instanceof Readable)) return new Readable(opts);
    opts = opts || {};
    EventEmitter.call(this);
    this._readableState = new ReadableState(opts);
    if (typeof opts.read === 'function') this._read = opts.read;
    if (typeof opts.destroy === 'function') this._destroy = opts.destroy;
  }
  Object.setPrototypeOf(Readable.prototype, EventEmitter.prototype);
  Object.setPrototypeOf(Readable, EventEmitter);
  const R = Readable.prototype;

  R.push = function (chunk, encoding) {
    const state = this._readableState;
    if (chunk === null) {
      state.reading = false;
      onEofChunk(this, state);
      return false;
    }
    if (state.destroyed) return false;
    if (!state.objectMode && typeof chunk === 'string') chunk = Buffer.from(chunk, encoding);
    state.reading = false;
    if (state.ended) {
      errorOrDestroy(this, new Error('stream.push() after EOF'));
      return false;
    }
    if (state.decoder && !state.objectMode) {
      chunk = state.decoder.write(chunk);
      if (chunk.length === 0) { maybeReadMore(this, state); return state.length < state.highWaterMark; }
    }
    addChunk(this, state, chunk);
    return !state.ended && (state.length < state.highWaterMark || state.length === 0);
  };

  function addChunk(stream, state, chunk) {
    if (state.flowing && state.length === 0 && !state.sync && stream.listenerCount('data') > 0) {
      stream.emit('data', chunk);
    } else {
      state.length += state.objectMode ? 1 : chunk.length;
      state.buffer.push(chunk);
      if (state.needReadable) emitReadable(stream);
    }
    maybeReadMore(stream, state);
  }

  function onEofChunk(stream, state) {
    if (state.ended) return;
    if (state.decoder) {
      const rest = state.decoder.end();
      if (rest.length) { state.buffer.push(rest); state.length += rest.length; }
    }
    state.ended = true;
    if (state.sync) {
      emitReadable(stream);
    } else {
      state.needReadable = false;
      state.emittedReadable = true;
      emitReadable_(stream);
    }
  }

  function emitReadable(stream) {
    const state = stream._readableState;
    state.needReadable = false;
    if (!state.emittedReadable) {
      state.emittedReadable = true;
      nextTick(emitReadable_, stream);
    }
  }

  function emitReadable_(stream) {
    const state = stream._readableState;
    if (!state.destroyed && !state.errored && (state.length || state.ended)) {
      stream.emit('readable');
      state.emittedReadable = false;
    }
    state.needReadable = !state.flowing && !state.ended && state.length <= state.highWaterMark;
    flow(stream);
  }

  function maybeReadMore(stream, state) {
    if (!state.readingMore) {
      state.readingMore = true;
      nextTick(maybeReadMore_, stream, state);
    }
  }

  function maybeReadMore_(stream, state) {
    while (!state.reading && !state.ended &&
      (state.length < state.highWaterMark || (state.flowing && state.length === 0))) {
      const len = state.length;
      stream.read(0);
      if (len === state.length) break;
    }
    state.readingMore = false;
  }

  R.read = function (n) {
    const state = this._readableState;
    if (n === undefined) n = NaN;
    const nOrig = n;
    if (n !== 0) state.emittedReadable = false;
    if (n === 0 && state.needReadable &&
      ((state.highWaterMark !== 0 ? state.length >= state.highWaterMark : state.length > 0) || state.ended)) {
      if (state.length === 0 && state.ended) endReadable(this);
      else emitReadable(this);
      return null;
    }
    n = howMuchToRead(n, state);
    if (n === 0 && state.ended) {
      if (state.length === 0) endReadable(this);
      return null;
    }
    let doRead = state.needReadable;
    if (state.length === 0 || state.length - n < state.highWaterMark) doRead = true;
    if (state.ended || state.reading || state.destroyed || state.errored) doRead = false;
    else if (doRead) {
      state.reading = true;
      state.sync = true;
      if (state.length === 0) state.needReadable = true;
      try { this._read(state.highWaterMark); } catch (e) { errorOrDestroy(this, e); }
      state.sync = false;
      if (!state.reading) n = howMuchToRead(nOrig, state);
    }
    let ret = null;
    if (n > 0) ret = fromList(n, state);
    if (ret === null) {
      state.needReadable = state.length <= state.highWaterMark;
      n = 0;
    }
    if (state.length === 0) {
      if (!state.ended) state.needReadable = true;
      if (nOrig !== n && state.ended) endReadable(this);
    }
    if (ret !== null && !state.errored) this.emit('data', ret);
    return ret;
  };

  function howMuchToRead(n, state) {
    if (n <= 0 || (state.length === 0 && state.ended)) return 0;
    if (state.objectMode) return 1;
    if (Number.isNaN(n)) {
      if (state.flowing && state.length) return state.decoder ? state.buffer[0].length : state.buffer[0].length;
      return state.length;
    }
    if (n <= state.length) return n;
    return state.ended ? state.length : 0;
  }

  // fromList takes n units from the buffer (a whole first chunk when it is n long).
  function fromList(n, state) {
    if (state.length === 0) return null;
    let ret;
    if (state.objectMode) {
      ret = state.buffer.shift();
      state.length--;
      return ret;
    }
    const first = state.buffer[0];
    if (n >= state.length && state.buffer.length > 1) {
      ret = state.decoder ? state.buffer.join('') : Buffer.concat(state.buffer);
      state.buffer = [];
      state.length = 0;
      return ret;
    }
    if (n === first.length) {
      state.buffer.shift();
    } else if (n < first.length) {
      ret = state.decoder ? first.slice(0, n) : first.subarray(0, n);
      state.buffer[0] = state.decoder ? first.slice(n) : first.subarray(n);
      state.length -= n;
      return ret;
    } else {
      const parts = [];
      let got = 0;
      while (got < n) {
        const c = state.buffer[0];
        if (got + c.length <= n) { parts.push(c); state.buffer.shift(); got += c.length; } else {
          const k = n - got;
          parts.push(state.decoder ? c.slice(0, k) : c.subarray(0, k));
          state.buffer[0] = state.decoder ? c.slice(k) : c.subarray(k);
          got = n;
        }
      }
      state.length -= n;
      return state.decoder ? parts.join('') : Buffer.concat(parts);
    }
    state.length -= first.length;
    return first;
  }

  function endReadable(stream) {
    const state = stream._readableState;
    if (!state.endEmitted) {
      state.ended = true;
      nextTick(endReadableNT, state, stream);
    }
  }

  function endReadableNT(state, stream) {
    if (!state.errored && !state.closeEmitted && !state.endEmitted && state.length === 0) {
      state.endEmitted = true;
      stream.emit('end');
      const w = stream._writableState;
      if (w && stream.writable && stream.allowHalfOpen === false) {
        nextTick(endWritableNT, stream);
      } else if (state.autoDestroy) {
        const autoDestroy = !w || (w.autoDestroy && (w.finished || w.writable === false));
        if (autoDestroy) stream.destroy();
      }
    }
  }

  function endWritableNT(stream) {
    const writable = stream.writable && !stream.writableEnded && !stream.destroyed;
    if (writable) stream.end();
  }

  R._read = function () { throw new Error('The _read() method is not implemented'); };

  R.setEncoding = function (enc) {
    const state = this._readableState;
    state.decoder = new Utf8Decoder(String(enc).toLowerCase());
    state.encoding = String(enc).toLowerCase();
    const buffered = state.buffer;
    state.buffer = [];
    state.length = 0;
    let s = '';
    for (const b of buffered) s += typeof b === 'string' ? b : state.decoder.write(b);
    if (s !== '') { state.buffer.push(s); state.length = s.length; }
    return this;
  };

  R.on = function (ev, fn) {
    const res = EventEmitter.prototype.on.call(this, ev, fn);
    const state = this._readableState;
    if (ev === 'data') {
      state.readableListening = this.listenerCount('readable') > 0;
      if (state.flowing !== false) this.resume();
    } else if (ev === 'readable') {
      if (!state.endEmitted && !state.readableListening) {
        state.readableListening = state.needReadable = true;
        state.flowing = false;
        state.emittedReadable = false;
        if (state.length) emitReadable(this);
        else if (!state.reading) nextTick((s) => s.read(0), this);
      }
    }
    return res;
  };
  R.addListener = R.on;

  R.pause = function () {
    const state = this._readableState;
    if (state.flowing !== false) {
      state.flowing = false;
      this.emit('pause');
    }
    state.paused = true;
    return this;
  };

  R.resume = function () {
    const state = this._readableState;
    if (!state.flowing) {
      state.flowing = !state.readableListening;
      if (!state.resumeScheduled) {
        state.resumeScheduled = true;
        nextTick(resume_, this, state);
      }
    }
    state.paused = false;
    return this;
  };

  function resume_(stream, state) {
    if (!state.reading) stream.read(0);
    state.resumeScheduled = false;
    stream.emit('resume');
    flow(stream);
    if (state.flowing && !state.reading) stream.read(0);
  }

  function flow(stream) {
    const state = stream._readableState;
    while (state.flowing && stream.read() !== null);
  }

  R.isPaused = function () {
    const state = this._readableState;
    return state.paused === true || state.flowing === false;
  };

  R.pipe = function (dest) {
    this.on('data', (chunk) => { if (dest.write(chunk) === false) this.pause(); });
    dest.on('drain', () => this.resume());
    this.on('end', () => dest.end());
    return dest;
  };

  Object.defineProperties(R, {
    readable: {
      get() { const r = this._readableState; return !!r && r.readable !== false && !r.destroyed && !r.errored && !r.endEmitted; },
      set(v) { if (this._readableState) this._readableState.readable = !!v; },
    },
    readableFlowing: { get() { return this._readableState.flowing; } },
    readableLength: { get() { return this._readableState.length; } },
    readableEnded: { get() { return this._readableState.endEmitted; } },
    readableHighWaterMark: { get() { return this._readableState.highWaterMark; } },
    readableEncoding: { get() { return this._readableState.encoding; } },
  });

  // --- Writable ---
  function Writable(opts) {
    if (!(this instanceof Writable)) return new Writable(opts);
    opts = opts || {};
    EventEmitter.call(this);
    this._writableState = new WritableState(opts);
    if (typeof opts.write === 'function') this._write = opts.write;
    if (typeof opts.final === 'function') this._final = opts.final;
    if (typeof opts.destroy === 'function') this._destroy = opts.destroy;
  }
  Object.setPrototypeOf(Writable.prototype, EventEmitter.prototype);
  Object.setPrototypeOf(Writable, EventEmitter);
  const W = Writable.prototype;

  function writeOrBuffer(stream, state, chunk, encoding, cb) {
    const len = state.objectMode ? 1 : chunk.length;
    state.length += len;
    if (state.writing || state.corked || state.errored) {
      state.buffered.push({ chunk, encoding, cb });
    } else {
      doWrite(stream, state, len, chunk, encoding, cb);
    }
    // After the write: one the handle took at once counts no more (node 20.20).
    const ret = state.length < state.highWaterMark || state.length === 0;
    if (!ret) state.needDrain = true;
    return ret && !state.errored && !state.destroyed;
  }

  function doWrite(stream, state, len, chunk, encoding, cb) {
    state.writelen = len;
    state.writecb = cb;
    state.writing = true;
    state.sync = true;
    if (state.destroyed) onwrite(stream, new Error('Cannot call write after a stream was destroyed'));
    else stream._write(chunk, encoding, (er) => onwrite(stream, er));
    state.sync = false;
  }

  function onwrite(stream, er) {
    const state = stream._writableState;
    const sync = state.sync;
    const cb = state.writecb;
    if (typeof cb !== 'function') return;
    state.writing = false;
    state.writecb = null;
    state.length -= state.writelen;
    state.writelen = 0;
    if (er) {
      if (!state.errored) state.errored = er;
      if (sync) nextTick(onwriteError, stream, state, er, cb);
      else onwriteError(stream, state, er, cb);
      return;
    }
    if (state.buffered.length) clearBuffer(stream, state);
    if (sync) {
      if (state.afterWriteTick !== null && state.afterWriteTick.cb === cb) {
        state.afterWriteTick.count++;
      } else {
        state.afterWriteTick = { count: 1, cb, stream, state };
        nextTick(afterWriteTick, state.afterWriteTick);
      }
    } else {
      afterWrite(stream, state, 1, cb);
    }
  }

  function onwriteError(stream, state, er, cb) {
    cb(er);
    errorBuffer(state);
    errorOrDestroy(stream, er);
  }

  function afterWriteTick({ stream, state, count, cb }) {
    state.afterWriteTick = null;
    afterWrite(stream, state, count, cb);
  }

  function afterWrite(stream, state, count, cb) {
    const needDrain = !state.ending && !stream.destroyed && state.length === 0 && state.needDrain;
    if (needDrain) {
      state.needDrain = false;
      stream.emit('drain');
    }
    while (count-- > 0) {
      state.pendingcb--;
      cb(null);
    }
    if (state.destroyed) errorBuffer(state);
    finishMaybe(stream, state);
  }

  function errorBuffer(state) {
    if (state.writing) return;
    for (const { cb } of state.buffered.splice(0)) {
      state.length -= 1;
      cb(state.errored || new Error('Cannot call write after a stream was destroyed'));
    }
    state.length = 0;
  }

  function clearBuffer(stream, state) {
    if (state.corked || state.destroyed || state.writing) return;
    const { chunk, encoding, cb } = state.buffered.shift();
    const len = state.objectMode ? 1 : chunk.length;
    doWrite(stream, state, len, chunk, encoding, cb);
  }

  function nop() {}

  W.write = function (chunk, encoding, cb) {
    const state = this._writableState;
    if (typeof encoding === 'function') { cb = encoding; encoding = null; }
    if (typeof cb !== 'function') cb = nop;
    if (chunk === null) {
      const e = new TypeError('May not write null values to stream');
      e.code = 'ERR_STREAM_NULL_VALUES';
      throw e;
    }
    if (!state.objectMode) {
      if (typeof chunk === 'string') chunk = Buffer.from(chunk, encoding || 'utf8');
      else if (chunk instanceof Uint8Array && !(chunk instanceof Buffer)) chunk = Buffer.from(chunk);
      else if (!(chunk instanceof Uint8Array)) {
        const e = new TypeError('The "chunk" argument must be of type string or an instance of Buffer or Uint8Array. Received ' + typeof chunk);
        e.code = 'ERR_INVALID_ARG_TYPE';
        throw e;
      }
    }
    let err;
    if (state.ending) {
      err = new Error('write after end');
      err.code = 'ERR_STREAM_WRITE_AFTER_END';
    } else if (state.destroyed) {
      err = new Error('Cannot call write after a stream was destroyed');
      err.code = 'ERR_STREAM_DESTROYED';
    }
    if (err) {
      nextTick(cb, err);
      errorOrDestroy(this, err, true);
      return err;
    }
    state.pendingcb++;
    return writeOrBuffer(this, state, chunk, encoding, cb);
  };

  W.cork = function () { this._writableState.corked++; };
  W.uncork = function () {
    const state = this._writableState;
    if (state.corked) {
      state.corked--;
      if (!state.writing) while (state.buffered.length && !state.corked && !state.writing) clearBuffer(this, state);
    }
  };

  W.end = function (chunk, encoding, cb) {
    const state = this._writableState;
    if (typeof chunk === 'function') { cb = chunk; chunk = null; encoding = null; } else if (typeof encoding === 'function') { cb = encoding; encoding = null; }
    let err;
    if (chunk !== null && chunk !== undefined) {
      const r = this.write(chunk, encoding);
      if (r instanceof Error) err = r;
    }
    if (state.corked) { state.corked = 1; this.uncork(); }
    if (err) {
      // nothing
    } else if (!state.errored && !state.ending) {
      state.ending = true;
      finishMaybe(this, state, true);
      state.ended = true;
    } else if (state.finished) {
      err = new Error('Stream is already finished'); err.code = 'ERR_STREAM_ALREADY_FINISHED';
    } else if (state.destroyed) {
      err = new Error('Cannot call end after a stream was destroyed'); err.code = 'ERR_STREAM_DESTROYED';
    }
    if (typeof cb === 'function') {
      if (err || state.finished) nextTick(cb, err || null);
      else if (state.errored) nextTick(cb, state.errored);
      else state.onFinished.push(cb);
    }
    return this;
  };

  function needFinish(state) {
    return state.ending && !state.destroyed && state.length === 0 && !state.errored &&
      state.buffered.length === 0 && !state.finished && !state.writing && !state.errorEmitted && !state.closeEmitted;
  }

  function onFinish(stream, state, err) {
    if (state.prefinished) { errorOrDestroy(stream, err || new Error('Callback called multiple times')); return; }
    state.pendingcb--;
    if (err) {
      for (const cb of state.onFinished.splice(0)) cb(err);
      errorOrDestroy(stream, err, state.sync);
    } else if (needFinish(state)) {
      state.prefinished = true;
      stream.emit('prefinish');
      state.pendingcb++;
      nextTick(finish, stream, state);
    }
  }

  function prefinish(stream, state) {
    if (state.prefinished || state.finalCalled) return;
    if (typeof stream._final === 'function' && !state.destroyed) {
      state.finalCalled = true;
      state.sync = true;
      state.pendingcb++;
      try { stream._final((err) => onFinish(stream, state, err)); } catch (err) { onFinish(stream, state, err); }
      state.sync = false;
    } else {
      state.finalCalled = true;
      state.prefinished = true;
      stream.emit('prefinish');
    }
  }

  function finishMaybe(stream, state, sync) {
    if (needFinish(state)) {
      prefinish(stream, state);
      if (state.pendingcb === 0) {
        if (sync) {
          state.pendingcb++;
          nextTick((stream, state) => { if (needFinish(state)) finish(stream, state); else state.pendingcb--; }, stream, state);
        } else if (needFinish(state)) {
          state.pendingcb++;
          finish(stream, state);
        }
      }
    }
  }

  function finish(stream, state) {
    state.pendingcb--;
    state.finished = true;
    for (const cb of state.onFinished.splice(0)) cb(null);
    stream.emit('finish');
    if (state.autoDestroy) {
      const r = stream._readableState;
      const autoDestroy = !r || (r.autoDestroy && (r.endEmitted || r.readable === false));
      if (autoDestroy) stream.destroy();
    }
  }

  Object.defineProperties(W, {
    writable: {
      get() { const w = this._writableState; return !!w && w.writable !== false && !w.ending && !w.ended && !w.destroyed && !w.errored; },
      set(v) { if (this._writableState) this._writableState.writable = !!v; },
    },
    writableLength: { get() { return this._writableState.length; } },
    writableHighWaterMark: { get() { return this._writableState.highWaterMark; } },
    writableNeedDrain: { get() { const w = this._writableState; return !w.destroyed && !w.ending && w.needDrain; } },
    writableEnded: { get() { return this._writableState.ending; } },
    writableFinished: { get() { return this._writableState.finished; } },
    writableCorked: { get() { return this._writableState.corked; } },
  });

  // --- destroy (lib/internal/streams/destroy.js) ---
  function destroy(err, cb) {
    const r = this._readableState;
    const w = this._writableState;
    const s = w || r;
    if ((w && w.destroyed) || (r && r.destroyed)) {
      if (typeof cb === 'function') cb();
      return this;
    }
    if (err) {
      if (w && !w.errored) w.errored = err;
      if (r && !r.errored) r.errored = err;
    }
    if (w) w.destroyed = true;
    if (r) r.destroyed = true;
    const self = this;
    let called = false;
    function onDestroy(err) {
      if (called) return;
      called = true;
      if (err) {
        if (w && !w.errored) w.errored = err;
        if (r && !r.errored) r.errored = err;
      }
      if (w) w.closed = true;
      if (r) r.closed = true;
      if (typeof cb === 'function') cb(err);
      if (err) nextTick(emitErrorCloseNT, self, err);
      else nextTick(emitCloseNT, self);
    }
    try { this._destroy(err || null, onDestroy); } catch (e) { onDestroy(e); }
    void s;
    return this;
  }

  function emitErrorCloseNT(self, err) { emitErrorNT(self, err); emitCloseNT(self); }
  function emitCloseNT(self) {
    const r = self._readableState;
    const w = self._writableState;
    if (w) w.closeEmitted = true;
    if (r) r.closeEmitted = true;
    if ((w && w.emitClose) || (r && r.emitClose)) self.emit('close');
  }
  function emitErrorNT(self, err) {
    const r = self._readableState;
    const w = self._writableState;
    if ((w && w.errorEmitted) || (r && r.errorEmitted)) return;
    if (w) w.errorEmitted = true;
    if (r) r.errorEmitted = true;
    self.emit('error', err);
  }

  function errorOrDestroy(stream, err, sync) {
    const r = stream._readableState;
    const w = stream._writableState;
    if ((w && w.destroyed) || (r && r.destroyed)) return;
    if ((r && r.autoDestroy) || (w && w.autoDestroy)) stream.destroy(err);
    else if (err) {
      if (w && !w.errored) w.errored = err;
      if (r && !r.errored) r.errored = err;
      if (sync) nextTick(emitErrorNT, stream, err);
      else emitErrorNT(stream, err);
    }
  }

  R.destroy = destroy;
  W.destroy = destroy;
  R._destroy = function (err, cb) { cb(err); };
  W._destroy = function (err, cb) { cb(err); };
  Object.defineProperty(R, 'destroyed', {
    get() { return this._readableState ? this._readableState.destroyed : false; },
    set(v) { if (this._readableState) this._readableState.destroyed = v; },
  });
  Object.defineProperty(W, 'destroyed', {
    get() { return this._writableState ? this._writableState.destroyed : false; },
    set(v) { if (this._writableState) this._writableState.destroyed = v; },
  });

  // --- Duplex ---
  function Duplex(opts) {
    if (!(this instanceof Duplex)) return new Duplex(opts);
    opts = opts || {};
    Readable.call(this, opts);
    this._writableState = new WritableState(opts);
    if (typeof opts.write === 'function') this._write = opts.write;
    if (typeof opts.final === 'function') this._final = opts.final;
    this.allowHalfOpen = opts.allowHalfOpen !== false;
    if (opts.readable === false) { this._readableState.readable = false; this._readableState.ended = true; this._readableState.endEmitted = true; }
    if (opts.writable === false) { this._writableState.writable = false; this._writableState.ending = true; this._writableState.ended = true; this._writableState.finished = true; }
  }
  Object.setPrototypeOf(Duplex.prototype, Readable.prototype);
  Object.setPrototypeOf(Duplex, Readable);
  for (const k of Object.getOwnPropertyNames(W)) {
    if (k === 'constructor' || k === 'destroy' || k === 'destroyed' || k === '_destroy') continue;
    if (!Object.prototype.hasOwnProperty.call(Duplex.prototype, k)) Object.defineProperty(Duplex.prototype, k, Object.getOwnPropertyDescriptor(W, k));
  }
  Object.defineProperty(Duplex.prototype, 'destroyed', {
    get() { return this._readableState.destroyed && this._writableState.destroyed; },
    set(v) { this._readableState.destroyed = v; this._writableState.destroyed = v; },
  });

  // --- Readable.from (lib/internal/streams/from.js): each value pushed after an await ---
  Readable.from = function (iterable, opts) {
    if (typeof iterable === 'string' || iterable instanceof Uint8Array) {
      return new Readable(Object.assign({ objectMode: true, read() { this.push(iterable); this.push(null); } }, opts));
    }
    const isAsync = iterable && typeof iterable[Symbol.asyncIterator] === 'function';
    const iterator = isAsync ? iterable[Symbol.asyncIterator]() : iterable[Symbol.iterator]();
    const readable = new Readable(Object.assign({ objectMode: true, highWaterMark: 1 }, opts));
    let reading = false;
    readable._read = function () { if (!reading) { reading = true; next(); } };
    async function next() {
      for (;;) {
        try {
          const { value, done } = isAsync ? await iterator.next() : iterator.next();
          if (done) readable.push(null);
          else {
            const res = value && typeof value.then === 'function' ? await value : value;
            if (res === null) { reading = false; throw new TypeError('May not write null values to stream'); }
            if (readable.push(res)) continue;
            reading = false;
          }
        } catch (err) { readable.destroy(err); }
        break;
      }
    }
    return readable;
  };

  // --- Transform and PassThrough (lib/internal/streams/transform.js) ---
  function Transform(opts) {
    if (!(this instanceof Transform)) return new Transform(opts);
    opts = opts || {};
    Duplex.call(this, opts);
    this._readableState.sync = false;
    this._transformCallback = null;
    if (typeof opts.transform === 'function') this._transform = opts.transform;
    if (typeof opts.flush === 'function') this._flush = opts.flush;
  }
  Object.setPrototypeOf(Transform.prototype, Duplex.prototype);
  Object.setPrototypeOf(Transform, Duplex);
  Transform.prototype._transform = function () { throw new Error('The _transform() method is not implemented'); };
  Transform.prototype._write = function (chunk, encoding, callback) {
    const rState = this._readableState;
    const length = rState.length;
    this._transform(chunk, encoding, (err, val) => {
      if (err) { callback(err); return; }
      if (val != null) this.push(val);
      if (this._writableState.ended || length === rState.length || rState.length < rState.highWaterMark) callback();
      else this._transformCallback = callback;
    });
  };
  Transform.prototype._read = function () {
    if (this._transformCallback) { const cb = this._transformCallback; this._transformCallback = null; cb(); }
  };
  Transform.prototype._final = function (cb) {
    if (typeof this._flush === 'function' && !this.destroyed) {
      this._flush((er, data) => {
        if (er) { cb(er); return; }
        if (data != null) this.push(data);
        this.push(null);
        cb();
      });
    } else {
      this.push(null);
      cb();
    }
  };
  function PassThrough(opts) {
    if (!(this instanceof PassThrough)) return new PassThrough(opts);
    Transform.call(this, opts);
  }
  Object.setPrototypeOf(PassThrough.prototype, Transform.prototype);
  Object.setPrototypeOf(PassThrough, Transform);
  PassThrough.prototype._transform = function (chunk, enc, cb) { cb(null, chunk); };

  // --- finished (end-of-stream) and pipeline ---
  function finished(stream, opts, callback) {
    if (typeof opts === 'function') { callback = opts; opts = {}; }
    let done = false;
    const call = (err) => { if (!done) { done = true; callback.call(stream, err); } };
    const r = stream._readableState;
    const w = stream._writableState;
    const willClose = (w && w.autoDestroy && w.emitClose) || (r && r.autoDestroy && r.emitClose);
    const readable = r && r.readable !== false && !(stream instanceof Writable && !(stream instanceof Duplex));
    const writable = w && w.writable !== false;
    let readableDone = !readable || r.endEmitted;
    let writableDone = !writable || w.finished;
    stream.on('error', (err) => call(err));
    stream.on('end', () => { readableDone = true; if (writableDone && !willClose) call(); });
    stream.on('finish', () => { writableDone = true; if (readableDone && !willClose) call(); });
    stream.on('close', () => {
      if ((readable && !readableDone) || (writable && !writableDone)) {
        const e = new Error('Premature close');
        e.code = 'ERR_STREAM_PREMATURE_CLOSE';
        call(e);
      } else call();
    });
    return () => { done = true; };
  }

  function pipeline(...streams) {
    const callback = streams.pop();
    if (Array.isArray(streams[0])) streams = streams[0];
    let error;
    let pending = streams.length;
    let called = false;
    const finish = (err) => {
      if (err && !error) error = err;
      if (error) for (const s of streams) if (!s.destroyed) s.destroy(error);
      if ((--pending === 0 || error) && !called) {
        called = true;
        process.nextTick(callback, error);
      }
    };
    streams.forEach((s, i) => {
      finished(s, (err) => finish(err));
      if (i > 0) streams[i - 1].pipe(s);
    });
    return streams[streams.length - 1];
  }

  Readable.Readable = Readable;
  const promises = {
    pipeline: (...streams) => new Promise((resolve, reject) => pipeline(...streams, (err) => (err ? reject(err) : resolve()))),
    finished: (stream, opts) => new Promise((resolve, reject) => finished(stream, opts || {}, (err) => (err ? reject(err) : resolve()))),
  };
  return { Readable, Writable, Duplex, Transform, PassThrough, Stream: Readable, finished, pipeline, promises, Utf8Decoder, errorOrDestroy };
})
