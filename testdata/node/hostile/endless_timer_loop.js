// An endless loop inside a timer callback.
console.log('start');
setTimeout(() => {
  console.log('timer');
  while (true) {}
}, 1);
