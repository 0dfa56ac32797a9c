// 100,000 setTimeout(f, 0), all queued at once (one timers phase runs them all).
const N = 100000;
let n = 0;
const t0 = process.hrtime.bigint();
function f() {
  if (++n === N) console.log('timers', n, Number(process.hrtime.bigint() - t0) / 1e6, 'ms');
}
for (let i = 0; i < N; i++) setTimeout(f, 0);
