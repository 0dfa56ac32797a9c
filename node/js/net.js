// net with node 20's order of events (lib/net.js): a Socket is a Duplex over a stream handle
// (node/tcpwrap.go); a Server owns a listening handle. listen() with a host and connect()
// to an IP run a nextTick later (node's dns.lookup of an IP answers from a nextTick;
// lookupAndConnect connects from one); 'listening' comes from a nextTick after the bind;
// 'connect' and 'ready' from the poll phase; 'data' from the poll phase; 'end' from a
// nextTick once the buffer is empty; a socket's 'close' from its handle's close callback, in
// the close-callbacks phase; 'error' from a nextTick before it.
(function (host, EventEmitter, stream, Buffer) {
  'use strict';
  const { Duplex } = stream;
  const nextTick = (...a) => process.nextTick(...a);
  const UV_EOF = -4095;

  function errnoException(errno, syscall, address, port, withDesc) {
    const [code, desc] = host.errname(errno);
    let msg = withDesc ? `${syscall} ${code}: ${desc}` : `${syscall} ${code}`;
    if (address !== undefined) msg += ' ' + (port !== undefined && port !== null ? `${address}:${port}` : address);
    const e = new Error(msg);
    e.errno = errno;
    e.code = code;
    e.syscall = syscall;
    if (address !== undefined) e.address = address;
    if (port !== undefined && port !== null) e.port = port;
    return e;
  }

  function isPipeName(s) { return typeof s === 'string' && Number.isNaN(Number(s)) && s !== ''; }

  // --- Socket ---
  function Socket(options) {
    if (!(this instanceof Socket)) return new Socket(options);
    options = Object.assign({}, options);
    options.autoDestroy = true;
    options.emitClose = false; // 'close' comes from the handle's close callback
    const allowHalfOpen = !!options.allowHalfOpen;
    Duplex.call(this, options);
    this.allowHalfOpen = allowHalfOpen;
    this.connecting = false;
    this._handle = null;
    this._server = null;
    this.server = null;
    this._bytesRead = 0;
    this._bytesWritten = 0;
    this._peer = undefined;
    this._host = null;
    this.on('end', onReadableStreamEnd);
    if (options.handle) {
      setHandle(this, options.handle);
      if (options.pauseOnCreate) {
        this._handle.reading = false;
        this._handle.readStop();
        this._readableState.flowing = false;
      } else {
        this.read(0);
      }
    }
  }
  Object.setPrototypeOf(Socket.prototype, Duplex.prototype);
  Object.setPrototypeOf(Socket, Duplex);
  const S = Socket.prototype;

  function setHandle(socket, handle) {
    socket._handle = handle;
    handle.owner = socket;
    handle.reading = false;
    handle.onread = onStreamRead;
  }

  function onReadableStreamEnd() {
    if (!this.allowHalfOpen) this.write = writeAfterFIN;
  }

  function writeAfterFIN(chunk, encoding, cb) {
    if (!this.writableEnded) return Duplex.prototype.write.call(this, chunk, encoding, cb);
    if (typeof encoding === 'function') cb = encoding;
    const er = new Error('This socket has been ended by the other party');
    er.code = 'EPIPE';
    if (typeof cb === 'function') nextTick(cb, er);
    this.destroy(er);
    return false;
  }

  // onStreamRead is the handle's onread (stream_base_commons.js), in the poll phase.
  function onStreamRead(buf, errno) {
    const socket = this.owner;
    if (errno === 0) {
      socket._bytesRead += buf.length;
      if (!socket.push(buf)) {
        this.reading = false;
        if (!socket.destroyed) this.readStop();
      }
      return;
    }
    if (errno !== UV_EOF) {
      socket.destroy(errnoException(errno, 'read'));
      return;
    }
    if (!socket._readableState.endEmitted) {
      socket.push(null);
      socket.read(0);
    }
  }

  S._read = function () {
    if (this.connecting || !this._handle) {
      this.once('connect', () => this._read());
    } else if (!this._handle.reading) {
      this._handle.reading = true;
      const err = this._handle.readStart();
      if (err) this.destroy(errnoException(err, 'read'));
    }
  };

  S._write = function (data, encoding, cb) {
    if (this.connecting) {
      this.once('connect', () => this._write(data, encoding, cb));
      return;
    }
    if (!this._handle) {
      const e = new Error('This socket is closed');
      e.code = 'ERR_SOCKET_CLOSED';
      cb(e);
      return;
    }
    const req = { oncomplete: null, async: false, bytes: 0 };
    const err = this._handle.writeBuffer(req, data);
    if (err !== 0) {
      cb(errnoException(err, 'write'));
      return;
    }
    this._bytesWritten += req.bytes;
    if (!req.async) cb();
    else req.oncomplete = (status) => {
      if (this.destroyed) return;
      if (status < 0) { cb(errnoException(status, 'write')); return; }
      cb();
    };
  };

  S._final = function (cb) {
    if (this.pending) {
      this.once('connect', () => this._final(cb));
      return;
    }
    if (!this._handle) { cb(); return; }
    const req = { oncomplete: () => cb() };
    const err = this._handle.shutdown(req);
    if (err === 1) cb();
    else if (err !== 0) cb(errnoException(err, 'shutdown'));
  };

  S._destroy = function (exception, cb) {
    this.connecting = false;
    if (this._handle) {
      const isException = !!exception;
      const h = this._handle;
      h.close(() => this.emit('close', isException));
      h.onread = () => {};
      this._handle = null;
      cb(exception);
    } else {
      cb(exception);
      nextTick(() => this.emit('close', !!exception));
    }
    if (this._server) {
      this._server._connections--;
      this._server._emitCloseIfDrained();
    }
  };

  S.end = function (data, encoding, cb) {
    Duplex.prototype.end.call(this, data, encoding, cb);
    return this;
  };

  S.destroySoon = function () {
    if (this.writable) this.end();
    if (this.writableFinished) this.destroy();
    else this.once('finish', this.destroy);
  };

  S.setNoDelay = function (enable) {
    if (this._handle) this._handle.setNoDelay(enable === undefined ? true : !!enable);
    return this;
  };
  S.setKeepAlive = function (enable, delay) {
    if (this._handle) this._handle.setKeepAlive(!!enable, ~~((delay || 0) / 1000) * 1000);
    return this;
  };
  S.setTimeout = function (ms, cb) {
    if (this._timeoutTimer) clearTimeout(this._timeoutTimer);
    if (typeof cb === 'function') this.once('timeout', cb);
    if (ms > 0) this._timeoutTimer = setTimeout(() => this.emit('timeout'), ms).unref();
    return this;
  };
  S.address = function () {
    if (!this._handle) return {};
    const a = this._handle.getsockname();
    return a === undefined ? {} : a;
  };
  S.ref = function () { if (this._handle) this._handle.ref(); else this.once('connect', this.ref); return this; };
  S.unref = function () { if (this._handle) this._handle.unref(); else this.once('connect', this.unref); return this; };

  function peer(s) {
    if (!s._peer && s._handle && !s.connecting) {
      const p = s._handle.getpeername();
      if (p !== undefined) s._peer = p;
    }
    return s._peer || {};
  }
  Object.defineProperties(S, {
    pending: { get() { return !this._handle || this.connecting; } },
    readyState: {
      get() {
        if (this.connecting) return 'opening';
        if (this.readable && this.writable) return 'open';
        if (this.readable && !this.writable) return 'readOnly';
        if (!this.readable && this.writable) return 'writeOnly';
        return 'closed';
      },
    },
    bytesRead: { get() { return this._bytesRead; } },
    bytesWritten: {
      get() {
        let n = this._bytesWritten;
        const w = this._writableState;
        for (const b of w.buffered) n += b.chunk.length;
        if (w.writing && this.connecting) n += w.writelen;
        return n;
      },
    },
    remoteAddress: { get() { return peer(this).address; } },
    remoteFamily: { get() { return peer(this).family; } },
    remotePort: { get() { return peer(this).port; } },
    localAddress: { get() { return this.address().address; } },
    localPort: { get() { return this.address().port; } },
    localFamily: { get() { return this.address().family; } },
  });

  S.connect = function (...args) {
    let options = {};
    let cb;
    if (typeof args[0] === 'object' && args[0] !== null) { options = args[0]; cb = args[1]; } else if (isPipeName(args[0])) { options = { path: args[0] }; cb = args[1]; } else {
      options = { port: args[0] };
      if (typeof args[1] === 'string') { options.host = args[1]; cb = args[2]; } else cb = args[1];
    }
    if (typeof cb === 'function') this.once('connect', cb);
    const pipe = !!options.path;
    if (!this._handle) setHandle(this, host.newHandle(pipe ? 'Pipe' : 'TCP'));
    this.connecting = true;
    this._readableState.flowing = this._readableState.flowing; // reading waits for 'connect'
    if (pipe) {
      internalConnect(this, options.path);
      return this;
    }
    const h = options.host || 'localhost';
    const port = Number(options.port);
    this._host = h;
    nextTick(() => {
      if (!this.connecting) return;
      // dns.lookup of a name runs in the thread pool; of an IP it answers at once.
      if (h === 'localhost' && !host.isIP(h)) {
        this.emit('lookup', null, '127.0.0.1', 4, h);
        internalConnect(this, '127.0.0.1', port);
      } else {
        internalConnect(this, h, port);
      }
    });
    return this;
  };

  function internalConnect(self, address, port) {
    const req = { oncomplete: afterConnect, address, port };
    const err = self._handle.connect(req, address, port === undefined ? 0 : port);
    if (err) self.destroy(errnoException(err, 'connect', address, port));
  }

  function afterConnect(status, handle) {
    const self = handle.owner;
    if (self.destroyed) return;
    self.connecting = false;
    if (status === 0) {
      self.emit('connect');
      self.emit('ready');
      if (!self.isPaused()) self.read(0);
    } else {
      self.destroy(errnoException(status, 'connect', this.address, this.port));
    }
  }

  // --- Server ---
  function Server(options, listener) {
    if (!(this instanceof Server)) return new Server(options, listener);
    EventEmitter.call(this);
    if (typeof options === 'function') { listener = options; options = {}; }
    options = options || {};
    if (typeof listener === 'function') this.on('connection', listener);
    this._connections = 0;
    this._handle = null;
    this._unref = false;
    this.allowHalfOpen = !!options.allowHalfOpen;
    this.pauseOnConnect = !!options.pauseOnConnect;
    this._pipeName = undefined;
  }
  Object.setPrototypeOf(Server.prototype, EventEmitter.prototype);
  Object.setPrototypeOf(Server, EventEmitter);
  const V = Server.prototype;

  V.listen = function (...args) {
    let cb = typeof args[args.length - 1] === 'function' ? args.pop() : undefined;
    let options;
    if (typeof args[0] === 'object' && args[0] !== null) options = args[0];
    else if (isPipeName(args[0])) options = { path: args[0] };
    else {
      options = { port: args[0] };
      if (typeof args[1] === 'string') { options.host = args[1]; if (typeof args[2] === 'number') options.backlog = args[2]; } else if (typeof args[1] === 'number') options.backlog = args[1];
    }
    if (typeof cb === 'function') this.once('listening', cb);
    if (options.path) {
      this._pipeName = options.path;
      listenIn(this, 'Pipe', options.path);
      return this;
    }
    const port = options.port === undefined ? 0 : Number(options.port);
    if (options.host !== undefined) {
      // lookupAndListen: dns.lookup answers from a nextTick.
      nextTick(() => listenIn(this, 'TCP', options.host === 'localhost' ? '127.0.0.1' : options.host, port));
    } else {
      listenIn(this, 'TCP', '127.0.0.1', port);
    }
    return this;
  };

  function listenIn(server, kind, address, port) {
    const h = host.newHandle(kind);
    const err = h.listen(address, port || 0);
    if (err) {
      h.close();
      nextTick(() => server.emit('error', kind === 'Pipe' ?
        errnoException(err, 'listen', address, undefined, true) :
        errnoException(err, 'listen', address, port, true)));
      return;
    }
    server._handle = h;
    h.onconnection = onconnection;
    h.owner = server;
    if (server._unref) h.unref();
    nextTick(() => { if (server._handle) server.emit('listening'); });
  }

  function onconnection(err, clientHandle) {
    const self = this.owner;
    if (err) { self.emit('error', errnoException(err, 'accept')); return; }
    const socket = new Socket({ handle: clientHandle, allowHalfOpen: self.allowHalfOpen, pauseOnCreate: self.pauseOnConnect });
    self._connections++;
    socket.server = self;
    socket._server = self;
    self.emit('connection', socket);
  }

  V.address = function () {
    if (this._handle) {
      const a = this._handle.getsockname();
      return a === undefined ? null : a;
    }
    if (this._pipeName) return this._pipeName;
    return null;
  };
  V.close = function (cb) {
    if (typeof cb === 'function') {
      if (!this._handle) {
        this.once('close', () => {
          const e = new Error('Server is not running.');
          e.code = 'ERR_SERVER_NOT_RUNNING';
          cb(e);
        });
      } else this.once('close', cb);
    }
    if (this._handle) {
      this._handle.close();
      this._handle = null;
    }
    this._emitCloseIfDrained();
    return this;
  };
  V._emitCloseIfDrained = function () {
    if (this._handle || this._connections) return;
    nextTick(() => this.emit('close'));
  };
  V.getConnections = function (cb) {
    nextTick(cb, null, this._connections);
    return this;
  };
  V.ref = function () { this._unref = false; if (this._handle) this._handle.ref(); return this; };
  V.unref = function () { this._unref = true; if (this._handle) this._handle.unref(); return this; };
  Object.defineProperty(V, 'listening', { get() { return !!this._handle; } });

  function createServer(options, listener) { return new Server(options, listener); }
  function connect(...args) {
    const options = typeof args[0] === 'object' && args[0] !== null ? args[0] : {};
    const s = new Socket(options);
    return s.connect(...args);
  }
  function isIP(s) { return host.isIP(String(s)); }

  return {
    Socket, Stream: Socket, Server, createServer, connect, createConnection: connect,
    isIP, isIPv4: (s) => isIP(s) === 4, isIPv6: (s) => isIP(s) === 6,
    getDefaultAutoSelectFamily: () => true,
  };
})
