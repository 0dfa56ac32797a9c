// http over net (lib/_http_server.js, _http_client.js, _http_incoming.js, _http_outgoing.js,
// node 20's order of events): an HTTP/1.1 parser per socket; the server's 'request' from the
// poll callback that parsed the headers, the message's end pushed in the same callback; a
// response's headers and body written at once (Content-Length when end() is all of it, else
// chunked), 'finish' after its last write, 'close' a nextTick later; the client writes its
// request on 'connect', 'response' from the poll. Keep-alive as node 20 (lib/_http_agent.js):
// an Agent with keepAlive (the global agent has it) keeps a socket whose response ended free
// (unref'd, its timeout from the server's Keep-Alive hint) and gives the newest free socket
// to the next request for the same host and port; an Agent without keepAlive sends
// Connection: close. The server ends a kept connection left idle for keepAliveTimeout plus
// node 20's 1 s buffer; server.close() ends idle connections. Beyond an Agent's maxSockets a
// request waits for a socket to be freed.
(function (net, stream, EventEmitter, Buffer) {
  'use strict';
  const { Readable } = stream;
  const STATUS_CODES = {
    100: 'Continue', 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content',
    301: 'Moved Permanently', 302: 'Found', 304: 'Not Modified', 400: 'Bad Request',
    401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
    500: 'Internal Server Error', 501: 'Not Implemented', 503: 'Service Unavailable',
  };
  const CRLF = '\r\n';

  function indexOfCRLF2(buf, from) {
    for (let i = from; i + 3 < buf.length; i++) {
      if (buf[i] === 13 && buf[i + 1] === 10 && buf[i + 2] === 13 && buf[i + 3] === 10) return i;
    }
    return -1;
  }
  function indexOfCRLF(buf, from) {
    for (let i = from; i + 1 < buf.length; i++) if (buf[i] === 13 && buf[i + 1] === 10) return i;
    return -1;
  }

  // Parser reads HTTP/1.1 messages from a socket's bytes: onHeaders(info) once the head is
  // parsed, onBody(chunk), onComplete().
  class Parser {
    constructor(kind, handlers) {
      this.kind = kind; // 'request' or 'response'
      this.h = handlers;
      this.buf = Buffer.alloc(0);
      this.state = 'head';
      this.remaining = 0;
    }
    execute(data) {
      this.buf = this.buf.length ? Buffer.concat([this.buf, data]) : data;
      for (;;) {
        if (this.state === 'head') {
          const end = indexOfCRLF2(this.buf, 0);
          if (end < 0) return;
          const lines = this.buf.subarray(0, end).toString('utf8').split(CRLF);
          this.buf = this.buf.subarray(end + 4);
          const first = lines.shift();
          const info = { headers: {}, rawHeaders: [] };
          if (this.kind === 'request') {
            const m = /^(\S+) (\S+) HTTP\/(\d\.\d)$/.exec(first);
            if (!m) { this.h.onError(first); return; }
            info.method = m[1]; info.url = m[2]; info.httpVersion = m[3];
          } else {
            const m = /^HTTP\/(\d\.\d) (\d{3}) ?(.*)$/.exec(first);
            if (!m) { this.h.onError(first); return; }
            info.httpVersion = m[1]; info.statusCode = Number(m[2]); info.statusMessage = m[3];
          }
          for (const l of lines) {
            const c = l.indexOf(':');
            if (c <= 0) continue;
            const name = l.slice(0, c).trim();
            const value = l.slice(c + 1).trim();
            info.rawHeaders.push(name, value);
            const k = name.toLowerCase();
            if (k === 'set-cookie') (info.headers[k] = info.headers[k] || []).push(value);
            else if (info.headers[k] === undefined) info.headers[k] = value;
            else info.headers[k] += ', ' + value;
          }
          const te = info.headers['transfer-encoding'];
          if (te && /chunked/i.test(te)) this.state = 'chunk-size';
          else if (info.headers['content-length'] !== undefined) {
            this.remaining = Number(info.headers['content-length']);
            this.state = this.remaining > 0 ? 'body' : 'done';
          } else if (this.kind === 'response' && info.statusCode !== 204 && info.statusCode !== 304) {
            this.state = 'until-eof';
          } else this.state = 'done';
          this.h.onHeaders(info);
          if (this.state === 'done') { this.state = 'head'; this.h.onComplete(); }
          continue;
        }
        if (this.state === 'body') {
          if (this.buf.length === 0) return;
          const n = Math.min(this.remaining, this.buf.length);
          const chunk = this.buf.subarray(0, n);
          this.buf = this.buf.subarray(n);
          this.remaining -= n;
          this.h.onBody(chunk);
          if (this.remaining === 0) { this.state = 'head'; this.h.onComplete(); }
          continue;
        }
        if (this.state === 'chunk-size') {
          const e = indexOfCRLF(this.buf, 0);
          if (e < 0) return;
          const size = parseInt(this.buf.subarray(0, e).toString('utf8'), 16);
          this.buf = this.buf.subarray(e + 2);
          if (size === 0) { this.state = 'trailer'; continue; }
          this.remaining = size;
          this.state = 'chunk-data';
          continue;
        }
        if (this.state === 'chunk-data') {
          if (this.remaining > 0) {
            if (this.buf.length === 0) return;
            const n = Math.min(this.remaining, this.buf.length);
            const chunk = this.buf.subarray(0, n);
            this.buf = this.buf.subarray(n);
            this.remaining -= n;
            this.h.onBody(chunk);
            if (this.remaining > 0) return;
          }
          if (this.buf.length < 2) return;
          this.buf = this.buf.subarray(2);
          this.state = 'chunk-size';
          continue;
        }
        if (this.state === 'trailer') {
          const e = indexOfCRLF(this.buf, 0);
          if (e < 0) return;
          this.buf = this.buf.subarray(e + 2);
          if (e === 0) { this.state = 'head'; this.h.onComplete(); }
          continue;
        }
        if (this.state === 'until-eof') {
          if (this.buf.length === 0) return;
          const chunk = this.buf;
          this.buf = Buffer.alloc(0);
          this.h.onBody(chunk);
          return;
        }
        return;
      }
    }
    finish() {
      if (this.state === 'until-eof') { this.state = 'head'; this.h.onComplete(); }
    }
  }

  // --- IncomingMessage ---
  function IncomingMessage(socket) {
    Readable.call(this);
    this.socket = socket;
    this.headers = {};
    this.rawHeaders = [];
    this.complete = false;
    this.method = null;
    this.url = '';
    this.statusCode = null;
    this.statusMessage = null;
    this.httpVersion = '1.1';
  }
  Object.setPrototypeOf(IncomingMessage.prototype, Readable.prototype);
  IncomingMessage.prototype._read = function () {};
  IncomingMessage.prototype._destroy = function (err, cb) { cb(err); };
  IncomingMessage.prototype.setTimeout = function () { return this; };

  // --- OutgoingMessage: headers, then body ---
  function OutgoingMessage() {
    EventEmitter.call(this);
    this._headers = new Map(); // lower name -> [name, value]
    this.headersSent = false;
    this.finished = false;
    this.writableEnded = false;
    this.writableFinished = false;
    this.chunkedEncoding = false;
    this.socket = null;
    this._pending = []; // writes before a socket
  }
  Object.setPrototypeOf(OutgoingMessage.prototype, EventEmitter.prototype);
  const O = OutgoingMessage.prototype;
  O.setHeader = function (name, value) {
    if (this.headersSent) {
      const e = new Error('Cannot set headers after they are sent to the client');
      e.code = 'ERR_HTTP_HEADERS_SENT';
      throw e;
    }
    this._headers.set(String(name).toLowerCase(), [String(name), value]);
    return this;
  };
  O.getHeader = function (name) { const h = this._headers.get(String(name).toLowerCase()); return h && h[1]; };
  O.hasHeader = function (name) { return this._headers.has(String(name).toLowerCase()); };
  O.removeHeader = function (name) { this._headers.delete(String(name).toLowerCase()); };
  O.getHeaders = function () { const o = Object.create(null); for (const [k, [, v]] of this._headers) o[k] = v; return o; };
  O.getHeaderNames = function () { return [...this._headers.keys()]; };
  O._headLines = function (firstLine, body, ending) {
    let head = firstLine + CRLF;
    for (const [, [name, value]] of this._headers) {
      if (Array.isArray(value)) for (const v of value) head += name + ': ' + v + CRLF;
      else head += name + ': ' + value + CRLF;
    }
    this._extraHeaders && (head += this._extraHeaders());
    if (!this._headers.has('content-length') && !this._headers.has('transfer-encoding')) {
      if (ending && this._bodyAllowed()) head += 'Content-Length: ' + (body ? body.length : 0) + CRLF;
      else if (!ending && this._bodyAllowed()) { head += 'Transfer-Encoding: chunked' + CRLF; this.chunkedEncoding = true; }
    } else if (/chunked/i.test(String(this.getHeader('transfer-encoding') || ''))) {
      this.chunkedEncoding = true;
    }
    return head + CRLF;
  };
  O._bodyAllowed = function () { return true; };
  O._send = function (data, cb) {
    if (!this.socket || this.socket.connecting) {
      this._pending.push([data, cb]);
      return true;
    }
    return this.socket.write(data, cb);
  };
  O._flushPending = function () {
    const p = this._pending;
    this._pending = [];
    for (const [d, cb] of p) this.socket.write(d, cb);
  };
  function toBuf(chunk, enc) { return typeof chunk === 'string' ? Buffer.from(chunk, enc || 'utf8') : chunk; }
  O.write = function (chunk, enc, cb) {
    if (typeof enc === 'function') { cb = enc; enc = undefined; }
    if (this.writableEnded) {
      const e = new Error('write after end');
      e.code = 'ERR_STREAM_WRITE_AFTER_END';
      process.nextTick(() => { if (cb) cb(e); this.emit('error', e); });
      return false;
    }
    const body = toBuf(chunk, enc);
    let out = '';
    if (!this.headersSent) { out = this._head(false, null); this.headersSent = true; }
    const parts = [];
    if (out) parts.push(Buffer.from(out, 'utf8'));
    if (this.chunkedEncoding) {
      if (body.length) parts.push(Buffer.from(body.length.toString(16) + CRLF), body, Buffer.from(CRLF));
    } else parts.push(body);
    return this._send(Buffer.concat(parts), cb);
  };
  O.end = function (chunk, enc, cb) {
    if (typeof chunk === 'function') { cb = chunk; chunk = null; } else if (typeof enc === 'function') { cb = enc; enc = undefined; }
    if (this.writableEnded) { if (cb) process.nextTick(cb); return this; }
    const body = chunk !== null && chunk !== undefined ? toBuf(chunk, enc) : null;
    const parts = [];
    if (!this.headersSent) { parts.push(Buffer.from(this._head(true, body), 'utf8')); this.headersSent = true; }
    if (this.chunkedEncoding) {
      if (body && body.length) parts.push(Buffer.from(body.length.toString(16) + CRLF), body, Buffer.from(CRLF));
      parts.push(Buffer.from('0' + CRLF + CRLF));
    } else if (body) parts.push(body);
    this.writableEnded = true;
    this.finished = true;
    if (cb) this.once('finish', cb);
    this._send(Buffer.concat(parts), () => this._onFinish());
    return this;
  };
  O._onFinish = function () {
    this.writableFinished = true;
    this.emit('finish');
  };
  O.flushHeaders = function () {
    if (!this.headersSent) { this._send(Buffer.from(this._head(false, null), 'utf8')); this.headersSent = true; }
  };
  O.setTimeout = function () { return this; };
  O.destroy = function (err) {
    if (this.socket) this.socket.destroy(err);
    return this;
  };

  // --- ServerResponse ---
  function ServerResponse(req) {
    OutgoingMessage.call(this);
    this.req = req;
    this.statusCode = 200;
    this.statusMessage = undefined;
    this.shouldKeepAlive = req.httpVersion === '1.1' && !/close/i.test(req.headers.connection || '');
    this.sendDate = true;
  }
  Object.setPrototypeOf(ServerResponse.prototype, OutgoingMessage.prototype);
  const SR = ServerResponse.prototype;
  SR.writeHead = function (statusCode, reason, headers) {
    if (typeof reason !== 'string') { headers = reason; reason = undefined; }
    this.statusCode = statusCode;
    if (reason !== undefined) this.statusMessage = reason;
    if (Array.isArray(headers)) for (let i = 0; i < headers.length; i += 2) this.setHeader(headers[i], headers[i + 1]);
    else if (headers) for (const k of Object.keys(headers)) this.setHeader(k, headers[k]);
    return this;
  };
  SR._bodyAllowed = function () { return this.statusCode !== 204 && this.statusCode !== 304 && this.req.method !== 'HEAD'; };
  SR._head = function (ending, body) {
    const msg = this.statusMessage || STATUS_CODES[this.statusCode] || 'unknown';
    return this._headLines('HTTP/1.1 ' + this.statusCode + ' ' + msg, body, ending);
  };
  SR._extraHeaders = function () {
    let s = '';
    if (this.sendDate && !this._headers.has('date')) s += 'Date: ' + new Date().toUTCString() + CRLF;
    if (!this._headers.has('connection')) {
      if (this.shouldKeepAlive) {
        s += 'Connection: keep-alive' + CRLF;
        const server = this.socket && this.socket._httpConn && this.socket._httpConn.server;
        const timeout = server ? server.keepAliveTimeout : 5000;
        if (timeout) s += 'Keep-Alive: timeout=' + Math.floor(timeout / 1000) + CRLF;
      }
      else s += 'Connection: close' + CRLF;
    }
    return s;
  };
  SR._onFinish = function () {
    this.writableFinished = true;
    this.emit('finish');
    process.nextTick(() => this.emit('close'));
    const conn = this.socket && this.socket._httpConn;
    if (conn) {
      conn.busy = false;
      if (!this.shouldKeepAlive) this.socket.destroySoon(); // resOnFinish: res._last
      else if (conn.server.keepAliveTimeout) {
        // resOnFinish: an idle kept connection times out after keepAliveTimeout and node
        // 20's HTTP_SERVER_KEEP_ALIVE_TIMEOUT_BUFFER (1 s); a new request clears it.
        this.socket.setTimeout(conn.server.keepAliveTimeout + 1000);
        conn.keepAliveTimeoutSet = true;
      }
    }
  };

  // --- Server ---
  function Server(options, requestListener) {
    if (!(this instanceof Server)) return new Server(options, requestListener);
    if (typeof options === 'function') { requestListener = options; options = {}; }
    net.Server.call(this, { allowHalfOpen: true });
    if (requestListener) this.on('request', requestListener);
    this.keepAliveTimeout = 5000;
    this._httpConns = new Set();
    this.on('connection', connectionListener);
  }
  Object.setPrototypeOf(Server.prototype, net.Server.prototype);
  Object.setPrototypeOf(Server, net.Server);
  Server.prototype.close = function (cb) {
    this.closeIdleConnections();
    return net.Server.prototype.close.call(this, cb);
  };
  Server.prototype.closeIdleConnections = function () {
    for (const c of this._httpConns) if (!c.busy) c.socket.destroy();
  };
  Server.prototype.closeAllConnections = function () {
    for (const c of this._httpConns) c.socket.destroy();
  };
  Server.prototype.setTimeout = function () { return this; };

  function connectionListener(socket) {
    const server = this;
    const conn = { socket, server, busy: false, keepAliveTimeoutSet: false };
    socket._httpConn = conn;
    server._httpConns.add(conn);
    let req = null;
    const parser = new Parser('request', {
      onHeaders(info) {
        req = new IncomingMessage(socket);
        Object.assign(req, { method: info.method, url: info.url, httpVersion: info.httpVersion, headers: info.headers, rawHeaders: info.rawHeaders });
        if (conn.keepAliveTimeoutSet) {
          socket.setTimeout(0);
          conn.keepAliveTimeoutSet = false;
        }
        const res = new ServerResponse(req);
        res.socket = socket;
        conn.busy = true;
        server.emit('request', req, res);
      },
      onBody(chunk) { req.push(chunk); },
      onComplete() { req.complete = true; req.push(null); },
      onError() { socket.destroy(); },
    });
    socket.on('data', (d) => parser.execute(d));
    socket.on('end', () => { parser.finish(); socket.end(); });
    socket.on('close', () => server._httpConns.delete(conn));
    socket.on('error', () => {});
    // socketOnTimeout: a 'timeout' nobody listens to ends the connection.
    socket.on('timeout', () => { if (!server.emit('timeout', socket)) socket.destroy(); });
  }

  // --- ClientRequest ---
  function ClientRequest(options, cb) {
    OutgoingMessage.call(this);
    if (typeof options === 'string') options = urlOptions(options);
    else if (options instanceof URLLike) options = urlOptions(String(options));
    options = Object.assign({}, options);
    this.method = (options.method || 'GET').toUpperCase();
    this.path = options.path || '/';
    this.host = options.hostname || options.host || 'localhost';
    this.port = options.port || 80;
    this.destroyed = false;
    this.reusedSocket = false;
    if (typeof cb === 'function') this.once('response', cb);
    const headers = options.headers || {};
    for (const k of Object.keys(headers)) this.setHeader(k, headers[k]);
    // The agent: the global one by default, a one-off Agent for agent: false.
    const agent = options.agent === undefined ? globalAgent : options.agent === false ? new Agent() : options.agent;
    this.agent = agent;
    // node: with an agent that never reuses a socket (no keepAlive, maxSockets Infinity) the
    // request says Connection: close.
    this.shouldKeepAlive = agent.keepAlive || Number.isFinite(agent.maxSockets);
    agent.addRequest(this, { host: this.host, port: this.port });
  }
  Object.setPrototypeOf(ClientRequest.prototype, OutgoingMessage.prototype);
  // onSocket: the request's socket, new or a kept one the agent gave back; its listeners are
  // the request's until the response ends (then a kept socket goes back to the agent).
  ClientRequest.prototype.onSocket = function (socket, reused) {
    this.socket = socket;
    this.connection = socket;
    this.reusedSocket = reused;
    process.nextTick(() => this.emit('socket', socket));
    const listeners = [];
    const on = (ev, fn) => { socket.on(ev, fn); listeners.push([ev, fn]); };
    const detach = () => { for (const [ev, fn] of listeners) socket.removeListener(ev, fn); };
    if (socket.connecting) on('connect', () => this._flushPending());
    else process.nextTick(() => this._flushPending());
    on('error', (e) => {
      if (this.res) return;
      this.destroyed = true;
      this.emit('error', e);
      process.nextTick(() => this.emit('close'));
    });
    let res = null;
    const parser = new Parser('response', {
      onHeaders: (info) => {
        res = new IncomingMessage(socket);
        Object.assign(res, { statusCode: info.statusCode, statusMessage: info.statusMessage, httpVersion: info.httpVersion, headers: info.headers, rawHeaders: info.rawHeaders, req: this });
        this.res = res;
        const keepAlive = this.shouldKeepAlive && !/close/i.test(info.headers.connection || '');
        res.on('end', () => {
          // responseOnEnd: a kept socket is freed a nextTick later (emitFreeNT: the request's
          // 'close', then the socket's 'free'), else the socket is ended.
          if (keepAlive) detach();
          else socket.destroySoon();
          process.nextTick(() => {
            this.destroyed = true;
            this.emit('close'); // the response's own 'close' follows (autoDestroy)
            if (keepAlive) this.agent._free(socket, this);
          });
        });
        if (!this.emit('response', res)) res.resume();
      },
      onBody: (chunk) => res.push(chunk),
      onComplete: () => { res.complete = true; res.push(null); },
      onError: () => socket.destroy(),
    });
    on('data', (d) => parser.execute(d));
    on('end', () => { parser.finish(); socket.end(); });
  };
  Object.setPrototypeOf(ClientRequest.prototype, OutgoingMessage.prototype);
  ClientRequest.prototype._head = function (ending, body) {
    return this._headLines(this.method + ' ' + this.path + ' HTTP/1.1', body, ending);
  };
  ClientRequest.prototype._extraHeaders = function () {
    let s = '';
    if (!this._headers.has('host')) s += 'Host: ' + this.host + (this.port !== 80 ? ':' + this.port : '') + CRLF;
    if (!this._headers.has('connection')) s += 'Connection: ' + (this.shouldKeepAlive ? 'keep-alive' : 'close') + CRLF;
    return s;
  };
  ClientRequest.prototype._bodyAllowed = function () { return this.method !== 'GET' && this.method !== 'HEAD' || this.chunkedEncoding; };
  ClientRequest.prototype.end = function (chunk, enc, cb) {
    if (!this.headersSent && (chunk === null || chunk === undefined || typeof chunk === 'function') && (this.method === 'GET' || this.method === 'HEAD')) {
      if (typeof chunk === 'function') cb = chunk;
      this.headersSent = true;
      this.writableEnded = this.finished = true;
      if (cb) this.once('finish', cb);
      let head = this._headLines(this.method + ' ' + this.path + ' HTTP/1.1', null, false);
      this.chunkedEncoding = false;
      this._send(Buffer.from(head, 'utf8'), () => this._onFinish());
      return this;
    }
    return O.end.call(this, chunk, enc, cb);
  };
  ClientRequest.prototype.abort = function () { this.destroy(); };
  ClientRequest.prototype.destroy = function (err) {
    if (this.destroyed) return this;
    this.destroyed = true;
    if (this.socket) this.socket.destroy(err);
    return this;
  };

  function URLLike() {}
  function urlOptions(u) {
    const m = /^http:\/\/([^/:]+)(?::(\d+))?(\/.*)?$/.exec(u);
    if (!m) {
      const e = new TypeError('Invalid URL');
      e.code = 'ERR_INVALID_URL';
      e.input = u;
      throw e;
    }
    return { host: m[1], port: m[2] ? Number(m[2]) : 80, path: m[3] || '/' };
  }

  function request(url, options, cb) {
    if (typeof url === 'string') {
      const o = urlOptions(url);
      if (typeof options === 'function') { cb = options; options = {}; }
      return new ClientRequest(Object.assign(o, options || {}), cb);
    }
    return new ClientRequest(url, options);
  }
  function get(url, options, cb) {
    const req = request(url, options, cb);
    req.end();
    return req;
  }

  // --- Agent (lib/_http_agent.js): sockets in use and free sockets by name (host:port:) ---
  function Agent(options) {
    if (!(this instanceof Agent)) return new Agent(options);
    EventEmitter.call(this);
    this.options = Object.assign({ __proto__: null }, options);
    this.options.path = null;
    this.keepAlive = !!this.options.keepAlive;
    this.keepAliveMsecs = this.options.keepAliveMsecs || 1000;
    this.maxSockets = this.options.maxSockets || Infinity;
    this.maxFreeSockets = this.options.maxFreeSockets || 256;
    this.maxTotalSockets = this.options.maxTotalSockets || Infinity;
    this.scheduling = this.options.scheduling || 'lifo';
    this.sockets = { __proto__: null };
    this.freeSockets = { __proto__: null };
    this.requests = { __proto__: null };
    this.totalSocketCount = 0;
  }
  Object.setPrototypeOf(Agent.prototype, EventEmitter.prototype);
  Object.setPrototypeOf(Agent, EventEmitter);
  Agent.defaultMaxSockets = Infinity;
  Agent.prototype.getName = function (options) { return (options.host || 'localhost') + ':' + (options.port || '') + ':'; };
  const remove = (lists, name, socket) => {
    const l = lists[name];
    if (!l) return false;
    const i = l.indexOf(socket);
    if (i < 0) return false;
    l.splice(i, 1);
    if (l.length === 0) delete lists[name];
    return true;
  };
  // addRequest: the newest free socket for the request's host and port (lifo), else a new one
  // while the agent has fewer than maxSockets for them, else the request waits in requests.
  Agent.prototype.addRequest = function (req, options) {
    const name = this.getName(options);
    if (!this.sockets[name]) this.sockets[name] = [];
    const free = this.freeSockets[name];
    let socket = null;
    if (free) {
      while (free.length && free[0].destroyed) free.shift();
      socket = this.scheduling === 'fifo' ? free.shift() : free.pop();
      if (!free.length) delete this.freeSockets[name];
    }
    const sockLen = (free ? free.length : 0) + this.sockets[name].length;
    if (socket) {
      // reuseSocket, then setRequestSocket
      socket.ref();
      socket.setTimeout(0);
      this.sockets[name].push(socket);
      req.onSocket(socket, true);
    } else if (sockLen < this.maxSockets && this.totalSocketCount < this.maxTotalSockets) {
      req.onSocket(this.createSocket(name, options), false);
    } else {
      req._agentOptions = options;
      (this.requests[name] = this.requests[name] || []).push(req);
    }
  };
  // createSocket: a new connection, in sockets; installListeners: a socket that closes or
  // times out while free leaves the agent (removeSocket).
  Agent.prototype.createSocket = function (name, options) {
    const socket = net.createConnection({ host: options.host, port: options.port });
    socket._agentName = name;
    this.totalSocketCount++;
    (this.sockets[name] = this.sockets[name] || []).push(socket);
    const isFree = () => !!this.freeSockets[name] && this.freeSockets[name].includes(socket);
    socket.on('close', () => this.removeSocket(socket, options));
    socket.on('timeout', () => { if (isFree()) socket.destroy(); });
    socket.on('error', () => { if (isFree()) socket.destroy(); });
    return socket;
  };
  // removeSocket: a closed socket leaves the agent; a request waiting for a socket gets a new one.
  Agent.prototype.removeSocket = function (socket, options) {
    const name = socket._agentName;
    remove(this.sockets, name, socket);
    remove(this.freeSockets, name, socket);
    if (!socket._agentRemoved) {
      socket._agentRemoved = true;
      this.totalSocketCount--;
    }
    const waiting = this.requests[name];
    if (waiting && waiting.length && (this.sockets[name] || []).length < this.maxSockets) {
      const req = waiting.shift();
      if (!waiting.length) delete this.requests[name];
      req.onSocket(this.createSocket(name, req._agentOptions || options), false);
    }
  };
  // _free is the agent's 'free' listener: a request waiting for a socket takes it; else a
  // kept-alive agent keeps it (keepSocketAlive) and any other ends it. Then 'free' is emitted.
  Agent.prototype._free = function (socket, req) {
    const name = socket._agentName;
    const options = { host: req.host, port: req.port };
    const waiting = this.requests[name];
    if (!socket.destroyed && waiting && waiting.length) {
      const next = waiting.shift();
      if (!waiting.length) delete this.requests[name];
      next.onSocket(socket, false); // setRequestSocket: not a reused socket for node
      this.emit('free', socket, options);
      return;
    }
    remove(this.sockets, name, socket);
    const free = this.freeSockets[name] || [];
    if (!socket.destroyed && this.keepAlive && req.shouldKeepAlive && free.length < this.maxFreeSockets && this.keepSocketAlive(socket, req)) {
      free.push(socket);
      this.freeSockets[name] = free;
    } else {
      socket.destroy();
    }
    this.emit('free', socket, options);
  };
  // keepSocketAlive (node 20): unref'd; its timeout is the agent's, shortened to the server's
  // Keep-Alive hint less 1 s, and a hint of 1 s or less means it cannot be kept.
  Agent.prototype.keepSocketAlive = function (socket, req) {
    socket.setKeepAlive(true, this.keepAliveMsecs);
    socket.unref();
    let agentTimeout = this.options.timeout || 0;
    let canKeep = true;
    const hintHeader = req && req.res && req.res.headers['keep-alive'];
    const hint = hintHeader && /^timeout=(\d+)/.exec(hintHeader);
    if (hint) {
      const serverHint = Math.max(0, Number.parseInt(hint[1], 10) * 1000 - 1000);
      if (serverHint === 0) canKeep = false;
      else if (serverHint < agentTimeout) agentTimeout = serverHint;
    }
    socket.setTimeout(agentTimeout);
    return canKeep;
  };
  Agent.prototype.destroy = function () {
    for (const lists of [this.freeSockets, this.sockets]) {
      for (const name of Object.keys(lists)) for (const s of lists[name].slice()) s.destroy();
    }
  };
  const globalAgent = new Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 });

  return {
    createServer: (options, listener) => new Server(options, listener),
    Server, request, get, IncomingMessage, ServerResponse, ClientRequest, OutgoingMessage,
    Agent, globalAgent, STATUS_CODES, METHODS: ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'],
  };
})
