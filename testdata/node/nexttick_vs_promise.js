// process.nextTick runs before promise jobs, after every callback.
Promise.resolve().then(() => console.log('promise 1'));
process.nextTick(() => console.log('nextTick 1'));
Promise.resolve().then(() => {
  console.log('promise 2');
  process.nextTick(() => console.log('nextTick from promise 2'));
  Promise.resolve().then(() => console.log('promise from promise 2'));
});
process.nextTick(() => {
  console.log('nextTick 2');
  Promise.resolve().then(() => console.log('promise from nextTick 2'));
  process.nextTick(() => console.log('nextTick from nextTick 2'));
});
queueMicrotask(() => console.log('queueMicrotask'));
console.log('main');
