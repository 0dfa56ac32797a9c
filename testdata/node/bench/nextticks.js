// 100,000 process.nextTick, each queued by the one before (one drain of the queue).
const N = 100000;
let n = 0;
const t0 = process.hrtime.bigint();
function next() {
  if (++n < N) process.nextTick(next);
  else console.log('nextTicks', n, Number(process.hrtime.bigint() - t0) / 1e6, 'ms');
}
process.nextTick(next);
