// child_process (lib/child_process.js, lib/internal/child_process.js): spawn starts the
// child at once; 'spawn' from a nextTick; stdout and stderr are sockets over pipes ('data'
// in the poll phase, 'close' in the close phase); 'exit' from the poll phase when the child
// exits; 'close' once it exited and every stdio stream closed. ENOENT: 'error' from a
// nextTick, then 'close'. exec and execFile collect the output and call back on 'close'.
(function (host, EventEmitter, net) {
  'use strict';
  function errnoException(errno, syscall, path, spawnargs) {
    const [code] = host.errname(errno);
    const e = new Error(`${syscall} ${code}`);
    e.errno = errno;
    e.code = code;
    e.syscall = syscall;
    e.path = path;
    e.spawnargs = spawnargs;
    return e;
  }

  function ChildProcess() {
    EventEmitter.call(this);
    this._closesNeeded = 1;
    this._closesGot = 0;
    this.connected = false;
    this.signalCode = null;
    this.exitCode = null;
    this.killed = false;
    this.spawnfile = null;
    this._handle = null;
    this.stdin = this.stdout = this.stderr = null;
    this.stdio = [null, null, null];
  }
  Object.setPrototypeOf(ChildProcess.prototype, EventEmitter.prototype);

  function maybeClose(child) {
    child._closesGot++;
    if (child._closesGot === child._closesNeeded) child.emit('close', child.exitCode, child.signalCode);
  }

  ChildProcess.prototype.spawn = function (file, args, options) {
    this.spawnfile = file;
    this.spawnargs = args;
    const onexit = (exitCode, signalCode) => {
      if (signalCode) this.signalCode = signalCode;
      else this.exitCode = exitCode;
      if (this.stdin) this.stdin.destroy();
      this._handle = null;
      this.emit('exit', this.exitCode, this.signalCode);
      process.nextTick(() => {
        // flushStdio: what nobody reads is read now, so the pipes end and 'close' comes.
        for (const s of [this.stdout, this.stderr]) if (s && s.readable && !s._readableState.readableListening) s.resume();
      });
      maybeClose(this);
    };
    const r = host.spawn(file, [file].concat(args.slice(1)), (options && options.cwd) || '', onexit);
    if (r.err !== 0) {
      const err = errnoException(r.err, 'spawn ' + file, file, args.slice(1));
      this._closesNeeded = 1;
      process.nextTick(() => {
        this.exitCode = r.err;
        this.emit('error', err);
        process.nextTick(() => this.emit('close', r.err, null));
      });
      return r.err;
    }
    this.pid = r.pid;
    this._kill = r.kill;
    this._handle = {};
    const sockets = r.stdio.map((h, i) => {
      const s = new net.Socket({ handle: h, pauseOnCreate: i === 0, readable: i !== 0, writable: i === 0 });
      if (i === 0) {
        s._readableState.ended = true;
        s._readableState.endEmitted = true;
        s._readableState.readable = false;
      } else {
        s._writableState.ending = s._writableState.ended = s._writableState.finished = true;
        s._writableState.writable = false;
        this._closesNeeded++;
        s.on('close', () => maybeClose(this));
      }
      return s;
    });
    [this.stdin, this.stdout, this.stderr] = sockets;
    this.stdio = sockets;
    process.nextTick(() => this.emit('spawn'));
    return 0;
  };

  ChildProcess.prototype.kill = function (sig) {
    if (!this._handle || !this._kill) return false;
    const err = this._kill(sig || 'SIGTERM');
    if (err === 0) { this.killed = true; return true; }
    return false;
  };
  ChildProcess.prototype.ref = function () {};
  ChildProcess.prototype.unref = function () {};

  function normalize(file, args, options) {
    if (!Array.isArray(args)) { options = args; args = []; }
    return { file, args: [file].concat(args || []), options: options || {} };
  }

  function spawn(file, args, options) {
    const n = normalize(file, args, options);
    let f = n.file, a = n.args;
    if (n.options.shell) { a = ['/bin/sh', '-c', [file].concat(Array.isArray(args) ? args : []).join(' ')]; f = '/bin/sh'; }
    const child = new ChildProcess();
    child.spawn(f, a, n.options);
    return child;
  }

  function execFile(file, args, options, callback) {
    if (typeof args === 'function') { callback = args; args = []; options = {}; } else if (typeof options === 'function') { callback = options; options = Array.isArray(args) ? {} : args; if (!Array.isArray(args)) args = []; }
    const child = spawn(file, args, options);
    let stdout = '', stderr = '';
    let errored = null;
    if (child.stdout) { child.stdout.setEncoding('utf8'); child.stdout.on('data', (d) => { stdout += d; }); }
    if (child.stderr) { child.stderr.setEncoding('utf8'); child.stderr.on('data', (d) => { stderr += d; }); }
    child.on('error', (e) => { errored = e; });
    child.on('close', (code, signal) => {
      if (typeof callback !== 'function') return;
      let err = errored;
      if (!err && (code !== 0 || signal)) {
        const cmd = [file].concat(args).join(' ');
        err = new Error('Command failed: ' + cmd + '\n' + stderr);
        err.code = code;
        err.killed = child.killed;
        err.signal = signal;
        err.cmd = cmd;
      }
      callback(err, stdout, stderr);
    });
    return child;
  }

  function exec(command, options, callback) {
    if (typeof options === 'function') { callback = options; options = {}; }
    const child = execFile('/bin/sh', ['-c', command], options, (err, stdout, stderr) => {
      if (err && err.cmd) { err.cmd = command; err.message = 'Command failed: ' + command + '\n' + stderr; }
      if (typeof callback === 'function') callback(err, stdout, stderr);
    });
    return child;
  }

  // fork (lib/child_process.js): node spawns options.execPath (process.execPath by default)
  // with execArgv, the module and its arguments, and an IPC channel. With an execPath, ours
  // spawns it as node does, so a fork that cannot start is node's: 'error' (spawn ENOENT)
  // from a nextTick, then 'close'. DEPARTURE: no IPC channel (no send, no 'message'), and
  // without an execPath (there is no node binary to run) fork is refused with node's
  // ERR_FEATURE_UNAVAILABLE_ON_PLATFORM.
  function fork(modulePath, args, options) {
    if (args !== undefined && args !== null && !Array.isArray(args)) { options = args; args = []; }
    options = Object.assign({}, options);
    if (typeof options.execPath !== 'string') {
      const e = new TypeError('The feature child_process.fork is unavailable on the current platform, which is being used to run Node.js');
      e.code = 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM';
      throw e;
    }
    const execArgv = options.execArgv || process.execArgv;
    return spawn(options.execPath, [...execArgv, String(modulePath), ...(args || [])], options);
  }

  return { ChildProcess, spawn, exec, execFile, fork };
})
