// 100,000 setImmediate, each queued by the one before (one per loop iteration).
const N = 100000;
let n = 0;
const t0 = process.hrtime.bigint();
function next() {
  if (++n < N) setImmediate(next);
  else console.log('immediates', n, Number(process.hrtime.bigint() - t0) / 1e6, 'ms');
}
setImmediate(next);
