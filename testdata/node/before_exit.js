// beforeExit may schedule more work; exit runs once, synchronously.
let rounds = 0;
process.on('beforeExit', (code) => {
  console.log('beforeExit', code, rounds);
  if (rounds < 2) {
    rounds++;
    setTimeout(() => console.log('timer from beforeExit', rounds), 1);
  }
});
process.on('exit', (code) => {
  console.log('exit', code);
  setTimeout(() => console.log('never: timer in exit'), 0);
  Promise.resolve().then(() => console.log('promise in exit: the listener is a callback, its microtasks run'));
});
console.log('main');
