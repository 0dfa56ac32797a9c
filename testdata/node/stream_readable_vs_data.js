// 'readable' against 'data': paused mode reads with read() on 'readable'; flowing mode gets
// 'data'; push() returns false at highWaterMark; a Writable's write() false and 'drain'.
const { Readable, Writable } = require('stream');
const r = new Readable({ highWaterMark: 4, read() {} });
console.log('push', r.push('ab'), r.push('cd'), r.push('ef'), r.readableLength);
r.on('readable', () => {
  let chunk;
  const got = [];
  while ((chunk = r.read()) !== null) got.push(String(chunk));
  console.log('readable', JSON.stringify(got), r.readableLength);
});
r.on('end', () => console.log('paused end'));
setImmediate(() => r.push(null));
const f = new Readable({ objectMode: true, highWaterMark: 2, read() {} });
f.on('data', (o) => console.log('data', o));
f.on('end', () => console.log('flowing end'));
f.push(1); f.push(2); f.push(3); f.push(null);
let n = 0;
const w = new Writable({ highWaterMark: 3, write(c, e, cb) { n += c.length; setTimeout(cb, 1); } });
console.log('write', w.write('ab'), w.write('cd'), w.writableLength, w.writableNeedDrain);
w.on('drain', () => { console.log('drain', n, w.writableLength); w.end(); });
w.on('finish', () => console.log('finish', n));
process.nextTick(() => console.log('tick'));
