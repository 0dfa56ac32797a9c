// fs.createReadStream and fs.createWriteStream (lib/internal/fs/streams.js): the file opens
// as a request ('open' with the fd, then 'ready'); reads and writes wait for it; each read
// or write is a request completed in the poll phase; at the end the fd closes (a request)
// and 'close' follows. An open that fails is 'error' then 'close'.
(function (fs, stream) {
  'use strict';
  const { Readable, Writable } = stream;

  function ReadStream(path, options) {
    if (!(this instanceof ReadStream)) return new ReadStream(path, options);
    if (typeof options === 'string') options = { encoding: options };
    options = Object.assign({}, options);
    options.highWaterMark = options.highWaterMark || 64 * 1024;
    Readable.call(this, options);
    this.path = path;
    this.fd = null;
    this.flags = options.flags || 'r';
    this.bytesRead = 0;
    this.pending = true;
    if (options.encoding) this.setEncoding(options.encoding);
    fs.open(path, this.flags, (err, fd) => {
      if (err) { this.destroy(err); return; }
      this.fd = fd;
      this.pending = false;
      this.emit('open', fd);
      this.emit('ready');
      if (this._waiting) { const n = this._waiting; this._waiting = 0; this._read(n); }
    });
  }
  Object.setPrototypeOf(ReadStream.prototype, Readable.prototype);
  ReadStream.prototype._read = function (n) {
    if (this.fd === null) { this._waiting = n || this._readableState.highWaterMark; return; }
    const buf = Buffer.alloc(n);
    fs.read(this.fd, buf, 0, n, null, (err, bytes) => {
      if (err) { this.destroy(err); return; }
      if (bytes > 0) {
        this.bytesRead += bytes;
        this.push(buf.subarray(0, bytes));
      } else this.push(null);
    });
  };
  ReadStream.prototype._destroy = function (err, cb) {
    if (this.fd !== null) { const fd = this.fd; this.fd = null; fs.close(fd, () => cb(err)); } else cb(err);
  };
  ReadStream.prototype.close = function (cb) { if (cb) this.once('close', cb); this.destroy(); };

  function WriteStream(path, options) {
    if (!(this instanceof WriteStream)) return new WriteStream(path, options);
    if (typeof options === 'string') options = { encoding: options };
    options = Object.assign({}, options);
    Writable.call(this, options);
    this.path = path;
    this.fd = null;
    this.flags = options.flags || 'w';
    this.bytesWritten = 0;
    this.pending = true;
    fs.open(path, this.flags, (err, fd) => {
      if (err) { this.destroy(err); return; }
      this.fd = fd;
      this.pending = false;
      this.emit('open', fd);
      this.emit('ready');
      if (this._waiting) { const w = this._waiting; this._waiting = null; w(); }
    });
  }
  Object.setPrototypeOf(WriteStream.prototype, Writable.prototype);
  WriteStream.prototype._write = function (chunk, enc, cb) {
    if (this.fd === null) { this._waiting = () => this._write(chunk, enc, cb); return; }
    fs.write(this.fd, chunk, 0, chunk.length, null, (err, n) => {
      if (err) { cb(err); return; }
      this.bytesWritten += n;
      cb();
    });
  };
  WriteStream.prototype._final = function (cb) {
    if (this.fd === null) { this._waiting = () => cb(); return; }
    cb();
  };
  WriteStream.prototype._destroy = function (err, cb) {
    if (this.fd !== null) { const fd = this.fd; this.fd = null; fs.close(fd, () => cb(err)); } else cb(err);
  };
  WriteStream.prototype.close = function (cb) { if (cb) this.once('close', cb); if (!this.writableEnded) this.end(); else this.destroy(); };

  return {
    ReadStream, WriteStream,
    createReadStream: (path, options) => new ReadStream(path, options),
    createWriteStream: (path, options) => new WriteStream(path, options),
  };
})
