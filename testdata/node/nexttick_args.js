// nextTick passes extra arguments; nested nextTicks run before any promise.
function f(a, b) { console.log('tick', a, b); }
process.nextTick(f, 1, 'two');
process.nextTick(() => {
  process.nextTick(() => {
    process.nextTick(() => console.log('tick depth 3'));
    console.log('tick depth 2');
  });
  console.log('tick depth 1');
});
Promise.resolve().then(() => console.log('promise'));
