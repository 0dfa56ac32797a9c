// Object mode: the default highWaterMark is 16 objects (16 KiB otherwise); push() turns
// false at the 16th object, write() at the 16th pending one, then 'drain'; a Readable piped
// into a slow object-mode Writable pauses and resumes; an explicit highWaterMark wins.
const { Readable, Writable, Duplex, PassThrough } = require('stream');
const r = new Readable({ objectMode: true, read() {} });
const w = new Writable({ objectMode: true, write(c, e, cb) { setImmediate(cb); } });
console.log('hwm', r.readableHighWaterMark, w.writableHighWaterMark,
  new Readable({ read() {} }).readableHighWaterMark, new PassThrough({ objectMode: true }).readableHighWaterMark);
console.log('explicit', new Readable({ objectMode: true, highWaterMark: 2, read() {} }).readableHighWaterMark,
  new Duplex({ readableObjectMode: true, read() {}, write() {} }).readableHighWaterMark,
  new Duplex({ readableObjectMode: true, read() {}, write() {} }).writableHighWaterMark,
  new Duplex({ highWaterMark: 5, readableHighWaterMark: 7, read() {}, write() {} }).readableHighWaterMark);
const pushes = [];
for (let i = 0; i < 18; i++) pushes.push(r.push({ i }));
console.log('push results', pushes.map((b) => (b ? 't' : 'f')).join(''), 'length', r.readableLength);
const writes = [];
for (let i = 0; i < 18; i++) writes.push(w.write({ i }));
console.log('write results', writes.map((b) => (b ? 't' : 'f')).join(''), 'length', w.writableLength);
w.on('drain', () => console.log('drain, length', w.writableLength));
try { new Readable({ highWaterMark: -1 }); } catch (e) { console.log(e.name, e.code, e.message); }

// A source of 40 objects piped into a Writable that takes one per immediate.
let produced = 0;
let reads = 0;
const src = new Readable({
  objectMode: true,
  read() {
    reads++;
    if (produced < 40) this.push({ n: produced++ });
    else this.push(null);
  },
});
let got = 0;
let maxBuffered = 0;
const sink = new Writable({
  objectMode: true,
  highWaterMark: 4,
  write(obj, enc, cb) {
    got++;
    maxBuffered = Math.max(maxBuffered, src.readableLength);
    setImmediate(cb);
  },
});
src.pipe(sink).on('finish', () => console.log('piped', got, 'objects; source buffered at most', maxBuffered, 'reads', reads));
