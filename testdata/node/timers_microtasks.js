// Microtasks and nextTicks run between expired timers (node 11+).
setTimeout(() => {
  console.log('t1');
  process.nextTick(() => console.log('t1 nextTick'));
  Promise.resolve().then(() => console.log('t1 promise'));
}, 1);
setTimeout(() => {
  console.log('t2');
  Promise.resolve().then(() => console.log('t2 promise'));
  process.nextTick(() => console.log('t2 nextTick'));
}, 1);
setTimeout(() => console.log('t3 (10ms)'), 10);
setTimeout(() => console.log('t0 (0ms is 1ms)'), 0);
