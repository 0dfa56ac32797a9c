// timers/promises: each promise settles from its timer or immediate callback, so its
// reactions run in that callback's microtasks, before the next callback.
const tp = require('timers/promises');
const { setTimeout: sleep, setImmediate: immediate } = require('node:timers/promises');
console.log(typeof tp.scheduler.wait, typeof tp.scheduler.yield, sleep === tp.setTimeout);
(async () => {
  const v = await sleep(5, 'five');
  console.log('slept', v);
  setImmediate(() => console.log('check: immediate queued before'));
  const w = await immediate('imm');
  console.log('immediate promise', w);
  await tp.scheduler.wait(1);
  console.log('waited');
})();
setTimeout(() => console.log('timeout 5 (after the promise timer)'), 5);
sleep(1).then(() => {
  console.log('1 ms');
  process.nextTick(() => console.log('nextTick from the reaction'));
});
setTimeout(() => console.log('timeout 1'), 1);
sleep(100, 'unref', { ref: false }).then(() => console.log('never: unref\'d'));
