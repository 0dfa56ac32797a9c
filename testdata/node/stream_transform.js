// stream: a Transform in a pipeline from a Readable to a Writable, object mode, finished.
const { Readable, Writable, Transform, PassThrough, pipeline, finished } = require('stream');
const src = Readable.from(['a', 'b', 'c']);
const upper = new Transform({
  transform(chunk, enc, cb) { cb(null, String(chunk).toUpperCase()); },
  flush(cb) { this.push('!'); cb(); },
});
const got = [];
const sink = new Writable({
  write(chunk, enc, cb) { got.push(String(chunk)); cb(); },
});
pipeline(src, upper, new PassThrough(), sink, (err) => {
  console.log('pipeline done', err, got.join(''));
});
finished(sink, (err) => console.log('sink finished', err));
const objs = new Readable({ objectMode: true, read() {} });
objs.push({ n: 1 });
objs.push({ n: 2 });
objs.push(null);
objs.on('data', (o) => console.log('object', o.n));
objs.on('end', () => console.log('objects end'));
const failing = new Transform({ transform(chunk, enc, cb) { cb(new Error('bad chunk')); } });
pipeline(Readable.from(['x']), failing, new Writable({ write(c, e, cb) { cb(); } }), (err) => console.log('pipeline error', err && err.message));
