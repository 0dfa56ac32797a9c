// Two immediates with a promise and a nextTick each (node 11+: each immediate's microtasks
// right after it; node 10: after both).
setImmediate(() => {
  console.log('immediate 1');
  Promise.resolve().then(() => console.log('promise 1'));
});
setImmediate(() => {
  console.log('immediate 2');
  process.nextTick(() => console.log('nextTick 2'));
  Promise.resolve().then(() => console.log('promise 2'));
});
