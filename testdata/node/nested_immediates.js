// An immediate queued by an immediate runs in the next loop iteration, after timers.
setImmediate(() => {
  console.log('immediate 1');
  setImmediate(() => console.log('immediate 3 (queued by 1)'));
  process.nextTick(() => console.log('nextTick in immediate 1'));
  Promise.resolve().then(() => console.log('promise in immediate 1'));
});
setImmediate(() => {
  console.log('immediate 2');
  setTimeout(() => console.log('timeout from immediate 2'), 0);
});
